import { describe, expect, it } from 'vitest';
import type { Locale } from '#schemas/contract.ts';
import { browserLocale } from './locale';

const ALL: Locale[] = ['pt-BR', 'es-ES', 'en-US'];

describe('browserLocale (first visit follows Accept-Language)', () => {
  it('takes the first language the brand offers, exact tag first', () => {
    expect(browserLocale(ALL, ['en-US', 'pt-BR'])).toBe('en-US');
    expect(browserLocale(ALL, ['es-ES', 'en'])).toBe('es-ES');
  });
  it('matches by language when the region differs', () => {
    expect(browserLocale(ALL, ['en-GB'])).toBe('en-US');
    expect(browserLocale(ALL, ['pt-PT', 'en-US'])).toBe('pt-BR');
    expect(browserLocale(ALL, ['es-AR'])).toBe('es-ES');
  });
  it('skips languages the brand does not offer', () => {
    expect(browserLocale(['pt-BR', 'es-ES'], ['fr-FR', 'en-US', 'es-MX'])).toBe('es-ES');
    expect(browserLocale(['pt-BR'], ['de-DE', 'en-US'])).toBeNull();
    expect(browserLocale(ALL, [])).toBeNull();
  });
});
