import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import type { CancelarBoletoResult } from '#schemas/contract.ts';
import { cancelSlipMachine } from './cancel-slip.machine';
import {
  FakeActors,
  flush,
  modelPaths,
  runPath,
  unreachedStates,
  untakenEdges,
  visitedSnapshots,
} from './testing';
import type { CancelSlipContext, CancelSlipEvent, CancelSlipInput } from './types';

const INPUT: CancelSlipInput = { idmovimentacao: 42 };
const TO_CART: CancelarBoletoResult = { idmovimentacao: 42, status: 'RE' };
const CANCELLED: CancelarBoletoResult = { idmovimentacao: 42, status: 'CA' };
const PAID = { code: 0, message: 'Este boleto já foi pago e não pode ser cancelado.' };

function fakeMachine(fakes: FakeActors) {
  return cancelSlipMachine.provide({
    actors: { cancelSlip: fakes.promise<CancelarBoletoResult, CancelSlipInput>('cancelSlip') },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes), { input: INPUT }).start();
  return { actor, fakes, snap: () => actor.getSnapshot() };
}

describe('cancelSlipMachine', () => {
  it('asks first; dismissed, nothing is sent', () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'slip.cancel' });
    expect(snap().hasTag('confirm')).toBe(true);
    actor.send({ type: 'slip.cancelDismissed' });
    expect(snap().value).toBe('idle');
    expect(fakes.inputsOf('cancelSlip')).toEqual([]);
  });

  it('confirmed: cancelarBoleto; items back in the cart → returnedToCart (done, toCart)', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'slip.cancel' });
    actor.send({ type: 'slip.cancelConfirmed' });
    expect(snap().hasTag('busy')).toBe(true);
    expect(fakes.inputsOf('cancelSlip')).toEqual([{ idmovimentacao: 42 }]);
    // Busy: a second confirmation sends nothing more.
    actor.send({ type: 'slip.cancelConfirmed' });
    expect(fakes.inputsOf('cancelSlip')).toHaveLength(1);
    fakes.resolve('cancelSlip', TO_CART);
    await flush();
    expect(snap().value).toBe('returnedToCart');
    expect([...snap().tags].sort()).toEqual(['done', 'toCart']);
    expect(snap().output).toEqual(TO_CART);
  });

  it('the hold was over: the order is cancelled (done, not toCart)', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'slip.cancel' });
    actor.send({ type: 'slip.cancelConfirmed' });
    fakes.resolve('cancelSlip', CANCELLED);
    await flush();
    expect(snap().value).toBe('cancelled');
    expect(snap().hasTag('toCart')).toBe(false);
    expect(snap().output).toEqual(CANCELLED);
  });

  it('a paid slip is refused with the reason; it may be asked again or dismissed', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'slip.cancel' });
    actor.send({ type: 'slip.cancelConfirmed' });
    fakes.reject('cancelSlip', PAID);
    await flush();
    expect(snap().hasTag('failed')).toBe(true);
    expect(snap().context.error).toEqual(PAID);
    actor.send({ type: 'slip.cancel' });
    expect(snap().hasTag('confirm')).toBe(true);
    actor.send({ type: 'slip.cancelConfirmed' });
    expect(snap().context.error).toBeNull();
    fakes.reject('cancelSlip', new Error('offline'));
    await flush();
    expect(snap().context.error?.code).toBe(-3);
    actor.send({ type: 'error.dismiss' });
    expect(snap().value).toBe('idle');
    expect(snap().context.error).toBeNull();
  });

  it('the default actor is a placeholder that fails loudly ("not provided")', async () => {
    const actor = createActor(cancelSlipMachine, { input: INPUT }).start();
    actor.send({ type: 'slip.cancel' });
    actor.send({ type: 'slip.cancelConfirmed' });
    await flush();
    expect(actor.getSnapshot().context.error?.message).toMatch(/"cancelSlip" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'slip.cancel' },
  { type: 'slip.cancelConfirmed' },
  { type: 'slip.cancelDismissed' },
  { type: 'error.dismiss' },
  { type: 'xstate.done.actor.cancelSlip', output: TO_CART },
  { type: 'xstate.done.actor.cancelSlip', output: CANCELLED },
  { type: 'xstate.error.actor.cancelSlip', error: PAID },
] satisfies (CancelSlipEvent | AnyEventObject)[];

const EXPECTED_TAGS: Record<string, string[]> = {
  idle: [],
  asking: ['confirm'],
  cancelling: ['busy'],
  failed: ['failed'],
  returnedToCart: ['done', 'toCart'],
  cancelled: ['done'],
};

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as CancelSlipContext;

describe('cancelSlipMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(cancelSlipMachine, { events: MODEL_EVENTS, input: INPUT });
  const visited = visitedSnapshots(paths);

  it('reaches every state', () => {
    expect(unreachedStates(cancelSlipMachine, paths)).toEqual([]);
  });

  it('takes every transition of the machine', () => {
    expect(untakenEdges(cancelSlipMachine, paths)).toEqual([]);
  });

  it('tags and invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const value = String(snapshot.value);
      const c = ctx(snapshot);
      expect([...snapshot.tags].sort(), value).toEqual(EXPECTED_TAGS[value]);
      // Nothing is sent without the confirmation; an outcome is always the server's.
      if (snapshot.hasTag('done')) expect(c.result, value).not.toBeNull();
      if (snapshot.hasTag('failed')) expect(c.error, value).not.toBeNull();
      if (snapshot.matches('idle') || snapshot.matches('asking')) expect(c.result).toBeNull();
      expect(snapshot.status, value).toBe(snapshot.hasTag('done') ? 'done' : 'active');
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes), { input: INPUT }), fakes);
    }
  });
});
