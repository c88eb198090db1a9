/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica), numeric and alphanumeric.
 *
 * Since July 2026 the first 12 positions may hold letters A–Z as well as digits; the last two
 * stay numeric check digits. Each character counts as its ASCII code minus 48 (`'0'`→0 … `'9'`→9,
 * `'A'`→17 … `'Z'`→42), weighted 5,4,3,2,9,8,7,6,5,4,3,2 (first check digit) and
 * 6,5,4,3,2,9,8,7,6,5,4,3,2 (second); a check digit is 0 when the sum modulo 11 is below 2,
 * otherwise 11 minus it. A numeric CNPJ is the special case with digits only.
 *
 * Accepted raw (`12ABC34501DE35`) or formatted (`12.ABC.345/01DE-35`), each separator optional,
 * letters in either case ({@link cleanCnpj} upper-cases). Fourteen equal characters are rejected
 * (`00.000.000/0000-00` passes the arithmetic but is no CNPJ).
 */
import { applyMask } from './mask.ts';

/** The display mask of a CNPJ (`A` = letter or digit). */
export const CNPJ_MASK = 'AA.AAA.AAA/AAAA-99';

const SHAPE = /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?[0-9]{2}$/;
const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Letters and digits of `value`, upper-cased, everything else removed. */
export function cleanCnpj(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** `value` as `AA.AAA.AAA/AAAA-99`, upper-cased (partial input gives a partial mask). */
export function formatCnpj(value: string): string {
  return applyMask(CNPJ_MASK, cleanCnpj(value));
}

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i += 1) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of the first 12 characters (digits or A–Z, upper case). */
export function cnpjCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) throw new RangeError('cnpjCheckDigits needs 12 of 0-9A-Z');
  const d1 = checkDigit(base12, W1);
  const d2 = checkDigit(base12 + d1, W2);
  return `${d1}${d2}`;
}

/** Whether `value` is a valid CNPJ (numeric or alphanumeric), raw or formatted, any case. */
export function isCnpj(value: string): boolean {
  const upper = value.toUpperCase();
  if (!SHAPE.test(upper)) return false;
  const chars = cleanCnpj(upper);
  if (/^(.)\1{13}$/.test(chars)) return false;
  return cnpjCheckDigits(chars.slice(0, 12)) === chars.slice(12);
}
