/**
 * The payment gateway adapter. Our server only ever sees a card token made by the gateway's own
 * browser script (`filesInclude`); it charges that token through this interface. The sandbox
 * (./sandbox/) is one implementation; a live gateway is another file implementing the same.
 */

/** A charge request. `idempotencyKey` is forwarded so a gateway that supports it dedupes too. */
export interface ChargeRequest {
  token: string;
  /** The card brand the buyer's browser reported for the token; the gateway must confirm it. */
  bandeira: string;
  amountCents: number;
  installments: number;
  idempotencyKey: string;
}

/** What the gateway said. */
export interface ChargeResult {
  status: 'approved' | 'declined' | 'pending';
  /** The gateway's reference of the charge. */
  gatewayRef: string;
}

/** Thrown by a gateway that could not process the charge (unknown token, outage…). */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
}

/** A payment gateway. */
export interface PaymentGateway {
  /** Shown to the buyer (GatewayPagamento.nome). */
  readonly nome: string;
  readonly ambiente: 'dev' | 'sandbox' | 'live';
  /** Scripts the browser loads to tokenize the card. */
  readonly filesInclude: string[];
  /** The public key of the brand's account, handed to the tokenizer. */
  publicKey(brandId: string): string;
  /** Charges a token. Must not throw for a refusal: a refusal is `declined`. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
}
