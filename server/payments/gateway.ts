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
  /**
   * The public key of the brand's account (`publicKey(brandId)`): a token made for another
   * account is refused.
   */
  publicKey?: string;
}

/** What the gateway said. */
export interface ChargeResult {
  status: 'approved' | 'declined' | 'pending';
  /** The gateway's reference of the charge. */
  gatewayRef: string;
}

/**
 * Thrown by a gateway that refused to process the charge (unknown token, card brand mismatch…):
 * nothing was charged. Any other error of `charge` (a timeout, a dropped connection) leaves the
 * outcome unknown: the payment stays in progress until recovery asks the gateway
 * ({@link PaymentGateway.lookupCharge}).
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
}

/** Thrown when the gateway did not answer in time: the charge may or may not have been made. */
export class GatewayTimeoutError extends Error {
  override readonly name = 'GatewayTimeoutError';
}

/** What the gateway recorded for an idempotency key ({@link PaymentGateway.lookupCharge}). */
export interface ChargeRecord {
  /**
   * approved: the money was taken (a paid slip or Pix charge too); pending: not settled yet;
   * declined: refused, expired or cancelled; refunded: taken and given back.
   */
  status: 'approved' | 'declined' | 'pending' | 'refunded';
  gatewayRef: string;
}

/** What the gateway says when asked to refund a charge. */
export type RefundOutcome = 'refunded' | 'unknown';

/** A bank slip to issue. */
export interface BoletoRequest {
  amountCents: number;
  /** One slip per key: a repeated key answers the slip already issued. */
  idempotencyKey: string;
  /** FEBRABAN code of the collecting bank. */
  banco: string;
  /** Due date as printed, `YYYY-MM-DD` (Sao Paulo calendar). */
  vencimento: string;
  /** After this instant the slip can no longer be paid. */
  expiraEm: Date;
  /** Our order's locator (the gateway keeps it as the payer's reference). */
  localizador: string;
}

/** A bank slip the gateway issued. */
export interface BoletoIssued {
  gatewayRef: string;
  /** The 44-digit barcode (FEBRABAN layout, check digits included). */
  barcode: string;
}

/** A Pix charge to issue. */
export interface PixRequest {
  amountCents: number;
  /** One charge per key: a repeated key answers the charge already issued. */
  idempotencyKey: string;
  /** After this instant the charge can no longer be paid. */
  expiraEm: Date;
  localizador: string;
  /** The receiver (the brand's Pix key, name and city). */
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** A Pix charge the gateway issued. */
export interface PixIssued {
  gatewayRef: string;
  /** The BR Code text ("copia e cola"), CRC included. */
  payload: string;
}

/** What a verified notification says about a bank slip or Pix charge. */
export interface ChargeNotification {
  gatewayRef: string;
  /** paid: the money arrived; expired/failed: it never will. */
  status: 'paid' | 'expired' | 'failed';
}

/** A refund (of part or all of a charge) to ask for: a buyer's cancellation of paid tickets. */
export interface RefundRequest {
  /** The charge (card, slip or Pix) to give the money back from. */
  gatewayRef: string;
  amountCents: number;
  /** One refund per key: a repeated key answers the refund already asked; named in its notification. */
  idempotencyKey: string;
  localizador: string;
}

/** What the gateway said when a refund was asked: usually pending until it notifies. */
export interface RefundRequested {
  refundRef: string;
  status: 'pending' | 'refunded' | 'failed';
}

/** A verified notification that a refund asked ({@link RefundRequest}) was done or refused. */
export interface RefundNotification {
  /** The {@link RefundRequest.idempotencyKey} of the refund. */
  refundKey: string;
  refundRef: string;
  status: 'refunded' | 'failed';
}

/** What a verified notification is about: a charge, or a refund. */
export type GatewayNotification = ChargeNotification | RefundNotification;

/** What the gateway says when asked to cancel a charge. */
export type CancelOutcome = 'cancelled' | 'paid' | 'unknown';

/**
 * A payment gateway. The card charge is always there; each other method is a capability: a
 * brand's method is offered only when the brand turns it on and its gateway has it.
 */
export interface PaymentGateway {
  /** The adapter's id: its webhook is `POST /payments/webhook/<id>`. */
  readonly id: string;
  /** Shown to the buyer (GatewayPagamento.nome). */
  readonly nome: string;
  readonly ambiente: 'dev' | 'sandbox' | 'live';
  /** Scripts the browser loads to tokenize the card. */
  readonly filesInclude: string[];
  /** The public key of the brand's account, handed to the tokenizer. */
  publicKey(brandId: string): string;
  /**
   * The first six digits of a tokenized card (gateways answer them with the token), or null
   * when the token is unknown. The card-brand campaign checks the card with them.
   */
  cardBin?(token: string): Promise<string | null>;
  /** Charges a token. Must not throw for a refusal: a refusal is `declined`. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Issues a bank slip (idempotent per key). Throws {@link GatewayError}. */
  issueBoleto?(req: BoletoRequest): Promise<BoletoIssued>;
  /** Issues a Pix charge (idempotent per key). Throws {@link GatewayError}. */
  issuePix?(req: PixRequest): Promise<PixIssued>;
  /** Cancels an unpaid slip or Pix charge; `paid` when it was paid first. */
  cancelCharge?(gatewayRef: string): Promise<CancelOutcome>;
  /**
   * The charge (card, slip or Pix) the gateway made for an idempotency key, or null when it made
   * none. Crash recovery (../recovery.ts) settles an attempt whose answer was lost from it.
   * Throws when the gateway cannot be asked now (recovery tries again later).
   */
  lookupCharge?(idempotencyKey: string): Promise<ChargeRecord | null>;
  /**
   * Gives the money of a charge back (idempotent: a refunded charge answers `refunded` again);
   * `unknown` when there is no such charge. Throws when the gateway cannot be asked now.
   */
  refund?(gatewayRef: string): Promise<RefundOutcome>;
  /**
   * Asks for a refund of `amountCents` of a charge (idempotent per key; never more than was
   * charged, all refunds of the charge together). The answer is usually `pending`: the gateway
   * notifies the outcome later ({@link RefundNotification}). Throws {@link GatewayError} when it
   * refuses (no such charge, amount too high), any other error when it cannot be asked now.
   */
  requestRefund?(req: RefundRequest): Promise<RefundRequested>;
  /**
   * Reads a webhook notification: checks its signature over the raw body and answers what it
   * says, or null when it is not authentic (or not understood).
   */
  verifyNotification?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): GatewayNotification | null;
}

/**
 * What the gateway answered for a new attempt; `unknown`: a card charge with no answer (a
 * timeout), which recovery settles from the gateway's record.
 */
export interface Answer {
  status: 'approved' | 'declined' | 'pending' | 'error' | 'unknown';
  gatewayRef: string | null;
  boletoBarcode?: string;
  pixPayload?: string;
}
