import { describe, expect, it } from 'vitest';
import { formatApprox, fromReais, toCents, toReais } from './money';

const usd = { moeda: 'USD', reais: 5.32, data: '2026-11-25' };
const eur = { moeda: 'EUR', reais: 6.1, data: '2026-11-24' };
const ars = { moeda: 'ARS', reais: 0.0055, data: '2026-11-20' };
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('cents', () => {
  it('converts reais and cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toReais(1234)).toBe(12.34);
  });
});

describe('fromReais', () => {
  it('divides by the reais one unit costs', () => {
    expect(fromReais(53.2, usd)).toBeCloseTo(10, 10);
    expect(fromReais(11, ars)).toBeCloseTo(2000, 6);
    expect(fromReais(0, eur)).toBe(0);
  });
});

describe('formatApprox', () => {
  it('writes the amount in the reader’s style with an unambiguous sign', () => {
    expect(plain(formatApprox(65.65, usd, 'en-US').valor)).toBe('US$ 12.34');
    expect(plain(formatApprox(65.65, usd, 'pt-BR').valor)).toBe('US$ 12,34');
    expect(plain(formatApprox(65.65, usd, 'es-ES').valor)).toBe('12,34 US$');
    expect(plain(formatApprox(61, eur, 'en-US').valor)).toBe('€10.00');
    expect(plain(formatApprox(61, eur, 'pt-BR').valor)).toBe('€ 10,00');
    expect(plain(formatApprox(11, ars, 'pt-BR').valor)).toBe('ARS 2.000,00');
    expect(plain(formatApprox(11, ars, 'en-US').valor)).toBe('ARS 2,000.00');
  });

  it('rounds to the currency’s digits', () => {
    expect(plain(formatApprox(10, usd, 'en-US').valor)).toBe('US$ 1.88');
    const jpy = { moeda: 'JPY', reais: 0.035, data: '2026-11-25' };
    expect(plain(formatApprox(1, jpy, 'en-US').valor)).toBe('JP¥ 29');
  });

  it('gives the rate’s date in the reader’s numeric style, whatever the time zone', () => {
    expect(formatApprox(1, usd, 'pt-BR').data).toBe('25/11/2026');
    expect(formatApprox(1, usd, 'es-ES').data).toBe('25/11/2026');
    expect(formatApprox(1, usd, 'en-US').data).toBe('11/25/2026');
    expect(formatApprox(1, { ...usd, data: '2026-01-01' }, 'pt-BR').data).toBe('01/01/2026');
  });

  it('keeps the sign and the number on one line', () => {
    expect(formatApprox(65.65, usd, 'en-US').valor).toMatch(/^US\$\u00a012/);
  });
});
