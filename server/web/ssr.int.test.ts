import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestPath } from '#schemas/contract.ts';
import { preloadKey, restPreloadKey } from '#schemas/preload.ts';
import { syncCatalog } from '#server/catalog/sync.ts';
import { makeDist } from '#server/test/dist.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, testBrand } from '#server/test/test-brand.ts';
import { firstViewData } from './ssr';

// The server's side of server rendering: which pages are rendered, with which catalogue
// answers, how the page is assembled (root, preloaded answers, the answer's CSP nonce), and
// the page cache. The renderer here is a stand-in module in `<dist>/.ssr/` that echoes its
// input; the real one (src/entry-server.tsx) is exercised by the browser tests.

const RENDERER = `let count = 0;
// Where the renderer's forms come from (the real one: src/components/forms/load-form.ts).
export function setFormModuleAddress() {}
export async function render({ brand, url, locale, preloaded, nonce }) {
  count += 1;
  if (url.includes('/explode')) throw new Error('render failed');
  const keys = Object.keys(preloaded).sort().join(',');
  // As React's renderer does: the first view's images as preload links before the page.
  return {
    html: '<link rel="preload" as="image" href="/brand-assets/a.svg" fetchPriority="high"/>' +
      '<main data-url="' + url + '" data-brand="' + brand.id + '" data-keys="' + keys +
      '" data-count="' + count + '" data-locale="' + locale + '"></main>',
    head: '<style data-emotion="css x" nonce="' + nonce + '">.x{}</style>',
    classSets: {},
  };
}
`;

let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await makeDist({ '.ssr/entry-server.js': RENDERER });
  s = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await s?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => s.app.inject({ method: 'GET', url });
const attr = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

describe('server-rendered pages', () => {
  it('renders a screen into the root with the answers it used, and the answer’s nonce', async () => {
    const res = await get('/pt/produto/1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<style data-emotion="css x" nonce="[^"]+">\.x\{\}<\/style>\n<\/head>/,
    );
    expect(res.body).toContain('<div id="root"><main data-url=');
    // The image preloads moved to the head, before the first script: asked for first.
    const preload = res.body.indexOf('<link rel="preload" as="image" href="/brand-assets/a.svg"');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(res.body.indexOf('<script type="module"'));
    expect(res.body.split('rel="preload" as="image"')).toHaveLength(2);
    expect(attr(res.body, 'data-url')).toBe('http://storefront/pt/produto/1');
    expect(attr(res.body, 'data-brand')).toBe('test-a');
    const preloaded = /<script id="preloaded" type="application\/json">(.*?)<\/script>/s.exec(
      res.body,
    );
    expect(preloaded).not.toBeNull();
    const data = JSON.parse(preloaded![1]!) as Record<string, unknown>;
    expect(Object.keys(data)).toContain(preloadKey('pt-BR', 'getApresentacoes', [1]));
    // The style element's nonce is the one the CSP header allows, new on every answer.
    const nonce = attr(res.body, 'nonce');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`style-src 'self' 'unsafe-inline' 'nonce-${nonce}'`);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(res.body).not.toContain('csp-nonce-placeholder');
    const again = await get('/pt/produto/1');
    expect(attr(again.body, 'nonce')).not.toBe(nonce);
    expect(again.body).toContain(
      `<meta property="csp-nonce" nonce="${attr(again.body, 'nonce')}">`,
    );
  });

  it('renders the not-found page with a 404 and `/` as a language’s home; leaves dev paths to the browser', async () => {
    const missing = await get('/pt/produto/999');
    expect(missing.statusCode).toBe(404);
    expect(attr(missing.body, 'data-url')).toBe('http://storefront/pt/produto/999');
    const nowhere = await get('/en/no/such/page');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).toContain('data-url=');
    // `/` is the home of the visitor's language, its canonical address that home's.
    const home = await s.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'en' },
    });
    expect(home.statusCode).toBe(200);
    expect(attr(home.body, 'data-url')).toBe('http://storefront/en');
    expect(/<link rel="canonical" href="([^"]*)">/.exec(home.body)?.[1]).toMatch(
      /^https?:\/\/[^/]+\/en$/,
    );
    // Unprefixed links were sent to a language before (storefront.int.test.ts).
    for (const url of ['/pt/dev/forms', '/dev/forms']) {
      const res = await get(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="preloaded"');
    }
  });

  it('renders a brand with one tree for every language in the visitor’s, `/` too', async () => {
    const one = await startTestServer({
      distDir: dist,
      brands: [testBrand('one', { multiLanguage: false })],
    });
    try {
      const visit = (url: string, headers: Record<string, string> = {}) =>
        one.app.inject({ method: 'GET', url, headers });
      const en = await visit('/', { 'accept-language': 'en-US,pt;q=0.5' });
      expect(en.statusCode).toBe(200);
      expect(en.body).toContain('<html lang="en-US">');
      expect(attr(en.body, 'data-url')).toBe('http://storefront/');
      expect(attr(en.body, 'data-locale')).toBe('en-US');
      expect(en.body).not.toContain('name="page-path"');
      expect(en.headers.vary).toContain('Accept-Language');
      expect(en.headers.vary).toContain('Cookie');
      // The choice made before comes first; each language is cached apart.
      const es = await visit('/', { cookie: 'si_language=es-ES', 'accept-language': 'en-US' });
      expect(attr(es.body, 'data-locale')).toBe('es-ES');
      expect(es.body).toContain('<html lang="es-ES">');
      const again = await visit('/', { 'accept-language': 'en' });
      expect(attr(again.body, 'data-locale')).toBe('en-US');
      expect(attr(again.body, 'data-count')).toBe(attr(en.body, 'data-count'));
      const pt = await visit('/produto/1');
      expect(attr(pt.body, 'data-locale')).toBe('pt-BR');
      expect(pt.body).toContain('<html lang="pt-BR">');
    } finally {
      await one.close();
    }
  });

  it('serves a page from its cache until the catalogue syncs; a failed render sends the shell', async () => {
    const count = async (url: string) => Number(attr((await get(url)).body, 'data-count'));
    const first = await count('/es/producto/2');
    expect(await count('/es/producto/2')).toBe(first);
    // Another path (or language) is another page.
    expect(await count('/en/product/2')).toBeGreaterThan(first);
    await syncCatalog(s.db, s.brands);
    expect(await count('/es/producto/2')).toBeGreaterThan(first);
    // Unknown paths share one cached not-found page per language (no cache growth per path).
    const a = await count('/pt/x/1');
    expect(await count('/pt/x/2')).toBe(a);

    const failed = await get('/es/explode');
    expect(failed.statusCode).toBe(404);
    expect(failed.body).toContain('<div id="root"></div>');
  });

  it('never serves the renderer build to browsers', async () => {
    const res = await get('/.ssr/entry-server.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('export async function render');
  });
});

describe('the head of a rendered page', () => {
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('writes every absolute URL on the brand’s configured origin, whatever the Host says', async () => {
    for (const headers of [
      { host: 'evil.example' },
      { host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ]) {
      const res = await s.app.inject({ method: 'GET', url: `/en/product/${E.visita}`, headers });
      const h = head(res.body);
      expect(h).toContain(`<link rel="canonical" href="http://localhost/en/product/${E.visita}">`);
      const urls = [...h.matchAll(/(?:href|content)="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!);
      expect(urls.length).toBeGreaterThan(3);
      for (const u of urls) expect(u.startsWith('http://localhost/'), u).toBe(true);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('names an event page: title, canonical, languages, link preview and its schema.org Event', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/en/product/${E.visita}`,
      headers: { host: 'localhost' },
    });
    const h = head(res.body);
    expect(h).toMatch(/<title>[^<]+ · Test shop<\/title>/);
    expect(h).toContain(`<link rel="canonical" href="http://localhost/en/product/${E.visita}">`);
    for (const [lang, path] of [
      ['pt-BR', `/pt/produto/${E.visita}`],
      ['es-ES', `/es/producto/${E.visita}`],
      ['en-US', `/en/product/${E.visita}`],
      ['x-default', `/pt/produto/${E.visita}`],
    ]) {
      expect(h).toContain(
        `<link rel="alternate" hreflang="${lang}" href="http://localhost${path}">`,
      );
    }
    expect(h).toContain('<meta property="og:type" content="website">');
    expect(h).toMatch(
      /<meta property="og:image" content="http:\/\/localhost\/brand-assets\/[^"]+">/,
    );
    expect(h).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(h).not.toContain('noindex');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(h);
    expect(ld).not.toBeNull();
    const event = JSON.parse(ld![1]!) as Record<string, unknown> & {
      offers: Record<string, unknown>;
      location: Record<string, unknown>;
    };
    expect(event).toMatchObject({ '@context': 'https://schema.org', '@type': 'Event' });
    expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-03:00$/);
    expect(event.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'BRL' });
    expect(event.offers.price).toMatch(/^\d+\.\d{2}$/);
    expect(event.location['@type']).toBe('Place');
  });

  it('keeps the hidden pages and missing pages out of search engines', async () => {
    expect(head((await get('/pt/meuspedidos')).body)).toContain(
      '<meta name="robots" content="noindex">',
    );
    expect(head((await get('/en/resetpassword')).body)).toContain('noindex');
    expect(head((await get('/pt/produto/999')).body)).toContain('noindex');
    expect(head((await get('/pt')).body)).not.toContain('noindex');
  });
});

describe('firstViewData', () => {
  it('loads the event list for home; the event, its days and first day’s times for an event', async () => {
    const brand = s.brands[0]!;
    const list = restPreloadKey('pt-BR', RestPath.conteudos);
    const home = await firstViewData(s.db, brand, '/pt', 'pt-BR');
    expect(Object.keys(home).sort()).toEqual([list, preloadKey('pt-BR', 'getEventos', [])].sort());
    const event = await firstViewData(s.db, brand, `/en/product/${E.visita}`, 'en-US');
    const days = event[preloadKey('en-US', 'getApresentacoes', [E.visita])] as {
      dates: { dia: string }[];
    };
    expect(days.dates.length).toBeGreaterThan(0);
    const firstDay = days.dates[0]!.dia;
    expect(
      event[preloadKey('en-US', 'getApresentacoesHorarios', [E.visita, firstDay])],
    ).toBeInstanceOf(Array);
    const unknown = await firstViewData(s.db, brand, '/pt/produto/999', 'pt-BR');
    expect(Object.keys(unknown).sort()).toEqual(
      [list, preloadKey('pt-BR', 'getEventos', [])].sort(),
    );
    expect(Object.keys(await firstViewData(s.db, brand, '/pt/checkout', 'pt-BR'))).toEqual([list]);
    // A content page comes with its text; the FAQ with the FAQ.
    const privacy = await firstViewData(s.db, brand, '/en/policies/privacy', 'en-US');
    expect(privacy[restPreloadKey('en-US', RestPath.conteudo('privacy'))]).toMatchObject({
      titulo: 'Privacy',
    });
    const faq = await firstViewData(s.db, brand, '/pt/informacoes/perguntas-frequentes', 'pt-BR');
    expect(faq[restPreloadKey('pt-BR', RestPath.faq)]).toMatchObject({
      titulo: 'Perguntas frequentes',
    });
  });
});
