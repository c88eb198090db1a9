/**
 * Items a purchase of `items` lacks to reach the buyer's minimum purchase `minimumItems` (the
 * checkout machine's, from `buyer.minimum`; spec §9: an agency buys at least 10): 0 when it is
 * reached or there is none. The checkout holds its pay button back while it is not 0, with this
 * count as its reason; the server refuses such a payment as well. Apart from the machine so a
 * page that has not loaded it (the event page) reads the same rule.
 */
export function itemsMissing(minimumItems: number, items: number): number {
  return minimumItems > 0 ? Math.max(0, minimumItems - items) : 0;
}
