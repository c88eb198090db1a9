/**
 * Types shared by the flow machines (and by the views that drive them), plus the two small
 * helpers both machines use to turn a thrown value into a {@link FlowError}.
 *
 * Nothing here talks to the network or the clock: the machines stay pure.
 */
import type {
  ApiErrorBody,
  CartaoToken,
  ConcluirPagamentoResult,
  GatewayPagamento,
  IniciarPagamentoResult,
  PagamentoOpcoes,
  ReservaProduto,
  SandboxCardInput,
} from '../schemas/contract';

/**
 * The error a machine keeps in `context.error`: the contract's error body.
 *
 * `code` follows spec §8 (0 generic, 1 session invalid, …); `-1` means "not an answer of the
 * server" (network failure, script error…). An empty `message` tells the view to show its own
 * generic localized text.
 */
export type FlowError = ApiErrorBody;

/** Code of an error that did not come from the server with a code of its own. */
export const UNKNOWN_ERROR_CODE = -1;

/**
 * Normalizes a thrown or rejected value into a {@link FlowError}.
 *
 * Objects with a finite numeric `code` and a string `message` (the server's error body, the
 * API client's error class, a tokenizer error) are kept as they are; anything else becomes
 * `{ code: -1, message: '' }` so no raw exception text reaches the user.
 */
export function toFlowError(thrown: unknown): FlowError {
  if (
    typeof thrown === 'object' &&
    thrown !== null &&
    'code' in thrown &&
    'message' in thrown &&
    typeof thrown.code === 'number' &&
    Number.isFinite(thrown.code) &&
    typeof thrown.message === 'string'
  ) {
    return { code: thrown.code, message: thrown.message };
  }
  return { code: UNKNOWN_ERROR_CODE, message: '' };
}

/**
 * The error every default (placeholder) actor implementation throws, so that a missing
 * `.provide({ actors })` is obvious: it carries `code: -1` and a readable message, which
 * {@link toFlowError} keeps and the view shows as is.
 */
export function notProvided(machine: string, actor: string): Error & FlowError {
  return Object.assign(
    new Error(`${machine}: actor "${actor}" not provided; pass it with .provide({ actors })`),
    { code: UNKNOWN_ERROR_CODE },
  );
}

// ---------------------------------------------------------------------------------------------
// Reservation flow (machines/reservation.machine.ts)

/** Context of `reservationMachine`. */
export interface ReservationContext {
  /** The held movimentacao, or null when no hold is known (idle, empty, expired, failed). */
  idmovimentacao: number | null;
  /** Seconds left on the hold, as last told by the server and counted down by `clock.tick`. */
  countExp: number;
  /** The last error; the view shows it and sends `error.dismiss`. */
  error: FlowError | null;
}

/** Events `reservationMachine` accepts. */
export type ReservationEvent =
  | { type: 'cart.load' }
  | { type: 'cart.reserve'; produtos: ReservaProduto[]; idapresentacao: number }
  | { type: 'cart.cancel' }
  | { type: 'cart.synced'; idmovimentacao: number; countExp: number }
  | { type: 'cart.cleared' }
  | { type: 'clock.tick' }
  | { type: 'error.dismiss' };

/** Input of the `startReservation` actor. */
export interface StartReservationInput {
  produtos: ReservaProduto[];
  idapresentacao: number;
}

/** Input of the `cancelReservation` actor (both machines). */
export interface CancelReservationInput {
  idmovimentacao: number;
}

// ---------------------------------------------------------------------------------------------
// Payment flow (machines/payment.machine.ts)

/** Input of `paymentMachine`. */
export interface PaymentInput {
  idmovimentacao: number;
  /** A fresh random value per opening of the payment flow (the app passes `crypto.randomUUID()`). */
  attemptNonce: string;
}

/** Context of `paymentMachine`. */
export interface PaymentContext {
  idmovimentacao: number;
  attemptNonce: string;
  /** Number of the current attempt: 0 before the first `payment.submit`, then 1, 2, … */
  attempt: number;
  gateway: GatewayPagamento | null;
  /** Chosen number of instalments; one of `gateway.parcelas[].parcela`. */
  parcelas: number;
  /** Token of the current attempt's card; null until tokenized (card data is never kept). */
  cardToken: CartaoToken | null;
  /** The gateway's answer to the current attempt; null until it answers. */
  result: IniciarPagamentoResult | null;
  conclusion: ConcluirPagamentoResult | null;
  error: FlowError | null;
}

/** Events `paymentMachine` accepts. */
export type PaymentEvent =
  | { type: 'payment.installmentsChanged'; parcelas: number }
  | { type: 'payment.submit'; card: SandboxCardInput }
  | { type: 'payment.retry' }
  | { type: 'payment.close' }
  | { type: 'error.dismiss' };

/** Input of the `fetchGateway` actor. */
export interface FetchGatewayInput {
  idmovimentacao: number;
}

/** Input of the `loadGatewayScript` actor. */
export interface LoadGatewayScriptInput {
  files: string[];
}

/** Input of the `tokenizeCard` actor. */
export interface TokenizeCardInput {
  publicKey: string;
  card: SandboxCardInput;
}

/** Input of the `startPayment` actor: iniciarPagamento's params without the return URL. */
export interface StartPaymentInput {
  idmovimentacao: number;
  idformapag: number;
  cartao: CartaoToken;
  opcoes: PagamentoOpcoes;
}

/** Input of the `concludePayment` actor. */
export interface ConcludePaymentInput {
  idmovimentacao: number;
}
