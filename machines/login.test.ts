import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { LOCALES, type LoginResult, type SessaoPessoa, type Termo } from '#schemas/contract.ts';
import { loginMachine, parsePendingTerm } from './login.machine';
import {
  isProfileComplete,
  PROFILE_WARNING,
  type ProfileRules,
  profileWarning,
} from './session-rules';
import {
  describePath,
  FakeActors,
  flush,
  historyPaths,
  type ModelPath,
  modelPaths,
  runPath,
  unreachedStates,
  untakenEdges,
  visitedSnapshots,
} from './testing';
import {
  type AcceptTermInput,
  type FetchTermInput,
  type LoginContext,
  type LoginCredentials,
  type LoginEvent,
  type LoginInput,
  type LoginOutput,
  type PendingTerm,
  type SubmitLoginInput,
  TERMS_DECLINED_MESSAGE,
  UNKNOWN_ERROR_CODE,
} from './types';

// ---------------------------------------------------------------------------------------------
// Fixtures

const AGENCY = 7;
const AGENCY_AWAITING = 8;

const rules = (editarEnderecoCadastro: boolean): ProfileRules => ({
  idagencia: AGENCY,
  idagenciaaguardando: AGENCY_AWAITING,
  editarEnderecoCadastro,
});

/** Address required (the stricter brand); the model also runs without. */
const INPUT: LoginInput = {
  loginId: 1,
  target: { kind: 'route', route: 'MeusPedidos' },
  rules: rules(true),
};

const CREDENTIALS: LoginCredentials = {
  _username: 'ana@example.com',
  _password: 'segredo-123',
  _recaptcha: 'captcha-token',
};
const OTHER_CREDENTIALS: LoginCredentials = { _username: 'ana@example.com', _password: 'outra' };

const pessoa = (fields: Partial<SessaoPessoa> = {}): SessaoPessoa => ({
  idpessoa: 10,
  bin: null,
  nome: 'Ana',
  email: 'ana@example.com',
  idpessoa_tipo: 2,
  cpf: '39053344705',
  passaporte: null,
  empresa_cnpj: null,
  empresa_razao: null,
  end_estado: 'SP',
  end_pais: 'BR',
  nacionalidade: 'BR',
  ...fields,
});

const session = (p: SessaoPessoa): LoginResult => ({ access_token: 'token-abc', pessoa: p });

const COMPLETE = session(pessoa());
const NO_DOCUMENT = session(pessoa({ cpf: null }));
const NO_ADDRESS = session(pessoa({ end_estado: null }));
const AGENCY_INCOMPLETE = session(pessoa({ idpessoa_tipo: AGENCY_AWAITING }));

const TERMO: Termo = {
  idtermo: 3,
  idtipo_termo: 1,
  dsctermo: 'Termos de uso',
  termo: '<p>Termos</p>',
  versao: '2026-03-01',
};
const PENDING: PendingTerm = { termo: TERMO, aceite: 'ticket-1' };
const FETCHED: PendingTerm = { termo: { ...TERMO, idtermo: 4 }, aceite: 'ticket-2' };

const TERMS_DETAILED = {
  code: 21001,
  message: JSON.stringify({ message: 'Aceite os novos termos', termo: TERMO, aceite: 'ticket-1' }),
};
const TERMS_REQUIRED = { code: 4, message: 'Há um novo termo para aceitar' };
const TERMS_UNREADABLE = { code: 21001, message: 'not json' };
const WRONG_PASSWORD = { code: 0, message: 'Usuário ou senha incorreta' };
const PROVIDER_URL = 'https://idp.example/authorize?state=s1';

function fakeMachine(fakes: FakeActors) {
  return loginMachine.provide({
    actors: {
      submitLogin: fakes.promise<LoginResult, SubmitLoginInput>('submitLogin'),
      fetchTerm: fakes.promise<PendingTerm, FetchTermInput>('fetchTerm'),
      acceptTerm: fakes.promise<{ aceito: true }, AcceptTermInput>('acceptTerm'),
    },
    actions: { storeTarget: fakes.action('storeTarget'), clearTarget: fakes.action('clearTarget') },
  });
}

function start(input: LoginInput = INPUT) {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes), { input }).start();
  const snap = () => actor.getSnapshot();
  const output = () => snap().output as LoginOutput | undefined;
  const actionNames = () => fakes.actions.map((a) => a.name);
  return { actor, fakes, snap, output, actionNames };
}

type T = ReturnType<typeof start>;

async function submit(t: T, credentials = CREDENTIALS) {
  t.actor.send({ type: 'login.submitted', credentials });
  await flush();
}

/** Submits and gets 21001: the term is shown. */
async function toTerm(t: T) {
  await submit(t);
  t.fakes.reject('submitLogin', TERMS_DETAILED);
  await flush();
  expect(t.snap().value).toBe('showingTerm');
}

/** Accepts the shown term successfully: the machine logs in again. */
async function accept(t: T) {
  t.actor.send({ type: 'terms.accepted' });
  t.fakes.resolve('acceptTerm', { aceito: true });
  await flush();
  expect(t.snap().value).toBe('submitting');
}

// ---------------------------------------------------------------------------------------------
// Guards and helpers

describe('loginMachine guards', () => {
  type Guard = (args: { context: LoginContext }, params?: unknown) => boolean;
  const guard = (name: string) =>
    (loginMachine.implementations.guards as Record<string, Guard>)[name]!;
  const context = (fields: Partial<LoginContext> = {}): { context: LoginContext } => ({
    context: {
      loginId: 1,
      target: INPUT.target,
      rules: INPUT.rules,
      credentials: CREDENTIALS,
      term: null,
      notice: null,
      session: null,
      error: null,
      ...fields,
    },
  });

  it('isProfileComplete applies session-rules with the rules of the input', () => {
    const isComplete = guard('isProfileComplete');
    expect(isComplete(context(), { pessoa: COMPLETE.pessoa })).toBe(true);
    expect(isComplete(context(), { pessoa: NO_DOCUMENT.pessoa })).toBe(false);
    expect(isComplete(context(), { pessoa: AGENCY_INCOMPLETE.pessoa })).toBe(false);
    // The address counts only when the brand requires one.
    expect(isComplete(context(), { pessoa: NO_ADDRESS.pessoa })).toBe(false);
    expect(isComplete(context({ rules: rules(false) }), { pessoa: NO_ADDRESS.pessoa })).toBe(true);
  });

  it('hasDetailedTerm: only a 21001 whose message is the term JSON', () => {
    const hasDetailedTerm = guard('hasDetailedTerm');
    expect(hasDetailedTerm(context(), { error: TERMS_DETAILED })).toBe(true);
    expect(hasDetailedTerm(context(), { error: TERMS_UNREADABLE })).toBe(false);
    expect(hasDetailedTerm(context(), { error: TERMS_REQUIRED })).toBe(false);
    // The JSON of a term under another code is not a term to show.
    expect(hasDetailedTerm(context(), { error: { ...TERMS_DETAILED, code: 0 } })).toBe(false);
    expect(hasDetailedTerm(context(), { error: new Error('x') })).toBe(false);
  });

  it('needsTerm: code 4, or any 21001; nothing else', () => {
    const needsTerm = guard('needsTerm');
    expect(needsTerm(context(), { error: TERMS_REQUIRED })).toBe(true);
    expect(needsTerm(context(), { error: TERMS_UNREADABLE })).toBe(true);
    expect(needsTerm(context(), { error: TERMS_DETAILED })).toBe(true);
    expect(needsTerm(context(), { error: WRONG_PASSWORD })).toBe(false);
    expect(needsTerm(context(), { error: { code: 1, message: '' } })).toBe(false);
    expect(needsTerm(context(), { error: new TypeError('Failed to fetch') })).toBe(false);
  });

  it('hasTerm: a term is known (its acceptance failed), not a failed fetch', () => {
    const hasTerm = guard('hasTerm');
    expect(hasTerm(context({ term: PENDING }))).toBe(true);
    expect(hasTerm(context())).toBe(false);
  });
});

describe('parsePendingTerm', () => {
  it('reads message, term and ticket of a 21001 message', () => {
    expect(parsePendingTerm(TERMS_DETAILED.message)).toEqual({
      message: 'Aceite os novos termos',
      termo: TERMO,
      aceite: 'ticket-1',
    });
  });

  it('a missing message is empty; extra fields of the term are dropped by the machine', () => {
    expect(parsePendingTerm(JSON.stringify({ termo: TERMO, aceite: 'a' }))?.message).toBe('');
  });

  it.each([
    ['not JSON', 'Aceite os termos'],
    ['JSON null', 'null'],
    ['no ticket', JSON.stringify({ message: 'm', termo: TERMO })],
    ['an empty ticket', JSON.stringify({ message: 'm', termo: TERMO, aceite: '' })],
    ['no term', JSON.stringify({ message: 'm', aceite: 'a' })],
    ['a term without its HTML', JSON.stringify({ termo: { ...TERMO, termo: null }, aceite: 'a' })],
    ['a term with a text id', JSON.stringify({ termo: { ...TERMO, idtermo: '3' }, aceite: 'a' })],
  ])('null for %s', (_, message) => {
    expect(parsePendingTerm(message)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Transitions

describe('loginMachine transitions', () => {
  it('starts editing, stores the target, keeps no credentials', () => {
    const t = start();
    expect(t.snap().value).toBe('editing');
    expect(t.snap().hasTag('editing')).toBe(true);
    expect(t.snap().context).toEqual({
      ...INPUT,
      credentials: null,
      term: null,
      notice: null,
      session: null,
      error: null,
    });
    expect(t.fakes.actions).toEqual([{ name: 'storeTarget', params: { target: INPUT.target } }]);
  });

  it('complete profile → done with the target and the session; target cleared, credentials forgotten', async () => {
    const t = start();
    await submit(t);
    expect(t.snap().value).toBe('submitting');
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.fakes.inputsOf('submitLogin')).toEqual([
      { loginId: 1, credentials: CREDENTIALS, relogin: false },
    ]);
    t.fakes.resolve('submitLogin', COMPLETE);
    await flush();
    expect(t.snap().status).toBe('done');
    expect(t.output()).toEqual({ kind: 'done', target: INPUT.target, session: COMPLETE });
    expect(t.snap().context.credentials).toBeNull();
    expect(t.actionNames()).toEqual(['storeTarget', 'clearTarget']);
  });

  it('term shown → accepted → re-login with the same credentials → incomplete profile', async () => {
    const t = start();
    await toTerm(t);
    expect([...t.snap().tags]).toEqual(['term']);
    expect(t.snap().context).toMatchObject({
      term: PENDING,
      notice: 'Aceite os novos termos',
      error: null,
      credentials: CREDENTIALS,
    });

    t.actor.send({ type: 'terms.accepted' });
    expect(t.snap().value).toBe('accepting');
    expect(t.fakes.inputsOf('acceptTerm')).toEqual([{ idtermo: 3, aceite: 'ticket-1' }]);
    t.fakes.resolve('acceptTerm', { aceito: true });
    await flush();
    expect(t.snap().value).toBe('submitting');
    expect(t.snap().context.term).toBeNull();
    expect(t.fakes.inputsOf('submitLogin')).toEqual([
      { loginId: 1, credentials: CREDENTIALS, relogin: false },
      { loginId: 1, credentials: CREDENTIALS, relogin: true },
    ]);

    t.fakes.resolve('submitLogin', NO_DOCUMENT);
    await flush();
    expect(t.snap().value).toBe('incompleteProfile');
    expect(t.output()).toEqual({
      kind: 'profile',
      warning: PROFILE_WARNING.document,
      target: INPUT.target,
      session: NO_DOCUMENT,
    });
    expect(t.snap().context.credentials).toBeNull();
    // The profile page returns to the target once completed: it stays stored.
    expect(t.actionNames()).toEqual(['storeTarget']);
  });

  it('code 4 → the term is fetched with the credentials; a failed fetch is retried by fetching', async () => {
    const t = start();
    await submit(t);
    t.fakes.reject('submitLogin', TERMS_REQUIRED);
    await flush();
    expect(t.snap().value).toBe('loadingTerm');
    expect([...t.snap().tags].sort()).toEqual(['busy', 'term']);
    expect(t.snap().context.notice).toBe('Há um novo termo para aceitar');
    expect(t.fakes.inputsOf('fetchTerm')).toEqual([{ loginId: 1, credentials: CREDENTIALS }]);

    t.fakes.reject('fetchTerm', { code: 0, message: 'Termo indisponível' });
    await flush();
    expect(t.snap().value).toBe('termFailed');
    expect([...t.snap().tags].sort()).toEqual(['error', 'term']);
    expect(t.snap().context.error).toEqual({ code: 0, message: 'Termo indisponível' });

    t.actor.send({ type: 'login.retry' });
    expect(t.snap().value).toBe('loadingTerm');
    expect(t.snap().context.error).toBeNull();
    expect(t.fakes.inputsOf('fetchTerm')).toHaveLength(2);
    expect(t.fakes.inputsOf('submitLogin')).toHaveLength(1);
    t.fakes.resolve('fetchTerm', FETCHED);
    await flush();
    expect(t.snap().value).toBe('showingTerm');
    expect(t.snap().context.term).toEqual(FETCHED);

    await accept(t);
    expect(t.fakes.inputsOf('acceptTerm')).toEqual([{ idtermo: 4, aceite: 'ticket-2' }]);
    t.fakes.resolve('submitLogin', COMPLETE);
    await flush();
    expect(t.output()?.kind).toBe('done');
  });

  it('a 21001 that is not the JSON is handled like code 4, with no notice', async () => {
    const t = start();
    await submit(t);
    t.fakes.reject('submitLogin', TERMS_UNREADABLE);
    await flush();
    expect(t.snap().value).toBe('loadingTerm');
    expect(t.snap().context.notice).toBeNull();
  });

  it('declining the term ends the attempt without a session, with a message', async () => {
    const t = start();
    await toTerm(t);
    t.actor.send({ type: 'terms.declined' });
    expect(t.snap().status).toBe('done');
    expect(t.output()).toEqual({ kind: 'declined', message: TERMS_DECLINED_MESSAGE });
    expect(t.snap().context.session).toBeNull();
    expect(t.snap().context.credentials).toBeNull();
    expect(t.fakes.inputsOf('acceptTerm')).toHaveLength(0);
    expect(t.actionNames()).toEqual(['storeTarget', 'clearTarget']);
  });

  it('the second login failing after the acceptance → the form with the error, as typed', async () => {
    const t = start();
    await toTerm(t);
    await accept(t);
    t.fakes.reject('submitLogin', WRONG_PASSWORD);
    await flush();
    expect(t.snap().value).toBe('loginFailed');
    expect([...t.snap().tags].sort()).toEqual(['editing', 'error']);
    expect(t.snap().context).toMatchObject({
      credentials: CREDENTIALS,
      error: WRONG_PASSWORD,
      term: null,
      session: null,
    });
    // A new submit (new captcha) starts over with what is typed now.
    await submit(t, OTHER_CREDENTIALS);
    expect(t.snap().context).toMatchObject({ credentials: OTHER_CREDENTIALS, error: null });
    expect(t.fakes.inputsOf('submitLogin').at(-1)).toEqual({
      loginId: 1,
      credentials: OTHER_CREDENTIALS,
      relogin: false,
    });
  });

  it('a failed acceptance is retried by logging in again, never by reusing the ticket', async () => {
    const t = start();
    await toTerm(t);
    t.actor.send({ type: 'terms.accepted' });
    t.fakes.reject('acceptTerm', new TypeError('Failed to fetch'));
    await flush();
    expect(t.snap().value).toBe('termFailed');
    expect(t.snap().context.error).toEqual({ code: UNKNOWN_ERROR_CODE, message: '' });
    t.actor.send({ type: 'terms.accepted' });
    expect(t.snap().value).toBe('termFailed');

    t.actor.send({ type: 'login.retry' });
    expect(t.snap().value).toBe('submitting');
    expect(t.snap().context).toMatchObject({ term: null, error: null, credentials: CREDENTIALS });
    expect(t.fakes.inputsOf('acceptTerm')).toHaveLength(1);
    expect(t.fakes.inputsOf('submitLogin').at(-1)).toMatchObject({ relogin: true });
    // The acceptance was not recorded: the server asks again, with a fresh ticket.
    t.fakes.reject('submitLogin', {
      code: 21001,
      message: JSON.stringify({ message: 'm', termo: TERMO, aceite: 'ticket-3' }),
    });
    await flush();
    expect(t.snap().context.term?.aceite).toBe('ticket-3');
  });

  it('an agency without cnpj or company name → profile with the company warning', async () => {
    const t = start();
    await submit(t);
    t.fakes.resolve('submitLogin', AGENCY_INCOMPLETE);
    await flush();
    expect(t.output()).toMatchObject({ kind: 'profile', warning: PROFILE_WARNING.company });
  });

  it('the address counts only when the brand requires one', async () => {
    const required = start();
    await submit(required);
    required.fakes.resolve('submitLogin', NO_ADDRESS);
    await flush();
    expect(required.output()).toMatchObject({ kind: 'profile', warning: PROFILE_WARNING.address });

    const optional = start({ ...INPUT, rules: rules(false) });
    await submit(optional);
    optional.fakes.resolve('submitLogin', NO_ADDRESS);
    await flush();
    expect(optional.output()?.kind).toBe('done');
  });

  it('an identity provider ends in a redirect; the target stays stored for the return', () => {
    const t = start();
    t.actor.send({ type: 'login.providerChosen', url: PROVIDER_URL });
    expect(t.snap().status).toBe('done');
    expect(t.output()).toEqual({ kind: 'redirect', url: PROVIDER_URL });
    expect(t.fakes.inputsOf('submitLogin')).toHaveLength(0);
    expect(t.actionNames()).toEqual(['storeTarget']);
  });

  it('an identity provider may be chosen after a failed local login', async () => {
    const t = start();
    await submit(t);
    t.fakes.reject('submitLogin', WRONG_PASSWORD);
    await flush();
    t.actor.send({ type: 'login.providerChosen', url: PROVIDER_URL });
    expect(t.output()).toEqual({ kind: 'redirect', url: PROVIDER_URL });
    expect(t.snap().context.credentials).toBeNull();
  });

  it('cancelling while a request runs stops it and clears the target', async () => {
    const t = start();
    await submit(t);
    expect(t.fakes.isRunning('submitLogin')).toBe(true);
    t.actor.send({ type: 'login.cancelled' });
    expect(t.output()).toEqual({ kind: 'cancelled' });
    expect(t.fakes.isRunning('submitLogin')).toBe(false);
    expect(t.snap().context.credentials).toBeNull();
    expect(t.actionNames()).toEqual(['storeTarget', 'clearTarget']);
  });

  it('error.dismiss in loginFailed → editing without the error', async () => {
    const t = start();
    await submit(t);
    t.fakes.reject('submitLogin', WRONG_PASSWORD);
    await flush();
    t.actor.send({ type: 'error.dismiss' });
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context.error).toBeNull();
  });

  it('ignores a second submit and term events while busy', async () => {
    const t = start();
    await submit(t);
    await submit(t, OTHER_CREDENTIALS);
    t.actor.send({ type: 'terms.accepted' });
    t.actor.send({ type: 'login.providerChosen', url: PROVIDER_URL });
    expect(t.snap().value).toBe('submitting');
    expect(t.fakes.inputsOf('submitLogin')).toHaveLength(1);
    expect(t.snap().context.credentials).toBe(CREDENTIALS);
  });

  it('the declined message is in every locale', () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<
        string,
        string
      >;
      expect(messages[TERMS_DECLINED_MESSAGE], locale).toBeTruthy();
    }
  });

  it('default actors and actions are placeholders that fail loudly ("not provided")', async () => {
    // storeTarget runs when the actor starts: without it the actor stops at once.
    const errors: unknown[] = [];
    const bare = createActor(loginMachine, { input: INPUT });
    bare.subscribe({ error: (error) => errors.push(error) });
    bare.start();
    expect(bare.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toMatch(/"storeTarget" not provided/);

    const fakes = new FakeActors();
    const noActors = createActor(
      loginMachine.provide({
        actions: { storeTarget: fakes.action('s'), clearTarget: fakes.action('c') },
      }),
      { input: INPUT },
    ).start();
    noActors.send({ type: 'login.submitted', credentials: CREDENTIALS });
    await flush();
    expect(noActors.getSnapshot().value).toBe('loginFailed');
    expect(noActors.getSnapshot().context.error?.message).toMatch(/"submitLogin" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const EXPECTED_TAGS: Record<string, string[]> = {
  editing: ['editing'],
  loginFailed: ['editing', 'error'],
  submitting: ['busy'],
  loadingTerm: ['busy', 'term'],
  showingTerm: ['term'],
  accepting: ['busy', 'term'],
  termFailed: ['error', 'term'],
  done: ['done'],
  incompleteProfile: ['profile'],
  redirect: ['redirect'],
  declined: ['declined'],
  cancelled: ['cancelled'],
};
const FINAL = ['done', 'incompleteProfile', 'redirect', 'declined', 'cancelled'];
/** Ends after which the stored target is cleared; the others keep it for the next page. */
const CLEARS_TARGET = ['done', 'declined', 'cancelled'];

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'login.submitted', credentials: CREDENTIALS },
  { type: 'login.providerChosen', url: PROVIDER_URL },
  { type: 'login.retry' },
  { type: 'login.cancelled' },
  { type: 'terms.accepted' },
  { type: 'terms.declined' },
  { type: 'error.dismiss' },
  { type: 'xstate.done.actor.submitLogin', output: COMPLETE },
  { type: 'xstate.done.actor.submitLogin', output: NO_DOCUMENT },
  { type: 'xstate.done.actor.submitLogin', output: NO_ADDRESS },
  { type: 'xstate.done.actor.submitLogin', output: AGENCY_INCOMPLETE },
  { type: 'xstate.error.actor.submitLogin', error: TERMS_DETAILED },
  { type: 'xstate.error.actor.submitLogin', error: TERMS_REQUIRED },
  { type: 'xstate.error.actor.submitLogin', error: TERMS_UNREADABLE },
  { type: 'xstate.error.actor.submitLogin', error: WRONG_PASSWORD },
  { type: 'xstate.error.actor.submitLogin', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.fetchTerm', output: FETCHED },
  { type: 'xstate.error.actor.fetchTerm', error: { code: 0, message: 'Termo indisponível' } },
  { type: 'xstate.done.actor.acceptTerm', output: { aceito: true } },
  { type: 'xstate.error.actor.acceptTerm', error: { code: 0, message: 'Aceite inválido' } },
] satisfies (LoginEvent | AnyEventObject)[];

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as LoginContext;
const stateOf = (snapshot: AnyMachineSnapshot) => String(snapshot.value);

/** A path up to each of its steps: the histories a walk goes through. */
const prefixes = (path: ModelPath): ModelPath[] =>
  path.steps.map((step, i) => ({
    state: step.state,
    steps: path.steps.slice(0, i + 1),
    weight: i,
  }));

/** The credentials of the last `login.submitted` before step `index` of a path. */
function typedBefore(path: ModelPath, index: number): LoginCredentials | undefined {
  const submitted = path.steps
    .slice(0, index + 1)
    .map((step) => step.event)
    .filter((event) => event.type === 'login.submitted');
  return (submitted.at(-1) as Extract<LoginEvent, { type: 'login.submitted' }> | undefined)
    ?.credentials;
}

describe.each([
  ['address required', INPUT],
  ['address not required', { ...INPUT, rules: rules(false) }],
])('loginMachine model paths (xstate/graph), %s', (_, input) => {
  const options = { events: MODEL_EVENTS, input };
  const paths = modelPaths(loginMachine, options);
  const visited = visitedSnapshots(paths);
  /** Every cycle-free history; those that end the flow are replayed too. */
  const histories = historyPaths(loginMachine, options);
  const completeFlows = histories.filter((history) => history.state.status === 'done');

  it('generates walks through many snapshots', () => {
    expect(visited.length).toBeGreaterThan(50);
  });

  it('reaches every state', () => {
    expect(unreachedStates(loginMachine, paths)).toEqual([]);
  });

  it('takes every transition of the machine', () => {
    expect(untakenEdges(loginMachine, paths)).toEqual([]);
  });

  it('covers the named scenarios (the walks, up to any step, and complete flows)', () => {
    const walks = [...paths.flatMap(prefixes), ...completeFlows].map((path) =>
      path.steps.map((step) => stateOf(step.state)).join(' > '),
    );
    const scenarios = [
      // term shown → accepted → re-login ok → incomplete profile (or done)
      /showingTerm > accepting > submitting > incompleteProfile$/,
      /showingTerm > accepting > submitting > done$/,
      // code 4: the term is fetched, then shown, accepted, logged in
      /submitting > loadingTerm > showingTerm > accepting > submitting > done$/,
      /showingTerm > declined$/,
      // fetch term failure → retry fetches again
      /loadingTerm > termFailed > loadingTerm/,
      // the second login fails after the acceptance
      /accepting > submitting > loginFailed/,
      // a failed acceptance → a new login
      /accepting > termFailed > submitting > (done|incompleteProfile)$/,
      /^editing > redirect$/,
      /loginFailed > redirect$/,
      /submitting > cancelled$/,
    ];
    const missing = scenarios.filter((pattern) => !walks.some((walk) => pattern.test(walk)));
    expect(missing).toEqual([]);
  });

  it('every snapshot has the tags of its state; final states end the actor', () => {
    for (const snapshot of visited) {
      const value = stateOf(snapshot);
      expect([...snapshot.tags].sort(), value).toEqual(EXPECTED_TAGS[value]);
      expect(snapshot.status, value).toBe(FINAL.includes(value) ? 'done' : 'active');
    }
  });

  it('state invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const c = ctx(snapshot);
      const value = stateOf(snapshot);
      const where = `${value} ${JSON.stringify(c)}`;
      // The credentials live only while the flow runs.
      if (FINAL.includes(value)) expect(c.credentials, where).toBeNull();
      else if (value !== 'editing') expect(c.credentials, where).not.toBeNull();
      if (value === 'showingTerm' || value === 'accepting') expect(c.term, where).not.toBeNull();
      if (snapshot.hasTag('error')) expect(c.error, where).not.toBeNull();
      if (value === 'editing' || snapshot.hasTag('busy')) expect(c.error, where).toBeNull();
      // A session exists only at the end of a successful login, and it decides the end.
      if (value === 'done' || value === 'incompleteProfile') {
        expect(c.session, where).not.toBeNull();
        const complete = isProfileComplete(c.session!.pessoa, input.rules);
        expect(complete, where).toBe(value === 'done');
        expect(snapshot.output, where).toEqual(
          complete
            ? { kind: 'done', target: input.target, session: c.session }
            : {
                kind: 'profile',
                warning: profileWarning(c.session!.pessoa, input.rules),
                target: input.target,
                session: c.session,
              },
        );
      } else {
        expect(c.session, where).toBeNull();
      }
    }
  });

  it('the profile warnings reached are the gaps the fixtures have', () => {
    const warnings = new Set(
      visited
        .map((snapshot) => snapshot.output as LoginOutput | undefined)
        .flatMap((output) => (output?.kind === 'profile' ? [output.warning] : [])),
    );
    const expected: string[] = [PROFILE_WARNING.company, PROFILE_WARNING.document];
    if (input.rules.editarEnderecoCadastro) expected.push(PROFILE_WARNING.address);
    expect([...warnings].sort()).toEqual(expected.sort());
  });

  it('over every history: no session before a requested term is accepted; re-login as typed', () => {
    expect(histories.length).toBeGreaterThan(100);
    for (const history of histories) {
      const where = describePath(history);
      let owed = false;
      history.steps.forEach((step, i) => {
        const value = stateOf(step.state);
        const previous = history.steps[i - 1];
        const from = previous ? stateOf(previous.state) : undefined;
        if (from === 'submitting' && (value === 'showingTerm' || value === 'loadingTerm')) {
          owed = true;
        }
        if (value === 'accepting') {
          // Only the term being shown is accepted, with its own ticket.
          expect(from, where).toBe('showingTerm');
          expect(ctx(step.state).term, where).toEqual(ctx(previous!.state).term);
          owed = false;
        }
        if (value === 'done' || value === 'incompleteProfile') expect(owed, where).toBe(false);
        if (value === 'submitting') {
          expect(ctx(step.state).credentials, where).toEqual(typedBefore(history, i));
        }
      });
    }
  });

  /** Replays a path against a real actor and checks what it sent and stored. */
  async function replay(path: ModelPath) {
    const fakes = new FakeActors();
    await runPath(path, createActor(fakeMachine(fakes), { input }), fakes);
    // Every login the real actor sent carried what was typed last, the first time and after
    // each acceptance or retry.
    const logins = fakes.inputsOf('submitLogin') as SubmitLoginInput[];
    const expected = path.steps.flatMap((step, i) =>
      i > 0 && stateOf(step.state) === 'submitting'
        ? [
            {
              loginId: input.loginId,
              credentials: typedBefore(path, i)!,
              // A repeat after a term (acceptance or retry), never after typing.
              relogin: step.event.type !== 'login.submitted',
            },
          ]
        : [],
    );
    expect(logins, describePath(path)).toEqual(expected);
    // The target is stored once, at the start, and cleared only by the ends that drop it.
    const end = stateOf(path.state);
    expect(fakes.actions, describePath(path)).toEqual([
      { name: 'storeTarget', params: { target: input.target } },
      ...(CLEARS_TARGET.includes(end) ? [{ name: 'clearTarget', params: undefined }] : []),
    ]);
  }

  it('the real actor follows every walk, sending what was typed', async () => {
    for (const path of paths) await replay(path);
  });

  it('the real actor follows every complete flow, sending what was typed', async () => {
    for (const path of completeFlows) await replay(path);
  });
});
