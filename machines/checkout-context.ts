import type { CheckoutContext, CheckoutInput } from './types';

/**
 * The checkout machine's first context. A plain module (no XState), so the storefront can show
 * the machine's first state before it has loaded the machine (src/lib/checkout).
 */
export function initialCheckoutContext(input: CheckoutInput): CheckoutContext {
  return {
    attemptNonce: input.attemptNonce,
    heldHere: input.heldHere,
    paymentOpenings: 0,
    idmovimentacao: null,
    countExp: 0,
    earlier: null,
    request: null,
    cart: null,
    removing: null,
    couponRequest: null,
    couponError: null,
    checkoutOpen: false,
    checkoutShown: false,
    outcome: null,
    error: null,
    itemsError: null,
    handOver: null,
    handOverFailures: [],
    extensionsLeft: null,
    extensionError: null,
    minimumItems: 0,
  };
}
