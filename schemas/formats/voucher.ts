/**
 * Voucher locator: a 16-digit code (spec §5, 'Localizador não é válido').
 *
 * Tolerance: spaces and dashes anywhere are ignored, as are leading and trailing blanks, because
 * people copy the code from a printed or e-mailed voucher that groups it (`1234 5678 9012 3456`,
 * `1234-5678-9012-3456`). Nothing else is: letters, dots or a 15- or 17-digit code fail.
 * Send {@link cleanVoucher} to the server.
 */
import { applyMask } from './mask.ts';

/** The display mask of a locator: four groups of four. */
export const VOUCHER_MASK = '9999 9999 9999 9999';

/** `value` without spaces and dashes (other characters are kept, so a bad code stays bad). */
export function cleanVoucher(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** `value` as `9999 9999 9999 9999` (partial input gives a partial mask). */
export function formatVoucher(value: string): string {
  return applyMask(VOUCHER_MASK, value.replace(/\D/g, ''));
}

/** Whether `value` is 16 digits once spaces and dashes are removed. */
export function isVoucher(value: string): boolean {
  return /^\d{16}$/.test(cleanVoucher(value));
}
