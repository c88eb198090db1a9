import { describe, expect, it } from 'vitest';
import { acceptedLanguages, cookieValue, requestLanguage } from './language-choice';

describe('acceptedLanguages', () => {
  it('orders by quality, then by the header’s order, without * and quality 0', () => {
    expect(acceptedLanguages('en-US,en;q=0.9,pt-BR;q=0.8')).toEqual(['en-US', 'en', 'pt-BR']);
    expect(acceptedLanguages('fr;q=0.5, de, es;q=0.5, *;q=0.1')).toEqual(['de', 'fr', 'es']);
    expect(acceptedLanguages('pt;q=0, es')).toEqual(['es']);
    expect(acceptedLanguages('en;q=abc, es;q=2, pt')).toEqual(['pt']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe('cookieValue', () => {
  it('finds a cookie by its exact name', () => {
    expect(cookieValue('a=1; si_language=es-ES; b=2', 'si_language')).toBe('es-ES');
    expect(cookieValue('xsi_language=en-US', 'si_language')).toBeNull();
    expect(cookieValue('si_language=%E0', 'si_language')).toBeNull();
    expect(cookieValue(undefined, 'si_language')).toBeNull();
  });
});

describe('requestLanguage', () => {
  const brand = { locales: ['pt-BR', 'en-US'] as const, defaultLocale: 'pt-BR' as const };
  it('takes the stored choice, else the browser’s languages, else the brand’s', () => {
    expect(requestLanguage(brand, { cookie: 'si_language=en-US', acceptLanguage: 'pt' })).toBe(
      'en-US',
    );
    expect(requestLanguage(brand, { cookie: 'si_language=es-ES', acceptLanguage: 'en-GB' })).toBe(
      'en-US',
    );
    expect(requestLanguage(brand, { acceptLanguage: 'es-ES, fr' })).toBe('pt-BR');
    expect(requestLanguage(brand, {})).toBe('pt-BR');
  });
});
