/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two check digits (modulo 11 with weights
 * 10..2 and 11..2), not all digits equal. Accepted raw (`12345678909`) or formatted
 * (`123.456.789-09`); each separator is optional, nothing else is tolerated (no spaces).
 */
import { applyMask } from './mask.ts';

/** The display mask of a CPF. */
export const CPF_MASK = '999.999.999-99';

const SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** The digits of `value`, everything else removed (for storage and the server). */
export function cleanCpf(value: string): string {
  return value.replace(/\D/g, '');
}

/** `value` as `999.999.999-99` (partial input gives a partial mask). */
export function formatCpf(value: string): string {
  return applyMask(CPF_MASK, cleanCpf(value));
}

function checkDigit(digits: string): number {
  // weights run from digits.length + 1 down to 2
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** The two check digits of the first nine digits of a CPF (`'123456789'` → `'09'`). */
export function cpfCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError('cpfCheckDigits needs 9 digits');
  const d1 = checkDigit(base9);
  const d2 = checkDigit(base9 + d1);
  return `${d1}${d2}`;
}

/** Whether `value` is a valid CPF, raw or formatted. */
export function isCpf(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  const digits = cleanCpf(value);
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}
