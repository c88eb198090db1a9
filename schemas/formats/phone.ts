/**
 * Phone numbers: the display mask and length of a national number by country calling code, and
 * the form rules of spec §5 (a mobile with country code of at least 10 digits for an individual
 * and 9 for an agency; a plain mobile of at least 5).
 *
 * Lengths count digits, not characters: `+55 (11) 9` has 10 characters but 5 digits, and the
 * masks' separators must not let a short number pass. At most 15 digits (E.164) in all.
 *
 * Countries with their own masks (the national number, without the country code):
 * | code | country   | masks (shortest first)             | digits |
 * | 55   | Brazil    | (99) 9999-9999, (99) 99999-9999    | 10–11  |
 * | 1    | US/Canada | (999) 999-9999                     | 10     |
 * | 54   | Argentina | 99 9999-9999, 9 99 9999-9999       | 10–11  |
 * | 351  | Portugal  | 999 999 999                        | 9      |
 * | 34   | Spain     | 999 999 999                        | 9      |
 * Any other code: digits without grouping, 5 to 15 minus the length of the code.
 */
import { applyMask, maskCapacity } from './mask.ts';

/** Mask and length of the national numbers of one calling code. */
export interface PhoneCountry {
  /** Calling code without `+` (`'55'`). */
  code: string;
  /** Masks by increasing capacity; {@link phoneMask} picks the first that fits. */
  masks: readonly string[];
  /** Fewest digits of a complete national number. */
  minDigits: number;
  /** Most digits of a national number. */
  maxDigits: number;
}

/** Which rule of spec §5 a number is checked against. */
export type PhoneKind = 'individual' | 'agency' | 'mobile';

/** Minimum digits per rule of spec §5 (`individual`/`agency`: with country code). */
export const PHONE_MIN_LENGTH: Readonly<Record<PhoneKind, number>> = {
  individual: 10,
  agency: 9,
  mobile: 5,
};

/** E.164: at most 15 digits, country code included. */
export const PHONE_MAX_DIGITS = 15;

const country = (code: string, masks: string[]): PhoneCountry => ({
  code,
  masks,
  minDigits: maskCapacity(masks[0]!),
  maxDigits: maskCapacity(masks[masks.length - 1]!),
});

/** The countries with their own masks, by calling code. */
export const PHONE_COUNTRIES: Readonly<Record<string, PhoneCountry>> = {
  '55': country('55', ['(99) 9999-9999', '(99) 99999-9999']),
  '1': country('1', ['(999) 999-9999']),
  '54': country('54', ['99 9999-9999', '9 99 9999-9999']),
  '351': country('351', ['999 999 999']),
  '34': country('34', ['999 999 999']),
};

const PHONE_CHARS = /^[0-9 ().-]+$/;
const INTL_PHONE_CHARS = /^\+?[0-9 ().-]+$/;

/** The digits of `value`, everything else removed. */
export function cleanPhone(value: string): string {
  return value.replace(/\D/g, '');
}

/** The mask and lengths for `countryCode` (`'55'`, `'+55'`); a plain default for unknown codes. */
export function phoneCountry(countryCode: string): PhoneCountry {
  const code = cleanPhone(countryCode);
  const known = PHONE_COUNTRIES[code];
  if (known) return known;
  const max = Math.max(PHONE_MIN_LENGTH.mobile, PHONE_MAX_DIGITS - code.length);
  return { code, masks: ['9'.repeat(max)], minDigits: PHONE_MIN_LENGTH.mobile, maxDigits: max };
}

/**
 * The mask for a national number of `countryCode`: the first mask with room for the digits typed
 * so far (Brazil switches from `(99) 9999-9999` to `(99) 99999-9999` at the eleventh digit).
 */
export function phoneMask(countryCode: string, national = ''): string {
  const { masks } = phoneCountry(countryCode);
  const digits = cleanPhone(national).length;
  return masks.find((m) => maskCapacity(m) >= digits) ?? masks[masks.length - 1]!;
}

/** `national` masked for `countryCode`, as the user types. */
export function formatPhone(countryCode: string, national: string): string {
  return applyMask(phoneMask(countryCode, national), cleanPhone(national));
}

/**
 * Minimum digits: for a {@link PhoneKind} the rule of spec §5; for `'national'` the shortest
 * complete national number of `countryCode` (the mask length).
 */
export function minPhoneLength(kind: PhoneKind | 'national', countryCode = ''): number {
  return kind === 'national' ? phoneCountry(countryCode).minDigits : PHONE_MIN_LENGTH[kind];
}

/** Whether `national` is a complete national number for `countryCode` (mask length). */
export function isNationalPhone(countryCode: string, national: string): boolean {
  if (!PHONE_CHARS.test(national)) return false;
  const { minDigits, maxDigits } = phoneCountry(countryCode);
  const n = cleanPhone(national).length;
  return n >= minDigits && n <= maxDigits;
}

/**
 * A mobile with country code (`+55 (11) 98765-4321`, `5511987654321`): digits with an optional
 * leading `+`, spaces, dots, dashes and parentheses; at least 10 digits for an individual, 9 for
 * an agency, at most 15.
 */
export function isIntlPhone(value: string, kind: 'individual' | 'agency' = 'individual'): boolean {
  if (!INTL_PHONE_CHARS.test(value)) return false;
  const n = cleanPhone(value).length;
  return n >= PHONE_MIN_LENGTH[kind] && n <= PHONE_MAX_DIGITS;
}

/** {@link isIntlPhone} with the agency minimum (9 digits). */
export function isAgencyIntlPhone(value: string): boolean {
  return isIntlPhone(value, 'agency');
}

/** A plain mobile (no country code required): 5 to 15 digits with the usual separators. */
export function isPhone(value: string): boolean {
  if (!PHONE_CHARS.test(value)) return false;
  const n = cleanPhone(value).length;
  return n >= PHONE_MIN_LENGTH.mobile && n <= PHONE_MAX_DIGITS;
}
