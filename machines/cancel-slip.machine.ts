import { assign, fromPromise, setup } from 'xstate';
import type { CancelarBoletoResult } from '#schemas/contract.ts';
import {
  type CancelSlipContext,
  type CancelSlipEvent,
  type CancelSlipInput,
  notProvided,
  toFlowError,
} from './types';

const MACHINE = 'cancelSlipMachine';

/**
 * Cancelling the bank slip of an order awaiting it, from my orders (spec §4 "Bank slip": a
 * paid slip cannot be cancelled; cancelling returns the items to the cart while the
 * reservation time lasts): asked first, then `cancelarBoleto [idmovimentacao]` (actor
 * `cancelSlip`, injected). The server decides where the order goes: back to the cart (`RE`,
 * state `returnedToCart`) or cancelled (`CA`, `cancelled`); a refusal (`error.boletoPaid`,
 * `error.boletoNotFound`) is kept in `context.error` (`failed`), from where it may be asked
 * again.
 *
 * - states: `idle` (initial) → `asking` → `cancelling` → `returnedToCart` | `cancelled`
 *   (final) | `failed`
 * - tags: `confirm` (asking), `busy` (cancelling), `done` (returnedToCart, cancelled),
 *   `toCart` (returnedToCart), `failed`
 */
export const cancelSlipMachine = setup({
  types: {
    input: {} as CancelSlipInput,
    context: {} as CancelSlipContext,
    events: {} as CancelSlipEvent,
    output: {} as CancelarBoletoResult,
  },
  actors: {
    cancelSlip: fromPromise<CancelarBoletoResult, CancelSlipInput>(async () => {
      throw notProvided(MACHINE, 'cancelSlip');
    }),
  },
  guards: {
    /** The server put the order back in the cart (its hold still lasts). */
    isBackInCart: (_, params: { result: CancelarBoletoResult }) => params.result.status === 'RE',
  },
  actions: {
    assignResult: assign((_, params: { result: CancelarBoletoResult }) => ({
      result: params.result,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'cancelSlip',
  context: ({ input }) => ({ idmovimentacao: input.idmovimentacao, result: null, error: null }),
  initial: 'idle',
  output: ({ context }) => context.result!,
  states: {
    idle: {
      on: { 'slip.cancel': { target: 'asking' } },
    },
    asking: {
      tags: ['confirm'],
      on: {
        'slip.cancelConfirmed': { target: 'cancelling', actions: 'clearError' },
        'slip.cancelDismissed': { target: 'idle' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelSlip',
        src: 'cancelSlip',
        input: ({ context }) => ({ idmovimentacao: context.idmovimentacao }),
        onDone: [
          {
            guard: { type: 'isBackInCart', params: ({ event }) => ({ result: event.output }) },
            target: 'returnedToCart',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'cancelled',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'slip.cancel': { target: 'asking' },
        'error.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
    returnedToCart: { type: 'final', tags: ['done', 'toCart'] },
    cancelled: { type: 'final', tags: ['done'] },
  },
});
