import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { LOCALES, type Locale } from '#schemas/contract.ts';
import { matchRoutePath } from '#schemas/route-paths.ts';
import { buildApp } from '#server/app.ts';
import { type BrandContent, type PageDoc, scanContent } from '#server/content/pages.ts';
import { t } from '#server/i18n.ts';
import { makeDist } from '#server/test/dist.ts';
import { configureTestOrigins, openTestDb, type TestDb } from '#server/test/harness.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { pageStatus } from './routes';
import { HIDDEN_ROUTES, robotsTxt, sitemapFor, sitemapIndex } from './sitemap';

// robots.txt and the sitemaps, through the whole app (buildApp) for a multi-language brand on `localhost` and a single-language one
// on `single.test`, whose content is server/test/fixtures/content (the page `privacy` in
// informacoes and politicas, and an FAQ). Every XML answer goes through a small well-formedness
// parser; every URL listed is checked against the page router.

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const ESCAPED = '(?:[^<&"]|&(?:amp|lt|gt|quot|#39);)*';
const decodeEntities = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/**
 * Parses the XML our files use (a declaration, elements, attributes in double quotes, text),
 * throwing on anything not well-formed: a mismatched or unclosed tag, a bare `&` or `<`, text
 * outside the one root element, a repeated attribute, an undeclared namespace prefix.
 */
function parseXml(xml: string): XmlElement {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (!xml.startsWith(declaration)) throw new Error('no XML declaration');
  const token = new RegExp(
    `<(/?)([A-Za-z][\\w.:-]*)((?:\\s+[A-Za-z][\\w.:-]*="${ESCAPED}")*)\\s*(/?)>|(${ESCAPED.replace('"', '')})`,
    'y',
  );
  const attrRe = new RegExp(`([A-Za-z][\\w.:-]*)="(${ESCAPED})"`, 'g');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  token.lastIndex = declaration.length;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const m = token.exec(xml);
    if (!m || m[0] === '') throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, name, attrText, selfClosing, text] = m;
    const parent = stack.at(-1);
    if (text !== undefined) {
      if (parent) parent.text += decodeEntities(text);
      else if (text.trim()) throw new Error(`text outside the root: ${text}`);
      continue;
    }
    if (closing) {
      if (parent?.name !== name) throw new Error(`</${name}> closes <${parent?.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const [, key, value] of attrText!.matchAll(attrRe)) {
      if (key! in attrs) throw new Error(`attribute ${key} twice`);
      attrs[key!] = decodeEntities(value!);
    }
    const el: XmlElement = { name: name!, attrs, children: [], text: '' };
    if (parent) parent.children.push(el);
    else if (root) throw new Error('a second root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  if (!root) throw new Error('no root element');
  const declared = (el: XmlElement, prefixes: Set<string>) => {
    const here = new Set(prefixes);
    for (const key of Object.keys(el.attrs)) {
      if (key.startsWith('xmlns:')) here.add(key.slice(6));
    }
    const prefix = el.name.includes(':') ? el.name.split(':')[0]! : null;
    if (prefix && !here.has(prefix)) throw new Error(`undeclared prefix ${prefix}`);
    for (const child of el.children) declared(child, here);
  };
  declared(root, new Set());
  return root;
}

const childText = (el: XmlElement, name: string) =>
  el.children.find((c) => c.name === name)?.text ?? null;

/** One `<url>` of a urlset: its loc, lastmod and alternates by hreflang. */
interface UrlEntry {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

function urlsOf(xml: string): UrlEntry[] {
  const root = parseXml(xml);
  expect(root.name).toBe('urlset');
  expect(root.attrs.xmlns).toBe(SITEMAP_NS);
  expect(root.attrs['xmlns:xhtml']).toBe(XHTML_NS);
  return root.children.map((url) => {
    expect(url.name).toBe('url');
    const alternates: Record<string, string> = {};
    for (const link of url.children.filter((c) => c.name === 'xhtml:link')) {
      expect(link.attrs.rel).toBe('alternate');
      expect(link.attrs.hreflang! in alternates).toBe(false);
      alternates[link.attrs.hreflang!] = link.attrs.href!;
    }
    return { loc: childText(url, 'loc')!, lastmod: childText(url, 'lastmod'), alternates };
  });
}

const ORIGIN = 'http://localhost:3000';
const SINGLE = 'http://single.test';
/** Every URL of each language's sitemap of the multi-language brand, in order. */
const EXPECTED: Record<Locale, string[]> = {
  'pt-BR': [
    '/pt',
    '/pt/perfil',
    '/pt/checkout',
    '/pt/politicas/privacidade',
    '/pt/informacoes/perguntas-frequentes',
    '/pt/produto/1',
    '/pt/produto/2',
    '/pt/produto/3',
  ],
  'es-ES': [
    '/es',
    '/es/perfil',
    '/es/checkout',
    '/es/politicas/privacidad',
    '/es/informacion/preguntas-frecuentes',
    '/es/producto/1',
    '/es/producto/2',
    '/es/producto/3',
  ],
  'en-US': [
    '/en',
    '/en/profile',
    '/en/checkout',
    '/en/policies/privacy',
    '/en/information/faq',
    '/en/product/1',
    '/en/product/2',
    '/en/product/3',
  ],
};

let app: FastifyInstance;
let tdb: TestDb;
let dist: string;
let multi: LoadedBrand;
let single: LoadedBrand;
let content: BrandContent;
beforeAll(async () => {
  // A storefront build with its own robots.txt: the generated one answers all the same.
  dist = await makeDist({ 'robots.txt': 'User-agent: *\nDisallow: /\n' });
  multi = testBrand('test-a', { hosts: ['localhost'], publicOrigin: ORIGIN });
  single = testBrand('test-single', {
    hosts: ['single.test'],
    default: false,
    multiLanguage: false,
    defaultLocale: 'en-US',
  });
  content = await scanContent(multi.dir);
  tdb = await openTestDb();
  configureTestOrigins([multi, single]);
  app = await buildApp({
    db: tdb.db,
    brands: [multi, single],
    version: '0.0.0-test',
    distDir: dist,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost:3000') =>
  app.inject({ method: 'GET', url, headers: { host } });

describe('robots.txt', () => {
  it('allows everything but the hidden screens in every language, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /pt/redefinirsenha',
        'Disallow: /pt/validatemail',
        'Disallow: /pt/meuspedidos',
        'Disallow: /pt/checkin',
        'Disallow: /pt/newsletter',
        'Disallow: /es/redefinirsenha',
        'Disallow: /es/validatemail',
        'Disallow: /es/peticiones',
        'Disallow: /es/checkin',
        'Disallow: /es/newsletter',
        'Disallow: /en/resetpassword',
        'Disallow: /en/validatemail',
        'Disallow: /en/requests',
        'Disallow: /en/checkin',
        'Disallow: /en/newsletter',
        '',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    );
    // Each Disallow is a path the page router takes for a hidden screen of that language.
    for (const line of res.body.split('\n').filter((l) => l.startsWith('Disallow: '))) {
      const match = matchRoutePath(line.slice('Disallow: '.length), true);
      expect(HIDDEN_ROUTES as readonly string[]).toContain(match?.name);
      expect(match?.locale).not.toBeNull();
    }
  });

  it('lists unprefixed paths for a single-language brand, on its own origin', async () => {
    const res = await get('/robots.txt', 'single.test');
    const disallowed = res.body.split('\n').filter((l) => l.startsWith('Disallow: '));
    expect(disallowed).toEqual([
      'Disallow: /redefinirsenha',
      'Disallow: /validatemail',
      'Disallow: /meuspedidos',
      'Disallow: /checkin',
      'Disallow: /newsletter',
      'Disallow: /peticiones',
      'Disallow: /resetpassword',
      'Disallow: /requests',
    ]);
    expect(res.body).toContain(`\nSitemap: ${SINGLE}/sitemap.xml\n`);
  });

  it('never puts a made-up Host into the file', async () => {
    const res = await get('/robots.txt', 'localhost/evil?x');
    expect(res.body).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(res.body).not.toContain('evil');
  });

  it("lists only the brand's configured origin, whatever Host or X-Forwarded-Host says", async () => {
    for (const headers of [
      { host: 'evil.example' },
      { host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ]) {
      for (const url of ['/robots.txt', '/sitemap.xml', '/sitemap-pt.xml']) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        expect(res.body, url).toContain(`${ORIGIN}/`);
        expect(res.body, url).not.toContain('evil');
      }
    }
  });
});

describe('sitemap index', () => {
  it('lists one sitemap per language of the brand, each one answering', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = parseXml(res.body);
    expect(root.name).toBe('sitemapindex');
    expect(root.attrs.xmlns).toBe(SITEMAP_NS);
    const locs = root.children.map((c) => {
      expect(c.name).toBe('sitemap');
      return childText(c, 'loc');
    });
    expect(locs).toEqual([
      `${ORIGIN}/sitemap-pt.xml`,
      `${ORIGIN}/sitemap-es.xml`,
      `${ORIGIN}/sitemap-en.xml`,
    ]);
    for (const loc of locs) {
      const each = await get(new URL(loc!).pathname);
      expect(each.statusCode).toBe(200);
      expect(parseXml(each.body).name).toBe('urlset');
    }
  });

  it('has the one default language of a single-language brand', async () => {
    const root = parseXml((await get('/sitemap.xml', 'single.test')).body);
    expect(root.children.map((c) => childText(c, 'loc'))).toEqual([`${SINGLE}/sitemap-en.xml`]);
  });
});

describe('sitemap of a language', () => {
  const sitemaps = async () => {
    const out = {} as Record<Locale, UrlEntry[]>;
    for (const l of LOCALES) {
      const res = await get(`/sitemap-${l.slice(0, 2)}.xml`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      out[l] = urlsOf(res.body);
    }
    return out;
  };

  it('lists home, profile, checkout, the policies, the FAQ and every event', async () => {
    const all = await sitemaps();
    for (const l of LOCALES) {
      expect(all[l].map((u) => u.loc)).toEqual(EXPECTED[l].map((p) => `${ORIGIN}${p}`));
    }
    // The content pages carry their last change; the screens do not.
    const pt = all['pt-BR'];
    expect(pt.find((u) => u.loc.endsWith('/privacidade'))?.lastmod).toBe('2026-11-01');
    expect(pt.find((u) => u.loc.endsWith('/perguntas-frequentes'))?.lastmod).toBe('2026-11-01');
    expect(pt[0]!.lastmod).toBeNull();
  });

  it('gives every URL reciprocal alternates in all languages and x-default', async () => {
    const all = await sitemaps();
    const byLoc = new Map(LOCALES.flatMap((l) => all[l].map((u) => [u.loc, u] as const)));
    for (const l of LOCALES) {
      all[l].forEach((u, i) => {
        const expected = Object.fromEntries([
          ...LOCALES.map((other) => [other, `${ORIGIN}${EXPECTED[other][i]}`]),
          ['x-default', `${ORIGIN}${EXPECTED['pt-BR'][i]}`],
        ]);
        expect(u.alternates).toEqual(expected);
        expect(u.alternates[l]).toBe(u.loc);
        // Each alternate is listed itself, with the same alternates (search engines ignore a
        // one-way hreflang).
        for (const other of LOCALES) {
          expect(byLoc.get(u.alternates[other]!)?.alternates).toEqual(expected);
        }
      });
    }
  });

  it('lists only pages the page router answers with 200, none hidden from robots', async () => {
    const all = await sitemaps();
    for (const l of LOCALES) {
      for (const u of all[l]) {
        for (const [hreflang, href] of [[l, u.loc], ...Object.entries(u.alternates)]) {
          const pathname = new URL(href!).pathname;
          expect(await pageStatus(multi, pathname), pathname).toBe(200);
          const match = matchRoutePath(pathname, true);
          expect(HIDDEN_ROUTES as readonly string[]).not.toContain(match?.name);
          // A URL is in the language its hreflang says.
          if (hreflang !== 'x-default') expect(match?.locale, pathname).toBe(hreflang);
        }
      }
    }
  });

  it('answers a language the brand does not have with the 404 envelope', async () => {
    for (const [url, host] of [
      ['/sitemap-fr.xml', 'localhost'],
      ['/sitemap-pt-br.xml', 'localhost'],
      ['/sitemap-pt.xml', 'single.test'],
    ] as const) {
      const res = await get(`${url}?lang=es_ES`, host);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 0, message: t('es-ES', 'error.notFound') } });
    }
  });

  it('has unprefixed paths and no alternates for a single-language brand', async () => {
    const res = await get('/sitemap-en.xml', 'single.test');
    const urls = urlsOf(res.body);
    expect(urls.map((u) => u.loc)).toEqual(
      ['/', '/profile', '/checkout', '/policies/privacy', '/information/faq']
        .concat(['/product/1', '/product/2', '/product/3'])
        .map((p) => `${SINGLE}${p}`),
    );
    expect(urls.every((u) => Object.keys(u.alternates).length === 0)).toBe(true);
    for (const u of urls) expect(await pageStatus(single, new URL(u.loc).pathname)).toBe(200);
  });
});

describe('the files as functions', () => {
  const page = (key: string, slug: string, sections: PageDoc['sections']): PageDoc => ({
    key,
    title: key,
    slug,
    description: key,
    sections,
    updated: '2026-01-02',
    body: key,
  });

  it('lists a page only in the languages where it is a policy', () => {
    const pages = new Map(content.pages);
    // Informacoes only: not in the sitemap (spec §2 lists the policies and the FAQ).
    pages.set('about', {
      'pt-BR': page('about', 'sobre', ['informacoes']),
      'es-ES': page('about', 'acerca', ['informacoes']),
      'en-US': page('about', 'about', ['informacoes']),
    });
    // A policy in Portuguese and English, an information page in Spanish.
    pages.set('cookies', {
      'pt-BR': page('cookies', 'cookies', ['politicas']),
      'es-ES': page('cookies', 'galletas', ['informacoes']),
      'en-US': page('cookies', 'cookie-policy', ['politicas', 'informacoes']),
    });
    const withPages: BrandContent = { ...content, pages };
    const en = urlsOf(sitemapFor(multi, ORIGIN, 'en-US', withPages));
    const es = urlsOf(sitemapFor(multi, ORIGIN, 'es-ES', withPages));
    const cookies = en.find((u) => u.loc === `${ORIGIN}/en/policies/cookie-policy`);
    expect(cookies?.alternates).toEqual({
      'pt-BR': `${ORIGIN}/pt/politicas/cookies`,
      'en-US': `${ORIGIN}/en/policies/cookie-policy`,
      'x-default': `${ORIGIN}/pt/politicas/cookies`,
    });
    expect(cookies?.lastmod).toBe('2026-01-02');
    expect(es.map((u) => u.loc).filter((l) => /galletas|acerca/.test(l))).toEqual([]);
    expect(en.map((u) => u.loc).filter((l) => l.includes('about'))).toEqual([]);
    expect(en).toHaveLength(EXPECTED['en-US'].length + 1);
  });

  it('omits the FAQ when the brand has none, and escapes every URL', () => {
    const origin = 'https://shop.test/a&b<"c">';
    const xml = sitemapFor(multi, origin, 'pt-BR', { ...content, faq: null });
    expect(xml).not.toContain('<loc>https://shop.test/a&b');
    const urls = urlsOf(xml);
    expect(urls.map((u) => u.loc)).not.toContain(`${origin}/pt/informacoes/perguntas-frequentes`);
    expect(urls[0]).toMatchObject({ loc: `${origin}/pt` });
    expect(urls[0]!.alternates['x-default']).toBe(`${origin}/pt`);
    expect(parseXml(sitemapIndex(multi, origin)).children[0]!.children[0]!.text).toBe(
      `${origin}/sitemap-pt.xml`,
    );
    expect(robotsTxt(multi, origin)).toContain(`\nSitemap: ${origin}/sitemap.xml\n`);
  });

  it('points x-default at the default language', () => {
    const en = testBrand('test-en', { defaultLocale: 'en-US' });
    const urls = urlsOf(sitemapFor(en, ORIGIN, 'es-ES', content));
    expect(urls[1]!.alternates['x-default']).toBe(`${ORIGIN}/en/profile`);
  });

  it('rejects what is not well-formed (the checker itself)', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    for (const bad of [
      '<a><b></a></b>',
      '<a>x & y</a>',
      '<a href="x"y"/>',
      '<a></a><b></b>',
      '<a>',
      '<x:a/>',
      '<a c="1" c="2"/>',
    ]) {
      expect(() => parseXml(head + bad), bad).toThrow();
    }
    expect(parseXml(`${head}<a xmlns:x="u"><x:b c="&amp;"/>t</a>`).children[0]!.attrs.c).toBe('&');
  });
});
