import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ErrorCode, type LoginResult, type SessaoPessoa, type Termo } from '#schemas/contract.ts';
import { isProfileComplete, profileWarning } from './session-rules';
import {
  type AcceptTermInput,
  type FetchTermInput,
  type FlowError,
  type LoginContext,
  type LoginCredentials,
  type LoginEvent,
  type LoginInput,
  type LoginOutput,
  notProvided,
  type PendingTerm,
  type StoreTargetParams,
  type SubmitLoginInput,
  TERMS_DECLINED_MESSAGE,
  toFlowError,
} from './types';

const MACHINE = 'loginMachine';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isTermo(value: unknown): value is Termo {
  return (
    isRecord(value) &&
    Number.isInteger(value.idtermo) &&
    Number.isInteger(value.idtipo_termo) &&
    typeof value.dsctermo === 'string' &&
    typeof value.termo === 'string' &&
    typeof value.versao === 'string'
  );
}

/**
 * Reads the message of error 21001 (spec §8: "Message is JSON containing terms and message"):
 * `{ message, termo, aceite }`. Null when it is not that JSON, so the machine falls back to
 * fetching the term as for code 4 instead of showing half a term.
 */
export function parsePendingTerm(message: string): (PendingTerm & { message: string }) | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (
    !isRecord(parsed) ||
    !isTermo(parsed.termo) ||
    typeof parsed.aceite !== 'string' ||
    parsed.aceite === ''
  ) {
    return null;
  }
  return {
    message: typeof parsed.message === 'string' ? parsed.message : '',
    termo: parsed.termo,
    aceite: parsed.aceite,
  };
}

/** The server asks for a term before the login goes on (code 4, or 21001 in any shape). */
const asksForTerm = (error: FlowError) =>
  error.code === ErrorCode.TermsRequired || error.code === ErrorCode.TermsDetailed;

/**
 * The login with terms (spec §2 query parameters and return address, §4 "Login", §8 codes 4
 * and 21001): credentials → the server may ask for a term → show it → accept it → log in again
 * with the same credentials → the profile is checked (machines/session-rules.ts) → done, or the
 * profile page with a warning. An identity provider ends the flow with a redirect.
 *
 * I/O comes from injected actors and actions; the defaults fail with "not provided", so the app
 * must pass them with `.provide({ actors, actions })`. Input: {@link LoginInput}
 * `{ loginId, target, rules }`; output: {@link LoginOutput}.
 *
 * - context: {@link LoginContext} `{ loginId, target, rules, credentials, term, notice,
 *   session, error }`
 * - events: {@link LoginEvent}
 * - states: `editing` (initial) → `submitting` → `done` | `incompleteProfile` | `loginFailed`
 *   | `showingTerm` (21001) | `loadingTerm` (4) → `showingTerm` → `accepting` → `submitting`;
 *   `termFailed`. Final: `done`, `incompleteProfile`, `redirect`, `declined`, `cancelled`.
 * - tags: `editing` (editing, loginFailed), `busy` (submitting, loadingTerm, accepting),
 *   `term` (loadingTerm, showingTerm, accepting, termFailed), `error` (loginFailed,
 *   termFailed), and one per final state: `done`, `profile`, `redirect`, `declined`,
 *   `cancelled`
 * - actors: `submitLogin` ({@link SubmitLoginInput} → `LoginResult`), `fetchTerm`
 *   ({@link FetchTermInput} → {@link PendingTerm}), `acceptTerm` ({@link AcceptTermInput} →
 *   `{ aceito: true }`)
 * - actions: `storeTarget` ({@link StoreTargetParams}; when the flow starts) and `clearTarget`
 *   (on `done`, `declined`, `cancelled`): the app keeps the target in sessionStorage
 *
 * Decisions: the credentials stay in the context only while the flow runs (they are needed for
 * the re-login and to refill the form after an error) and every final state forgets them. A
 * 21001 whose message is not the expected JSON is treated like code 4 (the term is fetched).
 * A failed acceptance is retried by logging in again, not by accepting again: the ticket is
 * single-use and may have been spent by a request whose answer was lost; the re-login either
 * succeeds (the acceptance was recorded) or brings a fresh term and ticket. A failed term fetch
 * is retried by fetching again. `login.cancelled` is accepted in every state that is not
 * final (closing the modal while a request runs stops it). The target is kept stored on
 * `incompleteProfile` (the profile page returns there once completed) and on `redirect` (the
 * identity provider's return needs it); any other end clears it.
 */
const loginSetup = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginOutput,
  },
  actors: {
    submitLogin: fromPromise<LoginResult, SubmitLoginInput>(async () => {
      throw notProvided(MACHINE, 'submitLogin');
    }),
    fetchTerm: fromPromise<PendingTerm, FetchTermInput>(async () => {
      throw notProvided(MACHINE, 'fetchTerm');
    }),
    acceptTerm: fromPromise<{ aceito: true }, AcceptTermInput>(async () => {
      throw notProvided(MACHINE, 'acceptTerm');
    }),
  },
  guards: {
    /** The session's person has everything the brand requires (spec §4). */
    isProfileComplete: ({ context }, params: { pessoa: SessaoPessoa }) =>
      isProfileComplete(params.pessoa, context.rules),
    /** Error 21001 whose message carries the term and its ticket: show it at once. */
    hasDetailedTerm: (_, params: { error: unknown }) => {
      const error = toFlowError(params.error);
      return error.code === ErrorCode.TermsDetailed && parsePendingTerm(error.message) !== null;
    },
    /** The server asks for a term without giving it (code 4, or a 21001 we cannot read). */
    needsTerm: (_, params: { error: unknown }) => asksForTerm(toFlowError(params.error)),
    /** The term failure was an acceptance (the term is known), not a fetch. */
    hasTerm: ({ context }) => context.term !== null,
  },
  actions: {
    /** Injected: keep the target where a reload finds it (sessionStorage). */
    storeTarget: (_, _params: StoreTargetParams) => {
      throw notProvided(MACHINE, 'storeTarget');
    },
    /** Injected: forget the stored target. */
    clearTarget: () => {
      throw notProvided(MACHINE, 'clearTarget');
    },
    startAttempt: assign((_, params: { credentials: LoginCredentials }) => ({
      credentials: params.credentials,
      term: null,
      notice: null,
      error: null,
    })),
    assignSession: assign((_, params: { session: LoginResult }) => ({
      session: params.session,
      term: null,
      notice: null,
      error: null,
    })),
    assignDetailedTerm: assign((_, params: { error: unknown }) => {
      const pending = parsePendingTerm(toFlowError(params.error).message)!;
      return {
        term: { termo: pending.termo, aceite: pending.aceite },
        notice: pending.message === '' ? null : pending.message,
        error: null,
      };
    }),
    assignTermNotice: assign((_, params: { error: unknown }) => {
      const { code, message } = toFlowError(params.error);
      // A 21001 we could not read has JSON, not text, in its message: show none of it.
      return { term: null, notice: code === ErrorCode.TermsRequired && message ? message : null };
    }),
    assignTerm: assign((_, params: { term: PendingTerm }) => ({
      term: { termo: params.term.termo, aceite: params.term.aceite },
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
    /** A re-login brings its own term (or the session): nothing of the old one is kept. */
    forgetTerm: assign({ term: null, error: null }),
    forgetCredentials: assign({ credentials: null }),
  },
});

/** What the form answers, with or without the error of a failed attempt on it. */
const FORM_EVENTS = {
  'login.submitted': {
    target: 'submitting',
    actions: {
      type: 'startAttempt',
      params: ({ event }: { event: Extract<LoginEvent, { type: 'login.submitted' }> }) => ({
        credentials: event.credentials,
      }),
    },
  },
  'login.providerChosen': { target: 'redirect' },
  'login.cancelled': { target: 'cancelled' },
} as const;

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: ({ input }) => ({
    loginId: input.loginId,
    target: input.target,
    rules: input.rules,
    credentials: null,
    term: null,
    notice: null,
    session: null,
    error: null,
  }),
  entry: { type: 'storeTarget', params: ({ context }) => ({ target: context.target }) },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: FORM_EVENTS,
    },
    loginFailed: {
      tags: ['editing', 'error'],
      on: {
        ...FORM_EVENTS,
        'error.dismiss': { target: 'editing', actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context, event }) => ({
          loginId: context.loginId,
          credentials: context.credentials!,
          relogin: event.type !== 'login.submitted',
        }),
        onDone: [
          {
            guard: {
              type: 'isProfileComplete',
              params: ({ event }) => ({ pessoa: event.output.pessoa }),
            },
            target: 'done',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            target: 'incompleteProfile',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'hasDetailedTerm', params: ({ event }) => ({ error: event.error }) },
            target: 'showingTerm',
            actions: {
              type: 'assignDetailedTerm',
              params: ({ event }) => ({ error: event.error }),
            },
          },
          {
            guard: { type: 'needsTerm', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingTerm',
            actions: { type: 'assignTermNotice', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // Wrong credentials, captcha, throttling, network…: back to the form, as typed.
            target: 'loginFailed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: { 'login.cancelled': { target: 'cancelled' } },
    },
    loadingTerm: {
      tags: ['busy', 'term'],
      invoke: {
        id: 'fetchTerm',
        src: 'fetchTerm',
        input: ({ context }) => ({ loginId: context.loginId, credentials: context.credentials! }),
        onDone: {
          target: 'showingTerm',
          actions: { type: 'assignTerm', params: ({ event }) => ({ term: event.output }) },
        },
        onError: {
          target: 'termFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'login.cancelled': { target: 'cancelled' } },
    },
    showingTerm: {
      tags: ['term'],
      on: {
        'terms.accepted': { target: 'accepting' },
        'terms.declined': { target: 'declined' },
        'login.cancelled': { target: 'cancelled' },
      },
    },
    accepting: {
      tags: ['busy', 'term'],
      invoke: {
        id: 'acceptTerm',
        src: 'acceptTerm',
        input: ({ context }) => ({
          idtermo: context.term!.termo.idtermo,
          aceite: context.term!.aceite,
        }),
        // Accepted: log in again with the same credentials (spec §8 code 4 "then re-login").
        onDone: { target: 'submitting', actions: 'forgetTerm' },
        onError: {
          target: 'termFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'login.cancelled': { target: 'cancelled' } },
    },
    termFailed: {
      tags: ['error', 'term'],
      on: {
        'login.retry': [
          { guard: 'hasTerm', target: 'submitting', actions: 'forgetTerm' },
          { target: 'loadingTerm', actions: 'clearError' },
        ],
        'terms.declined': { target: 'declined' },
        'login.cancelled': { target: 'cancelled' },
      },
    },
    done: {
      type: 'final',
      tags: ['done'],
      entry: ['forgetCredentials', 'clearTarget'],
      output: ({ context }): LoginOutput => ({
        kind: 'done',
        target: context.target,
        session: context.session!,
      }),
    },
    incompleteProfile: {
      type: 'final',
      tags: ['profile'],
      entry: 'forgetCredentials',
      output: ({ context }): LoginOutput => ({
        kind: 'profile',
        // isProfileComplete failed on this person, so there is a gap to warn about.
        warning: profileWarning(context.session!.pessoa, context.rules)!,
        target: context.target,
        session: context.session!,
      }),
    },
    redirect: {
      type: 'final',
      tags: ['redirect'],
      entry: 'forgetCredentials',
      output: ({ event }): LoginOutput => {
        assertEvent(event, 'login.providerChosen');
        return { kind: 'redirect', url: event.url };
      },
    },
    declined: {
      type: 'final',
      tags: ['declined'],
      entry: ['forgetCredentials', 'clearTarget'],
      output: { kind: 'declined', message: TERMS_DECLINED_MESSAGE },
    },
    cancelled: {
      type: 'final',
      tags: ['cancelled'],
      entry: ['forgetCredentials', 'clearTarget'],
      output: { kind: 'cancelled' },
    },
  },
  // The machine's output is the output of the final state it ended in.
  output: ({ event }) => event.output as LoginOutput,
});
