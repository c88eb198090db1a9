import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanCnpj, cnpjCheckDigits, formatCnpj, isCnpj } from './cnpj';

describe('isCnpj', () => {
  it.each([
    // Receita Federal's example of the alphanumeric CNPJ
    ['12.ABC.345/01DE-35', true],
    ['12ABC34501DE35', true],
    ['12.abc.345/01de-35', true],
    ['12abc34501de35', true],
    // well-known numeric ones
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['00.000.000/0001-91', true],
    ['33.000.167/0001-01', true],
    ['60.701.190/0001-04', true],
    ['12ABC345/01DE-35', true],
    // wrong check digits
    ['12.ABC.345/01DE-36', false],
    ['12.ABC.345/01DE-53', false],
    ['11.222.333/0001-82', false],
    ['11222333000180', false],
    // check digits must be digits
    ['12.ABC.345/01DE-3A', false],
    ['12ABC34501DEAB', false],
    // equal characters
    ['00.000.000/0000-00', false],
    ['00000000000000', false],
    ['11111111111111', false],
    // shape
    ['', false],
    ['1122233300018', false],
    ['112223330001811', false],
    ['11.222.333/0001 81', false],
    [' 11.222.333/0001-81', false],
    ['11-222-333-0001-81', false],
    ['12.ÀBC.345/01DE-35', false],
    ['12.A#C.345/01DE-35', false],
  ])('%j → %s', (value, expected) => {
    expect(isCnpj(value)).toBe(expected);
  });
});

describe('cnpj helpers', () => {
  it('computes the check digits, letters as ASCII − 48', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(() => cnpjCheckDigits('12abc34501de')).toThrow(RangeError);
    expect(() => cnpjCheckDigits('12ABC34501D')).toThrow(RangeError);
  });

  it.each([
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['11.222.333/0001-81', '11222333000181'],
    ['', ''],
  ])('cleans %j → %j', (value, expected) => {
    expect(cleanCnpj(value)).toBe(expected);
  });

  it.each([
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['11222333000181', '11.222.333/0001-81'],
    ['12ab', '12.AB'],
    ['12ABC34501DEXY', '12.ABC.345/01DE'],
    ['', ''],
  ])('formats %j → %j', (value, expected) => {
    expect(formatCnpj(value)).toBe(expected);
  });
});

const DIGITS = [...'0123456789'];
const ALNUM = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const value = (c: string) => c.charCodeAt(0) - 48;

const cnpjOf = (chars: string[]) =>
  fc
    .array(fc.constantFrom(...chars), { minLength: 12, maxLength: 12 })
    .map((c) => c.join(''))
    .filter((base) => !/^(.)\1{11}$/.test(base))
    .map((base) => base + cnpjCheckDigits(base));
const numericCnpj = cnpjOf(DIGITS);
const alphanumericCnpj = cnpjOf(ALNUM);
const anyCnpj = fc.oneof(numericCnpj, alphanumericCnpj);

describe('cnpj properties', () => {
  it('generated CNPJs pass, raw, formatted and lower-case', () => {
    fc.assert(
      fc.property(anyCnpj, (cnpj) => {
        expect(isCnpj(cnpj)).toBe(true);
        expect(isCnpj(formatCnpj(cnpj))).toBe(true);
        expect(isCnpj(cnpj.toLowerCase())).toBe(true);
      }),
    );
  });

  // Two blind spots of the official algorithm, pinned below: remainders 0 and 1 both give check
  // digit 0, and characters whose values differ by a multiple of 11 weigh the same modulo 11
  // ('A' = 17 and 'L' = 28, '6' = 6 and 'A' = 17). Digits differ by at most 9, so a numeric CNPJ
  // with a first check digit other than 0 catches every single-digit change.
  it('changing any one digit of a numeric CNPJ makes it fail (first check digit not 0)', () => {
    fc.assert(
      fc.property(
        numericCnpj.filter((c) => c[12] !== '0'),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, at, d) => {
          const mutated = cnpj.slice(0, at) + ((Number(cnpj[at]) + d) % 10) + cnpj.slice(at + 1);
          expect(isCnpj(mutated)).toBe(false);
        },
      ),
    );
  });

  it('changing any one character of an alphanumeric CNPJ to one not ≡ mod 11 makes it fail', () => {
    fc.assert(
      fc.property(
        alphanumericCnpj.filter((c) => c[12] !== '0'),
        fc.integer({ min: 0, max: 11 }),
        fc.constantFrom(...ALNUM),
        (cnpj, at, c) => {
          fc.pre((value(c) - value(cnpj[at]!)) % 11 !== 0);
          const mutated = cnpj.slice(0, at) + c + cnpj.slice(at + 1);
          expect(isCnpj(mutated)).toBe(false);
        },
      ),
    );
  });

  it('changing a check digit always makes a CNPJ fail', () => {
    fc.assert(
      fc.property(
        anyCnpj,
        fc.constantFrom(12, 13),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, at, d) => {
          const mutated = cnpj.slice(0, at) + ((Number(cnpj[at]) + d) % 10) + cnpj.slice(at + 1);
          expect(isCnpj(mutated)).toBe(false);
        },
      ),
    );
  });

  it('pins the blind spots of the official algorithm', () => {
    // 'A' (17) → 'L' (28) and 'A' → '6' (6) differ by 11: same sums modulo 11
    expect(isCnpj('12LBC34501DE35')).toBe(true);
    expect(isCnpj('126BC34501DE35')).toBe(true);
  });
});
