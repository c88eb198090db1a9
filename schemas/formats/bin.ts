/**
 * Card BIN: the first six digits of a card, asked for when a card-brand campaign applies
 * (spec §5). Exactly six digits, nothing else.
 */

/** Length of a BIN. */
export const BIN_LENGTH = 6;

/** Whether `value` is exactly six digits. */
export function isCardBin(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** The BIN of a card number (spaces and dashes ignored), or `null` with fewer than six digits. */
export function binOf(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return /^\d{6}/.test(digits) ? digits.slice(0, BIN_LENGTH) : null;
}
