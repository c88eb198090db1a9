import { describe, expect, it } from 'vitest';
import { cleanVoucher, formatVoucher, isVoucher } from './voucher';

describe('isVoucher', () => {
  it.each([
    ['1234567890123456', true],
    ['1234 5678 9012 3456', true],
    ['1234-5678-9012-3456', true],
    ['  1234 5678 9012 3456\n', true],
    ['12345678 90123456', true],
    ['123456789012345', false],
    ['12345678901234567', false],
    ['1234.5678.9012.3456', false],
    ['123456789012345A', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isVoucher(value)).toBe(expected);
  });

  it('cleans and formats', () => {
    expect(cleanVoucher('1234 5678-9012 3456')).toBe('1234567890123456');
    expect(cleanVoucher('12.34')).toBe('12.34');
    expect(formatVoucher('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(formatVoucher('12345')).toBe('1234 5');
  });
});
