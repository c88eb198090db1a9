import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import type { CheckinSessao } from '#schemas/rest/checkin.ts';
import { checkinMachine } from './checkin.machine';
import type {
  CheckinCodeInput,
  CheckinContext,
  CheckinEvent,
  CheckinInput,
  CheckinLoginInput,
  CheckinOfflineInput,
  CheckinOfflineListInput,
  CheckinOfflineOutput,
  CheckinOfflineSummary,
  CheckinOutcome,
  CheckinStaff,
  CheckinSyncOutput,
  CheckinTokenInput,
} from './checkin.types';
import {
  activeNodeIds,
  FakeActors,
  flush,
  modelPaths,
  nodeEvents,
  pathNodeEvents,
  runPath,
  stateNodeIds,
  visitedSnapshots,
} from './testing';

const INPUT: CheckinInput = { staff: null, idapresentacao: null, portao: '', pending: 0 };
const STAFF: CheckinStaff = { token: 't0k', usuario: 'portaria' };
const SESSOES: CheckinSessao[] = [
  { idapresentacao: 7, evento: 'Visita', dscapre: 'Manhã', dthr: '2026-11-26 10:00' },
];
const LIST: CheckinOfflineSummary = { ingressos: 3, gerado_em: '2026-11-26T12:00:00.000Z' };
const CODE = 'ABCDEFGH2345';
const VALID: CheckinOutcome = { resultado: 'valido', offline: false, mensagem: 'ok' };
const USED: CheckinOutcome = {
  resultado: 'ja_usado',
  offline: false,
  mensagem: 'used',
  usado_em: '2026-11-26 10:05:00',
  usado_portao: 'Norte',
};
const OFFLINE_VALID: CheckinOfflineOutput = {
  outcome: { resultado: 'valido', offline: true },
  pending: 1,
};
const SYNCED: CheckinSyncOutput = {
  summary: { enviadas: 1, resultados: { valido: 1 } },
  pending: 0,
};
const NETWORK = { code: -1, message: '' };
const SESSION_ENDED = { code: 1, message: 'A sessão terminou.' };
const REFUSED = { code: 0, message: 'Usuário ou senha incorretos.' };

function fakeMachine(fakes: FakeActors) {
  return checkinMachine.provide({
    actors: {
      logIn: fakes.promise<CheckinStaff, CheckinLoginInput>('logIn'),
      fetchSessions: fakes.promise<CheckinSessao[], CheckinTokenInput>('fetchSessions'),
      fetchOfflineList: fakes.promise<CheckinOfflineSummary, CheckinOfflineListInput>(
        'fetchOfflineList',
      ),
      checkCode: fakes.promise<CheckinOutcome, CheckinCodeInput>('checkCode'),
      checkOffline: fakes.promise<CheckinOfflineOutput, CheckinOfflineInput>('checkOffline'),
      syncScans: fakes.promise<CheckinSyncOutput, CheckinTokenInput>('syncScans'),
      logOut: fakes.promise<void, CheckinTokenInput>('logOut'),
    },
  });
}

function start(input: CheckinInput = INPUT) {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes), { input }).start();
  return { actor, fakes, snap: () => actor.getSnapshot() };
}

/** Logged in, session 7 chosen at gate Norte, the list downloaded: ready to scan. */
async function atTheGate() {
  const t = start();
  t.actor.send({ type: 'staff.login', usuario: 'portaria', senha: 'Portaria@2026' });
  t.fakes.resolve('logIn', STAFF);
  await flush();
  t.fakes.resolve('fetchSessions', SESSOES);
  await flush();
  t.actor.send({ type: 'session.chosen', idapresentacao: 7, portao: ' Norte ' });
  t.fakes.resolve('fetchOfflineList', LIST);
  await flush();
  return t;
}

describe('checkinMachine', () => {
  it('a refused login stays signed out with the server’s message', async () => {
    const { actor, fakes, snap } = start();
    expect(snap().hasTag('signedOut')).toBe(true);
    actor.send({ type: 'staff.login', usuario: 'portaria', senha: 'wrong' });
    expect(snap().hasTag('busy')).toBe(true);
    expect(fakes.inputsOf('logIn')).toEqual([{ usuario: 'portaria', senha: 'wrong' }]);
    fakes.reject('logIn', REFUSED);
    await flush();
    expect(snap().value).toBe('signedOut');
    expect(snap().context.error).toEqual(REFUSED);
  });

  it('login → sessions → chosen: the offline list is fetched for that session, then scanning', async () => {
    const { snap, fakes } = await atTheGate();
    expect(fakes.inputsOf('fetchSessions')).toEqual([{ token: 't0k' }]);
    expect(fakes.inputsOf('fetchOfflineList')).toEqual([{ token: 't0k', idapresentacao: 7 }]);
    expect(snap().matches({ gate: { scan: 'idle', sync: 'idle' } })).toBe(true);
    expect(snap().context).toMatchObject({ portao: 'Norte', offlineList: LIST, online: true });
  });

  it('a remembered staff token goes straight to the sessions', () => {
    const { snap, fakes } = start({ ...INPUT, staff: STAFF });
    expect(snap().value).toBe('loadingSessions');
    expect(fakes.inputsOf('fetchSessions')).toEqual([{ token: 't0k' }]);
  });

  it('opened offline with a session chosen before: straight back to its gate, offline', async () => {
    const { actor, fakes, snap } = start({
      ...INPUT,
      staff: STAFF,
      idapresentacao: 7,
      portao: 'Norte',
      offlineList: LIST,
    });
    fakes.reject('fetchSessions', NETWORK);
    await flush();
    expect(snap().matches({ gate: { scan: 'idle' } })).toBe(true);
    expect(snap().context).toMatchObject({ offlineList: LIST, online: false, error: null });
    // The device checks codes itself.
    actor.send({ type: 'code.submitted', codigo: CODE });
    fakes.reject('checkCode', NETWORK);
    await flush();
    expect(fakes.inputsOf('checkOffline')).toEqual([
      { codigo: CODE, idapresentacao: 7, portao: 'Norte' },
    ]);
    // Changing the session reads the sessions first (none were read).
    actor.send({ type: 'session.change' });
    expect(snap().value).toBe('loadingSessions');
    fakes.resolve('fetchSessions', SESSOES);
    await flush();
    expect(snap().value).toBe('choosing');
  });

  it('opened offline with no session chosen: the sessions error, to retry', async () => {
    const { fakes, snap } = start({ ...INPUT, staff: STAFF });
    fakes.reject('fetchSessions', NETWORK);
    await flush();
    expect(snap().value).toBe('choosing');
    expect(snap().context.error).toEqual(NETWORK);
  });

  it('online: the server’s answer; the next code is checked from the result at once', async () => {
    const { actor, fakes, snap } = await atTheGate();
    actor.send({ type: 'code.submitted', codigo: `  ${CODE} ` });
    expect(fakes.inputsOf('checkCode')).toEqual([
      { token: 't0k', codigo: CODE, idapresentacao: 7, portao: 'Norte' },
    ]);
    fakes.resolve('checkCode', VALID);
    await flush();
    expect(snap().hasTag('result')).toBe(true);
    expect(snap().context.outcome).toEqual(VALID);
    actor.send({ type: 'code.submitted', codigo: CODE });
    fakes.resolve('checkCode', USED);
    await flush();
    expect(snap().context.outcome).toEqual(USED);
    actor.send({ type: 'result.dismissed' });
    expect(snap().matches({ gate: { scan: 'idle' } })).toBe(true);
    expect(snap().context.outcome).toBeNull();
  });

  it('an empty code is not sent', async () => {
    const { actor, fakes } = await atTheGate();
    actor.send({ type: 'code.submitted', codigo: '   ' });
    expect(fakes.inputsOf('checkCode')).toEqual([]);
  });

  it('offline: the device decides, keeps the scan; back online the scans are synced', async () => {
    const { actor, fakes, snap } = await atTheGate();
    actor.send({ type: 'code.submitted', codigo: CODE });
    fakes.reject('checkCode', NETWORK);
    await flush();
    expect(snap().matches({ gate: { scan: 'checkingOffline' } })).toBe(true);
    expect(fakes.inputsOf('checkOffline')).toEqual([
      { codigo: CODE, idapresentacao: 7, portao: 'Norte' },
    ]);
    fakes.resolve('checkOffline', OFFLINE_VALID);
    await flush();
    expect(snap().context).toMatchObject({ pending: 1, online: false });
    expect(snap().context.outcome).toEqual(OFFLINE_VALID.outcome);
    // Still offline: nothing is synced until the browser says it is online.
    expect(snap().hasTag('syncing')).toBe(false);
    actor.send({ type: 'network.online' });
    expect(snap().hasTag('syncing')).toBe(true);
    // The person may scan while the sync runs.
    actor.send({ type: 'code.submitted', codigo: CODE });
    expect(fakes.isRunning('checkCode')).toBe(true);
    fakes.resolve('syncScans', SYNCED);
    await flush();
    expect(snap().context).toMatchObject({ pending: 0, lastSync: SYNCED.summary, online: true });
  });

  it('a scan that reaches the server again starts the sync by itself', async () => {
    const { actor, fakes, snap } = await atTheGate();
    actor.send({ type: 'code.submitted', codigo: CODE });
    fakes.reject('checkCode', NETWORK);
    await flush();
    fakes.resolve('checkOffline', OFFLINE_VALID);
    await flush();
    actor.send({ type: 'code.submitted', codigo: 'OTHER2345ABC' });
    fakes.resolve('checkCode', VALID);
    await flush();
    expect(snap().hasTag('syncing')).toBe(true);
    // A sync the server refuses is not retried in a loop: only by hand.
    fakes.reject('syncScans', { code: 0, message: 'bad' });
    await flush();
    expect(snap().hasTag('syncing')).toBe(false);
    expect(snap().context.syncError).toEqual({ code: 0, message: 'bad' });
    actor.send({ type: 'sync.requested' });
    expect(snap().hasTag('syncing')).toBe(true);
    expect(snap().context.syncError).toBeNull();
  });

  it('a staff session the server ended goes back to the login', async () => {
    const { actor, fakes, snap } = await atTheGate();
    actor.send({ type: 'code.submitted', codigo: CODE });
    fakes.reject('checkCode', SESSION_ENDED);
    await flush();
    expect(snap().value).toBe('signedOut');
    expect(snap().context.staff).toBeNull();
    expect(snap().context.error).toEqual(SESSION_ENDED);
  });

  it('logout forgets the staff even when the server cannot be reached', async () => {
    const { actor, fakes, snap } = await atTheGate();
    actor.send({ type: 'staff.logout' });
    expect(fakes.inputsOf('logOut')).toEqual([{ token: 't0k' }]);
    fakes.reject('logOut', NETWORK);
    await flush();
    expect(snap().value).toBe('signedOut');
    expect(snap().context.staff).toBeNull();
  });

  it('the default actors are placeholders that fail loudly ("not provided")', async () => {
    const actor = createActor(checkinMachine, { input: INPUT }).start();
    actor.send({ type: 'staff.login', usuario: 'a', senha: 'b' });
    await flush();
    expect(actor.getSnapshot().context.error?.message).toMatch(/"logIn" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'staff.login', usuario: 'portaria', senha: 'x' },
  { type: 'staff.logout' },
  { type: 'sessions.retry' },
  { type: 'session.chosen', idapresentacao: 7, portao: 'Norte' },
  { type: 'session.change' },
  { type: 'code.submitted', codigo: CODE },
  { type: 'result.dismissed' },
  { type: 'sync.requested' },
  { type: 'network.online' },
  { type: 'network.offline' },
  { type: 'error.dismiss' },
  { type: 'xstate.done.actor.logIn', output: STAFF },
  { type: 'xstate.error.actor.logIn', error: REFUSED },
  { type: 'xstate.done.actor.fetchSessions', output: SESSOES },
  { type: 'xstate.error.actor.fetchSessions', error: SESSION_ENDED },
  { type: 'xstate.error.actor.fetchSessions', error: NETWORK },
  { type: 'xstate.done.actor.fetchOfflineList', output: LIST },
  { type: 'xstate.error.actor.fetchOfflineList', error: NETWORK },
  { type: 'xstate.error.actor.fetchOfflineList', error: SESSION_ENDED },
  { type: 'xstate.done.actor.checkCode', output: VALID },
  { type: 'xstate.done.actor.checkCode', output: USED },
  { type: 'xstate.error.actor.checkCode', error: NETWORK },
  { type: 'xstate.error.actor.checkCode', error: SESSION_ENDED },
  { type: 'xstate.error.actor.checkCode', error: REFUSED },
  { type: 'xstate.done.actor.checkOffline', output: OFFLINE_VALID },
  { type: 'xstate.error.actor.checkOffline', error: REFUSED },
  { type: 'xstate.done.actor.syncScans', output: SYNCED },
  { type: 'xstate.error.actor.syncScans', error: NETWORK },
  { type: 'xstate.error.actor.syncScans', error: REFUSED },
  { type: 'xstate.done.actor.logOut' },
  { type: 'xstate.error.actor.logOut', error: NETWORK },
] satisfies (CheckinEvent | AnyEventObject)[];

/**
 * What the flow decides on: who is in, whether the sessions are known (`hasSessions`), what
 * was chosen, the outcome, the sync's state.
 */
const contextKey = (context: unknown) => {
  const c = context as CheckinContext;
  return [
    c.staff !== null,
    c.sessions.length > 0,
    c.idapresentacao,
    c.outcome?.resultado ?? null,
    c.outcome?.offline ?? null,
    c.error?.code ?? null,
    c.pending,
    c.online,
    c.syncError !== null,
    c.lastSync !== null,
  ];
};

const TAGS_OF: Record<string, string[]> = {
  'checkin.signedOut': ['signedOut'],
  'checkin.signingIn': ['signedOut', 'busy'],
  'checkin.loadingSessions': ['busy'],
  'checkin.choosing': ['choosing'],
  'checkin.preparing': ['busy'],
  'checkin.gate.scan.idle': ['scanning'],
  'checkin.gate.scan.checking': ['scanning', 'busy'],
  'checkin.gate.scan.checkingOffline': ['scanning', 'busy'],
  'checkin.gate.scan.result': ['scanning', 'result'],
  'checkin.gate.sync.syncing': ['syncing'],
  'checkin.signingOut': ['busy'],
};

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckinContext;

describe('checkinMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(checkinMachine, { events: MODEL_EVENTS, input: INPUT, contextKey });
  const visited = visitedSnapshots(paths);

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(30);
  });

  it('reaches every state node, nested ones included', () => {
    const reached = new Set(visited.flatMap(activeNodeIds));
    // `restoring` is left at once by its eventless transitions (both: see the tests above).
    const missing = stateNodeIds(checkinMachine).filter(
      (id) => !reached.has(id) && id !== 'checkin.restoring',
    );
    expect(missing).toEqual([]);
  });

  it('sends every event each state node handles while it is active', () => {
    const taken = pathNodeEvents(paths);
    const missing = nodeEvents(checkinMachine).filter((pair) => !taken.has(pair));
    expect(missing).toEqual([]);
  });

  it('the tags of every snapshot are those of its active nodes', () => {
    for (const snapshot of visited) {
      const expected = new Set(activeNodeIds(snapshot).flatMap((id) => TAGS_OF[id] ?? []));
      expect([...snapshot.tags].sort(), JSON.stringify(snapshot.value)).toEqual(
        [...expected].sort(),
      );
    }
  });

  it('invariants: the gate needs a staff member and a session; an outcome only as a result', () => {
    for (const snapshot of visited) {
      const c = ctx(snapshot);
      const where = `${JSON.stringify(snapshot.value)} ${JSON.stringify(c)}`;
      if (snapshot.matches('gate') || snapshot.matches('choosing')) {
        expect(c.staff, where).not.toBeNull();
      }
      if (snapshot.matches('gate')) expect(c.idapresentacao, where).not.toBeNull();
      if (snapshot.matches('signedOut')) expect(c.staff === null || c.error !== null).toBe(true);
      if (snapshot.hasTag('result')) expect(c.outcome, where).not.toBeNull();
      if (snapshot.matches({ gate: { scan: 'idle' } })) expect(c.outcome, where).toBeNull();
      // Syncing only with scans to send; never a sync loop on a refused batch.
      if (snapshot.hasTag('syncing')) expect(c.pending, where).toBeGreaterThan(0);
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes), { input: INPUT }), fakes, {
        contextKey,
      });
    }
  });
});
