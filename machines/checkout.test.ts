import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  createActor,
  createMachine,
  SimulatedClock,
} from 'xstate';
import type {
  CancelarReservaResult,
  CarrinhoItem,
  GetCarrinhoPageItensResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  Movimentacao,
  ProrrogarReservaResult,
} from '#schemas/contract.ts';
import { checkoutMachine, EXPIRY_GRACE_MS, EXPIRY_WARNING_SECONDS } from './checkout.machine';
import { itemsMissing } from './minimum-purchase';
import type { paymentMachine } from './payment.machine';
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
import {
  type ApplyCouponInput,
  type CancelReservationInput,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type ExtendHoldInput,
  type HandOverResult,
  type LoadItemsInput,
  type LocalCartEntry,
  type PaymentInput,
  type PaymentOutput,
  type RemoveItemsInput,
  type StartReservationInput,
  UNKNOWN_ERROR_CODE,
} from './types';

const INPUT: CheckoutInput = { attemptNonce: 'n', heldHere: null };
const PRODUTOS = [{ idproduto: 11, qtd: 2 }];
const RESERVE = { type: 'cart.reserve', produtos: PRODUTOS, idapresentacao: 5 } as const;
const REQUEST: StartReservationInput = { produtos: PRODUTOS, idapresentacao: 5 };

const movimentacao = (count_exp: number, qtd = 2): Movimentacao => ({
  idmovimentacao: 42,
  localizador: 'ABC123',
  status: 'RE',
  dthr_reserva: '2026-03-01 10:00:00',
  dthr_exp: count_exp > 0 ? '2026-03-01 10:15:00' : null,
  count_exp,
  qtd,
  total: 120,
  valor_juros: 0,
  parcelas_gtw: null,
  entrega_end: null,
  entrega_valor: 0,
});

const reserva = (count_exp: number): IniciarReservaResult => ({
  idmovimentacao: 42,
  dthr_exp: '2026-03-01 10:15:00',
  count_exp,
  qtd: 2,
});

const item = (iditem: number): CarrinhoItem => ({
  iditem,
  idproduto: 11,
  idprod: 11,
  idapresentacao: 5,
  idapre: 5,
  idevento: 1,
  dscevento: 'Museu',
  dt_apre: '2026-03-02',
  dthr_apresentacao: '2026-03-02 10:00',
  dscapre: 'Entrada',
  dscproduto: 'Inteira',
  produto: 'Inteira',
  dsctipo: 'Inteira',
  status: 'RE',
  valor: 60,
  valor_sem_desconto: 60,
  valor_cupom: 0,
  cupom: '',
  tem_cupom: false,
  combo: '',
  valor_combo: 0,
  taxa: 0,
  preco: 60,
  juros: 0,
  valor_garantia: 0,
  total: 60,
  dthr_exp: '2026-03-01 10:15:00',
  dt_exp: '2026-03-01 10:15:00',
  count_exp: 0,
  qtd: 1,
  cancel: true,
  tp_cancel: 'remover',
  msg_info_carrinho: '',
});

const items = (count_exp: number, ids = [1, 2]): GetCarrinhoPageItensResult => ({
  movimentacao: movimentacao(count_exp, ids.length),
  itens: ids.map(item),
  resumo: {
    qtd: ids.length,
    quantity: ids.length,
    subtotal: 60 * ids.length,
    valor_taxa: 0,
    valor_garantia: 0,
    entrega_valor: 0,
    valor_combo: 0,
    valor_cupom: 0,
    cupom: '',
    valor: 60 * ids.length,
    total: 60 * ids.length,
  },
});

const CANCELLED: CancelarReservaResult = { idmovimentacao: 42, status: 'CA' };

const extension = (count_exp: number, prorrogacoes_restantes: number): ProrrogarReservaResult => ({
  idmovimentacao: 42,
  dthr_exp: '2026-03-01 10:30:00',
  count_exp,
  prorrogacoes_restantes,
});

const ENTRIES: LocalCartEntry[] = [
  { ...REQUEST, label: 'Museu · 2 × Inteira' },
  { produtos: [{ idproduto: 99, qtd: 1 }], idapresentacao: 5, label: 'Museu · 1 × Esgotado' },
];
const REFUSED = { label: 'Museu · 1 × Esgotado', error: { code: 0, message: 'Esgotado' } };

function fakeMachine(fakes: FakeActors) {
  return checkoutMachine.provide({
    actors: {
      loadCart: fakes.promise<GetCarrinhoPageResult, void>('loadCart'),
      startReservation: fakes.promise<IniciarReservaResult, StartReservationInput>(
        'startReservation',
      ),
      cancelReservation: fakes.promise<CancelarReservaResult, CancelReservationInput>(
        'cancelReservation',
      ),
      loadItems: fakes.promise<GetCarrinhoPageItensResult, LoadItemsInput>('loadItems'),
      removeItems: fakes.promise<GetCarrinhoPageResult, RemoveItemsInput>('removeItems'),
      applyCoupon: fakes.promise<GetCarrinhoPageItensResult, ApplyCouponInput>('applyCoupon'),
      ticker: fakes.ticker(),
      // The payment machine has its own tests; here only its outcome matters, so a promise
      // stands in for it (XState types the slot as the machine it replaces).
      payment: fakes.promise<PaymentOutput, PaymentInput>(
        'payment',
      ) as unknown as typeof paymentMachine,
      handOver: fakes.promise<HandOverResult, { entries: LocalCartEntry[] }>('handOver'),
      extendHold: fakes.promise<ProrrogarReservaResult, ExtendHoldInput>('extendHold'),
    },
    actions: {
      expiryConfirmed: fakes.action('expiryConfirmed'),
      localCartTaken: fakes.action('localCartTaken'),
      holdMade: fakes.action('holdMade'),
      keepForLater: fakes.action('keepForLater'),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const clock = new SimulatedClock();
  const actor = createActor(fakeMachine(fakes), { input: INPUT, clock }).start();
  const snap = () => actor.getSnapshot();
  return { actor, fakes, snap, clock };
}

/** The checkout opened on a hold found on the server, its items loaded. */
async function startAtCheckout(countExp = 100) {
  const t = start();
  t.actor.send({ type: 'checkout.open' });
  t.fakes.resolve('loadCart', movimentacao(countExp));
  await flush();
  t.fakes.resolve('loadItems', items(countExp));
  await flush();
  t.actor.send({ type: 'checkout.shown' });
  expect(t.snap().matches({ held: { items: 'ready', payment: 'open', cancel: 'idle' } })).toBe(
    true,
  );
  return t;
}

/** An add from a page with nothing known: the server has no hold, so the add goes on. */
async function startHeldByAdd(countExp = 100) {
  const t = start();
  t.actor.send(RESERVE);
  t.fakes.resolve('loadCart', null);
  await flush();
  t.fakes.resolve('startReservation', reserva(countExp));
  await flush();
  expect(t.snap().matches('held')).toBe(true);
  return t;
}

describe('checkoutMachine: the hold', () => {
  it('starts idle with nothing known', () => {
    const { snap, fakes } = start();
    expect(snap().value).toBe('idle');
    expect(snap().context).toMatchObject({ idmovimentacao: null, countExp: 0, cart: null });
    expect(fakes.runningTickers).toBe(0);
  });

  it('opening the checkout loads the hold, then its items; the payment starts', async () => {
    const { snap, fakes } = await startAtCheckout(100);
    expect(snap().context).toMatchObject({
      idmovimentacao: 42,
      countExp: 100,
      checkoutOpen: true,
      paymentOpenings: 1,
    });
    expect(snap().context.cart?.itens).toHaveLength(2);
    expect(fakes.inputsOf('loadItems')).toEqual([{ idmovimentacao: 42 }]);
    expect(fakes.inputsOf('payment')).toEqual([{ idmovimentacao: 42, attemptNonce: 'n-1' }]);
    expect(fakes.runningTickers).toBe(1);
  });

  it('a hold found on arrival is marked as held on an earlier visit', async () => {
    const { snap } = await startAtCheckout(100);
    expect(snap().context.earlier).toEqual(movimentacao(100));
  });

  it.each([
    ['no cart', null],
    ['a cart with count_exp 0', movimentacao(0)],
  ])('opening the checkout with %s → empty', async (_, cart) => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'checkout.open' });
    fakes.resolve('loadCart', cart);
    await flush();
    expect(snap().value).toBe('empty');
  });

  it('a failed load → failed with the error (unknown errors get code -3); cart.load retries', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'checkout.open' });
    fakes.reject('loadCart', new TypeError('Failed to fetch'));
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toEqual({ code: UNKNOWN_ERROR_CODE, message: '' });
    actor.send({ type: 'cart.load' });
    expect(snap().value).toBe('loading');
  });

  it('the items re-sync the countdown with the server; a synced 0 → expired', async () => {
    const { actor, fakes, snap } = await startAtCheckout(100);
    actor.send({ type: 'items.reload' });
    fakes.resolve('loadItems', items(40));
    await flush();
    expect(snap().context.countExp).toBe(40);
    actor.send({ type: 'items.reload' });
    fakes.resolve('loadItems', items(0));
    await flush();
    expect(snap().matches({ expired: 'confirming' })).toBe(true);
  });

  it('a failed items load keeps the hold and offers items.reload', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'checkout.open' });
    fakes.resolve('loadCart', movimentacao(100));
    await flush();
    fakes.reject('loadItems', { code: 0, message: 'x' });
    await flush();
    expect(snap().matches({ held: { items: 'loadFailed' } })).toBe(true);
    expect(snap().hasTag('itemsFailed')).toBe(true);
    expect(snap().context.itemsError).toEqual({ code: 0, message: 'x' });
    actor.send({ type: 'items.reload' });
    expect(snap().hasTag('itemsLoading')).toBe(true);
  });
});

describe('checkoutMachine: the buyer’s minimum purchase (issue 39)', () => {
  const missing = (c: CheckoutContext) => itemsMissing(c.minimumItems, c.cart?.resumo.qtd ?? 0);

  it('an agency with 3 of its 10 items lacks 7; the count follows the items; anyone else lacks none', async () => {
    const { actor, fakes, snap } = await startAtCheckout(100);
    expect(missing(snap().context)).toBe(0);
    actor.send({ type: 'buyer.minimum', items: 10 });
    actor.send({ type: 'items.reload' });
    fakes.resolve('loadItems', items(100, [1, 2, 3]));
    await flush();
    expect(missing(snap().context)).toBe(7);
    actor.send({ type: 'items.reload' });
    fakes.resolve('loadItems', items(100, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    await flush();
    expect(missing(snap().context)).toBe(0);
    actor.send({ type: 'buyer.minimum', items: 12 });
    expect(missing(snap().context)).toBe(2);
    actor.send({ type: 'buyer.minimum', items: 0 });
    expect(missing(snap().context)).toBe(0);
  });

  it('with nothing held yet an agency lacks its whole minimum', () => {
    const { actor, snap } = start();
    actor.send({ type: 'buyer.minimum', items: 10 });
    expect(missing(snap().context)).toBe(10);
  });
});

describe('checkoutMachine: adding', () => {
  it('an add with nothing known checks for an earlier hold first; none → reserving', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    expect(snap().value).toBe('checking');
    fakes.resolve('loadCart', null);
    await flush();
    expect(snap().value).toBe('reserving');
    expect(fakes.inputsOf('startReservation')).toEqual([REQUEST]);
    fakes.resolve('startReservation', reserva(600));
    await flush();
    expect(snap().matches('held')).toBe(true);
    expect(snap().context).toMatchObject({ idmovimentacao: 42, countExp: 600, earlier: null });
    expect(snap().context.request).toBeNull();
  });

  it('an earlier hold is never merged silently: the person confirms the add', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    fakes.resolve('loadCart', movimentacao(300));
    await flush();
    expect(snap().value).toBe('confirmingAdd');
    expect(snap().hasTag('confirmAdd')).toBe(true);
    expect(snap().context.earlier?.qtd).toBe(2);
    expect(fakes.inputsOf('startReservation')).toEqual([]);
    fakes.tick(5);
    expect(snap().context.countExp).toBe(295);
    actor.send({ type: 'cart.addConfirmed' });
    expect(snap().value).toBe('reserving');
    fakes.resolve('startReservation', reserva(900));
    await flush();
    expect(snap().matches('held')).toBe(true);
    // Still marked: the order holds tickets of the earlier visit.
    expect(snap().context.earlier?.qtd).toBe(2);
  });

  it('the hold this tab made is not an earlier visit: found again, it is neither marked nor asked about', async () => {
    const fakes = new FakeActors();
    const actor = createActor(fakeMachine(fakes), { input: { attemptNonce: 'n', heldHere: 42 } });
    actor.start();
    actor.send({ type: 'checkout.open' });
    fakes.resolve('loadCart', movimentacao(300));
    await flush();
    expect(actor.getSnapshot().matches('held')).toBe(true);
    expect(actor.getSnapshot().context.earlier).toBeNull();

    const b = createActor(fakeMachine(fakes), { input: { attemptNonce: 'n', heldHere: 42 } });
    b.start();
    b.send(RESERVE);
    fakes.resolve('loadCart', movimentacao(300));
    await flush();
    expect(b.getSnapshot().value).toBe('reserving');
  });

  it('a hold made by an add is remembered as made here', async () => {
    const { snap, fakes } = await startHeldByAdd();
    expect(snap().context.heldHere).toBe(42);
    expect(fakes.actions.map((a) => a.name)).toEqual(['holdMade']);
  });

  it('declining the add keeps the earlier hold as it was', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    fakes.resolve('loadCart', movimentacao(300));
    await flush();
    actor.send({ type: 'cart.addDeclined' });
    expect(snap().matches('held')).toBe(true);
    expect(snap().context.request).toBeNull();
    expect(fakes.inputsOf('startReservation')).toEqual([]);
  });

  it('an earlier hold that runs out while the person decides: the add goes on alone', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    fakes.resolve('loadCart', movimentacao(2));
    await flush();
    fakes.tick(2);
    expect(snap().value).toBe('reserving');
    expect(snap().context).toMatchObject({ idmovimentacao: null, earlier: null });
    expect(fakes.inputsOf('startReservation')).toEqual([REQUEST]);
  });

  it('a known empty cart adds at once', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'checkout.open' });
    fakes.resolve('loadCart', null);
    await flush();
    actor.send(RESERVE);
    expect(snap().value).toBe('reserving');
  });

  it('adding to a live hold failing → held with the error; without one → failed', async () => {
    const a = await startHeldByAdd(10);
    a.actor.send(RESERVE);
    a.fakes.tick();
    a.fakes.reject('startReservation', { code: 0, message: 'Limite de compra atingido' });
    await flush();
    expect(a.snap().matches('held')).toBe(true);
    expect(a.snap().context).toMatchObject({ idmovimentacao: 42, countExp: 9 });
    expect(a.snap().context.error?.message).toBe('Limite de compra atingido');

    const b = start();
    b.actor.send(RESERVE);
    b.fakes.resolve('loadCart', null);
    await flush();
    b.fakes.reject('startReservation', { code: 0, message: 'Ingressos indisponíveis!' });
    await flush();
    expect(b.snap().value).toBe('failed');
    expect(b.snap().context.idmovimentacao).toBeNull();
  });

  it("a guest's add waits for the login in the machine, then goes on; a dismissed login drops it", async () => {
    const a = start();
    a.actor.send({ type: 'cart.reserveAfterLogin', produtos: PRODUTOS, idapresentacao: 5 });
    expect(a.snap().value).toBe('awaitingLogin');
    expect(a.snap().hasTag('needsLogin')).toBe(true);
    expect(a.snap().context.request).toEqual(REQUEST);
    a.actor.send({ type: 'session.started' });
    expect(a.snap().value).toBe('checking');
    a.fakes.resolve('loadCart', null);
    await flush();
    expect(a.fakes.inputsOf('startReservation')).toEqual([REQUEST]);

    const b = start();
    b.actor.send({ type: 'cart.reserveAfterLogin', produtos: PRODUTOS, idapresentacao: 5 });
    b.actor.send({ type: 'login.dismissed' });
    expect(b.snap().value).toBe('idle');
    expect(b.snap().context.request).toBeNull();
    expect(b.fakes.inputsOf('loadCart')).toEqual([]);
  });

  it("a guest's add whose login goes on on the profile page is kept for later, not lost", () => {
    const { actor, fakes, snap } = start();
    actor.send({
      type: 'cart.reserveAfterLogin',
      produtos: PRODUTOS,
      idapresentacao: 5,
      label: 'Visita · 10:00 · 2× Inteira',
    });
    actor.send({ type: 'login.deferred' });
    expect(snap().value).toBe('idle');
    expect(snap().context.request).toBeNull();
    expect(fakes.actions).toEqual([
      {
        name: 'keepForLater',
        params: {
          entry: { produtos: PRODUTOS, idapresentacao: 5, label: 'Visita · 10:00 · 2× Inteira' },
        },
      },
    ]);
    expect(fakes.inputsOf('startReservation')).toEqual([]);
  });

  it('the local cart is taken at once and sent; each refusal is kept to be reported', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.handOver', entries: ENTRIES });
    expect(snap().value).toBe('checkingHandOver');
    expect(fakes.actions).toEqual([]);
    fakes.resolve('loadCart', null);
    await flush();
    expect(snap().value).toBe('handingOver');
    expect(fakes.actions.map((a) => a.name)).toEqual(['localCartTaken']);
    expect(fakes.inputsOf('handOver')).toEqual([{ entries: ENTRIES }]);
    fakes.resolve('handOver', { hold: reserva(600), failures: [REFUSED] });
    await flush();
    expect(snap().matches('held')).toBe(true);
    expect(snap().context).toMatchObject({
      idmovimentacao: 42,
      countExp: 600,
      handOver: null,
      handOverFailures: [REFUSED],
    });
  });

  it('a hand-over the server took nothing of asks the server what it holds, failures kept', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.handOver', entries: ENTRIES });
    fakes.resolve('loadCart', null);
    await flush();
    fakes.resolve('handOver', { hold: null, failures: [REFUSED, REFUSED] });
    await flush();
    expect(snap().value).toBe('loading');
    fakes.resolve('loadCart', null);
    await flush();
    expect(snap().value).toBe('empty');
    expect(snap().context.handOverFailures).toHaveLength(2);
  });

  it('a hold from an earlier visit is not joined by the local cart until the person says so', async () => {
    const a = start();
    a.actor.send({ type: 'cart.handOver', entries: ENTRIES });
    a.fakes.resolve('loadCart', movimentacao(600));
    await flush();
    expect(a.snap().value).toBe('confirmingHandOver');
    expect(a.snap().hasTag('confirmAdd')).toBe(true);
    expect(a.snap().context.earlier?.idmovimentacao).toBe(42);
    expect(a.fakes.inputsOf('handOver')).toEqual([]);
    a.actor.send({ type: 'cart.addConfirmed' });
    expect(a.snap().value).toBe('handingOver');
    expect(a.fakes.inputsOf('handOver')).toEqual([{ entries: ENTRIES }]);

    // Declined: the earlier order stays as it was, the entries are let go, nothing is sent.
    const b = start();
    b.actor.send({ type: 'cart.handOver', entries: ENTRIES });
    b.fakes.resolve('loadCart', movimentacao(600));
    await flush();
    b.actor.send({ type: 'cart.addDeclined' });
    expect(b.snap().matches('held')).toBe(true);
    expect(b.snap().context).toMatchObject({ idmovimentacao: 42, handOver: null });
    expect(b.fakes.actions.map((x) => x.name)).toEqual(['localCartTaken']);
    expect(b.fakes.inputsOf('handOver')).toEqual([]);
  });

  it('the local cart waits when the earlier hold cannot be read', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'cart.handOver', entries: ENTRIES });
    fakes.reject('loadCart', { code: -1, message: 'offline' });
    await flush();
    expect(snap().value).toBe('failed');
    expect(fakes.actions).toEqual([]);
    expect(fakes.inputsOf('handOver')).toEqual([]);
  });

  it('held away from the checkout: no payment runs until the checkout opens and has painted', async () => {
    const { actor, fakes, snap } = await startHeldByAdd();
    expect(snap().matches({ held: { payment: 'closed' } })).toBe(true);
    expect(fakes.isRunning('payment')).toBe(false);
    actor.send({ type: 'checkout.open' });
    // Open, the page paints the hold first: its gateway and script load after that paint.
    expect(snap().matches({ held: { payment: 'closed' } })).toBe(true);
    expect(fakes.isRunning('payment')).toBe(false);
    actor.send({ type: 'checkout.shown' });
    expect(snap().matches({ held: { payment: 'open' } })).toBe(true);
    expect(fakes.isRunning('payment')).toBe(true);
    actor.send({ type: 'checkout.leave' });
    expect(fakes.isRunning('payment')).toBe(false);
    // Back on the checkout, it waits for the new page's paint again.
    actor.send({ type: 'checkout.open' });
    expect(fakes.isRunning('payment')).toBe(false);
    actor.send({ type: 'checkout.shown' });
    expect(fakes.isRunning('payment')).toBe(true);
  });

  it("only the open checkout's paint counts: one told before it opened starts no payment", async () => {
    const { actor, fakes, snap } = await startHeldByAdd();
    actor.send({ type: 'checkout.shown' });
    expect(snap().context.checkoutShown).toBe(false);
    actor.send({ type: 'checkout.open' });
    expect(fakes.isRunning('payment')).toBe(false);
    actor.send({ type: 'checkout.shown' });
    expect(fakes.isRunning('payment')).toBe(true);
  });
});

describe('checkoutMachine: a payment awaiting the gateway', () => {
  it('the checkout of a person whose cart is AP ends pending (no hold to show)', async () => {
    const { actor, fakes, snap } = start();
    actor.send({ type: 'checkout.open' });
    fakes.resolve('loadCart', { ...movimentacao(0), status: 'AP', dthr_exp: null });
    await flush();
    expect(snap().value).toBe('pending');
    expect(snap().output).toEqual({ kind: 'pending', message: '' });
    expect(fakes.inputsOf('loadItems')).toEqual([]);
  });

  it('an add goes on past a pending payment: it is another order', async () => {
    const { actor, fakes, snap } = start();
    actor.send(RESERVE);
    fakes.resolve('loadCart', { ...movimentacao(0), status: 'AP', dthr_exp: null });
    await flush();
    expect(snap().value).toBe('reserving');
  });
});

describe('checkoutMachine: the coupon', () => {
  it('applying: busy (no removal, no cancel), then the cart as the server priced it', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'coupon.apply', cupom: '  aurora10 ' });
    expect(snap().matches({ held: { items: 'applyingCoupon' } })).toBe(true);
    expect(snap().hasTag('busy')).toBe(true);
    expect(fakes.inputsOf('applyCoupon')).toEqual([{ idmovimentacao: 42, cupom: 'aurora10' }]);
    actor.send({ type: 'cart.cancel' });
    actor.send({ type: 'cart.removeItems', iditens: [1] });
    expect(snap().matches({ held: { cancel: 'idle' } })).toBe(true);
    expect(fakes.inputsOf('removeItems')).toEqual([]);
    const priced = items(70);
    priced.resumo = { ...priced.resumo, cupom: 'AURORA10', valor_cupom: 12, valor: 108 };
    fakes.resolve('applyCoupon', priced);
    await flush();
    expect(snap().matches({ held: { items: 'ready' } })).toBe(true);
    expect(snap().context).toMatchObject({ couponRequest: null, couponError: null, countExp: 70 });
    expect(snap().context.cart?.resumo.cupom).toBe('AURORA10');
  });

  it('a refused coupon leaves the cart as it was, with the reason for the field', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    const before = snap().context.cart;
    actor.send({ type: 'coupon.apply', cupom: 'NAOEXISTE' });
    fakes.reject('applyCoupon', { code: 0, message: 'Cupom não encontrado' });
    await flush();
    expect(snap().matches({ held: { items: 'ready' } })).toBe(true);
    expect(snap().context.cart).toBe(before);
    expect(snap().context.couponError).toEqual({ code: 0, message: 'Cupom não encontrado' });
    // Removing sends '' and clears the last error.
    actor.send({ type: 'coupon.remove' });
    expect(snap().context.couponError).toBeNull();
    expect(fakes.inputsOf('applyCoupon')).toEqual([
      { idmovimentacao: 42, cupom: 'NAOEXISTE' },
      { idmovimentacao: 42, cupom: '' },
    ]);
  });

  it('a new total reaches the payment child (its instalments are of the total)', async () => {
    const heard: string[] = [];
    const fakes = new FakeActors();
    const listener = createMachine({
      on: { '*': { actions: ({ event }) => heard.push(event.type) } },
    }) as unknown as typeof paymentMachine;
    const actor = createActor(fakeMachine(fakes).provide({ actors: { payment: listener } }), {
      input: INPUT,
    }).start();
    actor.send({ type: 'checkout.open' });
    fakes.resolve('loadCart', movimentacao(100));
    await flush();
    fakes.resolve('loadItems', items(100));
    await flush();
    actor.send({ type: 'checkout.shown' });
    expect(heard).toEqual([]);
    // The same total again: nothing to tell.
    actor.send({ type: 'items.reload' });
    fakes.resolve('loadItems', items(100));
    await flush();
    expect(heard).toEqual([]);
    actor.send({ type: 'coupon.apply', cupom: 'AURORA10' });
    const priced = items(100);
    priced.resumo = { ...priced.resumo, valor_cupom: 12, valor: 108, total: 108 };
    fakes.resolve('applyCoupon', priced);
    await flush();
    expect(heard).toEqual(['payment.cartChanged']);
  });

  it('no coupon change while the person is asked to cancel', async () => {
    const { actor, fakes } = await startAtCheckout();
    actor.send({ type: 'cart.cancel' });
    actor.send({ type: 'coupon.apply', cupom: 'AURORA10' });
    actor.send({ type: 'coupon.remove' });
    expect(fakes.inputsOf('applyCoupon')).toEqual([]);
  });
});

describe('checkoutMachine: removing and cancelling', () => {
  it('removal: busy while in flight, cancelling refused, then the items reload', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'cart.removeItems', iditens: [2] });
    expect(snap().matches({ held: { items: 'removing' } })).toBe(true);
    expect(snap().hasTag('busy')).toBe(true);
    expect(snap().context.removing).toEqual([2]);
    expect(fakes.inputsOf('removeItems')).toEqual([{ idmovimentacao: 42, iditens: [2] }]);
    actor.send({ type: 'cart.cancel' });
    expect(snap().matches({ held: { cancel: 'idle' } })).toBe(true);
    fakes.resolve('removeItems', movimentacao(80, 1));
    await flush();
    expect(snap().context).toMatchObject({ removing: null, countExp: 80 });
    expect(snap().hasTag('itemsLoading')).toBe(true);
    fakes.resolve('loadItems', items(80, [1]));
    await flush();
    expect(snap().context.cart?.itens).toHaveLength(1);
  });

  it('removing the last item empties the hold', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'cart.removeItems', iditens: [1, 2] });
    fakes.resolve('removeItems', null);
    await flush();
    expect(snap().value).toBe('empty');
    expect(fakes.isRunning('payment')).toBe(false);
  });

  it('a failed removal keeps the items with the error beside them', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'cart.removeItems', iditens: [2] });
    fakes.reject('removeItems', { code: 0, message: 'Não removido' });
    await flush();
    expect(snap().matches({ held: { items: 'ready' } })).toBe(true);
    expect(snap().context).toMatchObject({
      removing: null,
      itemsError: { code: 0, message: 'Não removido' },
    });
  });

  it('cancel asks first; dismissed, nothing happens; while asked, nothing is removed', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'cart.cancel' });
    expect(snap().hasTag('confirmCancel')).toBe(true);
    actor.send({ type: 'cart.removeItems', iditens: [1] });
    expect(fakes.inputsOf('removeItems')).toEqual([]);
    actor.send({ type: 'cart.cancelDismissed' });
    expect(snap().matches({ held: { cancel: 'idle' } })).toBe(true);
    expect(fakes.inputsOf('cancelReservation')).toEqual([]);
  });

  it('a confirmed cancel releases the hold and ends the machine as cancelled', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'cart.cancel' });
    actor.send({ type: 'cart.cancelConfirmed' });
    expect(snap().value).toBe('cancelling');
    expect(fakes.isRunning('payment')).toBe(false);
    expect(fakes.inputsOf('cancelReservation')).toEqual([{ idmovimentacao: 42 }]);
    fakes.resolve('cancelReservation', CANCELLED);
    await flush();
    expect(snap().value).toBe('cancelled');
    expect(snap().status).toBe('done');
    expect(snap().output).toEqual({ kind: 'cancelled' });
  });

  it('a failed cancel goes back to the hold with the error', async () => {
    const { actor, fakes, snap } = await startAtCheckout();
    actor.send({ type: 'cart.cancel' });
    actor.send({ type: 'cart.cancelConfirmed' });
    fakes.reject('cancelReservation', { code: 0, message: 'Erro' });
    await flush();
    expect(snap().matches({ held: { cancel: 'idle' } })).toBe(true);
    expect(snap().context.error?.message).toBe('Erro');
  });
});

describe('checkoutMachine: more time (WCAG 2.2.1)', () => {
  it("warns once the warning time is reached, and extends with the server's new time", async () => {
    const { actor, fakes, snap } = await startAtCheckout(EXPIRY_WARNING_SECONDS + 2);
    fakes.tick();
    expect(snap().hasTag('expiryWarning')).toBe(false);
    fakes.tick();
    expect(snap().hasTag('expiryWarning')).toBe(true);
    actor.send({ type: 'cart.extend' });
    expect(snap().hasTag('extending')).toBe(true);
    expect(fakes.inputsOf('extendHold')).toEqual([{ idmovimentacao: 42 }]);
    fakes.resolve('extendHold', extension(600, 9));
    await flush();
    expect(snap().hasTag('expiryWarning')).toBe(false);
    expect(snap().context).toMatchObject({ countExp: 600, extensionsLeft: 9 });
  });

  it('a refused extension keeps the warning with the reason; none left, extend is refused', async () => {
    const { actor, fakes, snap } = await startAtCheckout(30);
    actor.send({ type: 'cart.extend' });
    fakes.reject('extendHold', { code: 0, message: 'A sessão começa em breve' });
    await flush();
    expect(snap().matches({ held: { extension: 'warning' } })).toBe(true);
    expect(snap().context.extensionError?.message).toBe('A sessão começa em breve');
    actor.send({ type: 'cart.extend' });
    fakes.resolve('extendHold', extension(40, 0));
    await flush();
    expect(snap().context.extensionsLeft).toBe(0);
    expect(snap().matches({ held: { extension: 'warning' } })).toBe(true);
    actor.send({ type: 'cart.extend' });
    expect(fakes.isRunning('extendHold')).toBe(false);
  });

  it('a dismissed warning stays closed while the time is short', async () => {
    const { actor, fakes, snap } = await startAtCheckout(30);
    actor.send({ type: 'cart.warningDismissed' });
    fakes.tick(5);
    expect(snap().hasTag('expiryWarning')).toBe(false);
  });
});

describe('checkoutMachine: expiry and outcomes', () => {
  it('the countdown reaching 0 waits out the grace period before the expiry is confirmed', async () => {
    const { fakes, snap, clock } = await startAtCheckout(2);
    fakes.tick(2);
    expect(snap().matches({ expired: 'confirming' })).toBe(true);
    expect(snap().hasTag('expiryConfirmed')).toBe(false);
    expect(snap().context.idmovimentacao).toBeNull();
    expect(fakes.runningTickers).toBe(0);
    expect(fakes.isRunning('payment')).toBe(false);
    clock.increment(EXPIRY_GRACE_MS - 1);
    expect(snap().matches({ expired: 'confirming' })).toBe(true);
    clock.increment(1);
    expect(snap().matches({ expired: 'confirmed' })).toBe(true);
    expect(fakes.actions.map((a) => a.name)).toEqual(['expiryConfirmed']);
  });

  it('the payment child paid → paid; pending → pending with the gateway message', async () => {
    const a = await startAtCheckout();
    a.fakes.resolve('payment', { kind: 'paid' } satisfies PaymentOutput);
    await flush();
    expect(a.snap().value).toBe('paid');
    expect(a.snap().output).toEqual({ kind: 'paid' });

    const b = await startAtCheckout();
    b.fakes.resolve('payment', { kind: 'pending', message: 'Em análise' } satisfies PaymentOutput);
    await flush();
    expect(b.snap().output).toEqual({ kind: 'pending', message: 'Em análise' });
  });

  it('a slip or Pix code issued stops the countdown: no expiry, no warning, the cart kept', async () => {
    const { actor, fakes, snap } = await startAtCheckout(EXPIRY_WARNING_SECONDS + 3);
    fakes.tick(2);
    expect(snap().context.countExp).toBe(EXPIRY_WARNING_SECONDS + 1);
    expect(fakes.runningTickers).toBe(1);
    actor.send({ type: 'payment.chargeIssued' });
    expect(snap().hasTag('awaitingPayment')).toBe(true);
    expect(snap().matches({ held: { hold: 'awaitingPayment', payment: 'open' } })).toBe(true);
    expect(fakes.runningTickers).toBe(0);
    // Far past the hold's time: still the code on screen, neither warned nor expired.
    actor.send({ type: 'clock.tick' });
    expect(snap().context.countExp).toBe(EXPIRY_WARNING_SECONDS + 1);
    expect(snap().hasTag('expiryWarning')).toBe(false);
    expect(snap().hasTag('expired')).toBe(false);
    // The cart stays as it is: nothing cancelled, removed or discounted meanwhile.
    actor.send({ type: 'cart.cancel' });
    expect(snap().hasTag('confirmCancel')).toBe(false);
    actor.send({ type: 'cart.removeItems', iditens: [1] });
    expect(fakes.isRunning('removeItems')).toBe(false);
    // A Pix that closed unpaid: the hold counts down again (the reload re-syncs it).
    actor.send({ type: 'payment.chargeClosed' });
    expect(snap().hasTag('awaitingPayment')).toBe(false);
    expect(fakes.runningTickers).toBe(1);
    fakes.tick(2);
    expect(snap().hasTag('expiryWarning')).toBe(true);
  });

  it('each opening of the payment gets its own attempt nonce', async () => {
    const { actor, fakes } = await startAtCheckout();
    actor.send({ type: 'checkout.leave' });
    actor.send({ type: 'checkout.open' });
    actor.send({ type: 'checkout.shown' });
    expect(fakes.inputsOf('payment')).toEqual([
      { idmovimentacao: 42, attemptNonce: 'n-1' },
      { idmovimentacao: 42, attemptNonce: 'n-2' },
    ]);
  });

  it('default actors are placeholders that fail loudly ("not provided")', async () => {
    const actor = createActor(checkoutMachine, { input: INPUT }).start();
    actor.send({ type: 'cart.load' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.message).toMatch(/"loadCart" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

/** Every event the model may send: user events and each actor outcome. */
const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'checkout.open' },
  { type: 'checkout.leave' },
  { type: 'checkout.shown' },
  { type: 'cart.load' },
  RESERVE,
  { type: 'cart.reserveAfterLogin', produtos: PRODUTOS, idapresentacao: 5 },
  { type: 'session.started' },
  { type: 'cart.handOver', entries: ENTRIES },
  { type: 'xstate.done.actor.handOver', output: { hold: reserva(2), failures: [REFUSED] } },
  { type: 'xstate.done.actor.handOver', output: { hold: null, failures: [REFUSED] } },
  { type: 'xstate.error.actor.handOver', error: new Error('bug') },
  { type: 'login.dismissed' },
  { type: 'login.deferred' },
  { type: 'cart.addConfirmed' },
  { type: 'cart.addDeclined' },
  { type: 'cart.removeItems', iditens: [2] },
  { type: 'coupon.apply', cupom: ' aurora10 ' },
  { type: 'coupon.remove' },
  { type: 'items.reload' },
  { type: 'cart.extend' },
  { type: 'cart.warningDismissed' },
  { type: 'xstate.done.actor.extendHold', output: extension(EXPIRY_WARNING_SECONDS + 60, 1) },
  { type: 'xstate.done.actor.extendHold', output: extension(2, 0) },
  { type: 'xstate.error.actor.extendHold', error: { code: 0, message: 'Limite' } },
  { type: 'cart.cancel' },
  { type: 'cart.cancelConfirmed' },
  { type: 'cart.cancelDismissed' },
  { type: 'clock.tick' },
  { type: 'error.dismiss' },
  { type: 'payment.chargeIssued' },
  { type: 'payment.chargeClosed' },
  { type: 'xstate.after.expiryGrace.checkout.expired.confirming' },
  { type: 'xstate.done.actor.loadCart', output: movimentacao(2) },
  { type: 'xstate.done.actor.loadCart', output: null },
  {
    type: 'xstate.done.actor.loadCart',
    output: { ...movimentacao(0), status: 'AP', dthr_exp: null },
  },
  { type: 'xstate.error.actor.loadCart', error: { code: 1, message: 'Sessão inválida' } },
  { type: 'xstate.done.actor.startReservation', output: reserva(2) },
  { type: 'xstate.error.actor.startReservation', error: { code: 0, message: 'Esgotado' } },
  { type: 'xstate.done.actor.loadItems', output: items(2) },
  { type: 'xstate.done.actor.loadItems', output: items(2, []) },
  { type: 'xstate.error.actor.loadItems', error: { code: 0, message: 'x' } },
  { type: 'xstate.done.actor.removeItems', output: movimentacao(2, 1) },
  { type: 'xstate.done.actor.removeItems', output: null },
  { type: 'xstate.error.actor.removeItems', error: { code: 0, message: 'y' } },
  { type: 'xstate.done.actor.applyCoupon', output: items(2) },
  { type: 'xstate.error.actor.applyCoupon', error: { code: 0, message: 'Cupom não encontrado' } },
  { type: 'xstate.done.actor.cancelReservation', output: CANCELLED },
  { type: 'xstate.error.actor.cancelReservation', error: new Error('offline') },
  { type: 'xstate.done.actor.payment', output: { kind: 'paid' } },
  { type: 'xstate.done.actor.payment', output: { kind: 'pending', message: 'Em análise' } },
] satisfies (CheckoutEvent | AnyEventObject)[];

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutContext;

/**
 * Tells states apart by what the flow decides on (the guards read the countdown, whether a
 * hold is known and whether the checkout is open, or open and shown; the request feeds an add), not by error
 * texts, loaded items or payment openings: the graph stays small. The outputs bound the
 * countdown (2 s, or long after an extension). The replay compares this key; the invariants
 * below check the rest.
 */
const contextKey = (context: unknown) => {
  const c = context as CheckoutContext;
  return [
    // Above the warning time every second behaves alike.
    c.countExp > EXPIRY_WARNING_SECONDS ? 'long' : c.countExp,
    c.idmovimentacao !== null,
    // Shown only while open: one value of three (apart, the graph is too large).
    c.checkoutShown ? 'shown' : c.checkoutOpen,
    c.request !== null,
    c.extensionsLeft === 0,
    c.heldHere !== null,
  ];
};

/** What the views rely on, per active state node. */
const TAGS_OF: Record<string, string[]> = {
  'checkout.awaitingLogin': ['needsLogin'],
  'checkout.checkingHandOver': ['busy'],
  'checkout.confirmingHandOver': ['held', 'confirmAdd'],
  'checkout.handingOver': ['busy'],
  'checkout.loading': ['busy'],
  'checkout.checking': ['busy'],
  'checkout.reserving': ['busy'],
  'checkout.cancelling': ['busy'],
  'checkout.held': ['held'],
  'checkout.confirmingAdd': ['held', 'confirmAdd'],
  'checkout.held.items.loading': ['itemsLoading'],
  'checkout.held.items.removing': ['busy'],
  'checkout.held.items.applyingCoupon': ['busy', 'applyingCoupon'],
  'checkout.held.items.loadFailed': ['itemsFailed'],
  'checkout.held.cancel.asking': ['confirmCancel'],
  'checkout.held.hold.awaitingPayment': ['awaitingPayment'],
  'checkout.held.extension.warning': ['expiryWarning'],
  'checkout.held.extension.extending': ['expiryWarning', 'extending'],
  'checkout.expired': ['expired'],
  'checkout.expired.confirmed': ['expiryConfirmed'],
  'checkout.failed': ['failed'],
  'checkout.paid': ['paid'],
  'checkout.pending': ['pending'],
  'checkout.cancelled': ['cancelled'],
};

const modelMachine = checkoutMachine.provide({
  actions: {
    expiryConfirmed: () => {},
    localCartTaken: () => {},
    holdMade: () => {},
    keepForLater: () => {},
  },
});

describe('checkoutMachine model paths (xstate/graph)', () => {
  const paths = modelPaths(modelMachine, { events: MODEL_EVENTS, input: INPUT, contextKey });
  const visited = visitedSnapshots(paths);

  it('generates walks through thousands of snapshots', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(visited.length).toBeGreaterThan(5000);
  });

  it('reaches every state node, nested ones included', () => {
    const reached = new Set(visited.flatMap(activeNodeIds));
    const missing = stateNodeIds(checkoutMachine).filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
  });

  it('sends every event each state node handles while it is active', () => {
    const taken = pathNodeEvents(paths);
    const missing = nodeEvents(checkoutMachine).filter((pair) => !taken.has(pair));
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

  it('invariants: a hold is live wherever it is shown; nothing is kept once it ended', () => {
    for (const snapshot of visited) {
      const c = ctx(snapshot);
      const where = `${JSON.stringify(snapshot.value)} ${JSON.stringify(c)}`;
      if (snapshot.matches('held') || snapshot.matches('confirmingAdd')) {
        expect(c.idmovimentacao, where).not.toBeNull();
        expect(c.countExp, where).toBeGreaterThan(0);
      }
      for (const ended of ['expired', 'empty', 'failed', 'idle', 'cancelled']) {
        if (!snapshot.matches(ended)) continue;
        expect(c.idmovimentacao, where).toBeNull();
        expect(c.countExp, where).toBe(0);
        expect(c.cart, where).toBeNull();
      }
      if (snapshot.hasTag('busy') && snapshot.matches('held')) {
        expect(snapshot.can({ type: 'cart.cancel' }), where).toBe(false);
        expect(snapshot.can({ type: 'coupon.apply', cupom: 'X' }), where).toBe(false);
        expect(snapshot.can({ type: 'cart.removeItems', iditens: [1] }), where).toBe(false);
      }
      if (snapshot.hasTag('confirmCancel')) {
        expect(snapshot.can({ type: 'cart.removeItems', iditens: [1] }), where).toBe(false);
        expect(snapshot.can({ type: 'coupon.apply', cupom: 'X' }), where).toBe(false);
        expect(snapshot.can({ type: 'coupon.remove' }), where).toBe(false);
      }
      if (snapshot.matches({ held: { payment: 'open' } })) expect(c.checkoutOpen, where).toBe(true);
      // A slip or Pix code issued: no countdown, no expiry warning, the cart stays as it is.
      if (snapshot.hasTag('awaitingPayment')) {
        expect(snapshot.hasTag('expiryWarning'), where).toBe(false);
        expect(snapshot.can({ type: 'clock.tick' }), where).toBe(false);
        expect(snapshot.can({ type: 'cart.cancel' }), where).toBe(false);
        expect(snapshot.can({ type: 'cart.removeItems', iditens: [1] }), where).toBe(false);
        expect(snapshot.can({ type: 'coupon.apply', cupom: 'X' }), where).toBe(false);
      }
    }
  });

  it('the real actor follows every walk', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      const clock = new SimulatedClock();
      await runPath(path, createActor(fakeMachine(fakes), { input: INPUT, clock }), fakes, {
        clock,
        delays: { expiryGrace: EXPIRY_GRACE_MS },
        contextKey,
      });
    }
  });
});
