import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const normalize = (s: string) => s.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('formats reais in Brazilian style', () => {
    expect(normalize(formatMoney(1234.56))).toBe('R$ 1.234,56');
    expect(normalize(formatMoney(0))).toBe('R$ 0,00');
    expect(normalize(formatMoney(45))).toBe('R$ 45,00');
    expect(normalize(formatMoney(1_000_000.5))).toBe('R$ 1.000.000,50');
  });

  it('rounds to centavos', () => {
    expect(normalize(formatMoney(10.005))).toMatch(/^R\$ 10,0[01]$/);
    expect(normalize(formatMoney(0.1 + 0.2))).toBe('R$ 0,30');
  });

  it('keeps the currency sign and number together (no line break)', () => {
    expect(formatMoney(1)).toMatch(/^R\$\u00a0/);
  });
});
