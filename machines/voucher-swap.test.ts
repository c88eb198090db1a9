import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import type { IniciarTrocaVoucherResult, VoucherResumo } from '#schemas/contract.ts';
import {
  FakeActors,
  flush,
  modelPaths,
  runPath,
  unreachedStates,
  untakenEdges,
  visitedSnapshots,
} from './testing';
import type { SwapVoucherInput, VoucherSwapContext, VoucherSwapEvent } from './types';
import { voucherSwapMachine } from './voucher-swap.machine';

const LOCATOR = '4000123456789012';
const VOUCHER: VoucherResumo = {
  localizador: LOCATOR,
  parceiro: 'Agência',
  idevento: 1,
  evento: 'Visita',
  idproduto: 101,
  produto: 'Inteira',
  qtd: 2,
  dthr_apresentacao: null,
  valido_de: null,
  valido_ate: '2027-12-31',
};
const CHOICE: IniciarTrocaVoucherResult = {
  status: 'escolher',
  voucher: VOUCHER,
  apresentacoes: [
    { idapresentacao: 7, dthr_apresentacao: '2026-12-01 10:00', disponivel: 10 },
    { idapresentacao: 8, dthr_apresentacao: '2026-12-01 11:00', disponivel: 10 },
  ],
};
const SWAPPED: IniciarTrocaVoucherResult = {
  status: 'trocado',
  voucher: VOUCHER,
  idmovimentacao: 42,
  localizador: 'ABCDEFGHJK',
  idapresentacao: 8,
  dthr_apresentacao: '2026-12-01 11:00',
  ingressos: [
    { iditem: 1, codigo: 'AAAAAAAAAAAA' },
    { iditem: 2, codigo: 'BBBBBBBBBBBB' },
  ],
};
const USED = { code: 0, message: 'Este voucher já foi usado em 01/12/2026 10:00.' };
const SOLD_OUT = { code: 0, message: 'Os ingressos desta sessão esgotaram.' };

function fakeMachine(fakes: FakeActors) {
  return voucherSwapMachine.provide({
    actors: {
      swapVoucher: fakes.promise<IniciarTrocaVoucherResult, SwapVoucherInput>('swapVoucher'),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes)).start();
  return { actor, fakes, snap: () => actor.getSnapshot() };
}

describe('voucherSwapMachine', () => {
  it('a dated voucher: sent once, swapped → done with the order', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'voucher.submitted', localizador: LOCATOR });
    expect(snap().hasTag('busy')).toBe(true);
    expect(fakes.inputsOf('swapVoucher')).toEqual([{ localizador: LOCATOR, idapresentacao: null }]);
    // Busy: another submit sends nothing more.
    actor.send({ type: 'voucher.submitted', localizador: LOCATOR });
    expect(fakes.inputsOf('swapVoucher')).toHaveLength(1);
    fakes.resolve('swapVoucher', SWAPPED);
    await flush();
    expect(snap().value).toBe('done');
    expect(snap().context.result).toEqual(SWAPPED);
    actor.send({ type: 'voucher.reset' });
    expect(snap().value).toBe('idle');
    expect(snap().context.result).toBeNull();
  });

  it('open-dated: the sessions to pick, then the one picked is sent', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'voucher.submitted', localizador: LOCATOR });
    fakes.resolve('swapVoucher', CHOICE);
    await flush();
    expect(snap().hasTag('choose')).toBe(true);
    expect(snap().context.apresentacoes).toHaveLength(2);
    actor.send({ type: 'voucher.sessionChosen', idapresentacao: 7 });
    expect(fakes.inputsOf('swapVoucher')[1]).toEqual({ localizador: LOCATOR, idapresentacao: 7 });
    // Sold out: still choosing, with the reason; another session goes through.
    fakes.reject('swapVoucher', SOLD_OUT);
    await flush();
    expect(snap().hasTag('choose')).toBe(true);
    expect(snap().context.error).toEqual(SOLD_OUT);
    actor.send({ type: 'voucher.sessionChosen', idapresentacao: 8 });
    expect(snap().context.error).toBeNull();
    fakes.resolve('swapVoucher', SWAPPED);
    await flush();
    expect(snap().hasTag('done')).toBe(true);
  });

  it('a refusal is kept (failed); another locator may be sent or the error dismissed', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'voucher.submitted', localizador: LOCATOR });
    fakes.reject('swapVoucher', USED);
    await flush();
    expect(snap().hasTag('failed')).toBe(true);
    expect(snap().context.error).toEqual(USED);
    actor.send({ type: 'voucher.submitted', localizador: '4000123456789020' });
    expect(snap().context.error).toBeNull();
    fakes.reject('swapVoucher', new Error('offline'));
    await flush();
    expect(snap().context.error?.code).toBe(-3);
    actor.send({ type: 'error.dismiss' });
    expect(snap().value).toBe('idle');
  });

  it('the default actor is a placeholder that fails loudly ("not provided")', async () => {
    const actor = createActor(voucherSwapMachine).start();
    actor.send({ type: 'voucher.submitted', localizador: LOCATOR });
    await flush();
    expect(actor.getSnapshot().context.error?.message).toMatch(/"swapVoucher" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'voucher.submitted', localizador: LOCATOR },
  { type: 'voucher.sessionChosen', idapresentacao: 8 },
  { type: 'voucher.reset' },
  { type: 'error.dismiss' },
  { type: 'xstate.done.actor.swapVoucher', output: CHOICE },
  { type: 'xstate.done.actor.swapVoucher', output: SWAPPED },
  { type: 'xstate.error.actor.swapVoucher', error: USED },
] satisfies (VoucherSwapEvent | AnyEventObject)[];

const EXPECTED_TAGS: Record<string, string[]> = {
  idle: [],
  swapping: ['busy'],
  choosing: ['choose'],
  failed: ['failed'],
  done: ['done'],
};

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as VoucherSwapContext;

describe('voucherSwapMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(voucherSwapMachine, { events: MODEL_EVENTS });
  const visited = visitedSnapshots(paths);

  it('reaches every state', () => {
    expect(unreachedStates(voucherSwapMachine, paths)).toEqual([]);
  });

  it('takes every transition of the machine', () => {
    expect(untakenEdges(voucherSwapMachine, paths)).toEqual([]);
  });

  it('tags and invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const value = String(snapshot.value);
      const c = ctx(snapshot);
      expect([...snapshot.tags].sort(), value).toEqual(EXPECTED_TAGS[value]);
      if (snapshot.hasTag('done')) expect(c.result, value).not.toBeNull();
      else expect(c.result, value).toBeNull();
      if (snapshot.hasTag('failed')) expect(c.error, value).not.toBeNull();
      if (snapshot.hasTag('choose')) expect(c.apresentacoes.length, value).toBeGreaterThan(0);
      if (snapshot.hasTag('busy')) expect(c.localizador, value).toBe(LOCATOR);
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes)), fakes);
    }
  });
});
