import {
  type AnyActorRef,
  and,
  assertEvent,
  assign,
  type EventObject,
  fromCallback,
  fromPromise,
  not,
  setup,
  stateIn,
} from 'xstate';
import type {
  CancelarReservaResult,
  GetCarrinhoPageItensResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  Movimentacao,
  ProrrogarReservaResult,
} from '#schemas/contract.ts';
import { initialCheckoutContext } from './checkout-context';
import { paymentMachine } from './payment.machine';
import {
  type ApplyCouponInput,
  type CancelReservationInput,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type CheckoutOutput,
  type ExtendHoldInput,
  type HandOverResult,
  type LoadItemsInput,
  type LocalCartEntry,
  notProvided,
  type PaymentOutput,
  type RemoveItemsInput,
  type StartReservationInput,
  toFlowError,
} from './types';

const MACHINE = 'checkoutMachine';

/** How long an expiry waits for the server's deadline before it is announced (see below). */
export const EXPIRY_GRACE_MS = 2500;

/**
 * Seconds before the expiry at which the person is warned and offered more time: WCAG 2.2.1
 * asks for at least 20 s to answer; the issue asks for at least 60.
 */
export const EXPIRY_WARNING_SECONDS = 90;

/**
 * The purchase from the first add to its outcome (spec §4 "States and transitions"): hold
 * products with an expiry, count the hold down from the server's `count_exp`, show and remove
 * the held items, cancel the hold, and pay it with the payment machine as a child.
 *
 * The server is the source of truth for expiry; the countdown only mirrors `count_exp` (see
 * machines/README.md). Time and I/O come from injected actors; the defaults reject with
 * "not provided", so the app must pass them with `.provide({ actors })`, the payment child
 * included (`payment`: the payment machine with its own actors).
 *
 * - input: {@link CheckoutInput}; context: {@link CheckoutContext}; events:
 *   {@link CheckoutEvent}; output: {@link CheckoutOutput}
 * - states: `idle` (initial) → `loading` → `held` | `empty` | `failed`, or `pending` when
 *   the server's cart is a payment awaiting the gateway (AP, spec §4). After a login, a
 *   guest's local cart (`cart.handOver`) first looks for a hold left from an earlier visit
 *   (`checkingHandOver`): found, the person decides in `confirmingHandOver` whether the entries
 *   join it (declined, they are let go and the earlier hold stays as it was). Then it is sent
 *   entry by entry (`handingOver`; refusals are kept in `handOverFailures`, one per entry) and
 *   ends `held`, or `loading` when the server took none. A guest's add
 *   (`cart.reserveAfterLogin`) waits in `awaitingLogin` for the login (`session.started`;
 *   `login.dismissed` drops it; `login.deferred`, a login that goes on on the profile page or
 *   at an identity provider, keeps it in the browser with `keepForLater`). An add
 *   (`cart.reserve`) from `idle` first looks for a hold
 *   left from an earlier visit
 *   (`checking`): found, the person decides in `confirmingAdd` whether the new tickets join
 *   it; not found, `reserving`. `held` is parallel: `items` (`loading` → `ready` ⇄
 *   `removing` | `applyingCoupon`, `loadFailed`), `payment` (`closed` | `open`, which runs the payment child
 *   while the checkout screen is open, once the screen shows its hold: `checkout.shown`), `cancel` (`idle` ⇄ `asking`) and `hold` (`counting`,
 *   which runs the ticker, ⇄ `awaitingPayment` once the child issued a slip or Pix code:
 *   `payment.chargeIssued`; back on `payment.chargeClosed`). A confirmed cancel
 *   goes to `cancelling` → `cancelled`. A hold whose countdown reaches 0 goes to `expired`:
 *   `confirming` for {@link EXPIRY_GRACE_MS} (delay `expiryGrace`), then `confirmed`.
 *   Final: `paid`, `pending`, `cancelled`.
 * - `held` also has `extension` (WCAG 2.2.1): `idle` → `warning` once
 *   {@link EXPIRY_WARNING_SECONDS} or less are left; `cart.extend` → `extending`
 *   (`extendHold`) → `idle` with the server's new `count_exp`; `cart.warningDismissed` →
 *   `dismissed` until the hold has more time again.
 * - tags: `needsLogin` (awaitingLogin), `expiryWarning` (warning, extending), `extending`, `held` (held, confirmingAdd,
 *   confirmingHandOver), `busy` (loading, checkingHandOver, handingOver, checking, reserving, cancelling,
 *   held.items.removing, held.items.applyingCoupon), `applyingCoupon`, `itemsLoading`, `itemsFailed`, `confirmAdd` (confirmingAdd,
 *   confirmingHandOver), `confirmCancel`, `awaitingPayment` (held.hold.awaitingPayment),
 *   `expired`, `expiryConfirmed`, `failed`, `paid`, `pending`, `cancelled`
 * - `buyer.minimum` (any state) sets the buyer's minimum purchase (`minimumItems`); what the hold
 *   lacks of it is `itemsMissing` (./minimum-purchase.ts), which holds the pay button back
 * - actors: `loadCart` (getCarrinhoPage), `startReservation` (iniciarReserva),
 *   `cancelReservation` (cancelarReserva), `loadItems` (getCarrinhoPageItens), `removeItems`
 *   (removeProdutoCarrinho), `applyCoupon` (aplicarCupom; '' removes), `ticker` (sends `clock.tick` once a second), `payment`
 * - action `expiryConfirmed`: injected, run once an expiry is announced (the app forgets
 *   what it kept of the cart).
 *
 * Decisions:
 * - The server floors `count_exp`, so the countdown can reach 0 up to a couple of seconds
 *   before the server's deadline: the expiry is announced only after `expiryGrace`, once the
 *   server has released the tickets too.
 * - A failed add while a live hold is known goes back to `held` with `context.error` set (the
 *   earlier hold is still valid on the server); without one it goes to `failed`, which never
 *   keeps a hold id.
 * - The countdown keeps running while a request about a live hold is in flight, so it is
 *   right when the request fails; reaching 0 there does not abort the request.
 * - Cancelling asks first (`asking`); both cancel buttons (the cart's and the payment's,
 *   which sends `cart.cancel` from the child) lead there. Nothing can be cancelled while an
 *   item is being removed or a coupon applied, and neither happens while the person is
 *   being asked. A refused coupon goes back to `ready` with `couponError` (shown beside the
 *   field); the cart stays as it was. A failed
 *   cancellation goes back to `held` with the error.
 * - Removing the last item empties the hold: `empty`.
 * - The payment's outcome ends the machine (`paid`, `pending`); leaving `held` in any other
 *   way stops the payment child.
 * - Once a slip or Pix code is issued the order is no longer a hold but awaits the bank (AP,
 *   with the charge's own deadline): the countdown stops (no ticker, no expiry, no warning)
 *   and the view says the order awaits payment; nothing in the cart changes or is cancelled
 *   meanwhile (the slip is cancelled from my orders).
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as CheckoutOutput,
  },
  actors: {
    loadCart: fromPromise<GetCarrinhoPageResult, void>(async () => {
      throw notProvided(MACHINE, 'loadCart');
    }),
    startReservation: fromPromise<IniciarReservaResult, StartReservationInput>(async () => {
      throw notProvided(MACHINE, 'startReservation');
    }),
    cancelReservation: fromPromise<CancelarReservaResult, CancelReservationInput>(async () => {
      throw notProvided(MACHINE, 'cancelReservation');
    }),
    loadItems: fromPromise<GetCarrinhoPageItensResult, LoadItemsInput>(async () => {
      throw notProvided(MACHINE, 'loadItems');
    }),
    removeItems: fromPromise<GetCarrinhoPageResult, RemoveItemsInput>(async () => {
      throw notProvided(MACHINE, 'removeItems');
    }),
    applyCoupon: fromPromise<GetCarrinhoPageItensResult, ApplyCouponInput>(async () => {
      throw notProvided(MACHINE, 'applyCoupon');
    }),
    ticker: fromCallback<EventObject>(() => {
      throw notProvided(MACHINE, 'ticker');
    }),
    handOver: fromPromise<HandOverResult, { entries: LocalCartEntry[] }>(async () => {
      throw notProvided(MACHINE, 'handOver');
    }),
    extendHold: fromPromise<ProrrogarReservaResult, ExtendHoldInput>(async () => {
      throw notProvided(MACHINE, 'extendHold');
    }),
    payment: paymentMachine,
  },
  delays: {
    expiryGrace: EXPIRY_GRACE_MS,
  },
  guards: {
    /** The server's answer describes a hold with time left. */
    hasTimeLeft: (_, params: { countExp: number }) => params.countExp > 0,
    /**
     * The server's open cart has time left and is not the hold this tab made: the person's
     * earlier visit.
     */
    isEarlierHold: ({ context }, params: { cart: GetCarrinhoPageResult }) =>
      params.cart !== null &&
      params.cart.count_exp > 0 &&
      params.cart.idmovimentacao !== context.heldHere,
    /** The server's cart is an order whose payment awaits the gateway (AP). */
    isPendingPayment: (_, params: { cart: GetCarrinhoPageResult }) => params.cart?.status === 'AP',
    /** A live hold is known: it has an id and time left. */
    hasHold: ({ context }) => context.idmovimentacao !== null && context.countExp > 0,
    /** The known hold has run out of time. */
    isExpired: ({ context }) => context.countExp <= 0,
    /** The cart the server answered holds nothing any more. */
    isGone: (_, params: { cart: GetCarrinhoPageResult }) =>
      params.cart === null || params.cart.count_exp <= 0 || params.cart.qtd === 0,
    /** The items the server answered are none. */
    hasNoItems: (_, params: { cart: GetCarrinhoPageItensResult }) => params.cart.itens.length === 0,
    /** The checkout screen is open. */
    isCheckoutOpen: ({ context }) => context.checkoutOpen,
    /** The open checkout shows its hold on screen (`checkout.shown`): the payment may start. */
    isCheckoutShown: ({ context }) => context.checkoutShown,
    /** The hold's countdown runs (no slip or Pix code issued for it: see `held.hold`). */
    isCountingDown: stateIn({ held: { hold: 'counting' } }),
    /** The countdown runs and the hold runs out within the warning time (and has not yet). */
    isExpiringSoon: and([
      'isCountingDown',
      ({ context }) => context.countExp > 0 && context.countExp <= EXPIRY_WARNING_SECONDS,
    ]),
    /** The hold has more than the warning time left (again). */
    isNotExpiringSoon: not('isExpiringSoon'),
    /** The server said this hold may not be extended again. */
    hasNoExtensionLeft: ({ context }) => context.extensionsLeft === 0,
    /** The checkout screen is closed. */
    isCheckoutClosed: not('isCheckoutOpen'),
    /** No cancellation is being asked. */
    isNotAskingToCancel: stateIn({ held: { cancel: 'idle' } }),
    /**
     * The items may change (a removal, a coupon): nobody is asked to cancel and the order is
     * still a hold (not awaiting a slip or Pix payment).
     */
    canChangeItems: and(['isNotAskingToCancel', 'isCountingDown']),
    /** The items are not being changed (no removal, no coupon under way). */
    isNotChangingItems: and([
      not(stateIn({ held: { items: 'removing' } })),
      not(stateIn({ held: { items: 'applyingCoupon' } })),
    ]),
    /**
     * The hold may be cancelled: its items are not changing and it is still a hold (an order
     * awaiting its slip or Pix payment is cancelled from my orders, `cancelarBoleto`).
     */
    canCancel: and(['isNotChangingItems', 'isCountingDown']),
    /** The payment ended paid (not pending). */
    isPaid: (_, params: { output: PaymentOutput }) => params.output.kind === 'paid',
  },
  actions: {
    /** The hold as the server answered it (any answer carrying its id and `count_exp`). */
    assignHold: assign((_, params: { hold: { idmovimentacao: number; count_exp: number } }) => ({
      idmovimentacao: params.hold.idmovimentacao,
      countExp: Math.max(0, params.hold.count_exp),
    })),
    /** A hold found on the server before this visit added anything: known, and marked so. */
    assignEarlierHold: assign((_, params: { cart: Movimentacao }) => ({
      idmovimentacao: params.cart.idmovimentacao,
      countExp: Math.max(0, params.cart.count_exp),
      earlier: params.cart,
    })),
    assignRequest: assign(({ event }) => {
      assertEvent(event, ['cart.reserve', 'cart.reserveAfterLogin']);
      const label = event.type === 'cart.reserveAfterLogin' ? event.label : undefined;
      return {
        request: {
          produtos: event.produtos,
          idapresentacao: event.idapresentacao,
          ...(label ? { label } : {}),
        },
      };
    }),
    clearRequest: assign({ request: null }),
    clearHandOver: assign({ handOver: null }),
    assignHeldHere: assign(({ context }) => ({ heldHere: context.idmovimentacao })),
    /** Injected: this tab made the hold `context.idmovimentacao` (the app remembers it). */
    holdMade: () => {},
    /**
     * Injected: a guest's add whose login goes on on another page is kept in the browser (the
     * app puts it in the local cart, handed over once the profile is complete).
     */
    keepForLater: (_, _params: { entry: LocalCartEntry }) => {},
    /**
     * The payment offers instalments of the total: when a new answer changes the total (a
     * coupon, a removal, a repricing), the payment child asks for them again.
     */
    tellPaymentOfTotal: ({ context, event, self }) => {
      // Run on the done event of loadItems / applyCoupon, before the cart is assigned.
      const cart = (event as { output?: GetCarrinhoPageItensResult }).output;
      const before = context.cart?.resumo.valor;
      if (!cart || before === undefined || before === cart.resumo.valor) return;
      const payment = self.getSnapshot().children.payment as AnyActorRef | undefined;
      payment?.send({ type: 'payment.cartChanged' });
    },
    assignCart: assign((_, params: { cart: GetCarrinhoPageItensResult }) => ({
      cart: params.cart,
      itemsError: null,
    })),
    assignRemoving: assign(({ event }) => {
      assertEvent(event, 'cart.removeItems');
      return { removing: event.iditens, itemsError: null };
    }),
    clearRemoving: assign({ removing: null }),
    assignCouponRequest: assign(({ event }) => {
      assertEvent(event, ['coupon.apply', 'coupon.remove']);
      return {
        couponRequest: event.type === 'coupon.apply' ? event.cupom.trim() : '',
        couponError: null,
        itemsError: null,
      };
    }),
    /** The refusal, with the code it refused kept in `couponRequest` (the field shows it). */
    assignCouponError: assign((_, params: { error: unknown }) => ({
      couponError: toFlowError(params.error),
    })),
    /** Forgets the hold (it ended): what the view showed of it goes too. */
    clearHold: assign({ idmovimentacao: null, countExp: 0, cart: null, earlier: null }),
    clearCart: assign({
      idmovimentacao: null,
      countExp: 0,
      cart: null,
      earlier: null,
      request: null,
      error: null,
      itemsError: null,
    }),
    /** The buyer's minimum purchase (`buyer.minimum`). */
    assignMinimum: assign(({ event }) => {
      assertEvent(event, 'buyer.minimum');
      return { minimumItems: Math.max(0, event.items) };
    }),
    decrementCountdown: assign({ countExp: ({ context }) => Math.max(0, context.countExp - 1) }),
    openCheckout: assign({ checkoutOpen: true }),
    leaveCheckout: assign({ checkoutOpen: false, checkoutShown: false }),
    showCheckout: assign({ checkoutShown: true }),
    countPaymentOpening: assign({ paymentOpenings: ({ context }) => context.paymentOpenings + 1 }),
    assignOutcome: assign((_, params: { outcome: CheckoutOutput }) => ({
      outcome: params.outcome,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    assignItemsError: assign((_, params: { error: unknown }) => ({
      itemsError: toFlowError(params.error),
    })),
    clearError: assign({ error: null, itemsError: null }),
    assignExtension: assign((_, params: { result: ProrrogarReservaResult }) => ({
      countExp: Math.max(0, params.result.count_exp),
      extensionsLeft: params.result.prorrogacoes_restantes,
      extensionError: null,
    })),
    assignExtensionError: assign((_, params: { error: unknown }) => ({
      extensionError: toFlowError(params.error),
    })),
    /** Injected: the expiry was announced (the app forgets its copy of the cart). */
    expiryConfirmed: () => {},
    /** Injected: the local cart is in the machine's hands (the app forgets its copy). */
    localCartTaken: () => {},
    assignHandOver: assign(({ event }) => {
      assertEvent(event, 'cart.handOver');
      return { handOver: event.entries, handOverFailures: [] };
    }),
    assignHandOverResult: assign((_, params: { result: HandOverResult }) => ({
      handOver: null,
      handOverFailures: params.result.failures,
    })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialCheckoutContext(input),
  initial: 'idle',
  output: ({ context }) => context.outcome ?? { kind: 'cancelled' },
  on: {
    'checkout.open': { actions: 'openCheckout' },
    'checkout.leave': { actions: 'leaveCheckout' },
    // Only the open page's paint counts.
    'checkout.shown': { guard: 'isCheckoutOpen', actions: 'showCheckout' },
    'buyer.minimum': { actions: 'assignMinimum' },
  },
  states: {
    idle: {
      on: {
        'checkout.open': { target: 'loading', actions: 'openCheckout' },
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'checking', actions: 'assignRequest' },
        'cart.reserveAfterLogin': { target: 'awaitingLogin', actions: 'assignRequest' },
        'cart.handOver': { target: 'checkingHandOver', actions: 'assignHandOver' },
      },
    },
    checkingHandOver: {
      tags: ['busy'],
      // A hold left from an earlier visit is never joined silently: the person decides.
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            guard: { type: 'isEarlierHold', params: ({ event }) => ({ cart: event.output }) },
            target: 'confirmingHandOver',
            actions: {
              type: 'assignEarlierHold',
              params: ({ event }) => ({ cart: event.output! }),
            },
          },
          { target: 'handingOver' },
        ],
        onError: {
          // Nothing was sent: the local cart stays for the next try.
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            'clearHandOver',
          ],
        },
      },
    },
    confirmingHandOver: {
      tags: ['held', 'confirmAdd'],
      invoke: { id: 'ticker', src: 'ticker' },
      // The earlier hold ran out while the person read: nothing to join, the hand-over goes on.
      always: { guard: 'isExpired', target: 'handingOver', actions: 'clearHold' },
      on: {
        'clock.tick': { actions: 'decrementCountdown' },
        'cart.addConfirmed': { target: 'handingOver' },
        // The earlier order stays as it was; the guest's entries are let go.
        'cart.addDeclined': { target: 'held', actions: ['localCartTaken', 'clearHandOver'] },
      },
    },
    handingOver: {
      tags: ['busy'],
      // Taken at once: a reload in the middle must not send the entries a second time.
      entry: 'localCartTaken',
      invoke: {
        id: 'handOver',
        src: 'handOver',
        input: ({ context }) => ({ entries: context.handOver! }),
        onDone: [
          {
            guard: {
              type: 'hasTimeLeft',
              params: ({ event }) => ({ countExp: event.output.hold?.count_exp ?? 0 }),
            },
            target: 'held',
            actions: [
              {
                type: 'assignHold',
                params: ({ event }) => ({ hold: event.output.hold! }),
              },
              {
                type: 'assignHandOverResult',
                params: ({ event }) => ({ result: event.output }),
              },
              'assignHeldHere',
              'holdMade',
            ],
          },
          {
            // Nothing was taken: what the server holds (maybe an earlier hold) decides.
            target: 'loading',
            actions: {
              type: 'assignHandOverResult',
              params: ({ event }) => ({ result: event.output }),
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    awaitingLogin: {
      tags: ['needsLogin'],
      on: {
        'session.started': { target: 'checking' },
        'login.dismissed': { target: 'idle', actions: 'clearRequest' },
        'login.deferred': {
          target: 'idle',
          actions: [
            {
              type: 'keepForLater',
              params: ({ context }) => ({
                entry: {
                  produtos: context.request!.produtos,
                  idapresentacao: context.request!.idapresentacao,
                  label: context.request!.label ?? '',
                },
              }),
            },
            'clearRequest',
          ],
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            // No hold, but a payment awaiting the gateway (AP): that is where the purchase is.
            guard: { type: 'isPendingPayment', params: ({ event }) => ({ cart: event.output }) },
            target: 'pending',
            actions: {
              type: 'assignOutcome',
              params: () => ({ outcome: { kind: 'pending' as const, message: '' } }),
            },
          },
          {
            guard: { type: 'isEarlierHold', params: ({ event }) => ({ cart: event.output }) },
            target: 'held',
            actions: [
              // Found on arrival and not made here: held on an earlier visit.
              { type: 'assignEarlierHold', params: ({ event }) => ({ cart: event.output! }) },
              'clearError',
            ],
          },
          {
            guard: {
              type: 'hasTimeLeft',
              params: ({ event }) => ({ countExp: event.output?.count_exp ?? 0 }),
            },
            target: 'held',
            actions: [
              {
                type: 'assignHold',
                params: ({ event }) => ({ hold: event.output! }),
              },
              'clearError',
            ],
          },
          { target: 'empty', actions: 'clearCart' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    empty: {
      on: {
        'cart.handOver': { target: 'checkingHandOver', actions: 'assignHandOver' },
        'checkout.open': { target: 'loading', actions: 'openCheckout' },
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'reserving', actions: 'assignRequest' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            guard: { type: 'isEarlierHold', params: ({ event }) => ({ cart: event.output }) },
            target: 'confirmingAdd',
            actions: {
              type: 'assignEarlierHold',
              params: ({ event }) => ({ cart: event.output! }),
            },
          },
          { target: 'reserving' },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            'clearRequest',
          ],
        },
      },
    },
    confirmingAdd: {
      tags: ['held', 'confirmAdd'],
      invoke: { id: 'ticker', src: 'ticker' },
      // The earlier hold ran out while the person read: nothing to join, the add goes on.
      always: { guard: 'isExpired', target: 'reserving', actions: 'clearHold' },
      on: {
        'clock.tick': { actions: 'decrementCountdown' },
        'cart.addConfirmed': { target: 'reserving' },
        'cart.addDeclined': { target: 'held', actions: 'clearRequest' },
      },
    },
    reserving: {
      tags: ['busy'],
      invoke: [
        {
          id: 'startReservation',
          src: 'startReservation',
          input: ({ context }) => context.request!,
          onDone: {
            target: 'held',
            actions: [
              {
                type: 'assignHold',
                params: ({ event }) => ({ hold: event.output }),
              },
              'assignHeldHere',
              'holdMade',
              'clearRequest',
              'clearError',
            ],
          },
          onError: [
            {
              guard: 'hasHold',
              target: 'held',
              actions: [
                { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                'clearRequest',
              ],
            },
            {
              target: 'failed',
              actions: [
                { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                'clearRequest',
              ],
            },
          ],
        },
        { id: 'ticker', src: 'ticker' },
      ],
      on: {
        'clock.tick': { guard: 'hasHold', actions: 'decrementCountdown' },
      },
    },
    held: {
      tags: ['held'],
      type: 'parallel',
      on: {
        'cart.reserve': { target: 'reserving', actions: 'assignRequest' },
        'error.dismiss': { actions: 'clearError' },
      },
      states: {
        hold: {
          initial: 'counting',
          states: {
            counting: {
              invoke: { id: 'ticker', src: 'ticker' },
              always: { guard: 'isExpired', target: '#checkout.expired' },
              on: {
                'clock.tick': { actions: 'decrementCountdown' },
                'payment.chargeIssued': { target: 'awaitingPayment' },
              },
            },
            // A slip or Pix code was issued: the order (AP) awaits the bank until the charge's
            // own deadline; the hold's countdown stops and nothing of it expires here.
            awaitingPayment: {
              tags: ['awaitingPayment'],
              on: { 'payment.chargeClosed': { target: 'counting' } },
            },
          },
        },
        items: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['itemsLoading'],
              invoke: {
                id: 'loadItems',
                src: 'loadItems',
                input: ({ context }) => ({ idmovimentacao: context.idmovimentacao! }),
                onDone: [
                  {
                    guard: {
                      type: 'hasNoItems',
                      params: ({ event }) => ({ cart: event.output }),
                    },
                    target: '#checkout.empty',
                    actions: 'clearCart',
                  },
                  {
                    target: 'ready',
                    actions: [
                      'tellPaymentOfTotal',
                      { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) },
                      // The server is the clock: each load re-syncs the countdown.
                      {
                        type: 'assignHold',
                        params: ({ event }) => ({ hold: event.output.movimentacao }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'loadFailed',
                  actions: {
                    type: 'assignItemsError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            ready: {
              on: {
                'items.reload': { target: 'loading' },
                'cart.removeItems': {
                  guard: 'canChangeItems',
                  target: 'removing',
                  actions: 'assignRemoving',
                },
                'coupon.apply': {
                  guard: 'canChangeItems',
                  target: 'applyingCoupon',
                  actions: 'assignCouponRequest',
                },
                'coupon.remove': {
                  guard: 'canChangeItems',
                  target: 'applyingCoupon',
                  actions: 'assignCouponRequest',
                },
              },
            },
            applyingCoupon: {
              tags: ['busy', 'applyingCoupon'],
              invoke: {
                id: 'applyCoupon',
                src: 'applyCoupon',
                input: ({ context }) => ({
                  idmovimentacao: context.idmovimentacao!,
                  cupom: context.couponRequest!,
                }),
                onDone: {
                  target: 'ready',
                  actions: [
                    'tellPaymentOfTotal',
                    { type: 'assignCart', params: ({ event }) => ({ cart: event.output }) },
                    {
                      type: 'assignHold',
                      params: ({ event }) => ({ hold: event.output.movimentacao }),
                    },
                    assign({ couponRequest: null }),
                  ],
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'assignCouponError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            removing: {
              tags: ['busy'],
              invoke: {
                id: 'removeItems',
                src: 'removeItems',
                input: ({ context }) => ({
                  idmovimentacao: context.idmovimentacao!,
                  iditens: context.removing!,
                }),
                onDone: [
                  {
                    guard: { type: 'isGone', params: ({ event }) => ({ cart: event.output }) },
                    target: '#checkout.empty',
                    actions: 'clearCart',
                  },
                  {
                    target: 'loading',
                    actions: [
                      'clearRemoving',
                      {
                        type: 'assignHold',
                        params: ({ event }) => ({ hold: event.output! }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'ready',
                  actions: [
                    'clearRemoving',
                    {
                      type: 'assignItemsError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  ],
                },
              },
            },
            loadFailed: {
              tags: ['itemsFailed'],
              on: { 'items.reload': { target: 'loading' } },
            },
          },
        },
        payment: {
          initial: 'closed',
          states: {
            closed: {
              always: { guard: 'isCheckoutShown', target: 'open' },
            },
            open: {
              entry: 'countPaymentOpening',
              invoke: {
                id: 'payment',
                src: 'payment',
                input: ({ context }) => ({
                  idmovimentacao: context.idmovimentacao!,
                  attemptNonce: `${context.attemptNonce}-${context.paymentOpenings}`,
                }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ output: event.output }) },
                    target: '#checkout.paid',
                    actions: {
                      type: 'assignOutcome',
                      params: () => ({ outcome: { kind: 'paid' } as const }),
                    },
                  },
                  {
                    target: '#checkout.pending',
                    actions: {
                      type: 'assignOutcome',
                      params: ({ event }) => ({
                        outcome: {
                          kind: 'pending' as const,
                          message: event.output.kind === 'pending' ? event.output.message : '',
                        },
                      }),
                    },
                  },
                ],
              },
              always: { guard: 'isCheckoutClosed', target: 'closed' },
            },
          },
        },
        extension: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'isExpiringSoon', target: 'warning' },
            },
            warning: {
              tags: ['expiryWarning'],
              always: { guard: 'isNotExpiringSoon', target: 'idle' },
              on: {
                'cart.extend': { guard: not('hasNoExtensionLeft'), target: 'extending' },
                'cart.warningDismissed': { target: 'dismissed' },
              },
            },
            extending: {
              tags: ['expiryWarning', 'extending'],
              // A slip or Pix code issued meanwhile: the hold's time no longer matters.
              on: { 'payment.chargeIssued': { target: 'idle' } },
              invoke: {
                id: 'extendHold',
                src: 'extendHold',
                input: ({ context }) => ({ idmovimentacao: context.idmovimentacao! }),
                onDone: {
                  target: 'idle',
                  actions: {
                    type: 'assignExtension',
                    params: ({ event }) => ({ result: event.output }),
                  },
                },
                onError: {
                  target: 'warning',
                  actions: {
                    type: 'assignExtensionError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            dismissed: {
              always: { guard: 'isNotExpiringSoon', target: 'idle' },
            },
          },
        },
        cancel: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cart.cancel': {
                  guard: 'canCancel',
                  target: 'asking',
                },
              },
            },
            asking: {
              tags: ['confirmCancel'],
              on: {
                'cart.cancelConfirmed': { target: '#checkout.cancelling' },
                'cart.cancelDismissed': { target: 'idle' },
              },
            },
          },
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: [
        {
          id: 'cancelReservation',
          src: 'cancelReservation',
          input: ({ context }) => ({ idmovimentacao: context.idmovimentacao! }),
          onDone: {
            target: 'cancelled',
            actions: [
              'clearCart',
              {
                type: 'assignOutcome',
                params: () => ({ outcome: { kind: 'cancelled' } as const }),
              },
            ],
          },
          onError: {
            target: 'held',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        },
        { id: 'ticker', src: 'ticker' },
      ],
      on: {
        'clock.tick': { guard: 'hasHold', actions: 'decrementCountdown' },
      },
    },
    expired: {
      tags: ['expired'],
      entry: 'clearHold',
      initial: 'confirming',
      states: {
        confirming: {
          after: { expiryGrace: { target: 'confirmed' } },
        },
        confirmed: {
          tags: ['expiryConfirmed'],
          entry: 'expiryConfirmed',
          on: {
            'checkout.open': { target: '#checkout.loading', actions: 'openCheckout' },
            'cart.load': { target: '#checkout.loading' },
            'cart.reserve': { target: '#checkout.reserving', actions: 'assignRequest' },
            'error.dismiss': { actions: 'clearError' },
          },
        },
      },
    },
    failed: {
      tags: ['failed'],
      // A hold that ran out while its request was in flight is gone as well.
      entry: 'clearHold',
      on: {
        'cart.handOver': { target: 'checkingHandOver', actions: 'assignHandOver' },
        'checkout.open': { target: 'loading', actions: 'openCheckout' },
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'checking', actions: 'assignRequest' },
        'error.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
    paid: { type: 'final', tags: ['paid'] },
    pending: { type: 'final', tags: ['pending'] },
    cancelled: { type: 'final', tags: ['cancelled'] },
  },
});
