import { assign, fromPromise, setup } from 'xstate';
import type { Faq } from '#schemas/contract.ts';
import type { SupportPanelContext, SupportPanelEvent } from './support-panel.types';
import { notProvided, toFlowError } from './types';

const MACHINE = 'supportPanelMachine';

/**
 * The support panel's loading (spec §2 "A fixed chat-help button opens a chat panel", issue 14
 * item 3): two independent regions. The FAQ is loaded when the panel first opens (actor
 * `loadFaq`), never on the page's first visit; a failure shows with a retry, and opening the
 * panel again retries too. The brand's third-party chat script is injected only when the
 * visitor asks for it (actor `loadWidget`); once loaded it stays (a script cannot be unloaded).
 * Whether the panel shows is the view's (a dialog); this machine only keeps what it loaded.
 *
 * - `faq`: `idle` (initial) → `loading` → `ready` | `failed` (→ `loading`)
 * - `widget`: `idle` (initial) → `loading` → `ready` | `failed` (→ `loading`)
 * - tags: `faqLoading`, `faqReady`, `faqFailed`, `widgetLoading`, `widgetReady`, `widgetFailed`
 */
export const supportPanelMachine = setup({
  types: {
    context: {} as SupportPanelContext,
    events: {} as SupportPanelEvent,
  },
  actors: {
    loadFaq: fromPromise<Faq>(async () => {
      throw notProvided(MACHINE, 'loadFaq');
    }),
    loadWidget: fromPromise<void>(async () => {
      throw notProvided(MACHINE, 'loadWidget');
    }),
  },
  actions: {
    assignFaq: assign((_, params: { faq: Faq }) => ({ faq: params.faq, faqError: null })),
    assignFaqError: assign((_, params: { error: unknown }) => ({
      faqError: toFlowError(params.error),
    })),
    assignWidgetError: assign((_, params: { error: unknown }) => ({
      widgetError: toFlowError(params.error),
    })),
    clearWidgetError: assign({ widgetError: null }),
  },
}).createMachine({
  id: 'supportPanel',
  context: { faq: null, faqError: null, widgetError: null },
  type: 'parallel',
  states: {
    faq: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'panel.opened': { target: 'loading' } },
        },
        loading: {
          tags: ['faqLoading'],
          invoke: {
            id: 'loadFaq',
            src: 'loadFaq',
            onDone: {
              target: 'ready',
              actions: { type: 'assignFaq', params: ({ event }) => ({ faq: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignFaqError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: { tags: ['faqReady'] },
        failed: {
          tags: ['faqFailed'],
          on: {
            'faq.retried': { target: 'loading' },
            'panel.opened': { target: 'loading' },
          },
        },
      },
    },
    widget: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'widget.requested': { target: 'loading' } },
        },
        loading: {
          tags: ['widgetLoading'],
          entry: 'clearWidgetError',
          invoke: {
            id: 'loadWidget',
            src: 'loadWidget',
            onDone: { target: 'ready' },
            onError: {
              target: 'failed',
              actions: {
                type: 'assignWidgetError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        ready: { tags: ['widgetReady'] },
        failed: {
          tags: ['widgetFailed'],
          on: { 'widget.requested': { target: 'loading' } },
        },
      },
    },
  },
});
