import { describe, expect, it } from 'vitest';
import { contentLanguages } from '#server/content/languages.ts';
import { scanContent } from '#server/content/pages.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { languageRedirect } from './language-redirect';

// The second demo brand: Spanish first, Portuguese, no English.
const over = { locales: ['es-ES' as const, 'pt-BR' as const], defaultLocale: 'es-ES' as const };
const brand = testBrand('aquario', over);
const content = await scanContent('brands/aquario-marinho', contentLanguages(over));

const to = (pathname: string, acceptLanguage?: string, cookie?: string) =>
  languageRedirect(brand, async () => content, pathname, { acceptLanguage, cookie });

describe('languageRedirect', () => {
  it('sends `/` to the chosen language, else the browser’s, else the brand’s', async () => {
    expect(await to('/')).toBe('/es');
    expect(await to('/', 'pt-PT,pt;q=0.9')).toBe('/pt');
    expect(await to('/', 'en-US,en;q=0.9,pt-BR;q=0.8')).toBe('/pt');
    expect(await to('/', 'en-US')).toBe('/es');
    expect(await to('/', 'pt-BR', 'si_language=es-ES')).toBe('/es');
    // English is not the brand's: the cookie is ignored.
    expect(await to('/', 'pt-BR', 'si_language=en-US')).toBe('/pt');
  });

  it('gives a content page its slug in the language', async () => {
    expect(await to('/politicas/privacidad', 'pt-BR')).toBe('/pt/politicas/privacidade');
    // A language the brand does not offer is no language of its own.
    expect(await to('/en/policies/privacidad', 'pt-BR')).toBe('/pt/politicas/privacidade');
    expect(await to('/en/information/faq', 'es')).toBe('/es/informacion/preguntas-frecuentes');
    // A slug no page has stays (the page answers not found).
    expect(await to('/politicas/nada', 'es')).toBe('/es/politicas/nada');
  });

  it('leaves the brand’s languages, paths of no screen and development pages alone', async () => {
    expect(await to('/es/producto/21', 'pt-BR')).toBeNull();
    expect(await to('/PT/produto/21', 'es')).toBeNull();
    expect(await to('/no/such/page')).toBeNull();
    expect(await to('/dev/forms')).toBeNull();
    expect(
      await languageRedirect(
        testBrand('one', { multiLanguage: false }),
        async () => content,
        '/',
        {},
      ),
    ).toBeNull();
  });
});
