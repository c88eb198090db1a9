import { createActor, fromCallback, fromPromise } from 'xstate';
import { checkoutMachine } from '#machines/checkout.machine.ts';
import type {
  ApplyCouponInput,
  CancelReservationInput,
  ExtendHoldInput,
  HandOverFailure,
  HandOverResult,
  LoadItemsInput,
  LocalCartEntry,
  RemoveItemsInput,
  StartReservationInput,
} from '#machines/types.ts';
import type {
  CancelarReservaResult,
  GetCarrinhoPageItensResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  ProrrogarReservaResult,
  RpcParams,
} from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import { clearLocalCart } from '#src/lib/ui-stores.ts';
import { createPaymentLogic, type PaymentDeps } from '#src/lib/checkout/payment-logic.ts';
import { cartItemsParams } from '#src/api/cart-params.ts';
import { keepLocally } from './local-cart';
import { heldHere, rememberHeldHere } from './held-here';

/**
 * Sends one `clock.tick` per elapsed second of wall time. Background tabs throttle timers, so
 * each beat catches up on the seconds that really passed instead of drifting behind the server.
 */
const ticker = fromCallback(({ sendBack }) => {
  let last = Date.now();
  const id = setInterval(() => {
    const now = Date.now();
    const seconds = Math.floor((now - last) / 1000);
    if (seconds <= 0) return;
    last += seconds * 1000;
    for (let i = 0; i < seconds; i++) sendBack({ type: 'clock.tick' });
  }, 1000);
  return () => clearInterval(id);
});

/**
 * iniciarReserva's params for an add: the products, the session, and the block its lines were
 * chosen in (`[]` for an event without blocks).
 */
export function reservaParams(
  input: StartReservationInput,
): RpcParams<'SuperIngresso', 'iniciarReserva'> {
  const blocos = new Set(
    input.produtos.flatMap((p) => (p.idbloco === undefined ? [] : [p.idbloco])),
  );
  return [
    input.produtos.map(({ idproduto, qtd }) => ({ idproduto, qtd })),
    input.idapresentacao,
    [...blocos],
  ];
}

/**
 * The checkout machine with the shop's actors. Errors are shown by the views next to the cart
 * (`inline`); the error policy still runs its side effects (session expired…).
 */
export function createCheckoutLogic(deps: PaymentDeps) {
  return checkoutMachine.provide({
    actors: {
      loadCart: fromPromise<GetCarrinhoPageResult, void>(() =>
        rpc('SuperIngresso', 'getCarrinhoPage', [], { display: 'inline' }),
      ),
      startReservation: fromPromise<IniciarReservaResult, StartReservationInput>(({ input }) =>
        rpc('SuperIngresso', 'iniciarReserva', reservaParams(input), { display: 'inline' }),
      ),
      cancelReservation: fromPromise<CancelarReservaResult, CancelReservationInput>(({ input }) =>
        rpc('SuperIngresso', 'cancelarReserva', [input.idmovimentacao, null, false, false], {
          display: 'inline',
        }),
      ),
      loadItems: fromPromise<GetCarrinhoPageItensResult, LoadItemsInput>(({ input }) =>
        rpc('SuperIngresso', 'getCarrinhoPageItens', cartItemsParams(input.idmovimentacao), {
          display: 'inline',
        }),
      ),
      removeItems: fromPromise<GetCarrinhoPageResult, RemoveItemsInput>(({ input }) =>
        rpc(
          'SuperIngresso',
          'removeProdutoCarrinho',
          [input.idmovimentacao, input.iditens, false, false],
          { display: 'inline' },
        ),
      ),
      applyCoupon: fromPromise<GetCarrinhoPageItensResult, ApplyCouponInput>(({ input }) =>
        rpc('SuperIngresso', 'aplicarCupom', [input.idmovimentacao, input.cupom], {
          display: 'inline',
        }),
      ),
      extendHold: fromPromise<ProrrogarReservaResult, ExtendHoldInput>(({ input }) =>
        rpc('SuperIngresso', 'prorrogarReserva', [input.idmovimentacao], { display: 'inline' }),
      ),
      ticker,
      payment: createPaymentLogic(deps),
      // Each entry of a guest's local cart is one iniciarReserva, in order; a refusal is
      // reported with the entry's name and the server's message, and the next one goes on.
      handOver: fromPromise<HandOverResult, { entries: LocalCartEntry[] }>(async ({ input }) => {
        let hold: IniciarReservaResult | null = null;
        const failures: HandOverFailure[] = [];
        for (const entry of input.entries) {
          try {
            hold = await rpc('SuperIngresso', 'iniciarReserva', reservaParams(entry), {
              display: 'inline',
            });
          } catch (e) {
            failures.push({ label: entry.label, error: toErrorBody(e) });
          }
        }
        return { hold, failures };
      }),
    },
    actions: {
      holdMade: ({ context }) => rememberHeldHere(context.idmovimentacao),
      // The expiry is announced: what this browser kept of the cart goes with the hold.
      expiryConfirmed: () => clearLocalCart(),
      localCartTaken: () => clearLocalCart(),
      // A guest's add whose login goes on elsewhere: held once the profile is complete.
      keepForLater: (_, { entry }) => {
        keepLocally(entry);
      },
    },
  });
}

function newNonce(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A running checkout machine (with the inspector when `?inspect` is on). */
export function startCheckout(deps: PaymentDeps) {
  return createActor(createCheckoutLogic(deps), {
    input: { attemptNonce: newNonce(), heldHere: heldHere() },
    ...inspectOptions(),
  }).start();
}
