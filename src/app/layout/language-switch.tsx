import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { type BrandConfig, FAQ_SLUGS, type Locale } from '#schemas/contract.ts';
import { useConteudos } from '#src/features/content/hooks/use-content.ts';
import { chooseLocale, prefixOf, storeLocale, useCurrentLocale } from '#src/lib/locale.ts';
import { switchLanguagePath } from '#src/lib/routes.ts';
import styles from './language-switch.module.css';

const LANGUAGE_NAME = {
  'pt-BR': 'language.pt-BR',
  'es-ES': 'language.es-ES',
  'en-US': 'language.en-US',
} as const;

/** PT · ES · EN: the same page in another language; the choice is remembered. */
export function LanguageSwitch({ brand }: { brand: BrandConfig }) {
  const intl = useIntl();
  const current = useCurrentLocale();
  const location = useLocation();
  const content = useConteudos();
  const slugs = useMemo(
    () => [FAQ_SLUGS, ...(content.data ?? []).flatMap((c) => (c.slugs ? [c.slugs] : []))],
    [content.data],
  );
  if (brand.locales.length < 2) return null;
  const mode = { multiLanguage: brand.multiLanguage };
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'header.languageNav' })}
      className={styles.switch}
      data-testid="language-switch"
    >
      {brand.locales.map((locale: Locale) => {
        const active = locale === current;
        return (
          <RouterLink
            key={locale}
            to={switchLanguagePath(location.pathname, location.search, locale, mode, slugs)}
            lang={locale}
            hrefLang={locale}
            aria-current={active ? 'true' : undefined}
            className={styles.link}
            data-testid={`lang-${prefixOf(locale)}`}
            onClick={() => (brand.multiLanguage ? storeLocale(locale) : chooseLocale(locale))}
          >
            {/* The name starts with the visible code (WCAG 2.5.3), then says the language. */}
            {prefixOf(locale)}
            <span> {intl.formatMessage({ id: LANGUAGE_NAME[locale] })}</span>
          </RouterLink>
        );
      })}
    </nav>
  );
}
