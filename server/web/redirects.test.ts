import { describe, expect, it } from 'vitest';
import { scanContent } from '#server/content/pages.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { redirectFor } from './redirects';

// With the demo brand's content (a contact page in informacoes, cookies in both sections).
const content = await scanContent('brands/museu-aurora');
const brand = testBrand();

describe('redirectFor', () => {
  it('sends the Spanish word for contact to the contact form; the form is a page of its own', () => {
    expect(redirectFor(brand, content, '/es/contacto', 'es-ES')).toBe('/es/contato');
    expect(redirectFor(brand, content, '/en/contacto', 'en-US')).toBe('/en/contact');
    expect(redirectFor(brand, content, '/pt/contato', 'pt-BR')).toBeNull();
    expect(redirectFor(brand, content, '/en/contact', 'en-US')).toBeNull();
    expect(redirectFor(brand, content, '/es/contato', 'es-ES')).toBeNull();
  });

  it('sends malformed cookie-policy addresses to the cookies page', () => {
    expect(redirectFor(brand, content, '/pt/politicas/cookie', 'pt-BR')).toBe(
      '/pt/politicas/cookies',
    );
    expect(redirectFor(brand, content, '/en/cookies-policy', 'en-US')).toBe('/en/policies/cookies');
    expect(redirectFor(brand, content, '/es/politica-de-cookies/', 'es-ES')).toBe(
      '/es/politicas/cookies',
    );
    // The page itself leads nowhere else.
    expect(redirectFor(brand, content, '/pt/politicas/cookies', 'pt-BR')).toBeNull();
  });

  it('leaves other addresses alone', () => {
    expect(redirectFor(brand, content, '/pt', 'pt-BR')).toBeNull();
    expect(redirectFor(brand, content, '/pt/nada', 'pt-BR')).toBeNull();
    expect(redirectFor(brand, content, '/pt/produto/1', 'pt-BR')).toBeNull();
  });
});
