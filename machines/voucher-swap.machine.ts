import { assign, fromPromise, setup } from 'xstate';
import type { IniciarTrocaVoucherResult } from '#schemas/contract.ts';
import {
  notProvided,
  type SwapVoucherInput,
  toFlowError,
  type VoucherSwapContext,
  type VoucherSwapEvent,
} from './types';

const MACHINE = 'voucherSwapMachine';

type Swapped = Extract<IniciarTrocaVoucherResult, { status: 'trocado' }>;

/**
 * Swapping a partner's voucher for its tickets (the Voucher page, spec §1): the locator is
 * sent with `iniciarTrocaVoucher` (actor `swapVoucher`, injected). A dated voucher is swapped at
 * once (`done`); an open-dated one answers the sessions it may take (`choosing`), and the one
 * picked is sent with the locator (`swapping` again). A refusal (malformed or unknown locator,
 * used, sold out) is kept in `context.error`: while choosing, the person stays there to pick
 * another session; otherwise `failed`, from where another locator may be sent.
 *
 * - states: `idle` (initial) → `swapping` → `choosing` → `swapping` → `done` | `failed`
 * - tags: `busy` (swapping), `choose` (choosing), `done`, `failed`
 */
export const voucherSwapMachine = setup({
  types: {
    context: {} as VoucherSwapContext,
    events: {} as VoucherSwapEvent,
  },
  actors: {
    swapVoucher: fromPromise<IniciarTrocaVoucherResult, SwapVoucherInput>(async () => {
      throw notProvided(MACHINE, 'swapVoucher');
    }),
  },
  guards: {
    /** An open-dated voucher without a session: the server lists the sessions to pick from. */
    isChoice: (_, params: { result: IniciarTrocaVoucherResult }) =>
      params.result.status === 'escolher',
    /** The refusal came while picking a session (e.g. sold out): pick another. */
    wasChoosing: ({ context }) => context.apresentacoes.length > 0,
  },
  actions: {
    assignLocator: assign((_, params: { localizador: string }) => ({
      localizador: params.localizador,
      voucher: null,
      apresentacoes: [],
      idapresentacao: null,
      result: null,
      error: null,
    })),
    assignSession: assign((_, params: { idapresentacao: number }) => ({
      idapresentacao: params.idapresentacao,
      error: null,
    })),
    assignChoice: assign((_, params: { result: IniciarTrocaVoucherResult }) =>
      params.result.status === 'escolher'
        ? { voucher: params.result.voucher, apresentacoes: params.result.apresentacoes }
        : {},
    ),
    assignResult: assign((_, params: { result: IniciarTrocaVoucherResult }) => ({
      voucher: params.result.voucher,
      result: params.result as Swapped,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
    reset: assign({
      localizador: '',
      voucher: null,
      apresentacoes: [],
      idapresentacao: null,
      result: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'voucherSwap',
  context: {
    localizador: '',
    voucher: null,
    apresentacoes: [],
    idapresentacao: null,
    result: null,
    error: null,
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'voucher.submitted': {
          target: 'swapping',
          actions: {
            type: 'assignLocator',
            params: ({ event }) => ({ localizador: event.localizador }),
          },
        },
      },
    },
    swapping: {
      tags: ['busy'],
      invoke: {
        id: 'swapVoucher',
        src: 'swapVoucher',
        input: ({ context }) => ({
          localizador: context.localizador,
          idapresentacao: context.idapresentacao,
        }),
        onDone: [
          {
            guard: { type: 'isChoice', params: ({ event }) => ({ result: event.output }) },
            target: 'choosing',
            actions: { type: 'assignChoice', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'done',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: [
          {
            guard: 'wasChoosing',
            target: 'choosing',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    choosing: {
      tags: ['choose'],
      on: {
        'voucher.sessionChosen': {
          target: 'swapping',
          actions: {
            type: 'assignSession',
            params: ({ event }) => ({ idapresentacao: event.idapresentacao }),
          },
        },
        'voucher.reset': { target: 'idle', actions: 'reset' },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'voucher.submitted': {
          target: 'swapping',
          actions: {
            type: 'assignLocator',
            params: ({ event }) => ({ localizador: event.localizador }),
          },
        },
        'error.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
    done: {
      tags: ['done'],
      on: { 'voucher.reset': { target: 'idle', actions: 'reset' } },
    },
  },
});
