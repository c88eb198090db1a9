/**
 * What a browser gets: the brand config (`POST /CustomUserApps/Configs`), the brand's assets
 * (`GET /brand-assets/*` from the request brand's assets/ folder), and the built storefront from
 * `distDir`: files as they are (hashed `/assets/*` cached for a year), every other path the
 * brand's index.html (the SPA routes, and shows its own not-found page). Unknown API paths answer
 * the 404 envelope.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { FAQ_SLUGS, type Locale } from '#schemas/contract.ts';
import { requestLanguage } from '#schemas/language-choice.ts';
import { CLASS_SETS_ELEMENT_ID, PRELOADED_ELEMENT_ID, SERVED_PATH_META } from '#schemas/preload.ts';
import { matchRoutePath } from '#schemas/route-paths.ts';
import { brandAssetFile } from '#server/brands/assets.ts';
import { publicConfig } from '#server/brands/config.ts';
import { publicOrigin } from '#server/brands/origin.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import { onCatalogSynced } from '#server/catalog/sync.ts';
import { contentOf, pageBySlug } from '#server/content/pages.ts';
import type { Db } from '#server/db/client.ts';
import { errorBody } from '#server/plugins/envelope.ts';
import { escapeHtml, jsonForScript, pageLocale, renderIndexHtml } from './index-html';
import { LANGUAGE_REDIRECT_VARY, languageRedirect } from './language-redirect';
import { redirectFor } from './redirects';
import { type PageHead, pageHead } from './seo';
import { createPageRenderer, type RenderedPage } from './ssr';

/**
 * Paths of the API (never answered with index.html): a prefix ending in `/` covers what is below
 * it; any other entry is a path and what is below it.
 */
export const API_PREFIXES = [
  '/router.php',
  '/customuserapps/',
  '/logins',
  '/login/',
  '/logout',
  '/tickets/',
  '/pessoa/',
  '/cadastro/',
  '/captcha/',
  '/cms/',
  '/sac/',
  '/sandbox-gateway/',
  '/oidc/',
  '/sandbox-idp/',
  '/brand-assets/',
  '/dev/mailbox',
  '/dev/mailbox.json',
  '/transportadoravalidaenderecoentrega',
  '/buscaenderecos/',
  '/ws/',
];

/** Whether a URL path is an API path. */
export function isApiPath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return API_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? p.startsWith(prefix) : p === prefix || p.startsWith(`${prefix}/`),
  );
}

const NOT_BUILT =
  'The storefront is not built yet: run `npm run build` (or `npm start`, which builds it), then reload.\n';

/** Options of the web routes. */
export interface WebOptions {
  distDir: string;
  version: string;
  db: Db;
  /** Brands whose home pages are rendered as soon as the server is ready. */
  warm?: readonly LoadedBrand[];
  /** The pages may open the development pages (/dev/forms): STOREFRONT_DEV_PAGES=1. */
  devPages?: boolean;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The web routes. */
export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, opts) => {
  const distDir = path.resolve(opts.distDir);
  await app.register(fastifyStatic, { root: distDir, serve: false, suppressWarning: true });

  app.post('/CustomUserApps/Configs', async (req) => ({
    result: publicConfig(req.brand, opts.version),
  }));

  app.get<{ Params: { '*': string } }>('/brand-assets/*', async (req, reply) => {
    const file = brandAssetFile(req.brand, req.params['*']);
    if (!file || !(await isFile(file))) {
      return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    }
    const root = path.resolve(req.brand.dir, 'assets');
    return reply.sendFile(path.relative(root, file), root, { maxAge: '1h', immutable: false });
  });

  let template: string | null = null;
  // Per brand object: a changed brand (brands/watch.ts) is a new object with new shells.
  const shells = new WeakMap<LoadedBrand, Map<Locale, string>>();
  /** The brand's index.html in a language, without the page rendered into it. */
  const shell = async (brand: LoadedBrand, locale: Locale): Promise<string | null> => {
    if (template === null) {
      try {
        template = await readFile(path.join(distDir, 'index.html'), 'utf8');
      } catch {
        return null;
      }
    }
    let byLocale = shells.get(brand);
    if (!byLocale) {
      byLocale = new Map();
      shells.set(brand, byLocale);
    }
    let html = byLocale.get(locale);
    if (html === undefined) {
      html = renderIndexHtml(template, brand, locale, opts.version, opts.devPages === true);
      byLocale.set(locale, html);
    }
    return html;
  };
  const renderer = createPageRenderer({
    distDir,
    db: opts.db,
    log: (error, pathname) => app.log.error({ err: error, pathname }, 'server render failed'),
  });
  const stopListening = onCatalogSynced((db) => {
    if (db === opts.db) renderer.forget();
  });
  app.addHook('onClose', async () => stopListening());
  if (opts.warm) {
    // In the background once the server is ready: the first visitors get cached pages.
    app.addHook('onReady', async () => {
      void renderer.warm(opts.warm ?? [], (brand) => publicConfig(brand, opts.version));
    });
  }
  const page = async (
    brand: LoadedBrand,
    pathname: string,
    status: number,
    origin: string,
    locale: Locale,
  ): Promise<string | null> => {
    const html = await shell(brand, locale);
    if (html === null || !serverRendered(brand, pathname)) return html;
    const rendered = await renderer.render(
      brand,
      publicConfig(brand, opts.version),
      pathname,
      locale,
    );
    if (!rendered) return html;
    const head = pageHead({
      brand,
      locale,
      pathname,
      origin,
      preloaded: rendered.preloaded,
      status,
    });
    return withPage(html, rendered, head);
  };

  const storefront = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(req.url);
    if (pathname === null || isApiPath(pathname)) {
      return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    }
    // Hidden build files (the server's renderer in .ssr/, build flags) are not for browsers.
    const hidden = pathname.split('/').some((segment) => segment.startsWith('.'));
    if (pathname !== '/' && pathname !== '/index.html' && !hidden) {
      const file = path.resolve(distDir, `.${pathname}`);
      if (file.startsWith(distDir + path.sep) && (await isFile(file))) {
        const hashed = pathname.startsWith('/assets/');
        return reply.sendFile(path.relative(distDir, file), distDir, {
          maxAge: hashed ? '365d' : '1h',
          immutable: hashed,
        });
      }
      // A missing build file is a 404, not the SPA (a stale hashed chunk must fail visibly).
      if (pathname.startsWith('/assets/')) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
    }
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const languageHeaders = {
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
    };
    const language = await languageRedirect(
      req.brand,
      () => contentOf(req.brand),
      pathname,
      languageHeaders,
    );
    // Each answer below depends on the visitor: another one (or this one later) may go elsewhere.
    if (language && pathname !== '/' && pathname !== '/index.html') {
      return perVisitor(reply).redirect(`${language}${query}`, 302);
    }
    // `/`, the commonest first visit, is the home of that language served here (no round trip
    // for a redirect); the page names its address, which the browser takes before it starts
    // (src/entry.ts), and its canonical link is that address.
    const served = language ?? pathname;
    const status = await pageStatus(req.brand, served);
    if (status === 404) {
      const locale = pageLocale(req.brand, pathname);
      const target = redirectFor(req.brand, await contentOf(req.brand), pathname, locale);
      if (target) {
        return reply.redirect(`${target}${query}`, 301);
      }
    }
    // A brand with one tree for every language: the page in the visitor's (its `<html lang>`
    // tells the browser which to hydrate in).
    const oneTree = !req.brand.brand.multiLanguage && req.brand.brand.locales.length > 1;
    const locale = oneTree
      ? requestLanguage(req.brand.brand, languageHeaders)
      : pageLocale(req.brand, served);
    const html = await page(req.brand, served, status, publicOrigin(req.brand), locale);
    if (html === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    if (language || oneTree) {
      return perVisitor(reply)
        .code(status)
        .type('text/html; charset=utf-8')
        .send(language ? withServedPath(html, language) : html);
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(html);
  };
  registerStorefront(app, storefront);
};

/**
 * The HTTP status of a page: 404 for a path no screen has, for an event the brand does not
 * sell and for a content page it does not have (the page shows the not-found screen; search engines drop it). Development pages
 * (`dev/…`) are left to the storefront.
 */
export async function pageStatus(brand: LoadedBrand, pathname: string): Promise<200 | 404> {
  if (pathname === '/' || pathname === '/index.html') return 200;
  if (/(^|\/)dev(\/|$)/.test(pathname)) return 200;
  const match = matchRoutePath(pathname, brand.brand.multiLanguage);
  if (!match) return 404;
  if (match.name === 'Produto') {
    const id = Number(match.params.id);
    if (!Number.isInteger(id) || id <= 0 || !catalogOf(brand).event(id)) return 404;
  }
  if (match.name === 'Informacoes' || match.name === 'Politicas') {
    const locale = match.locale ?? brand.brand.defaultLocale;
    const section = match.name === 'Informacoes' ? 'informacoes' : 'politicas';
    const pagina = (match.params.pagina ?? '').toLowerCase();
    if (section === 'informacoes' && pagina === FAQ_SLUGS[locale]) return 200;
    if (!pageBySlug(await contentOf(brand), section, locale, pagina)) return 404;
  }
  return 200;
}

/**
 * Whether the server renders the page at `pathname`: every screen and the not-found page under
 * a language prefix (or any path of a single-language brand). A brand with a tree per language
 * serves `/` as a language's home and sends unprefixed links to a language before this is asked
 * (./language-redirect.ts); development pages stay in the browser.
 */
export function serverRendered(brand: LoadedBrand, pathname: string): boolean {
  if (pathname === '/index.html') return false;
  if (/(^|\/)dev(\/|$)/.test(pathname)) return false;
  if (!brand.brand.multiLanguage) return true;
  if (pathname === '/') return false;
  const prefix = pathname.split('/')[1]?.toLowerCase();
  return brand.brand.locales.some((l) => l.slice(0, 2).toLowerCase() === prefix);
}

/** The shell with the rendered page in its root and the answers it was rendered with. */
function withPage(shellHtml: string, page: RenderedPage, head: PageHead): string {
  const data = [
    `<script id="${PRELOADED_ELEMENT_ID}" type="application/json">${jsonForScript(page.preloaded)}</script>`,
    `<script id="${CLASS_SETS_ELEMENT_ID}" type="application/json">${jsonForScript(page.classSets)}</script>`,
  ].join('\n');
  let html = shellHtml;
  if (head.title !== null) {
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(head.title ?? '')}</title>`,
    );
  }
  if (head.description !== null) {
    html = html.replace(
      /<meta name="description" content="[^"]*">/,
      () => `<meta name="description" content="${escapeHtml(head.description ?? '')}">`,
    );
  }
  const { preloads, body } = splitPreloads(page.html);
  return html
    .replace(FIRST_SCRIPT, (script) => `${preloads}${script}`)
    .replace('</head>', () => `    ${head.tags}\n${page.head}\n</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`)
    .replace('</body>', () => `${data}\n</body>`);
}

/** An answer that depends on the visitor's language (cookie, Accept-Language): kept apart. */
function perVisitor(reply: FastifyReply): FastifyReply {
  return reply.header('Vary', LANGUAGE_REDIRECT_VARY).header('Cache-Control', 'private, no-cache');
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A page served at another address than its own (`/` as `/pt`): it names its address for the
 * browser, which takes it before the storefront reads the URL (src/entry.ts).
 */
export function withServedPath(html: string, pathname: string): string {
  return html.replace(
    '</head>',
    () => `    <meta name="${SERVED_PATH_META}" content="${escapeHtml(pathname)}">\n</head>`,
  );
}

/** The storefront's first script in the shell's head (its entry module). */
const FIRST_SCRIPT = /<script type="module"/;

/** The preload links React's renderer puts first in a page it renders into an element. */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * React's renderer starts a page with a preload link for each image of the first view (the
 * hoistable resources it would put in a document's head). In the root element they would wait
 * behind the head's styles and module preloads: they go to the head, before the first script,
 * so the first view's images (the largest paint) are asked for first. Hydration skips them.
 */
export function splitPreloads(html: string): { preloads: string; body: string } {
  const match = LEADING_PRELOADS.exec(html);
  if (!match) return { preloads: '', body: html };
  return { preloads: match[0], body: html.slice(match[0].length) };
}

function registerStorefront(
  app: FastifyInstance,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.get('/', handler);
  app.get('/*', handler);
}

function decodePath(url: string): string | null {
  const raw = url.split('?')[0] ?? '/';
  try {
    const p = decodeURIComponent(raw);
    return p.includes('\0') || p.includes('\\') ? null : p;
  } catch {
    return null;
  }
}
