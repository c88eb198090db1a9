import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import type {
  CancelarReservaResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
} from '../schemas/contract';
import {
  type CancelReservationInput,
  notProvided,
  type ReservationContext,
  type ReservationEvent,
  type StartReservationInput,
  toFlowError,
} from './types';

const MACHINE = 'reservationMachine';

/**
 * The cart's hold (spec §4 "States and transitions", steps 1–2): load the open cart, hold
 * products with an expiry, count the hold down from the server's `count_exp`, cancel it.
 *
 * The server is the source of truth for expiry; the countdown only mirrors `count_exp` (see
 * machines/README.md). Time and I/O come from injected actors; the defaults reject with
 * "not provided", so the app must pass them:
 *
 * ```ts
 * reservationMachine.provide({ actors: { loadCart, startReservation, cancelReservation, ticker } })
 * ```
 *
 * - context: {@link ReservationContext} `{ idmovimentacao, countExp, error }`
 * - events: {@link ReservationEvent}
 * - states: `idle` (initial), `loading`, `empty`, `reserving`, `held`, `cancelling`,
 *   `expired`, `failed`
 * - tags: `held`, `expired`, `failed`; `busy` while a request is in flight
 *   (`loading`, `reserving`, `cancelling`)
 * - actors: `loadCart` (→ `GetCarrinhoPageResult`), `startReservation`
 *   ({@link StartReservationInput} → `IniciarReservaResult`), `cancelReservation`
 *   ({@link CancelReservationInput} → `CancelarReservaResult`), `ticker` (callback actor that
 *   sends `{ type: 'clock.tick' }` once a second)
 *
 * Decisions: a failed `startReservation` while a live hold is known (`idmovimentacao` set and
 * `countExp > 0`: adding to the same hold) goes back to `held` with `context.error` set,
 * because the earlier hold is still valid on the server; without a live hold it goes to
 * `failed`, which never keeps a hold id. The countdown keeps running while a request
 * about a live hold is in flight (`reserving`, `cancelling`), so it is right when the request
 * fails; reaching 0 there does not abort the request, the answer decides. `error.dismiss` in
 * `failed` goes back to `idle` (the cart's state is unknown until the next `cart.load`).
 */
export const reservationMachine = setup({
  types: {
    context: {} as ReservationContext,
    events: {} as ReservationEvent,
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
    ticker: fromCallback<EventObject>(() => {
      throw notProvided(MACHINE, 'ticker');
    }),
  },
  guards: {
    /** The server's answer describes a hold with time left. */
    hasTimeLeft: (_, params: { countExp: number }) => params.countExp > 0,
    /** A live hold is known: it has an id and time left. */
    hasHold: ({ context }) => context.idmovimentacao !== null && context.countExp > 0,
    /** The known hold has run out of time. */
    isExpired: ({ context }) => context.countExp <= 0,
  },
  actions: {
    assignHold: assign((_, params: { idmovimentacao: number; countExp: number }) => ({
      idmovimentacao: params.idmovimentacao,
      countExp: Math.max(0, params.countExp),
    })),
    clearHold: assign({ idmovimentacao: null, countExp: 0 }),
    clearCart: assign({ idmovimentacao: null, countExp: 0, error: null }),
    decrementCountdown: assign({ countExp: ({ context }) => Math.max(0, context.countExp - 1) }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'reservation',
  context: { idmovimentacao: null, countExp: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'reserving' },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            guard: {
              type: 'hasTimeLeft',
              params: ({ event }) => ({ countExp: event.output?.count_exp ?? 0 }),
            },
            target: 'held',
            actions: [
              {
                type: 'assignHold',
                params: ({ event }) => ({
                  idmovimentacao: event.output!.idmovimentacao,
                  countExp: event.output!.count_exp,
                }),
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
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'reserving' },
      },
    },
    reserving: {
      tags: ['busy'],
      invoke: [
        {
          id: 'startReservation',
          src: 'startReservation',
          input: ({ event }) => {
            assertEvent(event, 'cart.reserve');
            return { produtos: event.produtos, idapresentacao: event.idapresentacao };
          },
          onDone: {
            target: 'held',
            actions: [
              {
                type: 'assignHold',
                params: ({ event }) => ({
                  idmovimentacao: event.output.idmovimentacao,
                  countExp: event.output.count_exp,
                }),
              },
              'clearError',
            ],
          },
          onError: [
            {
              guard: 'hasHold',
              target: 'held',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
            {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
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
      invoke: { id: 'ticker', src: 'ticker' },
      always: { guard: 'isExpired', target: 'expired' },
      on: {
        'clock.tick': { actions: 'decrementCountdown' },
        'cart.reserve': { target: 'reserving' },
        'cart.cancel': { target: 'cancelling' },
        'cart.cleared': { target: 'empty', actions: 'clearCart' },
        'cart.synced': {
          actions: {
            type: 'assignHold',
            params: ({ event }) => ({
              idmovimentacao: event.idmovimentacao,
              countExp: event.countExp,
            }),
          },
        },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: [
        {
          id: 'cancelReservation',
          src: 'cancelReservation',
          input: ({ context }) => ({ idmovimentacao: context.idmovimentacao! }),
          onDone: { target: 'empty', actions: 'clearCart' },
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
      on: {
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'reserving' },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    failed: {
      tags: ['failed'],
      // A hold that ran out while its request was in flight is gone as well.
      entry: 'clearHold',
      on: {
        'cart.load': { target: 'loading' },
        'cart.reserve': { target: 'reserving' },
        'error.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
  },
});
