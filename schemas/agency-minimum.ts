/**
 * The agency's minimum purchase (spec §5, §9: "Agency minimum purchase: 10 items"), shared by the
 * server (which refuses a smaller payment) and the storefront (which says what is missing and
 * holds the pay button back).
 */

/** Spec §9; a brand may set its own (`regrasDoNegocio.compraMinimaAgencia`). */
export const AGENCY_MINIMUM_ITEMS = 10;

/** The items an approved agency buys at least per order, by the brand's business rules. */
export function agencyMinimum(rules: { compraMinimaAgencia?: number | undefined }): number {
  return rules.compraMinimaAgencia ?? AGENCY_MINIMUM_ITEMS;
}
