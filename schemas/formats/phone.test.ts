import { describe, expect, it } from 'vitest';
import {
  cleanPhone,
  formatPhone,
  isAgencyIntlPhone,
  isIntlPhone,
  isNationalPhone,
  isPhone,
  minPhoneLength,
  phoneCountry,
  phoneMask,
} from './phone';

describe('phoneMask', () => {
  it.each([
    ['55', '', '(99) 9999-9999'],
    ['+55', '1198765432', '(99) 9999-9999'],
    ['55', '11987654321', '(99) 99999-9999'],
    ['55', '119876543210', '(99) 99999-9999'],
    ['1', '2025550123', '(999) 999-9999'],
    ['54', '1123456789', '99 9999-9999'],
    ['54', '91123456789', '9 99 9999-9999'],
    ['351', '912345678', '999 999 999'],
    ['34', '612345678', '999 999 999'],
    ['49', '', '9999999999999'],
    ['', '', '999999999999999'],
  ])('%s with %j → %s', (cc, national, mask) => {
    expect(phoneMask(cc, national)).toBe(mask);
  });
});

describe('formatPhone', () => {
  it.each([
    ['55', '11', '(11'],
    ['55', '119876', '(11) 9876'],
    ['55', '1198765432', '(11) 9876-5432'],
    ['55', '11987654321', '(11) 98765-4321'],
    ['55', '(11) 98765-4321', '(11) 98765-4321'],
    ['1', '2025550123', '(202) 555-0123'],
    ['54', '91123456789', '9 11 2345-6789'],
    ['351', '912345678', '912 345 678'],
    ['34', '612 34 56 78', '612 345 678'],
    ['49', '30 1234567', '301234567'],
  ])('%s %j → %j', (cc, national, expected) => {
    expect(formatPhone(cc, national)).toBe(expected);
  });
});

describe('lengths', () => {
  it('follows spec §5 by kind', () => {
    expect(minPhoneLength('individual')).toBe(10);
    expect(minPhoneLength('agency')).toBe(9);
    expect(minPhoneLength('mobile')).toBe(5);
  });

  it.each([
    ['55', 10, 11],
    ['1', 10, 10],
    ['54', 10, 11],
    ['351', 9, 9],
    ['34', 9, 9],
    ['49', 5, 13],
    ['', 5, 15],
  ])('country %s: %d to %d digits', (cc, min, max) => {
    expect(minPhoneLength('national', cc)).toBe(min);
    expect(phoneCountry(cc)).toMatchObject({ minDigits: min, maxDigits: max });
  });

  it.each([
    ['55', '(11) 98765-4321', true],
    ['55', '1132654321', true],
    ['55', '113265432', false],
    ['55', '119876543210', false],
    ['1', '(202) 555-0123', true],
    ['1', '555-0123', false],
    ['351', '912 345 678', true],
    ['351', '91234567', false],
    ['49', '12345', true],
    ['49', '1234', false],
    ['55', '11 9876x4321', false],
  ])('isNationalPhone(%s, %j) → %s', (cc, national, expected) => {
    expect(isNationalPhone(cc, national)).toBe(expected);
  });
});

describe('isIntlPhone', () => {
  it.each([
    ['+55 (11) 98765-4321', true, true],
    ['5511987654321', true, true],
    ['+1 202 555 0123', true, true],
    ['+351 912 345 678', true, true],
    // 9 digits: enough for an agency only
    ['+351 912345', false, true],
    ['351912345', false, true],
    // 8 digits: too short for both, though 11 characters
    ['+55 11 9876', false, false],
    ['+55 (11) 9', false, false],
    // more than 15 digits
    ['+55 11 98765 4321 9999', false, false],
    // other characters, a + not in front
    ['+55 11 98765-4321 ext', false, false],
    ['55+11987654321', false, false],
    ['', false, false],
  ])('%j → individual %s, agency %s', (value, individual, agency) => {
    expect(isIntlPhone(value)).toBe(individual);
    expect(isIntlPhone(value, 'individual')).toBe(individual);
    expect(isIntlPhone(value, 'agency')).toBe(agency);
    expect(isAgencyIntlPhone(value)).toBe(agency);
  });
});

describe('isPhone (plain mobile)', () => {
  it.each([
    ['98765', true],
    ['98765-4321', true],
    ['(11) 98765-4321', true],
    ['9876', false],
    ['98 76', false],
    ['+5511987654321', false],
    ['1234567890123456', false],
    ['abcde', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isPhone(value)).toBe(expected);
  });

  it('cleans to digits', () => {
    expect(cleanPhone('+55 (11) 98765-4321')).toBe('5511987654321');
  });
});
