import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import type {
  CartaoToken,
  ConcluirPagamentoResult,
  FormaPagamento,
  GatewayFormaPagamento,
  GetGatewayPagamentoResult,
  IniciarPagamentoResult,
} from '#schemas/contract.ts';
import {
  type ConcludePaymentInput,
  type FetchGatewayInput,
  type FlowError,
  type LoadGatewayScriptInput,
  notProvided,
  type PaymentConsent,
  type PaymentContext,
  type PaymentEvent,
  type PaymentInput,
  type PaymentOutput,
  type StartPaymentInput,
  type TokenizeCardInput,
  toFlowError,
  type WatchChargeInput,
} from './types';

const MACHINE = 'paymentMachine';

/** The ways to pay a gateway answer offers (an older server's answer: its card alone). */
export function formasOf(gateway: GetGatewayPagamentoResult): GatewayFormaPagamento[] {
  return gateway.formas?.length ? gateway.formas : [{ ...gateway, forma: 'cartao' }];
}

/** The entry of `forma` in a gateway answer, if offered. */
function formaOf(
  gateway: GetGatewayPagamentoResult | null,
  forma: FormaPagamento,
): GatewayFormaPagamento | undefined {
  return gateway ? formasOf(gateway).find((f) => f.forma === forma) : undefined;
}

/** The consent an attempt carries: only what was given (no `undefined` keys on the wire). */
function consentOf(e: PaymentConsent): PaymentConsent {
  return {
    ...(e.termo !== undefined ? { termo: e.termo } : {}),
    ...(e.captcha ? { captcha: e.captcha } : {}),
  };
}

/**
 * The payment of one held movimentacao (spec §4 "Payment widget results"): fetch the gateway
 * (the brand's methods: card, bank slip, Pix), load its tokenizer script; by card, tokenize the
 * card in the browser, start the payment with the token and an idempotency key, then conclude
 * it; by bank slip or Pix, start it without card data: the slip is shown (`slipIssued`) until
 * the person is done (pending), the Pix code (`awaitingPix`) while `watchCharge` waits for the
 * bank's confirmation (then `succeeded`), or until the person leaves it to pay later (pending).
 *
 * I/O comes from injected actors; the defaults reject with "not provided", so the app must
 * pass them with `.provide({ actors })`. Input: {@link PaymentInput}
 * `{ idmovimentacao, attemptNonce }`.
 *
 * - context: {@link PaymentContext} `{ idmovimentacao, attemptNonce, attempt, gateway,
 *   parcelas, cardToken, result, conclusion, error }`
 * - events: {@link PaymentEvent}
 * - states: `loadingGateway` (initial) → `loadingScript` → `ready` → `tokenizing` →
 *   `paying` → `concluding` → `succeeded` | `concludingPending` → `pending` | `failed`;
 *   `error`, `concludeFailed`; `payment.cartChanged` in `ready` or `failed` →
 *   `refreshingOffer` (the instalments of the new total; back where it was). Final:
 *   `succeeded`, `pending`; the output
 *   ({@link PaymentOutput}) says which.
 * - `payment.methodChanged` (ready, failed) picks another offered method (`context.forma`);
 *   `payment.submit` pays by card, `payment.issue` by the slip or Pix; `payment.done` leaves
 *   the slip or the Pix code (the purchase is pending).
 * - tags: `pix` (awaitingPix), `boleto` (slipIssued), `loading` (loadingGateway, loadingScript), `form` (ready, failed), `busy`
 *   (refreshingOffer, tokenizing, paying, concluding, concludingPending), `failed`, `error` (error,
 *   concludeFailed), `success`, `pending`
 * - actors: `fetchGateway`, `loadGatewayScript`, `tokenizeCard`, `startPayment`,
 *   `concludePayment`, `watchCharge` (inputs in ./types.ts)
 *
 * Idempotency: attempt `n` (incremented by each `payment.submit` or `payment.issue`) uses the
 * key `${attemptNonce}-${n}`. `payment.retry` in `failed` after `startPayment` threw (no answer
 * from the gateway: `unanswered`) repeats the same attempt with the same method, token and key,
 * so the server answers the first charge instead of making a second one; choosing another
 * method forgoes that retry (the next attempt has its own key). A decline is an answer: only a new
 * `payment.submit` (new card data, new key) follows it.
 *
 * A slip or Pix code issued tells the parent (`payment.chargeIssued`, action
 * `tellChargeIssued`): the order awaits the bank, no longer the hold's countdown; a Pix charge
 * that closed unpaid tells it too (`payment.chargeClosed`).
 *
 * Injected action `paymentSucceeded` `{ idmovimentacao }`: entering `succeeded` (the order is
 * paid); the app reports the purchase with it (src/lib/tracking). A no-op by default.
 *
 * Cancelling: the machine runs as the checkout machine's child and owns no cancellation.
 * A payment the server refuses asks the parent to reload the cart (`askToReloadCart`: prices
 * may have changed). `payment.close` sends `cart.cancel` to the parent (action `askToCancel`), which asks the
 * person and cancels the hold (and with it this child). It is accepted while the gateway or
 * its script loads (nothing is charged yet), in `ready`, `failed` and `error`; never while
 * busy, nor once a payment was approved (`concludeFailed` only retries the conclusion).
 * `payment.retry` in `error` refetches what failed: the gateway when it is unknown, else the
 * script.
 */
export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    output: {} as PaymentOutput,
  },
  actors: {
    fetchGateway: fromPromise<GetGatewayPagamentoResult, FetchGatewayInput>(async () => {
      throw notProvided(MACHINE, 'fetchGateway');
    }),
    loadGatewayScript: fromPromise<void, LoadGatewayScriptInput>(async () => {
      throw notProvided(MACHINE, 'loadGatewayScript');
    }),
    tokenizeCard: fromPromise<CartaoToken, TokenizeCardInput>(async () => {
      throw notProvided(MACHINE, 'tokenizeCard');
    }),
    startPayment: fromPromise<IniciarPagamentoResult, StartPaymentInput>(async () => {
      throw notProvided(MACHINE, 'startPayment');
    }),
    concludePayment: fromPromise<ConcluirPagamentoResult, ConcludePaymentInput>(async () => {
      throw notProvided(MACHINE, 'concludePayment');
    }),
    /** Resolves once the awaited Pix charge is paid (the order PA); throws when it closed. */
    watchCharge: fromPromise<ConcluirPagamentoResult, WatchChargeInput>(async () => {
      throw notProvided(MACHINE, 'watchCharge');
    }),
  },
  guards: {
    /** The gateway approved the payment. */
    isApproved: (_, params: { result: IniciarPagamentoResult }) =>
      params.result.status === 'approved',
    /** The gateway left the payment pending (e.g. under analysis). */
    isPending: (_, params: { result: IniciarPagamentoResult }) =>
      params.result.status === 'pending',
    /** A Pix charge was issued: its code waits for the payment. */
    isPixIssued: (_, params: { result: IniciarPagamentoResult }) =>
      params.result.status === 'pending' && params.result.pix !== undefined,
    /** A bank slip was issued: the person pays it at a bank, later. */
    isSlipIssued: (_, params: { result: IniciarPagamentoResult }) =>
      params.result.status === 'pending' && params.result.boleto !== undefined,
    /** The chosen method is paid without card data (bank slip, Pix). */
    isChargeMethod: ({ context }) => context.forma !== 'cartao',
    /** The chosen method is the card. */
    isCardMethod: ({ context }) => context.forma === 'cartao',
    /** `forma` is one the gateway offers. */
    isOffered: ({ context }, params: { forma: FormaPagamento }) =>
      formaOf(context.gateway, params.forma) !== undefined,
    /** The gateway declined the payment. */
    isDeclined: (_, params: { result: IniciarPagamentoResult }) =>
      params.result.status === 'declined',
    /** The number of instalments is one the gateway offers. */
    hasValidInstallments: ({ context }, params: { parcelas: number }) =>
      Number.isInteger(params.parcelas) &&
      (context.gateway?.parcelas.some((option) => option.parcela === params.parcelas) ?? false),
    /** An error is being shown (a refresh of the offer returns to it). */
    hasError: ({ context }) => context.error !== null,
    /** The gateway is known (so only its script needs loading again). */
    hasGateway: ({ context }) => context.gateway !== null,
    /**
     * The current attempt reached `startPayment` with a token but got no answer (it threw),
     * so it may be repeated with the same idempotency key.
     */
    hasUnansweredAttempt: ({ context }) => context.unanswered,
  },
  actions: {
    assignGateway: assign(({ context }, params: { gateway: GetGatewayPagamentoResult }) => {
      const offered = params.gateway.parcelas.map((option) => option.parcela);
      // Keep the choice when still offered (a new offer after the total changed), else 1x
      // (the default) when offered, else the smallest offer.
      const fallback = offered.length === 0 || offered.includes(1) ? 1 : Math.min(...offered);
      const kept = context.gateway !== null && offered.includes(context.parcelas);
      // The method too: kept when still offered, else the first offered (the card when on).
      const formas = formasOf(params.gateway);
      const forma = formas.some((f) => f.forma === context.forma)
        ? context.forma
        : (formas[0]?.forma ?? 'cartao');
      return { gateway: params.gateway, parcelas: kept ? context.parcelas : fallback, forma };
    }),
    // Another method is a new attempt to come: the unanswered one is not repeated with it.
    assignForma: assign((_, params: { forma: FormaPagamento }) => ({
      forma: params.forma,
      error: null,
      unanswered: false,
    })),
    assignInstallments: assign((_, params: { parcelas: number }) => ({
      parcelas: params.parcelas,
    })),
    /** A new attempt: new idempotency key, nothing of the previous attempt kept. */
    startAttempt: assign(({ context, event }) => ({
      attempt: context.attempt + 1,
      consent:
        event.type === 'payment.submit' || event.type === 'payment.issue'
          ? consentOf(event)
          : context.consent,
      cardToken: null,
      result: null,
      error: null,
      unanswered: false,
    })),
    /** `startPayment` threw: the attempt may be repeated as it was (same method and key). */
    markUnanswered: assign({ unanswered: true }),
    markAnswerAwaited: assign({ unanswered: false }),
    assignCardToken: assign((_, params: { cardToken: CartaoToken }) => ({
      cardToken: params.cardToken,
    })),
    assignResult: assign((_, params: { result: IniciarPagamentoResult }) => ({
      result: params.result,
    })),
    assignDeclined: assign((_, params: { result: IniciarPagamentoResult }) => ({
      error: { code: 0, message: params.result.mensagem } satisfies FlowError,
    })),
    assignConclusion: assign((_, params: { conclusion: ConcluirPagamentoResult }) => ({
      conclusion: params.conclusion,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
    /**
     * The hold is the checkout's: cancelling it is the parent's to ask and do
     * (`cart.cancel`), so there is one way to cancel a purchase.
     */
    askToCancel: sendParent({ type: 'cart.cancel' }),
    /**
     * The server refused the payment: the cart may have changed meanwhile (a coupon that ran
     * out, its last use taken), so the parent reloads it and the total shown is the one due.
     */
    askToReloadCart: sendParent({ type: 'items.reload' }),
    /**
     * A slip or Pix code was issued: the order now awaits its payment at the bank (AP), so the
     * parent stops counting down the hold it was (the charge has its own deadline).
     */
    tellChargeIssued: sendParent({ type: 'payment.chargeIssued' }),
    /** The Pix charge closed unpaid: the parent follows the hold again (it reloads the cart). */
    tellChargeClosed: sendParent({ type: 'payment.chargeClosed' }),
    /**
     * Injected: the order is paid (the app reports the purchase to its trackers). Runs once, on
     * reaching `succeeded` (a card approved and concluded, or a Pix charge paid); never for a
     * payment left pending.
     */
    paymentSucceeded: (_, _params: { idmovimentacao: number }) => {},
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    idmovimentacao: input.idmovimentacao,
    attemptNonce: input.attemptNonce,
    attempt: 0,
    gateway: null,
    forma: 'cartao',
    parcelas: 1,
    cardToken: null,
    result: null,
    conclusion: null,
    error: null,
    unanswered: false,
    consent: {},
  }),
  initial: 'loadingGateway',
  output: ({ context }): PaymentOutput =>
    context.result?.status === 'pending' && context.conclusion?.status !== 'PA'
      ? { kind: 'pending', message: context.result.mensagem }
      : { kind: 'paid' },
  states: {
    loadingGateway: {
      tags: ['loading'],
      invoke: {
        id: 'fetchGateway',
        src: 'fetchGateway',
        input: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
        onDone: {
          target: 'loadingScript',
          actions: { type: 'assignGateway', params: ({ event }) => ({ gateway: event.output }) },
        },
        onError: {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'payment.close': { actions: 'askToCancel' } },
    },
    loadingScript: {
      tags: ['loading'],
      invoke: {
        id: 'loadGatewayScript',
        src: 'loadGatewayScript',
        input: ({ context }) => ({ files: context.gateway!.files_include }),
        onDone: { target: 'ready' },
        onError: {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'payment.close': { actions: 'askToCancel' } },
    },
    ready: {
      tags: ['form'],
      on: {
        'payment.installmentsChanged': {
          guard: {
            type: 'hasValidInstallments',
            params: ({ event }) => ({ parcelas: event.parcelas }),
          },
          actions: {
            type: 'assignInstallments',
            params: ({ event }) => ({ parcelas: event.parcelas }),
          },
        },
        'payment.methodChanged': {
          guard: { type: 'isOffered', params: ({ event }) => ({ forma: event.forma }) },
          actions: { type: 'assignForma', params: ({ event }) => ({ forma: event.forma }) },
        },
        'payment.submit': { guard: 'isCardMethod', target: 'tokenizing', actions: 'startAttempt' },
        'payment.issue': { guard: 'isChargeMethod', target: 'paying', actions: 'startAttempt' },
        'payment.close': { actions: 'askToCancel' },
        'payment.cartChanged': { target: 'refreshingOffer' },
      },
    },
    refreshingOffer: {
      // The form stays (what was typed too); paying waits for the new instalments.
      tags: ['busy'],
      invoke: {
        id: 'fetchGateway',
        src: 'fetchGateway',
        input: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
        onDone: [
          {
            guard: 'hasError',
            target: 'failed',
            actions: { type: 'assignGateway', params: ({ event }) => ({ gateway: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'assignGateway', params: ({ event }) => ({ gateway: event.output }) },
          },
        ],
        onError: {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    tokenizing: {
      tags: ['busy'],
      invoke: {
        id: 'tokenizeCard',
        src: 'tokenizeCard',
        input: ({ context, event }) => {
          assertEvent(event, 'payment.submit');
          return { publicKey: context.gateway!.id_criptografado, card: event.card };
        },
        onDone: {
          target: 'paying',
          actions: {
            type: 'assignCardToken',
            params: ({ event }) => ({ cardToken: event.output }),
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => {
          const card = context.forma === 'cartao';
          return {
            idmovimentacao: context.idmovimentacao,
            idformapag: (formaOf(context.gateway, context.forma) ?? context.gateway!).idformapag,
            cartao: card ? context.cardToken! : null,
            opcoes: {
              parcelas: card ? context.parcelas : 1,
              idempotencyKey: `${context.attemptNonce}-${context.attempt}`,
              ...context.consent,
            },
          };
        },
        onDone: [
          {
            guard: { type: 'isPixIssued', params: ({ event }) => ({ result: event.output }) },
            target: 'awaitingPix',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isSlipIssued', params: ({ event }) => ({ result: event.output }) },
            target: 'slipIssued',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isApproved', params: ({ event }) => ({ result: event.output }) },
            target: 'concluding',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isPending', params: ({ event }) => ({ result: event.output }) },
            target: 'concludingPending',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isDeclined', params: ({ event }) => ({ result: event.output }) },
            target: 'failed',
            actions: [
              { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'assignDeclined', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          {
            // A status outside the contract: an answer, but not one we can act on.
            target: 'failed',
            actions: [
              { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'assignError', params: ({ event }) => ({ error: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            'markUnanswered',
            'askToReloadCart',
          ],
        },
      },
    },
    concluding: {
      tags: ['busy'],
      invoke: {
        id: 'concludePayment',
        src: 'concludePayment',
        input: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
        onDone: {
          target: 'succeeded',
          actions: {
            type: 'assignConclusion',
            params: ({ event }) => ({ conclusion: event.output }),
          },
        },
        onError: {
          target: 'concludeFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    concludeFailed: {
      tags: ['error'],
      on: { 'payment.retry': { target: 'concluding', actions: 'clearError' } },
    },
    concludingPending: {
      tags: ['busy'],
      invoke: {
        id: 'concludePayment',
        src: 'concludePayment',
        input: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
        onDone: {
          target: 'pending',
          actions: {
            type: 'assignConclusion',
            params: ({ event }) => ({ conclusion: event.output }),
          },
        },
        // The payment stands either way; my orders shows it once the gateway decides.
        onError: {
          target: 'pending',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    awaitingPix: {
      // The code is shown; the page waits for the bank's confirmation.
      tags: ['pix'],
      entry: 'tellChargeIssued',
      invoke: {
        id: 'watchCharge',
        src: 'watchCharge',
        input: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
        onDone: {
          target: 'succeeded',
          actions: {
            type: 'assignConclusion',
            params: ({ event }) => ({ conclusion: event.output }),
          },
        },
        // The charge ran out (or was cancelled): say so; the cart is read again.
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            'tellChargeClosed',
            'askToReloadCart',
          ],
        },
      },
      on: { 'payment.done': { target: 'pending' } },
    },
    slipIssued: {
      // The slip is shown (its line, the printable page); it is paid later, at a bank.
      tags: ['boleto'],
      entry: 'tellChargeIssued',
      on: { 'payment.done': { target: 'pending' } },
    },
    succeeded: {
      type: 'final',
      tags: ['success'],
      entry: {
        type: 'paymentSucceeded',
        params: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
      },
    },
    pending: { type: 'final', tags: ['pending'] },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'payment.installmentsChanged': {
          guard: {
            type: 'hasValidInstallments',
            params: ({ event }) => ({ parcelas: event.parcelas }),
          },
          actions: {
            type: 'assignInstallments',
            params: ({ event }) => ({ parcelas: event.parcelas }),
          },
        },
        'payment.methodChanged': {
          guard: { type: 'isOffered', params: ({ event }) => ({ forma: event.forma }) },
          actions: { type: 'assignForma', params: ({ event }) => ({ forma: event.forma }) },
        },
        'payment.submit': { guard: 'isCardMethod', target: 'tokenizing', actions: 'startAttempt' },
        'payment.issue': { guard: 'isChargeMethod', target: 'paying', actions: 'startAttempt' },
        'payment.retry': {
          guard: 'hasUnansweredAttempt',
          target: 'paying',
          actions: ['clearError', 'markAnswerAwaited'],
        },
        'payment.close': { actions: 'askToCancel' },
        'payment.cartChanged': { target: 'refreshingOffer' },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    error: {
      tags: ['error'],
      on: {
        'payment.retry': [
          { guard: 'hasGateway', target: 'loadingScript', actions: 'clearError' },
          { target: 'loadingGateway', actions: 'clearError' },
        ],
        'payment.close': { actions: 'askToCancel' },
      },
    },
  },
});
