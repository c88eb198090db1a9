import { LOCALES, type Locale } from './contract';

/**
 * How a visit without a language in its URL gets one, the same in the browser and on the
 * server: the language the visitor chose before, else the first of the browser's languages the
 * brand offers, else the brand's.
 *
 * The choice lives in localStorage (`si.language`, read by the storefront) and, mirrored, in
 * the cookie {@link LANGUAGE_COOKIE}, which the server reads to send `/` and unprefixed links
 * straight to the page in that language.
 */
export const LANGUAGE_COOKIE = 'si_language';

/** A year from the last change of language (the storefront writes it only when it changes). */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of `languages` (language tags, most wanted first) that the brand offers: an exact
 * match first ('en-US'), then by language ('en-GB' → the brand's 'en-US').
 */
export function matchLanguages(
  available: readonly Locale[],
  languages: readonly string[],
): Locale | null {
  for (const tag of languages) {
    const exact = available.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const lang = tag.slice(0, 2).toLowerCase();
    const byLanguage = available.find((l) => l.slice(0, 2).toLowerCase() === lang);
    if (byLanguage) return byLanguage;
  }
  return null;
}

/**
 * The tags of an Accept-Language header, most wanted first (RFC 9110 §12.5.4): by quality,
 * in the header's order among equals; `*` and tags of quality 0 are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const tags: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [rawTag = '', ...params] = part.split(';').map((p) => p.trim());
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(rawTag)) return;
    let q = 1;
    for (const param of params) {
      if (!/^q=/i.test(param)) continue;
      // A weight that is no number in 0–1 (`q=abc`, `q=2`) leaves the tag out.
      q = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(param) ? Number(param.slice(2)) : Number.NaN;
    }
    if (!(q > 0 && q <= 1)) return;
    tags.push({ tag: rawTag, q, at });
  });
  return tags.sort((a, b) => b.q - a.q || a.at - b.at).map((t) => t.tag);
}

/** The value of the cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The language of a visit without one in its URL, from its Cookie and Accept-Language headers. */
export function requestLanguage(
  brand: { locales: readonly Locale[]; defaultLocale: Locale },
  headers: { cookie?: string | undefined; acceptLanguage?: string | undefined },
): Locale {
  const chosen = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (isLocale(chosen) && brand.locales.includes(chosen)) return chosen;
  return (
    matchLanguages(brand.locales, acceptedLanguages(headers.acceptLanguage)) ?? brand.defaultLocale
  );
}
