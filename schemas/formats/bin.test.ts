import { describe, expect, it } from 'vitest';
import { binOf, isCardBin } from './bin';

describe('isCardBin', () => {
  it.each([
    ['411111', true],
    ['000000', true],
    ['41111', false],
    ['4111111', false],
    ['4111 11', false],
    ['41111a', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isCardBin(value)).toBe(expected);
  });

  it('takes the BIN of a card number', () => {
    expect(binOf('4111 1111 1111 1111')).toBe('411111');
    expect(binOf('4111-11')).toBe('411111');
    expect(binOf('4111')).toBeNull();
  });
});
