/**
 * What search engines read, for the brand of the request (by Host), with URLs on the brand's
 * configured public origin (server/brands/origin.ts), never the request's Host:
 *
 * - `GET /robots.txt`: everything allowed except the screens spec §2 hides from robots (reset
 *   password, validate e-mail, my orders) in every language of the brand, and where the sitemap is.
 * - `GET /sitemap.xml`: a sitemap index with one sitemap per language (`/sitemap-pt.xml` …).
 * - `GET /sitemap-{lang}.xml`: the pages of spec §2's sitemap in that language (home, profile,
 *   checkout, each page of the policies section, the FAQ) and every event page, each with its
 *   `hreflang` alternates in the brand's other languages and `x-default`.
 *
 * Paths come from the same table as the storefront's routes (schemas/route-paths.ts), so every
 * URL listed is one the page router answers with 200. A single-language brand has one sitemap,
 * in its default language, with unprefixed paths.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { FAQ_SLUGS, type Locale } from '#schemas/contract.ts';
import { ROUTE_PATHS, type RouteName } from '#schemas/route-paths.ts';
import { publicOrigin } from '#server/brands/origin.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import { type BrandContent, contentOf } from '#server/content/pages.ts';
import { escapeHtml } from '#server/html.ts';
import { errorBody } from '#server/plugins/envelope.ts';

/** The screens spec §2 hides from robots. */
export const HIDDEN_ROUTES = [
  'Senha',
  'Confirmar',
  'MeusPedidos',
  'Checkin',
  // The newsletter's confirmation and unsubscribe links.
  'Newsletter',
] as const satisfies readonly RouteName[];

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The two-letter URL prefix of a locale (`pt`, `es`, `en`). */
const prefixOf = (locale: Locale): string => locale.slice(0, 2).toLowerCase();

/** The languages with a sitemap: every locale of a multi-language brand, else its default. */
export function sitemapLocales(brand: LoadedBrand): Locale[] {
  return brand.brand.multiLanguage ? [...brand.brand.locales] : [brand.brand.defaultLocale];
}

/**
 * The site path of a screen in a language, `:name` parameters filled in: `/pt/produto/1` with
 * the language prefix (Home is `/pt`), `/produto/1` for a single-language brand (Home is `/`).
 * @throws Error when a parameter of the path is missing from `params`.
 */
export function sitePath(
  brand: LoadedBrand,
  name: RouteName,
  locale: Locale,
  params: Record<string, string> = {},
): string {
  const relative = ROUTE_PATHS[name][locale].replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`sitePath: ${name} needs the parameter ${key}`);
    return encodeURIComponent(value);
  });
  if (!brand.brand.multiLanguage) return `/${relative}`;
  return relative ? `/${prefixOf(locale)}/${relative}` : `/${prefixOf(locale)}`;
}

/** One page of the sitemap in each language that has it, with its last change there. */
type SitemapEntry = Partial<Record<Locale, { path: string; lastmod?: string }>>;

/** The pages of the sitemap, in the order they are listed. */
function sitemapEntries(brand: LoadedBrand, content: BrandContent): SitemapEntry[] {
  const locales = sitemapLocales(brand);
  const entry = (at: (l: Locale) => { path: string; lastmod?: string } | null): SitemapEntry => {
    const e: SitemapEntry = {};
    for (const l of locales) {
      const value = at(l);
      if (value) e[l] = value;
    }
    return e;
  };
  const entries: SitemapEntry[] = (['Home', 'Perfil', 'Checkout'] as const).map((name) =>
    entry((l) => ({ path: sitePath(brand, name, l) })),
  );
  // A page's sections are per file, so a page may be a policy in one language only.
  for (const docs of content.pages.values()) {
    entries.push(
      entry((l) =>
        docs[l].sections.includes('politicas')
          ? {
              path: sitePath(brand, 'Politicas', l, { pagina: docs[l].slug }),
              lastmod: docs[l].updated,
            }
          : null,
      ),
    );
  }
  const { faq } = content;
  if (faq) {
    entries.push(
      entry((l) => ({
        path: sitePath(brand, 'Informacoes', l, { pagina: FAQ_SLUGS[l] }),
        lastmod: faq[l].updated,
      })),
    );
  }
  for (const event of catalogOf(brand).events) {
    entries.push(
      entry((l) => ({ path: sitePath(brand, 'Produto', l, { id: String(event.idevento) }) })),
    );
  }
  return entries.filter((e) => Object.keys(e).length > 0);
}

/** `robots.txt` of `brand` on `origin` (`https://shop.example`, no trailing slash). */
export function robotsTxt(brand: LoadedBrand, origin: string): string {
  const hidden = new Set<string>();
  for (const locale of brand.brand.locales) {
    for (const name of HIDDEN_ROUTES) hidden.add(sitePath(brand, name, locale));
  }
  return [
    'User-agent: *',
    'Allow: /',
    ...[...hidden].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap index of `brand` on `origin`: one sitemap per language. */
export function sitemapIndex(brand: LoadedBrand, origin: string): string {
  const sitemaps = sitemapLocales(brand).map(
    (l) =>
      `  <sitemap>\n    <loc>${escapeHtml(`${origin}/sitemap-${prefixOf(l)}.xml`)}</loc>\n  </sitemap>`,
  );
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...sitemaps,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * The sitemap of `brand` in `locale` on `origin`: every page with its URL in that language and,
 * when the brand has more than one language, an `xhtml:link` alternate per language that has the
 * page plus `x-default` (the default language's URL).
 */
export function sitemapFor(
  brand: LoadedBrand,
  origin: string,
  locale: Locale,
  content: BrandContent,
): string {
  const locales = sitemapLocales(brand);
  const url = (path: string) => escapeHtml(`${origin}${path}`);
  const urls: string[] = [];
  for (const entry of sitemapEntries(brand, content)) {
    const here = entry[locale];
    if (!here) continue;
    const lines = [`    <loc>${url(here.path)}</loc>`];
    if (here.lastmod) lines.push(`    <lastmod>${escapeHtml(here.lastmod)}</lastmod>`);
    if (locales.length > 1) {
      const alternates: [string, string][] = [];
      for (const l of locales) {
        const there = entry[l];
        if (there) alternates.push([l, there.path]);
      }
      const fallback = entry[brand.brand.defaultLocale];
      if (fallback) alternates.push(['x-default', fallback.path]);
      for (const [hreflang, path] of alternates) {
        lines.push(`    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(path)}"/>`);
      }
    }
    urls.push(`  <url>\n${lines.join('\n')}\n  </url>`);
  }
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">`,
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The robots.txt and sitemap routes. */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  // Revalidated on every read: the files depend on the Host, the content and the catalogue.
  const CACHE = 'no-cache';

  app.get('/robots.txt', async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', CACHE)
      .send(robotsTxt(req.brand, publicOrigin(req.brand))),
  );

  app.get('/sitemap.xml', async (req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', CACHE)
      .send(sitemapIndex(req.brand, publicOrigin(req.brand))),
  );

  app.get<{ Params: { lang: string } }>('/sitemap-:lang.xml', async (req, reply) => {
    const lang = req.params.lang.toLowerCase();
    const locale = sitemapLocales(req.brand).find((l) => prefixOf(l) === lang);
    if (!locale) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    const xml = sitemapFor(req.brand, publicOrigin(req.brand), locale, await contentOf(req.brand));
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', CACHE).send(xml);
  });
};
