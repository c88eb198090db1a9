/**
 * Card numbers: Luhn check, brand by prefix and length, security code and display mask.
 *
 * The brand is the first rule of {@link CARD_BRAND_RULES} whose prefix matches; the number's
 * length must then be one that brand issues, or there is no brand (an Elo prefix with 15 digits
 * is not a Visa). Order matters because ranges overlap: Elo's `4011 78`, `4389 35`… sit inside
 * Visa's `4`, its `5041 75`, `5067`, `509` inside Aura's `50` and its `65…` inside Discover's `65`;
 * Hipercard's `3841` sits inside Diners' `38`. So the Brazilian brands come first:
 *
 * | brand      | prefixes (BIN ranges inclusive)                                    | lengths   |
 * | elo        | 401178–401179, 431274, 438935, 451416, 457393, 457631–457632,      | 16        |
 * |            | 504175, 506699–506778, 509000–509999, 627780, 636297, 636368,      |           |
 * |            | 650031–650033, 650035–650051, 650405–650439, 650485–650538,        |           |
 * |            | 650541–650598, 650700–650718, 650720–650727, 650901–650978,        |           |
 * |            | 651652–651679, 655000–655019, 655021–655058                        |           |
 * | hipercard  | 606282, 384100, 384140, 384160, 637095, 637568, 637599, 637609,     | 16, 19    |
 * |            | 637612                                                             |           |
 * | aura       | 50 (after Elo)                                                     | 16–19     |
 * | cabal      | 604201–604219, 604300–604399, 589657                               | 16        |
 * | amex       | 34, 37                                                             | 15        |
 * | diners     | 300–305, 3095, 36, 38, 39 (after Hipercard)                        | 14–19     |
 * | jcb        | 3528–3589                                                          | 16–19     |
 * | discover   | 6011, 622126–622925, 644–649, 65 (after Elo)                       | 16–19     |
 * | mastercard | 51–55, 2221–2720                                                   | 16        |
 * | visa       | 4 (after Elo)                                                      | 13, 16, 19|
 *
 * Security code: 4 digits for Amex and Discover (as the issue asks), 3 for the others.
 * Expiry: `MM/YY` or `MM/YYYY`; a card is good through the last day of its month, and that day
 * is judged "anywhere on Earth" (UTC−12) so browser, server and gateway agree whatever their
 * time zones, and nobody is refused while their own calendar still shows the month.
 * Numbers may carry spaces or dashes; {@link cleanCardNumber} removes them.
 */
import { applyMask } from './mask.ts';

/** The brands the shop recognizes. */
export const CARD_BRANDS = [
  'aura',
  'cabal',
  'elo',
  'discover',
  'diners',
  'amex',
  'jcb',
  'hipercard',
  'visa',
  'mastercard',
] as const;

/** One card brand. */
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A prefix (`'4'`) or an inclusive range of prefixes of equal length (`['2221', '2720']`). */
export type CardPrefix = string | readonly [string, string];

/** One line of the brand table. */
export interface CardBrandRule {
  brand: CardBrand;
  prefixes: readonly CardPrefix[];
  lengths: readonly number[];
}

const span = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The brand table, in matching order (see the module comment). */
export const CARD_BRAND_RULES: readonly CardBrandRule[] = [
  {
    brand: 'elo',
    prefixes: [
      ['401178', '401179'],
      '431274',
      '438935',
      '451416',
      '457393',
      ['457631', '457632'],
      '504175',
      ['506699', '506778'],
      ['509000', '509999'],
      '627780',
      '636297',
      '636368',
      ['650031', '650033'],
      ['650035', '650051'],
      ['650405', '650439'],
      ['650485', '650538'],
      ['650541', '650598'],
      ['650700', '650718'],
      ['650720', '650727'],
      ['650901', '650978'],
      ['651652', '651679'],
      ['655000', '655019'],
      ['655021', '655058'],
    ],
    lengths: [16],
  },
  {
    brand: 'hipercard',
    prefixes: [
      '606282',
      '384100',
      '384140',
      '384160',
      '637095',
      '637568',
      '637599',
      '637609',
      '637612',
    ],
    lengths: [16, 19],
  },
  { brand: 'aura', prefixes: ['50'], lengths: span(16, 19) },
  {
    brand: 'cabal',
    prefixes: [['604201', '604219'], ['604300', '604399'], '589657'],
    lengths: [16],
  },
  { brand: 'amex', prefixes: ['34', '37'], lengths: [15] },
  { brand: 'diners', prefixes: [['300', '305'], '3095', '36', '38', '39'], lengths: span(14, 19) },
  { brand: 'jcb', prefixes: [['3528', '3589']], lengths: span(16, 19) },
  {
    brand: 'discover',
    prefixes: ['6011', ['622126', '622925'], ['644', '649'], '65'],
    lengths: span(16, 19),
  },
  {
    brand: 'mastercard',
    prefixes: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
  },
  { brand: 'visa', prefixes: ['4'], lengths: [13, 16, 19] },
];

/** Fewest digits of any card number. */
export const CARD_MIN_LENGTH = 13;
/** Most digits of any card number. */
export const CARD_MAX_LENGTH = 19;

/** `value` without spaces and dashes. */
export function cleanCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check over a string of digits; false for anything else or an empty string. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `partial + digit` pass {@link luhn}. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhn(`${partial}${d}`)) return String(d);
  throw new RangeError('luhnCheckDigit needs digits');
}

function matchesPrefix(digits: string, prefix: CardPrefix): boolean {
  const [low, high] = typeof prefix === 'string' ? [prefix, prefix] : prefix;
  const head = digits.slice(0, low.length);
  return head.length === low.length && head >= low && head <= high;
}

/**
 * The brand whose prefix `number` starts with, whatever its length: for showing the brand while
 * the person types. Ranges need all their digits typed (`'5067'` is Aura until the sixth digit
 * makes it Elo).
 */
export function cardBrandByPrefix(number: string): CardBrand | null {
  const digits = cleanCardNumber(number);
  if (!/^\d+$/.test(digits)) return null;
  const rule = CARD_BRAND_RULES.find((r) => r.prefixes.some((p) => matchesPrefix(digits, p)));
  return rule ? rule.brand : null;
}

/** The brand of a complete number: prefix as in {@link cardBrandByPrefix} and an allowed length. */
export function cardBrand(number: string): CardBrand | null {
  const digits = cleanCardNumber(number);
  const brand = cardBrandByPrefix(digits);
  if (!brand) return null;
  const rule = CARD_BRAND_RULES.find((r) => r.brand === brand)!;
  return rule.lengths.includes(digits.length) ? brand : null;
}

/** Whether `value` is a card number: digits (spaces, dashes ignored), a known brand, Luhn-valid. */
export function isCardNumber(value: string): boolean {
  const digits = cleanCardNumber(value);
  return luhn(digits) && cardBrand(digits) !== null;
}

/** Digits of the security code: 4 for Amex and Discover, 3 otherwise. */
export function cvvLength(brand: CardBrand | null): 3 | 4 {
  return brand === 'amex' || brand === 'discover' ? 4 : 3;
}

/** Whether `cvv` is a security code: for `brand` its exact length, with no brand 3 or 4 digits. */
export function isCvv(cvv: string, brand?: CardBrand | null): boolean {
  if (!/^\d+$/.test(cvv)) return false;
  return brand ? cvv.length === cvvLength(brand) : cvv.length === 3 || cvv.length === 4;
}

const GROUPS_OF_FOUR = '9999 9999 9999 9999 999';

/**
 * The display mask: Amex `9999 999999 99999`, a 14-digit Diners `9999 999999 9999`, any other
 * number (and longer Diners) groups of four up to 19 digits.
 */
export function cardMask(brand: CardBrand | null, length = 0): string {
  if (brand === 'amex') return '9999 999999 99999';
  if (brand === 'diners' && length <= 14) return '9999 999999 9999';
  return GROUPS_OF_FOUR;
}

/** `value` masked for its brand as the person types. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return applyMask(cardMask(cardBrandByPrefix(digits), digits.length), digits);
}

/** `MM/YY` or `MM/YYYY` (spaces around the slash allowed) → month and full year; null otherwise. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Hours behind UTC of the last time zone to leave a day ("anywhere on Earth"). */
const AOE_OFFSET_MS = 12 * 3600 * 1000;

/** Whether a card that expires `value` (`MM/YY`) can still be used at `now`. */
export function isCardExpiry(value: string, now: Date = new Date()): boolean {
  const expiry = parseCardExpiry(value);
  if (!expiry) return false;
  const aoe = new Date(now.getTime() - AOE_OFFSET_MS);
  return expiry.year * 12 + expiry.month - 1 >= aoe.getUTCFullYear() * 12 + aoe.getUTCMonth();
}

/** Typing `1228` gives `12/28`. */
export function formatCardExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
