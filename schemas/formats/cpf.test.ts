import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanCpf, cpfCheckDigits, formatCpf, isCpf } from './cpf';

describe('isCpf', () => {
  it.each([
    ['123.456.789-09', true],
    ['12345678909', true],
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['123456789-09', true],
    ['123.456.78909', true],
    ['123.456.789-00', false],
    ['123.456.789-19', false],
    ['12345678900', false],
    ['000.000.000-00', false],
    ['11111111111', false],
    ['99999999999', false],
    ['1234567890', false],
    ['123456789091', false],
    ['', false],
    [' 123.456.789-09', false],
    ['123 456 789 09', false],
    ['123-456-789-09', false],
    ['123.456.789/09', false],
    ['abc.def.ghi-jk', false],
    ['１２３４５６７８９０９', false],
  ])('%j → %s', (value, expected) => {
    expect(isCpf(value)).toBe(expected);
  });
});

describe('cpf helpers', () => {
  it('computes the check digits', () => {
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
  });

  it.each([
    ['123.456.789-09', '12345678909'],
    [' 123 456 789 09 ', '12345678909'],
    ['', ''],
  ])('cleans %j → %j', (value, expected) => {
    expect(cleanCpf(value)).toBe(expected);
  });

  it.each([
    ['12345678909', '123.456.789-09'],
    ['1234', '123.4'],
    ['123.456.789-09', '123.456.789-09'],
    ['', ''],
  ])('formats %j → %j', (value, expected) => {
    expect(formatCpf(value)).toBe(expected);
  });
});

const digit = fc.constantFrom(...'0123456789');
const validCpf = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .map((d) => d.join(''))
  .filter((base) => !/^(\d)\1{8}$/.test(base))
  .map((base) => base + cpfCheckDigits(base));

describe('cpf properties', () => {
  it('generated CPFs pass, raw and formatted', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isCpf(cpf)).toBe(true);
        expect(isCpf(formatCpf(cpf))).toBe(true);
      }),
    );
  });

  // The CPF check digit maps remainder 10 to 0, so when the first check digit is 0 a change of
  // the first digit can move the remainder from 0 to 10 unseen (see the blind-spot test below).
  // With a first check digit other than 0 every single-digit change is caught.
  it('changing any one digit makes a CPF fail (first check digit not 0)', () => {
    fc.assert(
      fc.property(
        validCpf.filter((cpf) => cpf[9] !== '0'),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, delta) => {
          const changed = (Number(cpf[position]) + delta) % 10;
          const mutated = cpf.slice(0, position) + changed + cpf.slice(position + 1);
          expect(isCpf(mutated)).toBe(false);
        },
      ),
    );
  });

  it('changing a check digit always makes a CPF fail', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.constantFrom(9, 10),
        fc.integer({ min: 1, max: 9 }),
        (cpf, at, d) => {
          const mutated = cpf.slice(0, at) + ((Number(cpf[at]) + d) % 10) + cpf.slice(at + 1);
          expect(isCpf(mutated)).toBe(false);
        },
      ),
    );
  });

  it('pins the blind spot of the official algorithm (10 → 0)', () => {
    // both are valid CPFs by the Receita Federal algorithm: 8→7 in the first digit moves the
    // first remainder from 0 to 10, which also gives check digit 0
    expect(isCpf('85452504605')).toBe(true);
    expect(isCpf('75452504605')).toBe(true);
  });
});
