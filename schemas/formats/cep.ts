/**
 * CEP (Brazilian postal code): 8 digits, raw (`01310100`) or formatted (`01310-100`); nothing
 * else is tolerated. Addresses abroad use a plain postal code (spec §5: at least 5 characters),
 * not this format.
 */
import { applyMask } from './mask.ts';

/** The display mask of a CEP. */
export const CEP_MASK = '99999-999';

/** The digits of `value`, everything else removed (what the postal-code lookup takes). */
export function cleanCep(value: string): string {
  return value.replace(/\D/g, '');
}

/** `value` as `99999-999` (partial input gives a partial mask). */
export function formatCep(value: string): string {
  return applyMask(CEP_MASK, cleanCep(value));
}

/** Whether `value` is 8 digits, with or without the dash after the fifth. */
export function isCep(value: string): boolean {
  return /^\d{5}-?\d{3}$/.test(value);
}
