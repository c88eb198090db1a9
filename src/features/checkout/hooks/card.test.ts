import { describe, expect, it } from 'vitest';
import {
  cvvLength,
  expiryValid,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  validateCard,
} from './card';

const now = new Date(2026, 4, 15);

describe('card checks', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('formats as typed', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('1')).toBe('1');
  });

  it('knows 4-digit security codes', () => {
    expect(cvvLength('378282246310005')).toBe(4);
    expect(cvvLength('4111111111111111')).toBe(3);
  });

  it('refuses past or malformed expiry dates', () => {
    expect(expiryValid('05/26', now)).toBe(true);
    expect(expiryValid('04/26', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('1/30', now)).toBe(false);
  });

  it('validates a whole card', () => {
    expect(
      validateCard(
        { numero: '4111 1111 1111 1111', titular: 'Ana Souza', validade: '12/30', cvv: '123' },
        now,
      ),
    ).toEqual({});
    expect(validateCard({ numero: '', titular: '', validade: '', cvv: '' }, now)).toEqual({
      numero: 'required',
      titular: 'required',
      validade: 'required',
      cvv: 'required',
    });
    expect(
      validateCard({ numero: '4111111111111112', titular: 'A', validade: '01/20', cvv: '12' }, now),
    ).toEqual({ numero: 'invalid', titular: 'invalid', validade: 'invalid', cvv: 'invalid' });
  });
});
