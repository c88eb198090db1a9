import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_BRAND_RULES,
  type CardBrand,
  cardBrand,
  cardBrandByPrefix,
  cardMask,
  cvvLength,
  formatCardExpiry,
  formatCardNumber,
  isCardExpiry,
  isCardNumber,
  isCvv,
  luhn,
  luhnCheckDigit,
} from './card';

describe('known numbers', () => {
  it.each<[string, CardBrand]>([
    // the sandbox's
    ['4111111111111111', 'visa'],
    ['4000000000000002', 'visa'],
    ['4000000000000341', 'visa'],
    ['4012888888881881', 'visa'],
    ['4222222222222', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['30569309025904', 'diners'],
    ['38520000023237', 'diners'],
    ['36490102462661', 'diners'],
    ['6011111111111117', 'discover'],
    ['6011000990139424', 'discover'],
    ['3530111333300000', 'jcb'],
    ['3566002020360505', 'jcb'],
    ['6362970000457013', 'elo'],
    ['6062825624254001', 'hipercard'],
    ['5078601870000127985', 'aura'],
    ['6042034400069940', 'cabal'],
    ['4111 1111 1111 1111', 'visa'],
    ['4111-1111-1111-1111', 'visa'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
    expect(isCardNumber(number)).toBe(true);
  });

  it.each([
    ['4111111111111112', 'Luhn fails'],
    ['4111111111111', 'Visa of 13 but Luhn fails'],
    ['411111111111111', 'Visa of 15 digits'],
    ['37828224631000', 'Amex of 14 digits'],
    ['9111111111111110', 'no brand'],
    ['1234', 'too short'],
    ['', 'empty'],
    ['4111.1111.1111.1111', 'dots'],
    ['4111111111111111a', 'a letter'],
  ])('%j fails: %s', (number) => {
    expect(isCardNumber(number)).toBe(false);
  });
});

// a Luhn-valid number: prefix, zeros, check digit
const complete = (prefix: string, length: number) =>
  prefix.padEnd(length - 1, '0') + luhnCheckDigit(prefix.padEnd(length - 1, '0'));

describe('the brand table', () => {
  const cases = CARD_BRAND_RULES.flatMap((rule) =>
    rule.prefixes
      .flatMap((p) => (typeof p === 'string' ? [p] : [...p]))
      .flatMap((prefix) => rule.lengths.map((length) => [rule.brand, prefix, length] as const)),
  );

  it.each(cases)('%s: prefix %s, %d digits', (brand, prefix, length) => {
    const number = complete(prefix, length);
    expect(cardBrand(number)).toBe(brand);
    expect(isCardNumber(number)).toBe(true);
  });

  it.each(CARD_BRAND_RULES.map((rule) => [rule.brand, rule.prefixes[0]!, rule.lengths] as const))(
    '%s: other lengths have no brand',
    (_brand, p, lengths) => {
      const prefix = typeof p === 'string' ? p : p[0];
      for (let length = 12; length <= 20; length += 1) {
        if (lengths.includes(length)) continue;
        expect(cardBrand(complete(prefix, length))).toBeNull();
      }
    },
  );

  it.each<[string, CardBrand | null]>([
    // Elo inside Visa, Aura and Discover
    ['401178', 'elo'],
    ['401180', 'visa'],
    ['438935', 'elo'],
    ['504175', 'elo'],
    ['504176', 'aura'],
    ['506699', 'elo'],
    ['506698', 'aura'],
    ['506778', 'elo'],
    ['506779', 'aura'],
    ['509500', 'elo'],
    ['650031', 'elo'],
    ['650030', 'discover'],
    ['650034', 'discover'],
    ['655058', 'elo'],
    ['655059', 'discover'],
    // Hipercard inside Diners
    ['384100', 'hipercard'],
    ['384101', 'diners'],
    ['606282', 'hipercard'],
    ['637095', 'hipercard'],
    ['637612', 'hipercard'],
    ['637613', null],
    // Cabal next to Discover and Aura
    ['604210', 'cabal'],
    ['604220', null],
    ['589657', 'cabal'],
    // Mastercard series 2
    ['222100', 'mastercard'],
    ['222099', null],
    ['272099', 'mastercard'],
    ['272100', null],
    ['560000', null],
    ['306000', null],
    ['309500', 'diners'],
    ['352700', null],
    ['352800', 'jcb'],
  ])('prefix %s → %s', (prefix, brand) => {
    expect(cardBrandByPrefix(prefix)).toBe(brand);
  });

  it('shows a brand while typing, refining as digits come', () => {
    expect(cardBrandByPrefix('')).toBeNull();
    expect(cardBrandByPrefix('4')).toBe('visa');
    expect(cardBrandByPrefix('3')).toBeNull();
    expect(cardBrandByPrefix('34')).toBe('amex');
    expect(cardBrandByPrefix('5067')).toBe('aura');
    expect(cardBrandByPrefix('506700')).toBe('elo');
    expect(cardBrandByPrefix('6362 97')).toBe('elo');
    expect(cardBrandByPrefix('abc')).toBeNull();
  });
});

describe('security code', () => {
  it.each<[CardBrand | null, number]>([
    ['amex', 4],
    ['discover', 4],
    ['visa', 3],
    ['mastercard', 3],
    ['elo', 3],
    ['hipercard', 3],
    ['diners', 3],
    [null, 3],
  ])('%s: %d digits', (brand, length) => {
    expect(cvvLength(brand)).toBe(length);
  });

  it.each<[string, CardBrand | null | undefined, boolean]>([
    ['123', 'visa', true],
    ['1234', 'visa', false],
    ['1234', 'amex', true],
    ['123', 'amex', false],
    ['1234', 'discover', true],
    ['123', undefined, true],
    ['1234', null, true],
    ['12', undefined, false],
    ['12345', undefined, false],
    ['12a', 'visa', false],
    ['', undefined, false],
  ])('%j for %s → %s', (cvv, brand, expected) => {
    expect(isCvv(cvv, brand)).toBe(expected);
  });
});

describe('mask', () => {
  it.each([
    ['378282246310005', '3782 822463 10005'],
    ['30569309025904', '3056 930902 5904'],
    ['4111111111111111', '4111 1111 1111 1111'],
    ['5078601870000127985', '5078 6018 7000 0127 985'],
    ['4111 11', '4111 11'],
    ['3782822', '3782 822'],
    ['', ''],
  ])('%s → %s', (number, expected) => {
    expect(formatCardNumber(number)).toBe(expected);
  });

  it('picks a mask per brand', () => {
    expect(cardMask('amex')).toBe('9999 999999 99999');
    expect(cardMask('diners', 14)).toBe('9999 999999 9999');
    expect(cardMask('diners', 16)).toBe('9999 9999 9999 9999 999');
    expect(cardMask('visa')).toBe('9999 9999 9999 9999 999');
    expect(cardMask(null)).toBe('9999 9999 9999 9999 999');
  });
});

const digits = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

describe('Luhn', () => {
  it.each([
    ['0', true],
    ['18', true],
    ['79927398713', true],
    ['79927398710', false],
    ['', false],
    ['12a', false],
  ])('%j → %s', (value, expected) => {
    expect(luhn(value)).toBe(expected);
  });

  it('generated numbers pass', () => {
    fc.assert(
      fc.property(digits(12, 18), (partial) => {
        expect(luhn(partial + luhnCheckDigit(partial))).toBe(true);
      }),
    );
  });

  it('changing any one digit makes a number fail', () => {
    fc.assert(
      fc.property(
        digits(12, 18),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (partial, seed, delta) => {
          const number = partial + luhnCheckDigit(partial);
          const at = seed % number.length;
          const changed = (Number(number[at]) + delta) % 10;
          expect(luhn(number.slice(0, at) + changed + number.slice(at + 1))).toBe(false);
        },
      ),
    );
  });
});

describe('expiry', () => {
  // 15 June 2026, noon UTC
  const june = new Date('2026-06-15T12:00:00Z');
  it.each<[string, boolean]>([
    ['06/26', true],
    ['6/26', false],
    ['05/26', false],
    ['12/30', true],
    ['06/2026', true],
    ['05/2026', false],
    ['06 / 26', true],
    ['00/30', false],
    ['13/30', false],
    ['1230', false],
    ['', false],
  ])('%j in June 2026 → %s', (value, expected) => {
    expect(isCardExpiry(value, june)).toBe(expected);
  });

  it('keeps a card good until its month has ended everywhere on Earth', () => {
    // 23:00 on 30 June in São Paulo is already 1 July in UTC: the card of 06/26 still works…
    expect(isCardExpiry('06/26', new Date('2026-07-01T02:00:00Z'))).toBe(true);
    // …until the month is over even at UTC−12.
    expect(isCardExpiry('06/26', new Date('2026-07-01T12:00:00Z'))).toBe(false);
  });

  it.each([
    ['1228', '12/28'],
    ['12/2', '12/2'],
    ['1', '1'],
    ['12', '12'],
    ['12a345', '12/34'],
  ])('formats %j as %j', (raw, shown) => {
    expect(formatCardExpiry(raw)).toBe(shown);
  });
});
