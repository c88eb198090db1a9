import type { BrandFile } from '#schemas/brand.types.ts';
import { LOCALES, type Locale } from '#schemas/contract.ts';

/**
 * The languages a brand's content files must be written in: the ones it offers (brand.json
 * `locales`). A language it does not offer is never shown, so it needs no file; where one is
 * missing, the brand's default language stands in (the API still answers in every language).
 */
export interface ContentLanguages {
  required: readonly Locale[];
  fallback: Locale;
}

/** Every language, for content read without a brand (tests, tools). */
export const EVERY_LANGUAGE: ContentLanguages = { required: LOCALES, fallback: LOCALES[0] };

/** The languages a brand's content must cover. */
export function contentLanguages(
  brand: Pick<BrandFile, 'locales' | 'defaultLocale'> | undefined,
): ContentLanguages {
  return brand ? { required: brand.locales, fallback: brand.defaultLocale } : EVERY_LANGUAGE;
}

/**
 * `entry` with every language: each missing one is the fallback language's (checked to be there
 * with the required ones before this is called).
 */
export function everyLanguage<T>(
  entry: Partial<Record<Locale, T>>,
  languages: ContentLanguages,
): Record<Locale, T> {
  return Object.fromEntries(
    LOCALES.map((l) => [l, entry[l] ?? entry[languages.fallback]!]),
  ) as Record<Locale, T>;
}
