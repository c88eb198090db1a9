import { describe, expect, it } from 'vitest';
import { luhn } from '#schemas/formats/card.ts';
import { checkCard, outcomeOf, TEST_CARDS } from './cards';

const card = (
  over: Partial<{ numero: string; titular: string; validade: string; cvv: string }>,
) => ({
  numero: '4111 1111 1111 1111',
  titular: 'Demo',
  validade: '12/30',
  cvv: '123',
  ...over,
});
const now = new Date('2026-06-15T12:00:00Z');
const problem = (c: ReturnType<typeof card>) => {
  const r = checkCard(c, now);
  return r.ok ? null : r.problem;
};

describe('sandbox cards', () => {
  it('test cards are valid Visa numbers and map to their outcomes', () => {
    for (const [numero, outcome] of Object.entries(TEST_CARDS)) {
      expect(luhn(numero), numero).toBe(true);
      expect(outcomeOf(numero)).toBe(outcome);
      expect(checkCard(card({ numero }), now)).toEqual({ ok: true, numero, bandeira: 'visa' });
    }
    expect(outcomeOf('5555555555554444')).toBe('approved');
  });

  it('refuses bad numbers, expiry, cvv and holder', () => {
    expect(problem(card({ numero: '4111111111111112' }))).toBe('invalid_number');
    expect(problem(card({ numero: '411111' }))).toBe('invalid_number');
    // Luhn-valid, but no brand issues it
    expect(problem(card({ numero: '9999999999999995' }))).toBe('invalid_number');
    expect(problem(card({ validade: '05/26' }))).toBe('invalid_expiry');
    expect(problem(card({ validade: '06/26' }))).toBeNull();
    expect(problem(card({ validade: '00/30' }))).toBe('invalid_expiry');
    expect(problem(card({ validade: '1230' }))).toBe('invalid_expiry');
    expect(problem(card({ cvv: '1234' }))).toBe('invalid_cvv');
    expect(problem(card({ numero: '378282246310005', cvv: '123' }))).toBe('invalid_cvv');
    expect(problem(card({ numero: '378282246310005', cvv: '1234' }))).toBeNull();
    expect(problem(card({ titular: 'x' }))).toBe('invalid_holder');
  });

  it('names the brand as the shop lists it', () => {
    const brandOf = (numero: string, cvv = '123') => {
      const r = checkCard(card({ numero, cvv }), now);
      return r.ok ? r.bandeira : r.problem;
    };
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2221000000000009')).toBe('mastercard');
    expect(brandOf('378282246310005', '1234')).toBe('amex');
    expect(brandOf('6062825624254001')).toBe('hipercard');
    expect(brandOf('6362970000457013')).toBe('elo');
  });
});
