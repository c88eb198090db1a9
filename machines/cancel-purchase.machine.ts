import { assign, fromPromise, setup } from 'xstate';
import type { CancelaCompraResult } from '#schemas/contract.ts';
import {
  type CancelPurchaseContext,
  type CancelPurchaseEvent,
  type CancelPurchaseInput,
  type CancelPurchaseRequest,
  notProvided,
  toFlowError,
} from './types';

const MACHINE = 'cancelPurchaseMachine';

/**
 * Cancelling paid tickets of an order, from my orders (spec §1 "cancel items", §4 "Cancelling
 * an item leads to a confirmation-pending message"): the person chooses the tickets the brand's
 * rules let them cancel, is asked to confirm, then `cancelaCompra [idmovimentacao, itens]`
 * (actor `cancelPurchase`, injected) answers `{ aguarde }`: the refund awaits the gateway's
 * confirmation (`requested`, from where more tickets may be cancelled later). A refusal is kept
 * in `context.error` (`failed`; the view says 'Erro no cancelamento, por favor entre em contato
 * com o SAC.').
 *
 * - states: `idle` (initial) → `choosing` → `asking` → `cancelling` → `requested` | `failed`
 * - tags: `choose` (choosing, asking), `confirm` (asking), `busy` (cancelling), `done`
 *   (requested), `failed`
 */
export const cancelPurchaseMachine = setup({
  types: {
    input: {} as CancelPurchaseInput,
    context: {} as CancelPurchaseContext,
    events: {} as CancelPurchaseEvent,
  },
  actors: {
    cancelPurchase: fromPromise<CancelaCompraResult, CancelPurchaseRequest>(async () => {
      throw notProvided(MACHINE, 'cancelPurchase');
    }),
  },
  guards: {
    /** At least one ticket is chosen. */
    hasChosen: ({ context }) => context.chosen.length > 0,
  },
  actions: {
    toggleItem: assign(({ context }, params: { iditem: number }) => ({
      chosen: context.chosen.includes(params.iditem)
        ? context.chosen.filter((id) => id !== params.iditem)
        : [...context.chosen, params.iditem],
    })),
    clearChoice: assign({ chosen: [] as number[] }),
    assignResult: assign((_, params: { result: CancelaCompraResult }) => ({
      result: params.result,
      chosen: [] as number[],
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'cancelPurchase',
  context: ({ input }) => ({
    idmovimentacao: input.idmovimentacao,
    chosen: [],
    result: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'purchase.cancel': { target: 'choosing', actions: 'clearChoice' } },
    },
    choosing: {
      tags: ['choose'],
      on: {
        'purchase.itemToggled': {
          actions: { type: 'toggleItem', params: ({ event }) => ({ iditem: event.iditem }) },
        },
        'purchase.cancelAsked': { guard: 'hasChosen', target: 'asking' },
        'purchase.cancelClosed': { target: 'idle', actions: 'clearChoice' },
      },
    },
    asking: {
      tags: ['choose', 'confirm'],
      on: {
        'purchase.cancelConfirmed': { target: 'cancelling', actions: 'clearError' },
        'purchase.cancelDismissed': { target: 'choosing' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelPurchase',
        src: 'cancelPurchase',
        input: ({ context }) => ({
          idmovimentacao: context.idmovimentacao,
          itens: context.chosen,
        }),
        onDone: {
          target: 'requested',
          actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    requested: {
      tags: ['done'],
      on: { 'purchase.cancel': { target: 'choosing', actions: 'clearChoice' } },
    },
    failed: {
      tags: ['failed'],
      on: {
        'purchase.cancel': { target: 'choosing', actions: ['clearError', 'clearChoice'] },
        'error.dismiss': { target: 'idle', actions: ['clearError', 'clearChoice'] },
      },
    },
  },
});
