/**
 * What a payment still needs before the checkout asks the server for it, one step at a time in
 * the order the person is taken to them: the tickets' holders, the purchase terms, the
 * refundable-ticket choice, the delivery address, the captcha, then the card's own fields. The
 * server refuses a payment that lacks any of the first five as well (server/payments/service.ts,
 * `iniciarPagamento`; it checks the terms and the captcha first, before it takes the order's
 * lock). Apart from the machines so the payment form reads the same rule without loading them.
 */
export type PrePaymentStep = 'holders' | 'terms' | 'refundable' | 'delivery' | 'captcha' | 'card';

/** What the checkout knows when the person asks to pay. */
export interface PrePaymentFacts {
  /** Tickets whose required holder is missing. */
  holdersMissing: number;
  /** The brand has purchase terms and they are not accepted. */
  termsUnaccepted: boolean;
  /** The refundable option is offered and neither taken nor declined. */
  refundableUnchosen: boolean;
  /** A product is delivered to an address and none is chosen. */
  deliveryMissing: boolean;
  /** The brand asks for a captcha at payment and it is not solved. */
  captchaUnsolved: boolean;
  /** Paying by card and a card field is invalid. */
  cardInvalid: boolean;
}

/** The first step the payment still needs, or null when it can be asked for. */
export function firstMissingStep(f: PrePaymentFacts): PrePaymentStep | null {
  if (f.holdersMissing > 0) return 'holders';
  if (f.termsUnaccepted) return 'terms';
  if (f.refundableUnchosen) return 'refundable';
  if (f.deliveryMissing) return 'delivery';
  if (f.captchaUnsolved) return 'captcha';
  if (f.cardInvalid) return 'card';
  return null;
}
