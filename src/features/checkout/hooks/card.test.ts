import { describe, expect, it } from 'vitest';
import { typedBrand, validateCard } from './card';

const now = new Date('2026-05-15T12:00:00Z');
const ACCEPTED = ['visa', 'mastercard', 'elo', 'amex'];
const card = (over: Partial<Record<'numero' | 'titular' | 'validade' | 'cvv', string>>) => ({
  numero: '4111 1111 1111 1111',
  titular: 'Ana Souza',
  validade: '12/30',
  cvv: '123',
  ...over,
});

describe('card checks before tokenizing', () => {
  it('accepts a complete card of an accepted brand', () => {
    expect(validateCard(card({}), ACCEPTED, now)).toEqual({});
    expect(validateCard(card({ numero: '3782 822463 10005', cvv: '1234' }), ACCEPTED, now)).toEqual(
      {},
    );
  });

  it('says which fields are missing', () => {
    expect(validateCard({ numero: '', titular: '', validade: '', cvv: '' }, ACCEPTED, now)).toEqual(
      { numero: 'required', titular: 'required', validade: 'required', cvv: 'required' },
    );
  });

  it('refuses malformed values', () => {
    expect(
      validateCard(
        { numero: '4111111111111112', titular: 'A', validade: '04/26', cvv: '12' },
        ACCEPTED,
        now,
      ),
    ).toEqual({ numero: 'invalid', titular: 'invalid', validade: 'invalid', cvv: 'invalid' });
    // Luhn-valid but no brand issues it
    expect(validateCard(card({ numero: '9999 9999 9999 9995' }), ACCEPTED, now).numero).toBe(
      'invalid',
    );
    // Amex needs 4 digits, Visa 3
    expect(validateCard(card({ numero: '378282246310005' }), ACCEPTED, now).cvv).toBe('invalid');
    expect(validateCard(card({ cvv: '1234' }), ACCEPTED, now).cvv).toBe('invalid');
    expect(validateCard(card({ validade: '05/26' }), ACCEPTED, now)).toEqual({});
  });

  it('refuses a brand the shop does not take, before the number is complete', () => {
    expect(validateCard(card({ numero: '3530 1113 3330 0000' }), ACCEPTED, now).numero).toBe(
      'notAccepted',
    );
    expect(validateCard(card({ numero: '3530' }), ACCEPTED, now).numero).toBe('notAccepted');
    expect(typedBrand('3530 11', ACCEPTED)).toEqual({ brand: 'jcb', accepted: false });
    expect(typedBrand('4111 11', ACCEPTED)).toEqual({ brand: 'visa', accepted: true });
    expect(typedBrand('5067 03', ACCEPTED)).toEqual({ brand: 'elo', accepted: true });
    // not settled before six digits
    expect(typedBrand('5067', ACCEPTED)).toBeNull();
    expect(typedBrand('', ACCEPTED)).toBeNull();
    expect(typedBrand('9999 99', ACCEPTED)).toBeNull();
  });
});
