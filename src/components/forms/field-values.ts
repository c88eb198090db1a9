/**
 * What the form widgets store and show, as pure functions (tested without a DOM): masked
 * documents, birth dates typed in the locale's order but stored as ISO, and phone numbers split
 * into a country calling code and a national number.
 */
import { BIRTHDATE_MASK, formatBirthdate, parseBirthdate } from '#schemas/formats/birthdate.ts';
import { CEP_MASK } from '#schemas/formats/cep.ts';
import { CNPJ_MASK } from '#schemas/formats/cnpj.ts';
import { CPF_MASK } from '#schemas/formats/cpf.ts';
import { applyMask } from '#schemas/formats/mask.ts';
import { cleanPhone, formatPhone, PHONE_COUNTRIES } from '#schemas/formats/phone.ts';
import { VOUCHER_MASK } from '#schemas/formats/voucher.ts';

/** The masks a `masked` widget knows, by `ui:options.mask` name (or a literal pattern). */
export const MASKS = {
  cpf: CPF_MASK,
  cnpj: CNPJ_MASK,
  cep: CEP_MASK,
  voucher: VOUCHER_MASK,
  bin: '999999',
} as const;
export type MaskName = keyof typeof MASKS;

/** A mask name of {@link MASKS}, or the pattern itself (`'99.999'`). */
export function maskPattern(mask: string): string {
  return (MASKS as Record<string, string>)[mask] ?? mask;
}

/**
 * The value a masked field stores for what the person typed: the masked text (CPF
 * `123.456.789-09`; the validators accept it formatted or raw), `undefined` when empty so
 * `required` reports it. Letters are upper-cased for the alphanumeric CNPJ.
 */
export function maskedValue(pattern: string, typed: string): string | undefined {
  const masked = applyMask(pattern, /A/.test(pattern) ? typed.toUpperCase() : typed);
  return masked === '' ? undefined : masked;
}

/** The text a masked field shows for a stored value (a raw `12345678909` shows masked). */
export function maskedText(pattern: string, value: unknown): string {
  if (typeof value !== 'string') return '';
  return applyMask(pattern, /A/.test(pattern) ? value.toUpperCase() : value);
}

/** The date input's mask (`99/99/9999` in both orders). */
export const DATE_MASK = BIRTHDATE_MASK;

/**
 * The value a date field stores for typed text: ISO `yyyy-mm-dd` when the text is a complete,
 * real date in the locale's order; the typed text itself otherwise, so the `birthdate` format
 * fails with its message instead of the field looking empty; `undefined` when empty.
 */
export function dateValue(typed: string, locale: string): string | undefined {
  const text = applyMask(DATE_MASK, typed);
  if (text === '') return undefined;
  return parseBirthdate(text, locale) ?? text;
}

/** The text a date field shows for a stored value: ISO in the locale's order, else as stored. */
export function dateText(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return '';
  return formatBirthdate(value, locale) || value;
}

/**
 * Calling codes offered by the country select, with the region whose name labels them
 * (Intl.DisplayNames gives the name in the page's language). The masked ones come first.
 */
export const PHONE_REGIONS: ReadonlyArray<{ code: string; region: string }> = [
  { code: '55', region: 'BR' },
  { code: '1', region: 'US' },
  { code: '54', region: 'AR' },
  { code: '351', region: 'PT' },
  { code: '34', region: 'ES' },
  { code: '598', region: 'UY' },
  { code: '595', region: 'PY' },
  { code: '56', region: 'CL' },
  { code: '591', region: 'BO' },
  { code: '57', region: 'CO' },
  { code: '51', region: 'PE' },
  { code: '52', region: 'MX' },
  { code: '44', region: 'GB' },
  { code: '33', region: 'FR' },
  { code: '49', region: 'DE' },
  { code: '39', region: 'IT' },
  { code: '81', region: 'JP' },
];

export const DEFAULT_PHONE_CODE = '55';

/** A stored phone with country code, split: `+55 (11) 98765-4321` → `55` and `(11) 98765-4321`. */
export function splitPhone(value: unknown): { code: string; national: string } {
  if (typeof value !== 'string' || value.trim() === '') {
    return { code: DEFAULT_PHONE_CODE, national: '' };
  }
  const spaced = /^\+(\d{1,3})\s+(.*)$/.exec(value.trim());
  if (spaced) return { code: spaced[1]!, national: spaced[2]! };
  // No separator after the code (`5511987654321`): the longest offered code that prefixes it.
  const digits = cleanPhone(value);
  const codes = [...new Set([...PHONE_REGIONS.map((r) => r.code), ...Object.keys(PHONE_COUNTRIES)])]
    .filter((c) => digits.startsWith(c))
    .sort((a, b) => b.length - a.length);
  const code = codes[0] ?? DEFAULT_PHONE_CODE;
  return { code, national: digits.slice(code.length) };
}

/**
 * The stored phone for a calling code and typed national number, `+55 (11) 98765-4321`
 * (masked by the country's rules); `undefined` when no digit was typed, so `required` reports it.
 */
export function phoneValue(code: string, typed: string): string | undefined {
  const national = formatPhone(code, typed);
  return national === '' ? undefined : `+${code} ${national}`;
}

/** A plain phone (no country code): digits and the usual separators, as typed. */
export function plainPhoneValue(typed: string): string | undefined {
  const kept = typed.replace(/[^0-9 ().-]/g, '').slice(0, 20);
  return kept.trim() === '' ? undefined : kept;
}

/** ISO 3166-1 alpha-2 codes: the options of a `select` with `ui:options.source: "countries"`. */
export const REGION_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The countries as options, named in `locale` and sorted by that name. */
export function countryOptions(locale: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  return REGION_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}
