import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testBrand } from '#server/test/test-brand.ts';
import { escapeHtml, jsonForScript, pageLocale, renderIndexHtml } from './index-html';

describe('index.html helpers', () => {
  it('escapes HTML and script-breaking JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(jsonForScript({ s: '</script>' })).toBe('{"s":"\\u003c/script>"}');
    expect(JSON.parse(jsonForScript({ s: '</script>' }))).toEqual({ s: '</script>' });
  });

  it('takes the locale from the path prefix the brand offers', () => {
    const b = testBrand();
    expect(pageLocale(b, '/')).toBe('pt-BR');
    expect(pageLocale(b, '/en/product/1')).toBe('en-US');
    expect(pageLocale(b, '/es')).toBe('es-ES');
    expect(pageLocale(b, '/fr/x')).toBe('pt-BR');
    b.brand.locales = ['pt-BR'];
    expect(pageLocale(b, '/en')).toBe('pt-BR');
  });

  it("sets the page's language on the project's index.html and keeps <html>'s inline style", () => {
    const template = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const html = renderIndexHtml(template, testBrand(), 'en-US', 'v1');
    const tag = /<html [^>]*>/.exec(html)?.[0];
    expect(tag).toMatch(/^<html lang="en-US" style="scroll-padding-bottom: [^"]+">$/);
  });

  it('opens the development pages only on a server that serves them', () => {
    const template = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const tag = (devPages: boolean) =>
      /<html [^>]*>/.exec(renderIndexHtml(template, testBrand(), 'pt-BR', 'v1', devPages))?.[0];
    expect(tag(false)).not.toContain('data-dev-pages');
    expect(tag(true)).toMatch(/^<html lang="pt-BR" data-dev-pages style=/);
  });
});
