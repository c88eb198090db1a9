import { HStack, Link, VisuallyHidden } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { type BrandConfig, FAQ_SLUGS, type Locale } from '../../../schemas/contract';
import { useConteudos } from '../../features/content/hooks/use-content';
import { chooseLocale, prefixOf, storeLocale, useCurrentLocale } from '../../lib/locale';
import { switchLanguagePath } from '../../lib/routes';

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
    <HStack
      as="nav"
      gap="0.5"
      aria-label={intl.formatMessage({ id: 'header.languageNav' })}
      data-testid="language-switch"
    >
      {brand.locales.map((locale: Locale) => {
        const active = locale === current;
        return (
          <Link
            asChild
            key={locale}
            px="1.5"
            py="1"
            borderRadius="sm"
            fontSize="xs"
            fontWeight="bold"
            textTransform="uppercase"
            letterSpacing="wide"
            textDecoration="none"
            color={active ? 'brand.contrast' : 'fg.muted'}
            bg={active ? 'brand.solid' : 'transparent'}
            _hover={{
              bg: active ? 'brand.solid' : 'brand.subtle',
              color: active ? 'brand.contrast' : 'brand.fg',
            }}
          >
            <RouterLink
              to={switchLanguagePath(location.pathname, location.search, locale, mode, slugs)}
              lang={locale}
              hrefLang={locale}
              aria-current={active ? 'true' : undefined}
              data-testid={`lang-${prefixOf(locale)}`}
              onClick={() => (brand.multiLanguage ? storeLocale(locale) : chooseLocale(locale))}
            >
              {/* The name starts with the visible code (WCAG 2.5.3), then says the language. */}
              {prefixOf(locale)}
              <VisuallyHidden> {intl.formatMessage({ id: LANGUAGE_NAME[locale] })}</VisuallyHidden>
            </RouterLink>
          </Link>
        );
      })}
    </HStack>
  );
}
