import { useContext, useLayoutEffect } from 'react';
import { IntlProvider } from 'react-intl';
import type { BrandConfig, Locale } from '#schemas/contract.ts';
import { SHOP_TIME_ZONE } from '#schemas/shop-time.ts';
import {
  DEFAULT_LOCALE,
  LocaleProvider,
  preferredLocale,
  RenderedLocaleContext,
  setCurrentLocale,
  showLocale,
  storeLocale,
  useChosenLocale,
  useMessages,
} from '#src/lib/locale.ts';
import { Shell } from './shell';

/**
 * One language's subtree: the URL prefix fixes the locale (when the brand has one tree: the
 * visitor's choice, else the language the server rendered the page in, else the stored or the
 * browser's). Visiting a prefixed URL also remembers the language (spec §4).
 */
export function LocaleLayout({ brand, locale: fixed }: { brand: BrandConfig; locale?: Locale }) {
  const chosen = useChosenLocale();
  const rendered = useContext(RenderedLocaleContext);
  const locale = fixed ?? chosen ?? rendered ?? preferredLocale(brand);
  // Before any child effect calls the API with `lang`.
  setCurrentLocale(locale);
  const messages = useMessages(locale);

  useLayoutEffect(() => {
    showLocale(locale);
    if (fixed) storeLocale(fixed);
  }, [locale, fixed]);

  return (
    <LocaleProvider value={locale}>
      {/* Not keyed by the language: switching it re-renders the texts but keeps what the
          screens hold (a checkout keeps its hold, timer and what was typed). */}
      <IntlProvider
        locale={locale}
        messages={messages}
        defaultLocale={DEFAULT_LOCALE}
        timeZone={SHOP_TIME_ZONE}
      >
        <Shell brand={brand} handlesQuery={fixed !== undefined || !brand.multiLanguage} />
      </IntlProvider>
    </LocaleProvider>
  );
}
