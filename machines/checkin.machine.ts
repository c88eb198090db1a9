import { and, assign, fromPromise, not, setup } from 'xstate';
import type { CheckinSessao } from '#schemas/rest/checkin.ts';
import {
  CHECKIN_NETWORK_CODE,
  CHECKIN_SESSION_CODE,
  type CheckinCodeInput,
  type CheckinContext,
  type CheckinEvent,
  type CheckinInput,
  type CheckinLoginInput,
  type CheckinOfflineInput,
  type CheckinOfflineListInput,
  type CheckinOfflineOutput,
  type CheckinOfflineSummary,
  type CheckinOutcome,
  type CheckinStaff,
  type CheckinSyncOutput,
  type CheckinTokenInput,
} from './checkin.types';
import { notProvided, toFlowError } from './types';

const MACHINE = 'checkinMachine';

const placeholder =
  <TOutput, TInput>(name: string) =>
  () =>
    fromPromise<TOutput, TInput>(async () => {
      throw notProvided(MACHINE, name);
    });

/**
 * The gate (issue 13 item 7): staff log in (`logIn`), choose the session and gate
 * (`fetchSessions`), the device downloads the session's tickets and the brand's public key
 * (`fetchOfflineList`), then each scanned or typed code is checked by the server
 * (`checkCode`). When the server cannot be reached the device decides itself (`checkOffline`:
 * the code's Ed25519 signature, the downloaded list, its own earlier scans) and keeps the scan;
 * the `sync` region posts kept scans (`syncScans`) as soon as a call reaches the server again
 * or the browser says it is online. Every actor is injected; nothing here fetches.
 *
 * - states: `restoring` (initial) → `signedOut` ⇄ `signingIn` → `loadingSessions` →
 *   `choosing` → `preparing` → `gate` (parallel: `scan` idle ⇄ checking | checkingOffline →
 *   result; `sync` idle ⇄ syncing) → `signingOut` → `signedOut`
 * - tags: `signedOut`, `busy` (a call the person waits for), `choosing`, `scanning` (the code
 *   field is shown), `result`, `syncing`
 * - a staff session the server no longer knows (code 1) goes back to `signedOut` from any call.
 * - opened without the network (`fetchSessions` fails so) with a session chosen before, it goes
 *   straight back to that session's `gate`, offline, with the list the device keeps.
 */
export const checkinMachine = setup({
  types: {
    input: {} as CheckinInput,
    context: {} as CheckinContext,
    events: {} as CheckinEvent,
  },
  actors: {
    logIn: placeholder<CheckinStaff, CheckinLoginInput>('logIn')(),
    fetchSessions: placeholder<CheckinSessao[], CheckinTokenInput>('fetchSessions')(),
    fetchOfflineList: placeholder<CheckinOfflineSummary, CheckinOfflineListInput>(
      'fetchOfflineList',
    )(),
    checkCode: placeholder<CheckinOutcome, CheckinCodeInput>('checkCode')(),
    checkOffline: placeholder<CheckinOfflineOutput, CheckinOfflineInput>('checkOffline')(),
    syncScans: placeholder<CheckinSyncOutput, CheckinTokenInput>('syncScans')(),
    logOut: placeholder<void, CheckinTokenInput>('logOut')(),
  },
  guards: {
    hasStaff: ({ context }) => context.staff !== null,
    /** The call never reached the server, and a session was chosen before (its list kept). */
    canResumeOffline: ({ context }, params: { error: unknown }) =>
      context.idapresentacao !== null && toFlowError(params.error).code === CHECKIN_NETWORK_CODE,
    hasSessions: ({ context }) => context.sessions.length > 0,
    hasPending: ({ context }) => context.pending > 0,
    isOnline: ({ context }) => context.online,
    hasSyncError: ({ context }) => context.syncError !== null,
    /** The call never reached the server. */
    isNetworkFailure: (_, params: { error: unknown }) =>
      toFlowError(params.error).code === CHECKIN_NETWORK_CODE,
    /** The server no longer knows the staff session. */
    isSessionEnded: (_, params: { error: unknown }) =>
      toFlowError(params.error).code === CHECKIN_SESSION_CODE,
    hasCode: (_, params: { codigo: string }) => params.codigo.trim() !== '',
  },
  actions: {
    assignStaff: assign((_, params: { staff: CheckinStaff }) => ({
      staff: params.staff,
      error: null,
    })),
    clearStaff: assign({
      staff: null,
      sessions: [],
      outcome: null,
      offlineList: null,
    }),
    assignSessions: assign((_, params: { sessions: CheckinSessao[] }) => ({
      sessions: params.sessions,
      error: null,
      online: true,
    })),
    assignChoice: assign((_, params: { idapresentacao: number; portao: string }) => ({
      idapresentacao: params.idapresentacao,
      portao: params.portao.trim(),
      outcome: null,
      offlineList: null,
      error: null,
    })),
    assignOfflineList: assign((_, params: { list: CheckinOfflineSummary }) => ({
      offlineList: params.list,
      online: true,
    })),
    assignOutcome: assign((_, params: { outcome: CheckinOutcome }) => ({
      outcome: params.outcome,
      error: null,
    })),
    assignOfflineOutcome: assign((_, params: { output: CheckinOfflineOutput }) => ({
      outcome: params.output.outcome,
      pending: params.output.pending,
      error: null,
    })),
    assignSync: assign((_, params: { output: CheckinSyncOutput }) => ({
      lastSync: params.output.summary,
      pending: params.output.pending,
      syncError: null,
      online: true,
    })),
    assignSyncError: assign((_, params: { error: unknown }) => ({
      syncError: toFlowError(params.error),
    })),
    clearSyncError: assign({ syncError: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    assignCode: assign((_, params: { codigo: string }) => ({ codigo: params.codigo.trim() })),
    clearError: assign({ error: null }),
    clearOutcome: assign({ outcome: null }),
    markOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
  },
}).createMachine({
  id: 'checkin',
  context: ({ input }) => ({
    staff: input.staff,
    sessions: [],
    idapresentacao: input.idapresentacao,
    portao: input.portao,
    offlineList: input.offlineList ?? null,
    codigo: '',
    outcome: null,
    error: null,
    pending: input.pending,
    online: true,
    lastSync: null,
    syncError: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStaff', target: 'loadingSessions' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        'staff.login': { target: 'signingIn', actions: 'clearError' },
      },
    },
    signingIn: {
      tags: ['signedOut', 'busy'],
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) =>
          event.type === 'staff.login'
            ? {
                usuario: event.usuario,
                senha: event.senha,
                ...(event._recaptcha ? { _recaptcha: event._recaptcha } : {}),
              }
            : { usuario: '', senha: '' },
        onDone: {
          target: 'loadingSessions',
          actions: { type: 'assignStaff', params: ({ event }) => ({ staff: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingSessions: {
      tags: ['busy'],
      invoke: {
        id: 'fetchSessions',
        src: 'fetchSessions',
        input: ({ context }) => ({ token: context.staff?.token ?? '' }),
        onDone: {
          target: 'choosing',
          actions: {
            type: 'assignSessions',
            params: ({ event }) => ({ sessions: event.output }),
          },
        },
        onError: [
          {
            guard: { type: 'isSessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [
              'clearStaff',
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            // Opened offline (the page served by the device's service worker) with a session
            // chosen before: back to its gate; the device checks codes with the list it keeps.
            guard: { type: 'canResumeOffline', params: ({ event }) => ({ error: event.error }) },
            target: 'gate',
            actions: 'markOffline',
          },
          {
            target: 'choosing',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    choosing: {
      tags: ['choosing'],
      on: {
        'session.chosen': {
          target: 'preparing',
          actions: {
            type: 'assignChoice',
            params: ({ event }) => ({
              idapresentacao: event.idapresentacao,
              portao: event.portao,
            }),
          },
        },
        'sessions.retry': { target: 'loadingSessions', actions: 'clearError' },
        'staff.logout': { target: 'signingOut' },
      },
    },
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'fetchOfflineList',
        src: 'fetchOfflineList',
        input: ({ context }) => ({
          token: context.staff?.token ?? '',
          idapresentacao: context.idapresentacao ?? 0,
        }),
        onDone: {
          target: 'gate',
          actions: { type: 'assignOfflineList', params: ({ event }) => ({ list: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isSessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [
              'clearStaff',
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            // Not refreshed: the device may still hold an earlier copy; scanning goes on.
            target: 'gate',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    gate: {
      type: 'parallel',
      on: {
        'session.change': [
          { guard: 'hasSessions', target: 'choosing', actions: ['clearOutcome', 'clearError'] },
          // Arrived offline without the sessions: they are read first.
          { target: 'loadingSessions', actions: ['clearOutcome', 'clearError'] },
        ],
        'staff.logout': { target: 'signingOut' },
        // The browser's own word on the network: shown at once; kept scans then go (`sync`).
        'network.online': { actions: ['markOnline', 'clearSyncError'] },
        'network.offline': { actions: 'markOffline' },
      },
      states: {
        scan: {
          initial: 'idle',
          states: {
            idle: {
              tags: ['scanning'],
              on: {
                'code.submitted': {
                  guard: {
                    type: 'hasCode',
                    params: ({ event }) => ({ codigo: event.codigo }),
                  },
                  target: 'checking',
                  actions: {
                    type: 'assignCode',
                    params: ({ event }) => ({ codigo: event.codigo }),
                  },
                },
                'error.dismiss': { actions: 'clearError' },
              },
            },
            checking: {
              tags: ['scanning', 'busy'],
              invoke: {
                id: 'checkCode',
                src: 'checkCode',
                input: ({ context }) => ({
                  token: context.staff?.token ?? '',
                  codigo: context.codigo,
                  idapresentacao: context.idapresentacao ?? 0,
                  portao: context.portao,
                }),
                onDone: {
                  target: 'result',
                  actions: [
                    'markOnline',
                    { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) },
                  ],
                },
                onError: [
                  {
                    guard: {
                      type: 'isNetworkFailure',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'checkingOffline',
                    actions: 'markOffline',
                  },
                  {
                    guard: {
                      type: 'isSessionEnded',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: '#checkin.signedOut',
                    actions: [
                      'clearStaff',
                      { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      'clearOutcome',
                      { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                ],
              },
            },
            checkingOffline: {
              tags: ['scanning', 'busy'],
              invoke: {
                id: 'checkOffline',
                src: 'checkOffline',
                input: ({ context }) => ({
                  codigo: context.codigo,
                  idapresentacao: context.idapresentacao ?? 0,
                  portao: context.portao,
                }),
                onDone: {
                  target: 'result',
                  actions: {
                    type: 'assignOfflineOutcome',
                    params: ({ event }) => ({ output: event.output }),
                  },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'clearOutcome',
                    { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
            result: {
              tags: ['scanning', 'result'],
              on: {
                'code.submitted': {
                  guard: {
                    type: 'hasCode',
                    params: ({ event }) => ({ codigo: event.codigo }),
                  },
                  target: 'checking',
                  actions: {
                    type: 'assignCode',
                    params: ({ event }) => ({ codigo: event.codigo }),
                  },
                },
                'result.dismissed': { target: 'idle', actions: 'clearOutcome' },
              },
            },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: {
              // Scans kept offline go as soon as the server answers again or the browser says
              // it is online.
              always: {
                guard: and(['isOnline', 'hasPending', not('hasSyncError')]),
                target: 'syncing',
              },
              on: {
                'sync.requested': {
                  guard: 'hasPending',
                  target: 'syncing',
                  actions: 'clearSyncError',
                },
              },
            },
            syncing: {
              tags: ['syncing'],
              invoke: {
                id: 'syncScans',
                src: 'syncScans',
                input: ({ context }) => ({ token: context.staff?.token ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: {
                    type: 'assignSync',
                    params: ({ event }) => ({ output: event.output }),
                  },
                },
                onError: [
                  {
                    guard: {
                      type: 'isNetworkFailure',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'idle',
                    actions: 'markOffline',
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'assignSyncError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logOut',
        src: 'logOut',
        input: ({ context }) => ({ token: context.staff?.token ?? '' }),
        // Offline or refused, the device forgets the token all the same.
        onDone: { target: 'signedOut', actions: ['clearStaff', 'clearError'] },
        onError: { target: 'signedOut', actions: ['clearStaff', 'clearError'] },
      },
    },
  },
});
