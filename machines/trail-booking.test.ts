import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import type { AgendamentoIngresso } from '#schemas/contract.ts';
import {
  FakeActors,
  flush,
  machineEdges,
  modelPaths,
  pathEdges,
  runPath,
  visitedSnapshots,
} from './testing';
import { trailBookingMachine } from './trail-booking.machine';
import type {
  TrailBookingContext,
  TrailBookingEvent,
  TrailBookingInput,
  TrailDayInput,
  TrailDays,
  TrailSlotInput,
  TrailTicketInput,
} from './trail-booking.types';

const INPUT: TrailBookingInput = { iditem: 7 };
const BASE = { iditem: 7, idmovimentacao: 3, atividade: 'Trilha guiada', local: 'Portão 9' };
const TO_BOOK: AgendamentoIngresso = {
  ...BASE,
  agendamento: null,
  alteravel: true,
  alteravel_ate: null,
};
const BOOKED: AgendamentoIngresso = {
  ...BASE,
  agendamento: { dia: '2026-03-06', hora: '08:30' },
  alteravel: true,
  alteravel_ate: '2026-03-05 08:30',
};
const CLOSED: AgendamentoIngresso = { ...BOOKED, alteravel: false };
const DAYS: TrailDays = {
  iditem: 7,
  atividade: 'Trilha guiada',
  dias: [
    { dia: '2026-03-06', vagas: 20 },
    { dia: '2026-03-07', vagas: 3 },
  ],
};
const TIMES: TrailDays = { ...DAYS, horarios: [{ hora: '08:30', vagas: 3 }] };
const FULL = { code: 0, message: 'Não há mais vagas neste horário. Escolha outro.' };

function fakeMachine(fakes: FakeActors) {
  return trailBookingMachine.provide({
    actors: {
      loadBooking: fakes.promise<AgendamentoIngresso, TrailTicketInput>('loadBooking'),
      fetchDays: fakes.promise<TrailDays, TrailTicketInput>('fetchDays'),
      fetchTimes: fakes.promise<TrailDays, TrailDayInput>('fetchTimes'),
      bookSlot: fakes.promise<AgendamentoIngresso, TrailSlotInput>('bookSlot'),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes), { input: INPUT }).start();
  return { actor, fakes, snap: () => actor.getSnapshot() };
}

describe('trailBookingMachine', () => {
  it('reads the booking; none yet: pick a day, then a time, then it is booked', async () => {
    const { actor, fakes, snap } = start();
    expect(snap().hasTag('loading')).toBe(true);
    expect(fakes.inputsOf('loadBooking')).toEqual([{ iditem: 7 }]);
    fakes.resolve('loadBooking', TO_BOOK);
    await flush();
    expect(snap().value).toBe('idle');
    expect(snap().hasTag('toBook')).toBe(true);
    actor.send({ type: 'trail.start' });
    expect(snap().hasTag('busy')).toBe(true);
    fakes.resolve('fetchDays', DAYS);
    await flush();
    expect(snap().hasTag('pickDay')).toBe(true);
    expect(snap().context.dias).toEqual(DAYS.dias);
    actor.send({ type: 'trail.daySelected', dia: '2026-03-07' });
    expect(fakes.inputsOf('fetchTimes')).toEqual([{ iditem: 7, dia: '2026-03-07' }]);
    fakes.resolve('fetchTimes', TIMES);
    await flush();
    expect(snap().hasTag('pickTime')).toBe(true);
    expect(snap().context.horarios).toEqual(TIMES.horarios);
    actor.send({ type: 'trail.timeSelected', hora: '08:30' });
    expect(fakes.inputsOf('bookSlot')).toEqual([{ iditem: 7, dia: '2026-03-07', hora: '08:30' }]);
    // Busy: nothing else is sent.
    actor.send({ type: 'trail.timeSelected', hora: '08:30' });
    expect(fakes.inputsOf('bookSlot')).toHaveLength(1);
    fakes.resolve('bookSlot', BOOKED);
    await flush();
    expect(snap().value).toBe('booked');
    expect(snap().context).toMatchObject({ booking: BOOKED, justBooked: true, dia: null });
  });

  it('a refused booking keeps the reason; retry sends it again; back reads the days again', async () => {
    const { actor, fakes, snap } = start();
    fakes.resolve('loadBooking', TO_BOOK);
    await flush();
    actor.send({ type: 'trail.start' });
    fakes.resolve('fetchDays', DAYS);
    await flush();
    actor.send({ type: 'trail.daySelected', dia: '2026-03-06' });
    fakes.resolve('fetchTimes', TIMES);
    await flush();
    actor.send({ type: 'trail.timeSelected', hora: '08:30' });
    fakes.reject('bookSlot', FULL);
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual(FULL);
    actor.send({ type: 'trail.retry' });
    expect(snap().context.error).toBeNull();
    expect(fakes.inputsOf('bookSlot')).toHaveLength(2);
    fakes.reject('bookSlot', new Error('offline'));
    await flush();
    expect(snap().context.error?.code).toBe(-3);
    actor.send({ type: 'trail.back' });
    expect(snap().value).toBe('loadingDays');
    expect(fakes.inputsOf('fetchDays')).toHaveLength(2);
  });

  it('a booking that may not move (alteravel false) never opens the picker', async () => {
    const { actor, fakes, snap } = start();
    fakes.resolve('loadBooking', CLOSED);
    await flush();
    expect(snap().value).toBe('booked');
    actor.send({ type: 'trail.start' });
    expect(snap().value).toBe('booked');
    expect(fakes.inputsOf('fetchDays')).toEqual([]);
  });

  it('closing the picker goes back to the booking as it is', async () => {
    const { actor, fakes, snap } = start();
    fakes.resolve('loadBooking', BOOKED);
    await flush();
    actor.send({ type: 'trail.start' });
    fakes.resolve('fetchDays', DAYS);
    await flush();
    actor.send({ type: 'trail.close' });
    expect(snap().value).toBe('booked');
    expect(snap().context).toMatchObject({ booking: BOOKED, dias: [], justBooked: false });
  });

  it('the default actors are placeholders that fail loudly ("not provided")', async () => {
    const actor = createActor(trailBookingMachine, { input: INPUT }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.message).toMatch(/"loadBooking" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'trail.start' },
  { type: 'trail.daySelected', dia: '2026-03-07' },
  { type: 'trail.timeSelected', hora: '08:30' },
  { type: 'trail.back' },
  { type: 'trail.retry' },
  { type: 'trail.close' },
  { type: 'xstate.done.actor.loadBooking', output: TO_BOOK },
  { type: 'xstate.done.actor.loadBooking', output: BOOKED },
  { type: 'xstate.done.actor.loadBooking', output: CLOSED },
  { type: 'xstate.error.actor.loadBooking', error: FULL },
  { type: 'xstate.done.actor.fetchDays', output: DAYS },
  { type: 'xstate.error.actor.fetchDays', error: FULL },
  { type: 'xstate.done.actor.fetchTimes', output: TIMES },
  { type: 'xstate.error.actor.fetchTimes', error: FULL },
  { type: 'xstate.done.actor.bookSlot', output: BOOKED },
  { type: 'xstate.error.actor.bookSlot', error: FULL },
] satisfies (TrailBookingEvent | AnyEventObject)[];

const EXPECTED_TAGS: Record<string, string[]> = {
  loading: ['loading'],
  loadFailed: ['failed'],
  idle: ['toBook'],
  booked: ['booked'],
  loadingDays: ['busy', 'open'],
  daysFailed: ['failed', 'open'],
  pickDay: ['open', 'pickDay'],
  loadingTimes: ['busy', 'open'],
  timesFailed: ['failed', 'open'],
  pickTime: ['open', 'pickTime'],
  booking: ['busy', 'open'],
  failed: ['failed', 'open'],
};

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as TrailBookingContext;

describe('trailBookingMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(trailBookingMachine, { events: MODEL_EVENTS, input: INPUT });
  const visited = visitedSnapshots(paths);

  it('reaches every state (settled only routes: it is never rested in)', () => {
    const reached = new Set(visited.map((snapshot) => String(snapshot.value)));
    const states = Object.keys(trailBookingMachine.root.states).filter((s) => s !== 'settled');
    expect([...reached].sort()).toEqual(states.sort());
  });

  it('takes every transition of the machine', () => {
    const taken = pathEdges(paths);
    const missing = machineEdges(trailBookingMachine).filter((edge) => !taken.has(edge));
    // Edges into `settled` show in paths as the state it routed to.
    const routed = missing.filter((edge) => !/--> settled$/.test(edge));
    expect(routed).toEqual([]);
  });

  it('tags and invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const value = String(snapshot.value);
      const c = ctx(snapshot);
      expect([...snapshot.tags].sort(), value).toEqual(EXPECTED_TAGS[value]);
      // The picker opens only for a ticket the server lets book or move.
      if (snapshot.hasTag('open')) expect(c.booking?.alteravel, value).toBe(true);
      // Booked means the server answered a slot; to book, none.
      if (snapshot.matches('booked')) expect(c.booking?.agendamento, value).not.toBeNull();
      if (snapshot.matches('idle')) expect(c.booking?.agendamento, value).toBeNull();
      // Times are only asked for a day picked; a booking only for a day and a time.
      if (snapshot.matches('loadingTimes') || snapshot.matches('pickTime')) {
        expect(c.dia, value).not.toBeNull();
      }
      if (snapshot.matches('booking')) expect(c.dia && c.hora, value).toBeTruthy();
      if (snapshot.hasTag('failed')) expect(c.error, value).not.toBeNull();
      if (c.justBooked) expect(c.booking?.agendamento, value).not.toBeNull();
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes), { input: INPUT }), fakes);
    }
  });
});
