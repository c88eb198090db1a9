/**
 * Types shared by the flow machines (and by the views that drive them), plus the two small
 * helpers both machines use to turn a thrown value into a {@link FlowError}.
 *
 * Nothing here talks to the network or the clock: the machines stay pure.
 */
import {
  type ApiErrorBody,
  apiFieldErrors,
  type CancelaCompraResult,
  type CancelarBoletoResult,
  type CartaoToken,
  type ConcluirPagamentoResult,
  type FormaPagamento,
  type GetCarrinhoPageItensResult,
  type GetGatewayPagamentoResult,
  type IniciarPagamentoResult,
  type IniciarReservaResult,
  type IniciarTrocaVoucherResult,
  type LoginBody,
  type LoginResult,
  type Movimentacao,
  type PagamentoOpcoes,
  type ReservaProduto,
  type SandboxCardInput,
  type Termo,
  type VoucherResumo,
  type VoucherSessao,
} from '#schemas/contract.ts';
import type { ProfileRules, ProfileWarningId } from './session-rules';

/**
 * The error a machine keeps in `context.error`: the contract's error body.
 *
 * `code` follows spec §8 (0 generic, 1 session invalid, …); `-1` means "not an answer of the
 * server" (network failure, script error…). An empty `message` tells the view to show its own
 * generic localized text.
 */
export type FlowError = ApiErrorBody;

/** Code of an error that did not come from the server with a code of its own. */
export const UNKNOWN_ERROR_CODE = -3;

/**
 * Normalizes a thrown or rejected value into a {@link FlowError}.
 *
 * Objects with a finite numeric `code` and a string `message` (the server's error body, the
 * API client's error class, a tokenizer error) are kept as they are; anything else becomes
 * `{ code: UNKNOWN_ERROR_CODE, message: '' }` so no raw exception text reaches the user.
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
    const fields = 'fields' in thrown ? apiFieldErrors(thrown.fields) : undefined;
    return { code: thrown.code, message: thrown.message, ...(fields ? { fields } : {}) };
  }
  return { code: UNKNOWN_ERROR_CODE, message: '' };
}

/**
 * The error every default (placeholder) actor implementation throws, so that a missing
 * `.provide({ actors })` is obvious: it carries `code: UNKNOWN_ERROR_CODE` and a readable message, which
 * {@link toFlowError} keeps and the view shows as is.
 */
export function notProvided(machine: string, actor: string): Error & FlowError {
  return Object.assign(
    new Error(`${machine}: actor "${actor}" not provided; pass it with .provide({ actors })`),
    { code: UNKNOWN_ERROR_CODE },
  );
}

// ---------------------------------------------------------------------------------------------
// Checkout flow (machines/checkout.machine.ts)

/** Input of `checkoutMachine`. */
export interface CheckoutInput {
  /**
   * A fresh random value per machine (the app passes `crypto.randomUUID()`); each opening of
   * the payment gets `${attemptNonce}-${n}`, so its idempotency keys never repeat.
   */
  attemptNonce: string;
  /**
   * The hold this browser tab made itself (the app keeps its id in sessionStorage), so a reload
   * does not mistake it for an earlier visit's; null when it made none.
   */
  heldHere: number | null;
}

/** An add to the cart waiting for its answer (or for the person's decision). */
/**
 * A line of an add: units of a product and, for an event with blocks (sectors), the block they
 * were chosen in (iniciarReserva sends it as its third param).
 */
export interface ReservaLinha extends ReservaProduto {
  idbloco?: number;
}

export interface StartReservationInput {
  produtos: ReservaLinha[];
  idapresentacao: number;
}

/** A guest's local cart entry (brands with `carrinhoLocal`), sent as a hold after the login. */
export interface LocalCartEntry extends StartReservationInput {
  /** What the person chose, as the page named it (event, session, products): for reports. */
  label: string;
  /** The event, date and block as the page named them (without the units), for the guest's view. */
  titulo?: string;
  /**
   * The products' names and unit prices (with fee) as the event page showed them, for the
   * guest's view of the local cart; the hold is priced by the server.
   */
  itens?: LocalCartItem[];
}

/** A product of a local cart entry as the event page showed it. */
export interface LocalCartItem {
  idproduto: number;
  produto: string;
  /** Unit price with fee, in reais. */
  preco: number;
}

/** An entry of the local cart the server refused, and why. */
export interface HandOverFailure {
  label: string;
  error: FlowError;
}

/** Output of the `handOver` actor: every local entry sent, in order. */
export interface HandOverResult {
  /** The hold after the last entry the server took; null when it took none. */
  hold: IniciarReservaResult | null;
  failures: HandOverFailure[];
}

/** Context of `checkoutMachine`. */
export interface CheckoutContext {
  attemptNonce: string;
  /** The hold this tab made (see {@link CheckoutInput.heldHere}). */
  heldHere: number | null;
  /** How many times the payment was opened (part of its attempt nonce). */
  paymentOpenings: number;
  /** The held movimentacao, or null when no hold is known (idle, empty, expired, failed). */
  idmovimentacao: number | null;
  /** Seconds left on the hold, as last told by the server and counted down by `clock.tick`. */
  countExp: number;
  /**
   * The hold as the server had it before this visit added anything: the person came back to
   * tickets held earlier. Shown as such; a new add into it is confirmed first.
   */
  earlier: Movimentacao | null;
  /**
   * The add in progress: checked against an earlier hold, confirmed, then sent. A guest's add
   * carries what the page named it (`label`), in case it must be kept for later.
   */
  request: (StartReservationInput & { label?: string }) | null;
  /** The held items and totals (getCarrinhoPageItens); null until loaded. */
  cart: GetCarrinhoPageItensResult | null;
  /** Items whose removal is in flight. */
  removing: number[] | null;
  /** The coupon being applied ('' while it is being removed), or the one last refused; null once applied. */
  couponRequest: string | null;
  /** Why the last coupon change failed (a refusal shows beside the field). */
  couponError: FlowError | null;
  /** Whether the checkout screen is open (the payment runs only there). */
  checkoutOpen: boolean;
  /**
   * Whether the open checkout shows its hold on screen (`checkout.shown`, taken only while
   * open; false again on leaving): the payment starts only then, so its gateway and script do
   * not compete with the items' first paint.
   */
  checkoutShown: boolean;
  /** How the purchase ended, once it did (also the machine's output). */
  outcome: CheckoutOutput | null;
  /** The last error about the hold (load, add, cancel); the view shows it. */
  error: FlowError | null;
  /** The last error about the items (load, removal); shown beside them. */
  itemsError: FlowError | null;
  /** Extensions the server still allows on this hold; null until it said. */
  extensionsLeft: number | null;
  /** Why the last extension was refused (shown in the warning); null otherwise. */
  extensionError: FlowError | null;
  /** The local cart being handed over after a login; null otherwise. */
  handOver: LocalCartEntry[] | null;
  /** Local cart entries the server refused at the hand-over, each reported. */
  handOverFailures: HandOverFailure[];
  /**
   * The fewest items the buyer may pay for (`buyer.minimum`: an approved agency's minimum, spec
   * §9; 0 for anyone else): below it the pay button is held back ({@link itemsMissing}).
   */
  minimumItems: number;
}

/** How the purchase ended: `snapshot.output` once the actor is done. */
export type CheckoutOutput =
  | { kind: 'paid' }
  /** Paid, waiting for the gateway's decision; `message` is the gateway's text (may be empty). */
  | { kind: 'pending'; message: string }
  /** The hold was cancelled by the person. */
  | { kind: 'cancelled' };

/** Events `checkoutMachine` accepts. */
export type CheckoutEvent =
  /** The checkout screen opened (loads the hold if unknown; the payment starts once held). */
  | { type: 'checkout.open' }
  /** The checkout screen closed (the payment stops; the hold stays). */
  | { type: 'checkout.leave' }
  /** The open checkout shows its hold on screen: the payment may start (gateway, script). */
  | { type: 'checkout.shown' }
  | { type: 'cart.load' }
  | { type: 'cart.reserve'; produtos: ReservaLinha[]; idapresentacao: number }
  /** A guest's add: kept here while the person logs in, then it goes on (`session.started`). */
  | {
      type: 'cart.reserveAfterLogin';
      produtos: ReservaLinha[];
      idapresentacao: number;
      /** What the page named the choice (event, session, products), should it wait. */
      label?: string;
    }
  /** Logged in with a complete profile: the guest's local cart becomes holds. */
  | { type: 'cart.handOver'; entries: LocalCartEntry[] }
  /** The login the add waited for succeeded. */
  | { type: 'session.started' }
  /** The login the add waited for was closed without logging in: the add is dropped. */
  | { type: 'login.dismissed' }
  /**
   * The login the add waited for goes on elsewhere (the profile page to complete, an identity
   * provider): the add is kept in the browser (`keepForLater`) and held once the person is back
   * with a complete profile, as a guest's local cart is.
   */
  | { type: 'login.deferred' }
  /** Add the pending request to the earlier hold (the add-to-order modal). */
  | { type: 'cart.addConfirmed' }
  /** Do not add: the earlier hold stays as it was. */
  | { type: 'cart.addDeclined' }
  | { type: 'cart.removeItems'; iditens: number[] }
  /** Applies a coupon to the hold, or removes its coupon. */
  | { type: 'coupon.apply'; cupom: string }
  | { type: 'coupon.remove' }
  | { type: 'items.reload' }
  /** Asks to cancel the whole hold (either cancel button; the payment child sends it too). */
  /** More time on the hold, from the expiry warning (WCAG 2.2.1). */
  | { type: 'cart.extend' }
  /** The expiry warning was closed without extending: it stays closed for this hold time. */
  | { type: 'cart.warningDismissed' }
  | { type: 'cart.cancel' }
  | { type: 'cart.cancelConfirmed' }
  | { type: 'cart.cancelDismissed' }
  /** From the payment child: a slip or Pix code was issued (the order awaits the bank). */
  | { type: 'payment.chargeIssued' }
  /** From the payment child: the Pix charge closed unpaid (the hold counts down again). */
  | { type: 'payment.chargeClosed' }
  | { type: 'clock.tick' }
  /** Who buys, as far as the minimum goes: an approved agency's minimum, else 0 (any time). */
  | { type: 'buyer.minimum'; items: number }
  | { type: 'error.dismiss' };

/** Input of the `cancelReservation` actor. */
export interface CancelReservationInput {
  idmovimentacao: number;
}

/** Input of the `extendHold` actor (prorrogarReserva). */
export interface ExtendHoldInput {
  idmovimentacao: number;
}

/** Input of the `loadItems` actor (getCarrinhoPageItens). */
export interface LoadItemsInput {
  idmovimentacao: number;
}

/** Input of the `removeItems` actor (removeProdutoCarrinho). */
export interface ApplyCouponInput {
  idmovimentacao: number;
  /** '' removes the hold's coupon. */
  cupom: string;
}

export interface RemoveItemsInput {
  idmovimentacao: number;
  iditens: number[];
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
  gateway: GetGatewayPagamentoResult | null;
  /** The chosen way to pay; one of the gateway's `formas` (card when the brand offers it). */
  forma: FormaPagamento;
  /** Chosen number of instalments; one of `gateway.parcelas[].parcela`. */
  parcelas: number;
  /** Token of the current attempt's card; null until tokenized (card data is never kept). */
  cardToken: CartaoToken | null;
  /** The gateway's answer to the current attempt; null until it answers. */
  result: IniciarPagamentoResult | null;
  conclusion: ConcluirPagamentoResult | null;
  error: FlowError | null;
  /**
   * The current attempt reached `startPayment` and got no answer (it threw): `payment.retry`
   * repeats it with the same method and idempotency key.
   */
  unanswered: boolean;
  /** What the person agreed to for the current attempt (purchase terms, captcha). */
  consent: PaymentConsent;
}

/**
 * Given with each attempt: the `idtermo` of the purchase terms the person accepted, and the
 * captcha's solution when the brand asks for one (a solution works once: each attempt has its own).
 */
export interface PaymentConsent {
  termo?: number;
  captcha?: string;
}

/** Events `paymentMachine` accepts. */
export type PaymentEvent =
  | { type: 'payment.installmentsChanged'; parcelas: number }
  | ({ type: 'payment.submit'; card: SandboxCardInput } & PaymentConsent)
  /** Another way to pay was chosen (card, bank slip, Pix). */
  | { type: 'payment.methodChanged'; forma: FormaPagamento }
  /** Issue the bank slip or the Pix charge of the chosen method (no card data). */
  | ({ type: 'payment.issue' } & PaymentConsent)
  /** The person leaves the slip or the Pix code (to pay it later): the payment is pending. */
  | { type: 'payment.done' }
  | { type: 'payment.retry' }
  /** The person wants to cancel the purchase: the parent (checkout) asks and cancels. */
  | { type: 'payment.close' }
  /** The cart's total changed (a coupon, a removal): the instalments are asked for again. */
  | { type: 'payment.cartChanged' }
  | { type: 'error.dismiss' };

/** How the payment ended: `snapshot.output` once it is done (the checkout reads it). */
export type PaymentOutput =
  | { kind: 'paid' }
  /** `message` is the gateway's text for the pending payment (may be empty). */
  | { kind: 'pending'; message: string };

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
  /** The card's token; null for a bank slip or Pix. */
  cartao: CartaoToken | null;
  opcoes: PagamentoOpcoes;
}

/** Input of the `watchCharge` actor: the order whose Pix charge is awaited. */
export interface WatchChargeInput {
  idmovimentacao: number;
}

/** Input of the `concludePayment` actor. */
export interface ConcludePaymentInput {
  idmovimentacao: number;
}

// ---------------------------------------------------------------------------------------------
// Login flow (machines/login.machine.ts)

/**
 * Where the app goes once the login is over (spec §2 "After login the user returns to a stored
 * last address or a stored target route"). Plain JSON, because the app keeps it in
 * sessionStorage so that it survives a reload (and the identity provider's round trip).
 */
export type LoginTarget =
  /** A named route (spec §2 table): `?redirect=` gives one, `?fazerlogin` gives MeusPedidos. */
  | { kind: 'route'; route: string; params?: Record<string, string> }
  /** The address the person was at (pathname + search + hash, same origin). */
  | { kind: 'address'; path: string };

/** What the person typed: POST login/{id}'s body. Kept in the machine only while the flow runs. */
export type LoginCredentials = LoginBody;

/** Input of `loginMachine`. */
export interface LoginInput {
  /** Id of the local login provider (POST login/{id}). */
  loginId: number;
  /** Where to go afterwards; stored by the `storeTarget` action when the flow starts. */
  target: LoginTarget;
  /** The brand's settings of the profile-completeness rule (machines/session-rules.ts). */
  rules: ProfileRules;
}

/** A term to accept and the single-use ticket that lets `aceiteTermo` record it without a session. */
export interface PendingTerm {
  termo: Termo;
  aceite: string;
}

/** Context of `loginMachine`. */
export interface LoginContext {
  loginId: number;
  target: LoginTarget;
  rules: ProfileRules;
  /** What was typed, for the re-login after a term and to refill the form; null once over. */
  credentials: LoginCredentials | null;
  /** The term being shown (or whose acceptance failed); null otherwise. */
  term: PendingTerm | null;
  /** The server's text that came with code 4 / 21001 ("accept the new terms…"); null otherwise. */
  notice: string | null;
  /** The session the login produced (access token and person); null until it succeeds. */
  session: LoginResult | null;
  error: FlowError | null;
}

/** Events `loginMachine` accepts. */
export type LoginEvent =
  | { type: 'login.submitted'; credentials: LoginCredentials }
  /** An identity provider of GET logins was chosen; `url` is where the browser goes. */
  | { type: 'login.providerChosen'; url: string }
  | { type: 'login.retry' }
  | { type: 'login.cancelled' }
  | { type: 'terms.accepted' }
  | { type: 'terms.declined' }
  | { type: 'error.dismiss' };

/** Message id (locales/) of the text shown when the person declines a term. */
export const TERMS_DECLINED_MESSAGE = 'login.termsDeclined';

/** How the login ended: `snapshot.output` once the actor is done. */
export type LoginOutput =
  /** Logged in with a complete profile: start `session`, go to `target` (already cleared). */
  | { kind: 'done'; target: LoginTarget; session: LoginResult }
  /**
   * Logged in, profile incomplete: start `session`, go to the profile with `warning`; `target`
   * stays stored so the profile can return there once completed.
   */
  | { kind: 'profile'; warning: ProfileWarningId; target: LoginTarget; session: LoginResult }
  /** An identity provider: navigate to `url`; `target` stays stored for the return. */
  | { kind: 'redirect'; url: string }
  /** A term was declined: no session; show `message`. */
  | { kind: 'declined'; message: typeof TERMS_DECLINED_MESSAGE }
  /** The person closed the login: no session. */
  | { kind: 'cancelled' };

/** Input of the `submitLogin` actor (POST login/{loginId}). */
export interface SubmitLoginInput {
  loginId: number;
  credentials: LoginCredentials;
  /**
   * True when the login repeats the typed credentials after a term (its acceptance, or a retry
   * after the acceptance failed). The typed `_recaptcha` was spent by the first login (captcha
   * solutions are single-use), so the app must put a fresh one in, or the server must exempt
   * this login.
   */
  relogin: boolean;
}

/**
 * Input of the `fetchTerm` actor (after code 4). It carries the credentials because the
 * acceptance ticket it returns is bound to a person, which only the credentials prove.
 */
export interface FetchTermInput {
  loginId: number;
  credentials: LoginCredentials;
}

/** Input of the `acceptTerm` actor (BasePessoaClass.aceiteTermo [{ idtermo, aceite }]). */
export interface AcceptTermInput {
  idtermo: number;
  aceite: string;
}

/** Params of the injected `storeTarget` action (the app writes them to sessionStorage). */
export interface StoreTargetParams {
  target: LoginTarget;
}

/** Input of the cancel-slip machine (my orders) and of its `cancelSlip` actor. */
export interface CancelSlipInput {
  idmovimentacao: number;
}

export interface CancelSlipContext {
  idmovimentacao: number;
  /** The server's answer once the slip is cancelled: `RE` (back in the cart) or `CA`. */
  result: CancelarBoletoResult | null;
  error: FlowError | null;
}

export type CancelSlipEvent =
  /** "Cancel the slip" on an order awaiting its bank slip: the person is asked first. */
  | { type: 'slip.cancel' }
  | { type: 'slip.cancelConfirmed' }
  | { type: 'slip.cancelDismissed' }
  | { type: 'error.dismiss' };

/** Input of the cancel-purchase machine (my orders): a paid order. */
export interface CancelPurchaseInput {
  idmovimentacao: number;
}

/** Input of the `cancelPurchase` actor: `cancelaCompra [idmovimentacao, itens]`. */
export interface CancelPurchaseRequest {
  idmovimentacao: number;
  itens: number[];
}

export interface CancelPurchaseContext {
  idmovimentacao: number;
  /** The tickets (iditem) chosen to cancel, in the order chosen. */
  chosen: number[];
  /** The server's answer once the cancellation is asked (`aguarde`). */
  result: CancelaCompraResult | null;
  error: FlowError | null;
}

export type CancelPurchaseEvent =
  /** "Cancel tickets" on a paid order: the person chooses which. */
  | { type: 'purchase.cancel' }
  | { type: 'purchase.itemToggled'; iditem: number }
  /** "Cancel the chosen tickets": asked to confirm first (at least one chosen). */
  | { type: 'purchase.cancelAsked' }
  | { type: 'purchase.cancelConfirmed' }
  /** Back from the confirmation to the choice. */
  | { type: 'purchase.cancelDismissed' }
  /** Gives the cancellation up: nothing chosen any more. */
  | { type: 'purchase.cancelClosed' }
  | { type: 'error.dismiss' };

// ---------------------------------------------------------------------------------------------
// Voucher swap (machines/voucher-swap.machine.ts)

/** Input of the `swapVoucher` actor: `iniciarTrocaVoucher [localizador, idpessoa, idapresentacao?]`. */
export interface SwapVoucherInput {
  /** The 16 digits (the app sends them cleaned). */
  localizador: string;
  /** The session picked for an open-dated voucher; null: none yet. */
  idapresentacao: number | null;
}

export interface VoucherSwapContext {
  localizador: string;
  /** What the voucher stands for, once the server answered. */
  voucher: VoucherResumo | null;
  /** The sessions an open-dated voucher may take (empty for a dated one). */
  apresentacoes: VoucherSessao[];
  idapresentacao: number | null;
  /** The swap: the order with its tickets. */
  result: Extract<IniciarTrocaVoucherResult, { status: 'trocado' }> | null;
  error: FlowError | null;
}

export type VoucherSwapEvent =
  /** The locator typed (and valid for the form): asked of the server. */
  | { type: 'voucher.submitted'; localizador: string }
  /** An open-dated voucher: the session picked. */
  | { type: 'voucher.sessionChosen'; idapresentacao: number }
  /** Back to an empty form (another voucher). */
  | { type: 'voucher.reset' }
  | { type: 'error.dismiss' };
