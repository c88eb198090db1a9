import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import type { CancelaCompraResult } from '#schemas/contract.ts';
import { cancelPurchaseMachine } from './cancel-purchase.machine';
import {
  FakeActors,
  flush,
  modelPaths,
  runPath,
  unreachedStates,
  untakenEdges,
  visitedSnapshots,
} from './testing';
import type {
  CancelPurchaseContext,
  CancelPurchaseEvent,
  CancelPurchaseInput,
  CancelPurchaseRequest,
} from './types';

const INPUT: CancelPurchaseInput = { idmovimentacao: 42 };
const AGUARDE: CancelaCompraResult = {
  aguarde: true,
  idmovimentacao: 42,
  itens: [7],
  valor_estorno: 55,
};
const SAC = { code: 0, message: 'Erro no cancelamento, por favor entre em contato com o SAC.' };

function fakeMachine(fakes: FakeActors) {
  return cancelPurchaseMachine.provide({
    actors: {
      cancelPurchase: fakes.promise<CancelaCompraResult, CancelPurchaseRequest>('cancelPurchase'),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes), { input: INPUT }).start();
  return { actor, fakes, snap: () => actor.getSnapshot() };
}

describe('cancelPurchaseMachine', () => {
  it('chooses tickets (toggling), cannot ask with none, asks first; dismissed, nothing sent', () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'purchase.cancel' });
    expect(snap().hasTag('choose')).toBe(true);
    actor.send({ type: 'purchase.cancelAsked' });
    expect(snap().value).toBe('choosing');
    actor.send({ type: 'purchase.itemToggled', iditem: 7 });
    actor.send({ type: 'purchase.itemToggled', iditem: 8 });
    actor.send({ type: 'purchase.itemToggled', iditem: 8 });
    expect(snap().context.chosen).toEqual([7]);
    actor.send({ type: 'purchase.cancelAsked' });
    expect(snap().hasTag('confirm')).toBe(true);
    actor.send({ type: 'purchase.cancelDismissed' });
    expect(snap().value).toBe('choosing');
    expect(snap().context.chosen).toEqual([7]);
    actor.send({ type: 'purchase.cancelClosed' });
    expect(snap().value).toBe('idle');
    expect(snap().context.chosen).toEqual([]);
    expect(fakes.inputsOf('cancelPurchase')).toEqual([]);
  });

  it('confirmed: cancelaCompra with the chosen tickets → requested (aguarde); more later', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'purchase.cancel' });
    actor.send({ type: 'purchase.itemToggled', iditem: 7 });
    actor.send({ type: 'purchase.cancelAsked' });
    actor.send({ type: 'purchase.cancelConfirmed' });
    expect(snap().hasTag('busy')).toBe(true);
    expect(fakes.inputsOf('cancelPurchase')).toEqual([{ idmovimentacao: 42, itens: [7] }]);
    actor.send({ type: 'purchase.cancelConfirmed' });
    expect(fakes.inputsOf('cancelPurchase')).toHaveLength(1);
    fakes.resolve('cancelPurchase', AGUARDE);
    await flush();
    expect(snap().value).toBe('requested');
    expect(snap().context.result).toEqual(AGUARDE);
    expect(snap().context.chosen).toEqual([]);
    actor.send({ type: 'purchase.cancel' });
    expect(snap().value).toBe('choosing');
  });

  it('refused: the SAC message is kept; asked again or dismissed', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'purchase.cancel' });
    actor.send({ type: 'purchase.itemToggled', iditem: 7 });
    actor.send({ type: 'purchase.cancelAsked' });
    actor.send({ type: 'purchase.cancelConfirmed' });
    fakes.reject('cancelPurchase', SAC);
    await flush();
    expect(snap().hasTag('failed')).toBe(true);
    expect(snap().context.error).toEqual(SAC);
    actor.send({ type: 'error.dismiss' });
    expect(snap().value).toBe('idle');
    expect(snap().context.error).toBeNull();
  });

  it('the default actor is a placeholder that fails loudly ("not provided")', async () => {
    const actor = createActor(cancelPurchaseMachine, { input: INPUT }).start();
    actor.send({ type: 'purchase.cancel' });
    actor.send({ type: 'purchase.itemToggled', iditem: 7 });
    actor.send({ type: 'purchase.cancelAsked' });
    actor.send({ type: 'purchase.cancelConfirmed' });
    await flush();
    expect(actor.getSnapshot().context.error?.message).toMatch(/"cancelPurchase" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'purchase.cancel' },
  { type: 'purchase.itemToggled', iditem: 7 },
  { type: 'purchase.cancelAsked' },
  { type: 'purchase.cancelConfirmed' },
  { type: 'purchase.cancelDismissed' },
  { type: 'purchase.cancelClosed' },
  { type: 'error.dismiss' },
  { type: 'xstate.done.actor.cancelPurchase', output: AGUARDE },
  { type: 'xstate.error.actor.cancelPurchase', error: SAC },
] satisfies (CancelPurchaseEvent | AnyEventObject)[];

const EXPECTED_TAGS: Record<string, string[]> = {
  idle: [],
  choosing: ['choose'],
  asking: ['choose', 'confirm'],
  cancelling: ['busy'],
  requested: ['done'],
  failed: ['failed'],
};

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as CancelPurchaseContext;

describe('cancelPurchaseMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(cancelPurchaseMachine, { events: MODEL_EVENTS, input: INPUT });
  const visited = visitedSnapshots(paths);

  it('reaches every state', () => {
    expect(unreachedStates(cancelPurchaseMachine, paths)).toEqual([]);
  });

  it('takes every transition of the machine', () => {
    expect(untakenEdges(cancelPurchaseMachine, paths)).toEqual([]);
  });

  it('tags and invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const value = String(snapshot.value);
      const c = ctx(snapshot);
      expect([...snapshot.tags].sort(), value).toEqual(EXPECTED_TAGS[value]);
      // Nothing is asked without a choice; an answer is always the server's.
      if (snapshot.hasTag('confirm') || snapshot.hasTag('busy')) {
        expect(c.chosen.length, value).toBeGreaterThan(0);
      }
      if (snapshot.hasTag('done')) expect(c.result, value).not.toBeNull();
      if (snapshot.hasTag('failed')) expect(c.error, value).not.toBeNull();
      if (snapshot.matches('idle')) expect(c.chosen).toEqual([]);
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes), { input: INPUT }), fakes);
    }
  });
});
