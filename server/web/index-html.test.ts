import { describe, expect, it } from 'vitest';
import { testBrand } from '../test/test-brand';
import { escapeHtml, jsonForScript, pageLocale } from './index-html';

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
});
