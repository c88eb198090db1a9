import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '#schemas/contract.ts';
import { makeDist } from '#server/test/dist.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrand, testBrands } from '#server/test/test-brand.ts';

let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await makeDist({
    'assets/index-abc123.js': 'console.log(1);\n'.repeat(200),
    'humans.txt': 'Team: storefront\n',
  });
  const [a, b] = testBrands();
  // A title with markup and a config string with "</script>" must stay inert.
  a!.brand.title['pt-BR'] = 'Loja <b>&</b> "teste"';
  a!.brand.support.hours['pt-BR'] = '</script><script>alert(1)</script>';
  s = await startTestServer({ distDir: dist, brands: [a!, b!] });
});
afterAll(async () => {
  await s?.close();
  await rm(dist, { recursive: true, force: true });
});

function configOf(html: string): BrandConfig {
  const m = /<script id="brand-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no brand-config element');
  return JSON.parse(m[1]!) as BrandConfig;
}

describe('storefront', () => {
  it('serves index.html with the brand head, config and language', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/pt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<title>Loja &lt;b&gt;&amp;&lt;/b&gt; &quot;teste&quot;</title>');
    expect(html).toContain(
      '<meta name="description" content="Descrição &lt;teste&gt; &amp; &quot;aspas&quot;">',
    );
    expect(html).toContain('<meta name="keywords" content="teste, ingressos">');
    expect(html).toContain('<link rel="icon" href="/brand-assets/favicon.svg">');
    expect(html).toContain('<meta name="theme-color" content="#123456">');
    expect(html).not.toContain('<!--brand-head-->');
    expect(html).not.toContain('<script>alert(1)');
    const config = configOf(html);
    expect(config).toMatchObject({ id: 'test-a', version: '0.0.0-test' });
    expect(config.support.hours['pt-BR']).toBe('</script><script>alert(1)</script>');
  });

  it('takes the language from the first path segment and the brand from Host', async () => {
    const en = await s.app.inject({ method: 'GET', url: '/en/product/1' });
    expect(en.body).toContain('<html lang="en-US">');
    expect(en.body).toContain('<title>Test shop</title>');
    const es = await s.app.inject({ method: 'GET', url: '/es/producto/1?x=1' });
    expect(es.body).toContain('<html lang="es-ES">');
    const other = await s.app.inject({
      method: 'GET',
      url: '/en/profile',
      headers: { host: 'other.test' },
    });
    expect(other.body).toContain('<html lang="en-US">');
    expect(configOf(other.body).id).toBe('test-b');
    expect(en.statusCode).toBe(200);
    // A path no screen has gets the storefront (it shows its not-found page) with a 404.
    const spa = await s.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(spa.statusCode).toBe(404);
    expect(spa.body).toContain('brand-config');
  });

  it('answers 404 for an event the brand does not sell, 200 for its screens', async () => {
    const status = async (url: string) => (await s.app.inject({ method: 'GET', url })).statusCode;
    expect(await status('/pt/produto/1')).toBe(200);
    expect(await status('/PT/Produto/1/')).toBe(200);
    expect(await status('/pt/produto/999')).toBe(404);
    expect(await status('/en/product/abc')).toBe(404);
    expect(await status('/en/product/0')).toBe(404);
    // Another language's path under a prefix is not a screen.
    expect(await status('/en/produto/1')).toBe(404);
    expect(await status('/pt/checkout')).toBe(200);
    expect(await status('/pt')).toBe(200);
    // Unprefixed links go to the visitor's language (below).
    expect(await status('/perfil')).toBe(302);
    expect(await status('/pt/dev/forms')).toBe(200);
  });

  it('serves `/` as the home of the language chosen before, else the browser’s', async () => {
    const go = async (url: string, headers: Record<string, string> = {}, host = 'localhost') => {
      const res = await s.app.inject({ method: 'GET', url, headers: { host, ...headers } });
      return res;
    };
    /** The address the page served at `/` says it has, and its language. */
    const home = async (headers: Record<string, string> = {}, host = 'localhost') => {
      const res = await go('/', headers, host);
      expect(res.statusCode).toBe(200);
      const path = /<meta name="page-path" content="([^"]*)">/.exec(res.body)?.[1];
      const lang = /<html lang="([^"]*)">/.exec(res.body)?.[1];
      return `${path} ${lang}`;
    };
    // No choice and no browser language: the brand's (test-b's is English).
    const bare = await go('/');
    expect(bare.statusCode).toBe(200);
    expect(bare.headers.vary).toContain('Accept-Language');
    expect(bare.headers.vary).toContain('Cookie');
    expect(bare.headers['cache-control']).toBe('private, no-cache');
    expect(configOf(bare.body).id).toBe('test-a');
    expect(await home()).toBe('/pt pt-BR');
    expect(await home({}, 'other.test')).toBe('/en en-US');
    // The raw file is not served: it is `/`.
    const raw = await go('/index.html', { 'accept-language': 'es' });
    expect(raw.body).toContain('<meta name="page-path" content="/es">');
    // The browser's languages by quality, then by order; a region matches its language.
    const accept = (value: string) => home({ 'accept-language': value });
    expect(await accept('en-US,en;q=0.9,pt;q=0.8')).toBe('/en en-US');
    expect(await accept('fr-FR, es-AR;q=0.5, en;q=0.4')).toBe('/es es-ES');
    expect(await accept('en;q=0.2, es;q=0.9')).toBe('/es es-ES');
    expect(await accept('de-DE, fr;q=0.9')).toBe('/pt pt-BR');
    expect(await accept('en;q=0, es')).toBe('/es es-ES');
    // The language chosen before (the storefront's cookie) comes first; a language the
    // brand does not offer or a forged value is ignored.
    const cookie = (value: string, language = 'en-US') =>
      home({ cookie: `a=1; si_language=${value}`, 'accept-language': language });
    expect(await cookie('es-ES')).toBe('/es es-ES');
    expect(await cookie('fr-FR')).toBe('/en en-US');
    expect(await cookie('<script>', 'pt-BR')).toBe('/pt pt-BR');
    // A page at its own address says nothing of the kind.
    expect((await go('/pt')).body).not.toContain('name="page-path"');
  });

  it('sends links without a language to the page in the visitor’s language', async () => {
    const go = async (url: string, headers: Record<string, string> = {}) =>
      s.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
    const moved = await go('/perfil', { 'accept-language': 'es' });
    expect([moved.statusCode, moved.headers.location]).toEqual([302, '/es/perfil']);
    expect(moved.headers.vary).toContain('Accept-Language');
    expect(moved.headers['cache-control']).toBe('private, no-cache');
    // A deep link keeps its screen, parameters and query, in the language's own words.
    const deep = async (url: string) =>
      (await go(url, { 'accept-language': 'en-US' })).headers.location;
    expect(await deep('/produto/1?utm_source=x&fazerlogin')).toBe(
      '/en/product/1?utm_source=x&fazerlogin',
    );
    expect(await deep('/meuspedidos')).toBe('/en/requests');
    expect(await deep('/informacoes/perguntas-frequentes')).toBe('/en/information/faq');
    expect(await deep('/politicas/privacidade')).toBe('/en/policies/privacy');
    // A path no screen has, and a language prefix of the brand, are not redirected.
    expect((await go('/no/such/page')).statusCode).toBe(404);
    expect((await go('/es/producto/1', { 'accept-language': 'en-US' })).statusCode).toBe(200);
  });

  it('serves build files with long cache for hashed assets, and a 404 for missing ones', async () => {
    const js = await s.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toContain('max-age=31536000');
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.headers['content-encoding']).toBe('gzip');
    const humans = await s.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(humans.body).toBe('Team: storefront\n');
    const missing = await s.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(missing.statusCode).toBe(404);
    const raw = await s.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--brand-config-->');
  });

  it('sends a CSP without unsafe-eval or inline scripts', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/pt' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false);
  });

  it('tells to build when dist/index.html is missing', async () => {
    const bare = await startTestServer({
      distDir: path.join(dist, 'nothing-here'),
      brands: [testBrand()],
    });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/pt' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
