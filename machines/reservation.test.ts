import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type {
  CancelarReservaResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  Movimentacao,
} from '../schemas/contract';
import { reservationMachine } from './reservation.machine';
import {
  describePath,
  FakeActors,
  flush,
  machineEdges,
  modelPaths,
  pathEdges,
  runPath,
} from './testing';
import {
  type CancelReservationInput,
  type ReservationContext,
  type ReservationEvent,
  type StartReservationInput,
  UNKNOWN_ERROR_CODE,
} from './types';

const PRODUTOS = [{ idproduto: 11, qtd: 2 }];
const RESERVE = { type: 'cart.reserve', produtos: PRODUTOS, idapresentacao: 5 } as const;

const movimentacao = (count_exp: number): Movimentacao => ({
  idmovimentacao: 42,
  localizador: 'ABC123',
  status: 'RE',
  dthr_reserva: '2026-03-01 10:00:00',
  dthr_exp: count_exp > 0 ? '2026-03-01 10:15:00' : null,
  count_exp,
  qtd: 2,
  total: 120,
});

const reserva = (count_exp: number, idmovimentacao = 42): IniciarReservaResult => ({
  idmovimentacao,
  dthr_exp: '2026-03-01 10:15:00',
  count_exp,
  qtd: 2,
});

const CANCELLED: CancelarReservaResult = { idmovimentacao: 42, status: 'CA' };

function fakeMachine(fakes: FakeActors) {
  return reservationMachine.provide({
    actors: {
      loadCart: fakes.promise<GetCarrinhoPageResult, void>('loadCart'),
      startReservation: fakes.promise<IniciarReservaResult, StartReservationInput>(
        'startReservation',
      ),
      cancelReservation: fakes.promise<CancelarReservaResult, CancelReservationInput>(
        'cancelReservation',
      ),
      ticker: fakes.ticker(),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes)).start();
  const snap = () => actor.getSnapshot();
  return { actor, fakes, snap };
}

/** Starts and goes to `held` through cart.load with `countExp` seconds left. */
async function startHeld(countExp: number) {
  const t = start();
  t.actor.send({ type: 'cart.load' });
  t.fakes.resolve('loadCart', movimentacao(countExp));
  await flush();
  expect(t.snap().value).toBe('held');
  return t;
}

describe('reservationMachine guards', () => {
  // Called directly as the machine calls them: (args, params).
  type Guard = (args: { context: ReservationContext }, params?: unknown) => boolean;
  const guard = (name: string) =>
    (reservationMachine.implementations.guards as Record<string, Guard>)[name]!;
  const ctx = (idmovimentacao: number | null, countExp: number) => ({
    context: { idmovimentacao, countExp, error: null },
  });

  it('hasTimeLeft: only a positive count_exp is time left', () => {
    const hasTimeLeft = guard('hasTimeLeft');
    expect(hasTimeLeft(ctx(null, 0), { countExp: 1 })).toBe(true);
    expect(hasTimeLeft(ctx(null, 0), { countExp: 0 })).toBe(false);
    expect(hasTimeLeft(ctx(null, 0), { countExp: -5 })).toBe(false);
  });

  it('hasHold: needs both an id and time left', () => {
    const hasHold = guard('hasHold');
    expect(hasHold(ctx(42, 1))).toBe(true);
    expect(hasHold(ctx(42, 0))).toBe(false);
    expect(hasHold(ctx(null, 30))).toBe(false);
  });

  it('isExpired: no time left', () => {
    const isExpired = guard('isExpired');
    expect(isExpired(ctx(42, 0))).toBe(true);
    expect(isExpired(ctx(42, -1))).toBe(true);
    expect(isExpired(ctx(42, 1))).toBe(false);
  });
});

describe('reservationMachine transitions', () => {
  it('starts idle with no hold and no error', () => {
    const { snap, fakes } = start();
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual({ idmovimentacao: null, countExp: 0, error: null });
    expect(fakes.runningTickers).toBe(0);
  });

  it('cart.load with an open hold → held, mirroring id and count_exp, ticker running', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.load' });
    expect(snap().value).toBe('loading');
    expect(snap().hasTag('busy')).toBe(true);
    fakes.resolve('loadCart', movimentacao(900));
    await flush();
    expect(snap().value).toBe('held');
    expect(snap().hasTag('held')).toBe(true);
    expect(snap().context).toEqual({ idmovimentacao: 42, countExp: 900, error: null });
    expect(fakes.runningTickers).toBe(1);
  });

  it.each([
    ['no cart (null)', null],
    ['a cart with count_exp 0', movimentacao(0)],
  ])('cart.load with %s → empty', async (_, cart) => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.load' });
    fakes.resolve('loadCart', cart);
    await flush();
    expect(snap().value).toBe('empty');
    expect(snap().context).toEqual({ idmovimentacao: null, countExp: 0, error: null });
  });

  it('cart.load failing → failed with the server error; error.dismiss → idle', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.load' });
    fakes.reject('loadCart', { code: 1, message: 'Sessão inválida' });
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().hasTag('failed')).toBe(true);
    expect(snap().context.error).toEqual({ code: 1, message: 'Sessão inválida' });
    actor.send({ type: 'error.dismiss' });
    expect(snap().value).toBe('idle');
    expect(snap().context.error).toBeNull();
  });

  it('a thrown value without code/message becomes {code: UNKNOWN_ERROR_CODE, message: ""}', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.load' });
    fakes.reject('loadCart', new TypeError('Failed to fetch'));
    await flush();
    expect(snap().context.error).toEqual({ code: UNKNOWN_ERROR_CODE, message: '' });
  });

  it('cart.reserve from idle passes products and session to startReservation → held', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    expect(snap().value).toBe('reserving');
    expect(fakes.inputsOf('startReservation')).toEqual([{ produtos: PRODUTOS, idapresentacao: 5 }]);
    fakes.resolve('startReservation', reserva(600));
    await flush();
    expect(snap().value).toBe('held');
    expect(snap().context).toEqual({ idmovimentacao: 42, countExp: 600, error: null });
  });

  it('cart.reserve without a hold failing → failed, no hold id kept', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    fakes.reject('startReservation', { code: 0, message: 'Ingressos indisponíveis!' });
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context).toEqual({
      idmovimentacao: null,
      countExp: 0,
      error: { code: 0, message: 'Ingressos indisponíveis!' },
    });
  });

  it('each clock.tick counts down; reaching 0 → expired, hold forgotten, ticker stopped', async () => {
    const { fakes, snap } = await startHeld(3);
    fakes.tick(2);
    expect(snap().value).toBe('held');
    expect(snap().context.countExp).toBe(1);
    fakes.tick();
    expect(snap().value).toBe('expired');
    expect(snap().hasTag('expired')).toBe(true);
    expect(snap().context).toEqual({ idmovimentacao: null, countExp: 0, error: null });
    expect(fakes.runningTickers).toBe(0);
  });

  it('clock.tick sent by hand works the same (no ticker needed)', async () => {
    const { actor, snap } = await startHeld(1);
    actor.send({ type: 'clock.tick' });
    expect(snap().value).toBe('expired');
  });

  it('adding to a live hold keeps counting; success takes the new count_exp', async () => {
    const { actor, fakes, snap } = await startHeld(10);
    actor.send(RESERVE);
    expect(snap().value).toBe('reserving');
    fakes.tick(2);
    expect(snap().context.countExp).toBe(8);
    fakes.resolve('startReservation', reserva(900));
    await flush();
    expect(snap().value).toBe('held');
    expect(snap().context).toEqual({ idmovimentacao: 42, countExp: 900, error: null });
  });

  it('adding to a live hold failing → back to held with the error, hold still known', async () => {
    const { actor, fakes, snap } = await startHeld(10);
    actor.send(RESERVE);
    fakes.tick();
    fakes.reject('startReservation', { code: 0, message: 'Limite de compra atingido' });
    await flush();
    expect(snap().value).toBe('held');
    expect(snap().context).toEqual({
      idmovimentacao: 42,
      countExp: 9,
      error: { code: 0, message: 'Limite de compra atingido' },
    });
    actor.send({ type: 'error.dismiss' });
    expect(snap().value).toBe('held');
    expect(snap().context.error).toBeNull();
  });

  it('adding fails after the hold ran out meanwhile → failed without a hold id', async () => {
    const { actor, fakes, snap } = await startHeld(1);
    actor.send(RESERVE);
    fakes.tick();
    expect(snap().value).toBe('reserving');
    fakes.reject('startReservation', { code: 0, message: 'x' });
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.idmovimentacao).toBeNull();
  });

  it('cart.cancel → cancelling with the hold id → empty', async () => {
    const { actor, fakes, snap } = await startHeld(100);
    actor.send({ type: 'cart.cancel' });
    expect(snap().value).toBe('cancelling');
    expect(fakes.inputsOf('cancelReservation')).toEqual([{ idmovimentacao: 42 }]);
    fakes.resolve('cancelReservation', CANCELLED);
    await flush();
    expect(snap().value).toBe('empty');
    expect(snap().context).toEqual({ idmovimentacao: null, countExp: 0, error: null });
    expect(fakes.runningTickers).toBe(0);
  });

  it('cart.cancel failing → held with the error; if time ran out meanwhile → expired', async () => {
    const a = await startHeld(100);
    a.actor.send({ type: 'cart.cancel' });
    a.fakes.reject('cancelReservation', { code: 0, message: 'Erro no cancelamento' });
    await flush();
    expect(a.snap().value).toBe('held');
    expect(a.snap().context).toMatchObject({ idmovimentacao: 42, countExp: 100 });
    expect(a.snap().context.error?.message).toBe('Erro no cancelamento');

    const b = await startHeld(1);
    b.actor.send({ type: 'cart.cancel' });
    b.fakes.tick();
    b.fakes.reject('cancelReservation', { code: 0, message: 'x' });
    await flush();
    expect(b.snap().value).toBe('expired');
  });

  it('cart.synced re-syncs id and countdown; a synced count of 0 → expired', async () => {
    const { actor, snap } = await startHeld(100);
    actor.send({ type: 'cart.synced', idmovimentacao: 43, countExp: 50 });
    expect(snap().value).toBe('held');
    expect(snap().context).toMatchObject({ idmovimentacao: 43, countExp: 50 });
    actor.send({ type: 'cart.synced', idmovimentacao: 43, countExp: 0 });
    expect(snap().value).toBe('expired');
  });

  it('cart.cleared (all removed or paid) → empty', async () => {
    const { actor, snap, fakes } = await startHeld(100);
    actor.send({ type: 'cart.cleared' });
    expect(snap().value).toBe('empty');
    expect(snap().context).toEqual({ idmovimentacao: null, countExp: 0, error: null });
    expect(fakes.runningTickers).toBe(0);
  });

  it('expired accepts cart.load and cart.reserve', async () => {
    const a = await startHeld(1);
    a.fakes.tick();
    a.actor.send({ type: 'cart.load' });
    expect(a.snap().value).toBe('loading');
    const b = await startHeld(1);
    b.fakes.tick();
    b.actor.send(RESERVE);
    expect(b.snap().value).toBe('reserving');
  });

  it('ignores events a state does not accept', async () => {
    const { actor, snap } = start();
    actor.send({ type: 'cart.cancel' });
    actor.send({ type: 'clock.tick' });
    actor.send({ type: 'cart.synced', idmovimentacao: 1, countExp: 9 });
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual({ idmovimentacao: null, countExp: 0, error: null });
  });

  it('default actors are placeholders that fail loudly ("not provided")', async () => {
    const actor = createActor(reservationMachine).start();
    actor.send({ type: 'cart.load' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.message).toMatch(/"loadCart" not provided/);

    // The ticker placeholder throws when held is entered: the actor stops with that error.
    const errors: unknown[] = [];
    const fakes = new FakeActors();
    const held = createActor(
      reservationMachine.provide({
        actors: { loadCart: fakes.promise<GetCarrinhoPageResult, void>('load') },
      }),
    );
    held.subscribe({ error: (error) => errors.push(error) });
    held.start();
    held.send({ type: 'cart.load' });
    fakes.resolve('load', movimentacao(10));
    await flush();
    expect(held.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toMatch(/"ticker" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

/** What the view may rely on: the tags of each state. */
const EXPECTED_TAGS: Record<string, string[]> = {
  idle: [],
  loading: ['busy'],
  empty: [],
  reserving: ['busy'],
  held: ['held'],
  cancelling: ['busy'],
  expired: ['expired'],
  failed: ['failed'],
};

/** Every event the model may send: user events and each actor outcome. */
const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'cart.load' },
  RESERVE,
  { type: 'cart.cancel' },
  { type: 'cart.cleared' },
  { type: 'cart.synced', idmovimentacao: 42, countExp: 3 },
  { type: 'cart.synced', idmovimentacao: 42, countExp: 0 },
  { type: 'clock.tick' },
  { type: 'error.dismiss' },
  { type: 'xstate.done.actor.loadCart', output: movimentacao(2) },
  { type: 'xstate.done.actor.loadCart', output: null },
  { type: 'xstate.error.actor.loadCart', error: { code: 1, message: 'Sessão inválida' } },
  { type: 'xstate.done.actor.startReservation', output: reserva(2) },
  { type: 'xstate.error.actor.startReservation', error: { code: 0, message: 'Esgotado' } },
  { type: 'xstate.done.actor.cancelReservation', output: CANCELLED },
  { type: 'xstate.error.actor.cancelReservation', error: new Error('offline') },
] satisfies (ReservationEvent | AnyEventObject)[];

describe('reservationMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(reservationMachine, { events: MODEL_EVENTS });
  const visited = paths.flatMap((path) => path.steps.map((step) => step.state));

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  it('reaches every state', () => {
    const reached = new Set(visited.map((snapshot) => String(snapshot.value)));
    expect([...reached].sort()).toEqual(Object.keys(reservationMachine.root.states).sort());
  });

  it('takes every transition of the machine', () => {
    const taken = pathEdges(paths);
    const missing = machineEdges(reservationMachine).filter((edge) => !taken.has(edge));
    expect(missing).toEqual([]);
  });

  it('every path ends in the tags of its state', () => {
    for (const path of paths) {
      const value = String(path.state.value);
      expect([...path.state.tags].sort(), describePath(path)).toEqual(EXPECTED_TAGS[value]);
    }
  });

  it('held always mirrors a live hold; expired, empty and failed never keep one', () => {
    for (const snapshot of visited) {
      const { idmovimentacao, countExp } = snapshot.context as ReservationContext;
      if (snapshot.matches('held')) {
        expect(idmovimentacao).not.toBeNull();
        expect(countExp).toBeGreaterThan(0);
      }
      if (['expired', 'empty', 'failed', 'idle'].some((s) => snapshot.matches(s))) {
        expect(idmovimentacao).toBeNull();
        expect(countExp).toBe(0);
      }
    }
  });

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'replays %s',
    async (_, path) => {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes)), fakes);
    },
  );
});
