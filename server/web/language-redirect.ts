/**
 * `/` and links without a language (`/produto/1`, `/politicas/privacidade`, or a language the
 * brand does not offer) of a brand with one tree per language: the page in the visitor's
 * language, chosen before (the storefront's cookie) or the browser's (Accept-Language). `/` is
 * served as that language's home, the others are redirected to it (./routes.ts), so a first
 * visit gets a rendered page at once instead of an empty shell that picks the language in the
 * browser and only then draws.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { FAQ_SLUGS, type Locale } from '#schemas/contract.ts';
import { requestLanguage } from '#schemas/language-choice.ts';
import { matchRoutePath } from '#schemas/route-paths.ts';
import type { BrandContent } from '#server/content/pages.ts';
import { sitePath } from './sitemap';

/** What the redirect depends on besides the path: a cache must keep one answer per value. */
export const LANGUAGE_REDIRECT_VARY = 'Accept-Language, Cookie';

export interface LanguageHeaders {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}

/**
 * Where a path without a language of the brand goes, or null when it has one (or is no page).
 * The brand's content is read only for a content page's slug.
 */
export async function languageRedirect(
  brand: LoadedBrand,
  content: () => Promise<BrandContent>,
  pathname: string,
  headers: LanguageHeaders,
): Promise<string | null> {
  if (!brand.brand.multiLanguage) return null;
  // Development pages are the browser's (see serverRendered).
  if (/(^|\/)dev(\/|$)/.test(pathname)) return null;
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  if (brand.brand.locales.some((l) => l.slice(0, 2).toLowerCase() === first)) return null;
  const locale = requestLanguage(brand.brand, headers);
  if (pathname === '/' || pathname === '/index.html') return sitePath(brand, 'Home', locale);
  const match = matchRoutePath(pathname, true);
  if (!match) return null;
  const params = { ...match.params };
  if (params.pagina !== undefined) params.pagina = pageSlug(await content(), params.pagina, locale);
  return sitePath(brand, match.name, locale, params);
}

/**
 * A content page's slug in `locale`, from its slug in any language (`privacidade` → `privacy`);
 * a slug no page has is kept (the page answers not found).
 */
function pageSlug(content: BrandContent, slug: string, locale: Locale): string {
  const wanted = slug.toLowerCase();
  if (Object.values(FAQ_SLUGS).includes(wanted)) return FAQ_SLUGS[locale];
  for (const docs of content.pages.values()) {
    if (Object.values(docs).some((doc) => doc.slug === wanted)) return docs[locale].slug;
  }
  return slug;
}
