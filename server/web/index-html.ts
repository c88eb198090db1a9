/**
 * The per-brand index.html. The storefront build writes `dist/index.html` with placeholders the
 * server fills per brand and locale:
 *
 * - `<!--brand-head-->` → `<title>`, `<meta name="description">`, `<meta name="keywords">`,
 *   `<link rel="icon">`, `<meta name="theme-color">` (the primary colour); all HTML-escaped.
 * - `<!--brand-config-->` → `<script id="brand-config" type="application/json">{BrandConfig}</script>`
 *   with `<` escaped as `\u003c` so the JSON cannot close the element.
 * - `<html lang="pt-BR"` → the page's locale (the element's inline style stays: src/lib/bottom-insets.ts),
 *   and `data-dev-pages` where the server serves the development pages (STOREFRONT_DEV_PAGES=1).
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { BRAND_CONFIG_ELEMENT_ID, type Locale } from '#schemas/contract.ts';
import { publicConfig } from '#server/brands/config.ts';
import { escapeHtml, NONCE_PLACEHOLDER } from '#server/html.ts';

export { escapeHtml };

/** The placeholders of dist/index.html. */
export const PLACEHOLDERS = {
  head: '<!--brand-head-->',
  config: '<!--brand-config-->',
  htmlLang: '<html lang="pt-BR"',
} as const;

/** JSON safe inside a `<script type="application/json">` element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head tags of a brand in a locale. */
export function brandHead(brand: LoadedBrand, locale: Locale): string {
  const f = brand.brand;
  return [
    `<title>${escapeHtml(f.title[locale])}</title>`,
    `<meta name="description" content="${escapeHtml(f.description[locale])}">`,
    `<meta name="keywords" content="${escapeHtml(f.keywords[locale])}">`,
    `<link rel="icon" href="${escapeHtml(f.favicon)}">`,
    `<meta name="theme-color" content="${escapeHtml(f.theme.colors.primary)}">`,
    // The browser's emotion gives its style elements this answer's CSP nonce.
    `<meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">`,
  ].join('\n    ');
}

/** Fills the placeholders of `template` for a brand and locale. */
export function renderIndexHtml(
  template: string,
  brand: LoadedBrand,
  locale: Locale,
  version: string,
  devPages = false,
): string {
  const config = `<script id="${BRAND_CONFIG_ELEMENT_ID}" type="application/json">${jsonForScript(
    publicConfig(brand, version),
  )}</script>`;
  return template
    .replace(PLACEHOLDERS.htmlLang, `<html lang="${locale}"${devPages ? ' data-dev-pages' : ''}`)
    .replace(PLACEHOLDERS.head, () => brandHead(brand, locale))
    .replace(PLACEHOLDERS.config, () => config);
}

/** The locale of a page path: its first segment (`/pt`, `/es`, `/en`) when the brand has it. */
export function pageLocale(brand: LoadedBrand, pathname: string): Locale {
  const prefix = pathname.split('/')[1]?.toLowerCase();
  const hit = brand.brand.locales.find((l) => l.slice(0, 2).toLowerCase() === prefix);
  return hit ?? brand.brand.defaultLocale;
}
