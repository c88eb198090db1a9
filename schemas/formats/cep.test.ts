import { describe, expect, it } from 'vitest';
import { cleanCep, formatCep, isCep } from './cep';

describe('isCep', () => {
  it.each([
    ['01310-100', true],
    ['01310100', true],
    ['99999-999', true],
    ['0131-0100', false],
    ['01310-10', false],
    ['013101000', false],
    ['01310 100', false],
    ['01.310-100', false],
    ['ABCDE-FGH', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isCep(value)).toBe(expected);
  });

  it.each([
    ['01310100', '01310-100'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01.310-100', '01310-100'],
  ])('formats %j → %j', (value, expected) => {
    expect(formatCep(value)).toBe(expected);
  });

  it('cleans', () => {
    expect(cleanCep('01310-100')).toBe('01310100');
  });
});
