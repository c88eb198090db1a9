/**
 * Money in the contract is reais with at most two decimals; sums are done in integer cents,
 * never in floating reais. Shared by the server and the storefront.
 */

/** Reais → integer cents. */
export const toCents = (reais: number): number => Math.round(reais * 100);

/** Integer cents → reais. */
export const toReais = (cents: number): number => Math.round(cents) / 100;
