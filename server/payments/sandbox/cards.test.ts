import { describe, expect, it } from 'vitest';
import { bandeiraOf, cardProblem, luhnValid, outcomeOf, TEST_CARDS } from './cards';

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

describe('sandbox cards', () => {
  it('test cards are Luhn-valid and map to their outcomes', () => {
    for (const [numero, outcome] of Object.entries(TEST_CARDS)) {
      expect(luhnValid(numero), numero).toBe(true);
      expect(outcomeOf(numero)).toBe(outcome);
      expect(cardProblem(card({ numero }), now)).toBeNull();
    }
    expect(outcomeOf('5555555555554444')).toBe('approved');
  });

  it('refuses bad numbers, expiry, cvv and holder', () => {
    expect(cardProblem(card({ numero: '4111111111111112' }), now)).toBe('invalid_number');
    expect(cardProblem(card({ numero: '411111' }), now)).toBe('invalid_number');
    expect(cardProblem(card({ validade: '05/26' }), now)).toBe('invalid_expiry');
    expect(cardProblem(card({ validade: '06/26' }), now)).toBeNull();
    expect(cardProblem(card({ validade: '00/30' }), now)).toBe('invalid_expiry');
    expect(cardProblem(card({ validade: '1230' }), now)).toBe('invalid_expiry');
    expect(cardProblem(card({ cvv: '1234' }), now)).toBe('invalid_cvv');
    expect(cardProblem(card({ numero: '378282246310005', cvv: '1234' }), now)).toBeNull();
    expect(cardProblem(card({ titular: 'x' }), now)).toBe('invalid_holder');
  });

  it('detects card brands by prefix', () => {
    expect(bandeiraOf('4111111111111111')).toBe('visa');
    expect(bandeiraOf('5555555555554444')).toBe('mastercard');
    expect(bandeiraOf('2221000000000009')).toBe('mastercard');
    expect(bandeiraOf('378282246310005')).toBe('amex');
    expect(bandeiraOf('6062825624254001')).toBe('hipercard');
    expect(bandeiraOf('6362970000457013')).toBe('elo');
    expect(bandeiraOf('4011780000000000')).toBe('elo');
    expect(bandeiraOf('9999999999999995')).toBe('unknown');
  });
});
