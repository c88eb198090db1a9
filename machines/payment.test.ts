import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor, sendParent } from 'xstate';
import type {
  CartaoToken,
  ConcluirPagamentoResult,
  GatewayFormaPagamento,
  GetGatewayPagamentoResult,
  IniciarPagamentoResult,
  SandboxCardInput,
} from '#schemas/contract.ts';
import { paymentMachine } from './payment.machine';
import {
  describePath,
  FakeActors,
  flush,
  historyPaths,
  modelPaths,
  runPath,
  unreachedStates,
  untakenEdges,
  visitedSnapshots,
} from './testing';
import {
  type ConcludePaymentInput,
  type FetchGatewayInput,
  type LoadGatewayScriptInput,
  type PaymentContext,
  type PaymentEvent,
  type PaymentInput,
  type StartPaymentInput,
  type TokenizeCardInput,
  UNKNOWN_ERROR_CODE,
  type WatchChargeInput,
} from './types';

const INPUT: PaymentInput = { idmovimentacao: 42, attemptNonce: 'nonce' };

const CARD_METHOD: GatewayFormaPagamento = {
  nome: 'Sandbox',
  id_criptografado: 'pk_test_123',
  idformapag: 3,
  parcelas: [
    { parcela: 1, valor: 120 },
    { parcela: 2, valor: 60 },
    { parcela: 3, valor: 40 },
  ],
  bandeiras_aceitas: ['visa', 'mastercard'],
  ambiente: 'sandbox',
  files_include: ['/gateway/sandbox.js'],
  forma: 'cartao',
  parcelaSelect: 1,
};
const SLIP_METHOD: GatewayFormaPagamento = {
  ...CARD_METHOD,
  nome: 'Boleto',
  idformapag: 2,
  parcelas: [{ parcela: 1, valor: 120 }],
  forma: 'boleto',
  vencimento_dias: 3,
};
const PIX_METHOD: GatewayFormaPagamento = {
  ...SLIP_METHOD,
  nome: 'Pix',
  idformapag: 9,
  forma: 'pix',
  expira_minutos: 30,
};
const GATEWAY: GetGatewayPagamentoResult = {
  ...CARD_METHOD,
  formas: [CARD_METHOD, SLIP_METHOD, PIX_METHOD],
};
/** A brand without the card: bank slip and Pix only. */
const NO_CARD: GetGatewayPagamentoResult = { ...SLIP_METHOD, formas: [SLIP_METHOD, PIX_METHOD] };

const CARD: SandboxCardInput = {
  numero: '4000000000000002',
  titular: 'ANA SOUZA',
  validade: '12/30',
  cvv: '123',
};
const OTHER_CARD: SandboxCardInput = { ...CARD, numero: '4111111111111111' };
const TOKEN: CartaoToken = { token: 'tok_1', bandeira: 'visa', ultimos_digitos: '0002' };
const TOKEN_2: CartaoToken = { token: 'tok_2', bandeira: 'visa', ultimos_digitos: '1111' };

const result = (
  status: IniciarPagamentoResult['status'],
  mensagem = '',
): IniciarPagamentoResult => ({
  idpagamento: 7,
  status,
  mensagem,
});
const APPROVED = result('approved');
const PIX_ISSUED: IniciarPagamentoResult = {
  ...result('pending', 'Aguardando o Pix'),
  forma: 'pix',
  pix: {
    copia_e_cola: '00020126…6304ABCD',
    qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
    expira_em: '2026-03-01T10:30:00Z',
    valor: 120,
  },
};
const SLIP_ISSUED: IniciarPagamentoResult = {
  ...result('pending', 'Boleto emitido'),
  forma: 'boleto',
  boleto: {
    linha_digitavel: '0'.repeat(47),
    linha_formatada: '00000.00000 00000.000000 00000.000000 0 00000000000000',
    codigo_barras: '0'.repeat(44),
    vencimento: '2026-03-04',
    expira_em: '2026-03-05T02:59:59Z',
    valor: 120,
    boleto_url: '/payments/boleto/abc',
  },
};
const PENDING = result('pending', 'Pagamento em análise');
const DECLINED = result('declined', 'Cartão recusado');
const CONCLUSION: ConcluirPagamentoResult = {
  idmovimentacao: 42,
  status: 'PA',
  ingressos: [{ iditem: 1, codigo: 'T-0001' }],
};

function fakeMachine(fakes: FakeActors) {
  return paymentMachine.provide({
    actors: {
      fetchGateway: fakes.promise<GetGatewayPagamentoResult, FetchGatewayInput>('fetchGateway'),
      loadGatewayScript: fakes.promise<void, LoadGatewayScriptInput>('loadGatewayScript'),
      tokenizeCard: fakes.promise<CartaoToken, TokenizeCardInput>('tokenizeCard'),
      startPayment: fakes.promise<IniciarPagamentoResult, StartPaymentInput>('startPayment'),
      concludePayment: fakes.promise<ConcluirPagamentoResult, ConcludePaymentInput>(
        'concludePayment',
      ),
      watchCharge: fakes.promise<ConcluirPagamentoResult, WatchChargeInput>('watchCharge'),
    },
    // Standalone here: the request to the parent is recorded instead of sent.
    actions: {
      askToCancel: fakes.action('askToCancel'),
      askToReloadCart: fakes.action('askToReloadCart'),
      tellChargeIssued: fakes.action('tellChargeIssued'),
      tellChargeClosed: fakes.action('tellChargeClosed'),
    },
  });
}

function start() {
  const fakes = new FakeActors();
  const actor = createActor(fakeMachine(fakes), { input: INPUT }).start();
  const snap = () => actor.getSnapshot();
  const keys = () =>
    (fakes.inputsOf('startPayment') as StartPaymentInput[]).map((i) => i.opcoes.idempotencyKey);
  return { actor, fakes, snap, keys };
}

async function startReady(gateway = GATEWAY) {
  const t = start();
  t.fakes.resolve('fetchGateway', gateway);
  await flush();
  t.fakes.resolve('loadGatewayScript', undefined);
  await flush();
  expect(t.snap().value).toBe('ready');
  return t;
}

/** From `ready`/`failed`: submit a card, tokenize it, and stop in `paying`. */
async function submitAndTokenize(t: Awaited<ReturnType<typeof startReady>>, token = TOKEN) {
  t.actor.send({ type: 'payment.submit', card: CARD });
  t.fakes.resolve('tokenizeCard', token);
  await flush();
  expect(t.snap().value).toBe('paying');
}

describe('paymentMachine guards', () => {
  type Guard = (args: { context: PaymentContext }, params?: unknown) => boolean;
  const guard = (name: string) =>
    (paymentMachine.implementations.guards as Record<string, Guard>)[name]!;
  const context = (patch: Partial<PaymentContext> = {}): { context: PaymentContext } => ({
    context: {
      ...INPUT,
      attempt: 0,
      gateway: GATEWAY,
      forma: 'cartao',
      parcelas: 1,
      cardToken: null,
      result: null,
      conclusion: null,
      error: null,
      consent: {},
      unanswered: false,
      ...patch,
    },
  });

  it.each([
    ['isApproved', APPROVED, true],
    ['isApproved', PENDING, false],
    ['isApproved', DECLINED, false],
    ['isPending', PENDING, true],
    ['isPending', APPROVED, false],
    ['isPending', DECLINED, false],
    ['isDeclined', DECLINED, true],
    ['isDeclined', APPROVED, false],
    ['isDeclined', PENDING, false],
  ] as const)('%s(%o) is %s', (name, res, expected) => {
    expect(guard(name)(context(), { result: res })).toBe(expected);
  });

  it('hasValidInstallments: only an integer the gateway offers', () => {
    const hasValidInstallments = guard('hasValidInstallments');
    expect(hasValidInstallments(context(), { parcelas: 3 })).toBe(true);
    expect(hasValidInstallments(context(), { parcelas: 1 })).toBe(true);
    expect(hasValidInstallments(context(), { parcelas: 4 })).toBe(false);
    expect(hasValidInstallments(context(), { parcelas: 0 })).toBe(false);
    expect(hasValidInstallments(context(), { parcelas: 1.5 })).toBe(false);
    expect(hasValidInstallments(context({ gateway: null }), { parcelas: 1 })).toBe(false);
  });

  it('hasGateway', () => {
    expect(guard('hasGateway')(context())).toBe(true);
    expect(guard('hasGateway')(context({ gateway: null }))).toBe(false);
  });

  it('hasUnansweredAttempt: an attempt startPayment threw on (marked unanswered)', () => {
    const hasUnansweredAttempt = guard('hasUnansweredAttempt');
    expect(hasUnansweredAttempt(context({ attempt: 1, cardToken: TOKEN, unanswered: true }))).toBe(
      true,
    );
    expect(hasUnansweredAttempt(context({ attempt: 1, cardToken: TOKEN }))).toBe(false);
  });

  it('a card attempt left unanswered is not repeated as another method', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.reject('startPayment', new Error('network'));
    await flush();
    t.actor.send({ type: 'payment.methodChanged', forma: 'pix' });
    t.actor.send({ type: 'payment.retry' });
    expect(t.snap().value).toBe('failed');
    t.actor.send({ type: 'payment.issue' });
    expect(t.keys()).toEqual(['nonce-1', 'nonce-2']);
  });
});

describe('paymentMachine transitions', () => {
  it('starts loading the gateway of the movimentacao', () => {
    const { snap, fakes } = start();
    expect(snap().value).toBe('loadingGateway');
    expect(snap().hasTag('loading')).toBe(true);
    expect(snap().context).toEqual({
      idmovimentacao: 42,
      attemptNonce: 'nonce',
      attempt: 0,
      gateway: null,
      forma: 'cartao',
      parcelas: 1,
      cardToken: null,
      result: null,
      conclusion: null,
      error: null,
      unanswered: false,
      consent: {},
    });
    expect(fakes.inputsOf('fetchGateway')).toEqual([{ idmovimentacao: 42 }]);
  });

  it('loads the gateway script (files_include) and shows the form', async () => {
    const { snap, fakes } = await startReady();
    expect(fakes.inputsOf('loadGatewayScript')).toEqual([{ files: ['/gateway/sandbox.js'] }]);
    expect(snap().hasTag('form')).toBe(true);
    expect(snap().context.gateway).toBe(GATEWAY);
    expect(snap().context.parcelas).toBe(1);
  });

  it('a gateway without 1x starts at its smallest offer', async () => {
    const { snap } = await startReady({ ...GATEWAY, parcelas: [{ parcela: 2, valor: 60 }] });
    expect(snap().context.parcelas).toBe(2);
  });

  it('fetchGateway failing → error; payment.retry refetches the gateway', async () => {
    const { actor, snap, fakes } = start();
    fakes.reject('fetchGateway', { code: 0, message: 'Erro no gateway' });
    await flush();
    expect(snap().value).toBe('error');
    expect(snap().hasTag('error')).toBe(true);
    expect(snap().context.error).toEqual({ code: 0, message: 'Erro no gateway' });
    actor.send({ type: 'payment.retry' });
    expect(snap().value).toBe('loadingGateway');
    expect(snap().context.error).toBeNull();
    expect(fakes.inputsOf('fetchGateway')).toHaveLength(2);
  });

  it('loadGatewayScript failing → error; payment.retry reloads only the script', async () => {
    const { actor, snap, fakes } = start();
    fakes.resolve('fetchGateway', GATEWAY);
    await flush();
    fakes.reject('loadGatewayScript', new Error('script blocked'));
    await flush();
    expect(snap().value).toBe('error');
    expect(snap().context.error).toEqual({ code: UNKNOWN_ERROR_CODE, message: '' });
    actor.send({ type: 'payment.retry' });
    expect(snap().value).toBe('loadingScript');
    expect(fakes.inputsOf('fetchGateway')).toHaveLength(1);
    expect(fakes.inputsOf('loadGatewayScript')).toHaveLength(2);
  });

  it('payment.installmentsChanged accepts only offered instalments', async () => {
    const { actor, snap } = await startReady();
    actor.send({ type: 'payment.installmentsChanged', parcelas: 3 });
    expect(snap().context.parcelas).toBe(3);
    actor.send({ type: 'payment.installmentsChanged', parcelas: 12 });
    expect(snap().context.parcelas).toBe(3);
    actor.send({ type: 'payment.installmentsChanged', parcelas: 2.5 });
    expect(snap().context.parcelas).toBe(3);
  });

  it('each attempt carries its own consent: the accepted terms and that attempt’s captcha', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.submit', card: CARD, termo: 7, captcha: 'solution-1' });
    t.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    t.fakes.reject('startPayment', { code: 0, message: 'Recaptcha inválido!' });
    await flush();
    expect(t.snap().value).toBe('failed');
    t.actor.send({ type: 'payment.submit', card: CARD, termo: 7 });
    t.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    expect((t.fakes.inputsOf('startPayment') as StartPaymentInput[]).map((i) => i.opcoes)).toEqual([
      { parcelas: 1, idempotencyKey: 'nonce-1', termo: 7, captcha: 'solution-1' },
      { parcelas: 1, idempotencyKey: 'nonce-2', termo: 7 },
    ]);
  });

  it('approved: tokenize → pay with token and key → conclude → succeeded', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.installmentsChanged', parcelas: 3 });
    t.actor.send({ type: 'payment.submit', card: CARD });
    expect(t.snap().value).toBe('tokenizing');
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.snap().context.attempt).toBe(1);
    expect(t.fakes.inputsOf('tokenizeCard')).toEqual([{ publicKey: 'pk_test_123', card: CARD }]);
    t.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    expect(t.snap().value).toBe('paying');
    expect(t.fakes.inputsOf('startPayment')).toEqual([
      {
        idmovimentacao: 42,
        idformapag: 3,
        cartao: TOKEN,
        opcoes: { parcelas: 3, idempotencyKey: 'nonce-1' },
      },
    ]);
    // Card data is handed to the tokenizer only, never kept in context.
    expect(JSON.stringify(t.snap().context)).not.toContain(CARD.numero);
    t.fakes.resolve('startPayment', APPROVED);
    await flush();
    expect(t.snap().value).toBe('concluding');
    expect(t.fakes.inputsOf('concludePayment')).toEqual([{ idmovimentacao: 42 }]);
    t.fakes.resolve('concludePayment', CONCLUSION);
    await flush();
    expect(t.snap().value).toBe('succeeded');
    expect(t.snap().status).toBe('done');
    expect(t.snap().hasTag('success')).toBe(true);
    expect(t.snap().context).toMatchObject({
      result: APPROVED,
      conclusion: CONCLUSION,
      error: null,
    });
  });

  it('pending: conclude → pending (final)', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.resolve('startPayment', PENDING);
    await flush();
    expect(t.snap().value).toBe('concludingPending');
    expect(t.snap().hasTag('busy')).toBe(true);
    t.fakes.resolve('concludePayment', CONCLUSION);
    await flush();
    expect(t.snap().value).toBe('pending');
    expect(t.snap().status).toBe('done');
    expect(t.snap().hasTag('pending')).toBe(true);
    expect(t.snap().context.conclusion).toBe(CONCLUSION);
  });

  it('pending: concluding failing still ends in pending, with the error kept', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.resolve('startPayment', PENDING);
    await flush();
    t.fakes.reject('concludePayment', { code: 0, message: 'Tente mais tarde' });
    await flush();
    expect(t.snap().value).toBe('pending');
    expect(t.snap().status).toBe('done');
    expect(t.snap().context.error).toEqual({ code: 0, message: 'Tente mais tarde' });
  });

  it('declined then approved: a new submit is a new attempt with a new key', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.resolve('startPayment', DECLINED);
    await flush();
    expect(t.snap().value).toBe('failed');
    expect([...t.snap().tags].sort()).toEqual(['failed', 'form']);
    expect(t.snap().context.error).toEqual({ code: 0, message: 'Cartão recusado' });
    expect(t.snap().context.result).toBe(DECLINED);

    // A decline is an answer: the same attempt cannot be repeated.
    t.actor.send({ type: 'payment.retry' });
    expect(t.snap().value).toBe('failed');

    t.actor.send({ type: 'payment.submit', card: OTHER_CARD });
    expect(t.snap().value).toBe('tokenizing');
    expect(t.snap().context).toMatchObject({
      attempt: 2,
      cardToken: null,
      result: null,
      error: null,
    });
    expect(t.fakes.inputsOf('tokenizeCard')).toHaveLength(2);
    t.fakes.resolve('tokenizeCard', TOKEN_2);
    await flush();
    expect(t.keys()).toEqual(['nonce-1', 'nonce-2']);
    expect((t.fakes.inputsOf('startPayment')[1] as StartPaymentInput).cartao).toBe(TOKEN_2);
    t.fakes.resolve('startPayment', APPROVED);
    await flush();
    t.fakes.resolve('concludePayment', CONCLUSION);
    await flush();
    expect(t.snap().value).toBe('succeeded');
  });

  it('startPayment throwing → failed; payment.retry repeats the attempt with the SAME key', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.reject('startPayment', new TypeError('Failed to fetch'));
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toEqual({ code: UNKNOWN_ERROR_CODE, message: '' });

    t.actor.send({ type: 'payment.retry' });
    expect(t.snap().value).toBe('paying');
    expect(t.snap().context.attempt).toBe(1);
    expect(t.snap().context.error).toBeNull();
    expect(t.fakes.inputsOf('tokenizeCard')).toHaveLength(1); // not tokenized again
    expect(t.keys()).toEqual(['nonce-1', 'nonce-1']);
    const [first, second] = t.fakes.inputsOf('startPayment') as StartPaymentInput[];
    expect(second).toEqual(first);

    // Still unanswered: retry again, same key again; then a new submit moves to the next key.
    t.fakes.reject('startPayment', { code: 0, message: 'Erro no gateway' });
    await flush();
    t.actor.send({ type: 'payment.retry' });
    expect(t.keys()).toEqual(['nonce-1', 'nonce-1', 'nonce-1']);
    t.fakes.reject('startPayment', new Error('offline'));
    await flush();
    await submitAndTokenize(t, TOKEN_2);
    expect(t.keys()).toEqual(['nonce-1', 'nonce-1', 'nonce-1', 'nonce-2']);
  });

  it('a payment the server refuses asks the parent to reload the cart (its total may have changed)', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    expect(t.fakes.actions.map((a) => a.name)).toEqual([]);
    t.fakes.reject('startPayment', { code: 0, message: 'O valor do seu pedido mudou.' });
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.fakes.actions.map((a) => a.name)).toEqual(['askToReloadCart']);
  });

  it('a changed total asks for the instalments again, keeping the choice still offered', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.installmentsChanged', parcelas: 3 });
    t.actor.send({ type: 'payment.cartChanged' });
    expect(t.snap().value).toBe('refreshingOffer');
    expect(t.snap().hasTag('busy')).toBe(true);
    t.actor.send({ type: 'payment.submit', card: CARD });
    expect(t.fakes.inputsOf('tokenizeCard')).toEqual([]);
    t.fakes.resolve('fetchGateway', {
      ...GATEWAY,
      parcelas: [
        { parcela: 1, valor: 90 },
        { parcela: 2, valor: 45 },
        { parcela: 3, valor: 30 },
      ],
    });
    await flush();
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.parcelas).toBe(3);
    expect(t.snap().context.gateway?.parcelas).toHaveLength(3);
    // A total too small for 3 instalments falls back to 1x.
    t.actor.send({ type: 'payment.cartChanged' });
    t.fakes.resolve('fetchGateway', { ...GATEWAY, parcelas: [{ parcela: 1, valor: 20 }] });
    await flush();
    expect(t.snap().context.parcelas).toBe(1);
  });

  it('a refusal stays shown across the new offer', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.reject('startPayment', { code: 0, message: 'O valor do seu pedido mudou.' });
    await flush();
    t.actor.send({ type: 'payment.cartChanged' });
    t.fakes.resolve('fetchGateway', GATEWAY);
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error?.message).toBe('O valor do seu pedido mudou.');
  });

  it('tokenizeCard failing → failed with its error as is; retry does nothing', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.submit', card: CARD });
    t.fakes.reject('tokenizeCard', { code: 0, message: 'Número de cartão inválido' });
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toEqual({ code: 0, message: 'Número de cartão inválido' });
    t.actor.send({ type: 'payment.retry' });
    expect(t.snap().value).toBe('failed');
    expect(t.fakes.inputsOf('startPayment')).toHaveLength(0);
  });

  it('an answer outside the contract → failed with a generic error', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.resolve('startPayment', { idpagamento: 7, status: 'weird', mensagem: 'x' });
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toEqual({ code: UNKNOWN_ERROR_CODE, message: '' });
  });

  it('error.dismiss in failed clears the error and keeps the form', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.resolve('startPayment', DECLINED);
    await flush();
    t.actor.send({ type: 'error.dismiss' });
    expect(t.snap().value).toBe('failed');
    expect(t.snap().hasTag('form')).toBe(true);
    expect(t.snap().context.error).toBeNull();
  });

  it('concludePayment failing → concludeFailed; retry concludes again, never pays again', async () => {
    const t = await startReady();
    await submitAndTokenize(t);
    t.fakes.resolve('startPayment', APPROVED);
    await flush();
    t.fakes.reject('concludePayment', { code: 0, message: 'Falha ao concluir' });
    await flush();
    expect(t.snap().value).toBe('concludeFailed');
    expect(t.snap().hasTag('error')).toBe(true);
    t.actor.send({ type: 'payment.close' });
    t.actor.send({ type: 'payment.submit', card: CARD });
    expect(t.snap().value).toBe('concludeFailed');
    t.actor.send({ type: 'payment.retry' });
    expect(t.snap().value).toBe('concluding');
    t.fakes.resolve('concludePayment', CONCLUSION);
    await flush();
    expect(t.snap().value).toBe('succeeded');
    expect(t.fakes.inputsOf('startPayment')).toHaveLength(1);
    expect(t.fakes.inputsOf('concludePayment')).toHaveLength(2);
    expect(t.fakes.actions).toEqual([]);
  });

  it.each(['ready', 'failed', 'error', 'loadingGateway', 'loadingScript'] as const)(
    'payment.close from %s asks the parent to cancel and stays where it is',
    async (from) => {
      const t = from === 'ready' || from === 'failed' ? await startReady() : start();
      if (from === 'failed') {
        await submitAndTokenize(t);
        t.fakes.resolve('startPayment', DECLINED);
        await flush();
      }
      if (from === 'error') {
        t.fakes.reject('fetchGateway', new Error('down'));
        await flush();
      }
      if (from === 'loadingScript') {
        t.fakes.resolve('fetchGateway', GATEWAY);
        await flush();
      }
      expect(t.snap().value).toBe(from);
      t.actor.send({ type: 'payment.close' });
      expect(t.snap().value).toBe(from);
      expect(t.fakes.actions.map((a) => a.name)).toEqual(['askToCancel']);
    },
  );

  it('payment.close reaches a real parent as cart.cancel', async () => {
    const { setup, createActor: create } = await import('xstate');
    const received: string[] = [];
    const fakes = new FakeActors();
    const parent = setup({
      actors: {
        payment: paymentMachine.provide({
          actors: {
            fetchGateway: fakes.promise<GetGatewayPagamentoResult, FetchGatewayInput>('fg'),
          },
        }),
      },
    }).createMachine({
      invoke: { id: 'payment', src: 'payment', input: INPUT },
      on: { '*': { actions: ({ event }) => received.push(event.type) } },
    });
    const actor = create(parent).start();
    actor.getSnapshot().children.payment?.send({ type: 'payment.close' });
    expect(received).toEqual(['cart.cancel']);
    actor.stop();
  });

  it('payment.close is ignored while busy', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.submit', card: CARD });
    t.actor.send({ type: 'payment.close' });
    expect(t.snap().value).toBe('tokenizing');
    t.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    t.actor.send({ type: 'payment.close' });
    expect(t.snap().value).toBe('paying');
    t.fakes.resolve('startPayment', PENDING);
    await flush();
    t.actor.send({ type: 'payment.close' });
    expect(t.snap().value).toBe('concludingPending');
    expect(t.fakes.actions).toEqual([]);
  });

  it('payment.submit is ignored while busy (no second attempt in flight)', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.submit', card: CARD });
    t.actor.send({ type: 'payment.submit', card: OTHER_CARD });
    expect(t.snap().context.attempt).toBe(1);
    expect(t.fakes.inputsOf('tokenizeCard')).toHaveLength(1);
  });

  it('default actors are placeholders that fail loudly ("not provided")', async () => {
    const actor = createActor(paymentMachine, { input: INPUT }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error?.message).toMatch(/"fetchGateway" not provided/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based: paths generated from the machine, replayed against a real actor.

describe('paymentMachine: bank slip and Pix', () => {
  it('offers the methods of the gateway; the card first when the brand has it', async () => {
    const t = await startReady();
    expect(t.snap().context.forma).toBe('cartao');
    t.actor.send({ type: 'payment.methodChanged', forma: 'pix' });
    expect(t.snap().context.forma).toBe('pix');
    // A card submit is not the chosen method: nothing is tokenized.
    t.actor.send({ type: 'payment.submit', card: CARD });
    expect(t.snap().value).toBe('ready');

    const noCard = await startReady(NO_CARD);
    expect(noCard.snap().context.forma).toBe('boleto');
    noCard.actor.send({ type: 'payment.methodChanged', forma: 'cartao' });
    expect(noCard.snap().context.forma).toBe('boleto');
  });

  it('Pix: issued without card data, the code waits, the bank confirms, the order is paid', async () => {
    const t = await startReady();
    t.actor.send({ type: 'payment.methodChanged', forma: 'pix' });
    t.actor.send({ type: 'payment.issue' });
    expect(t.snap().value).toBe('paying');
    expect(t.fakes.inputsOf('tokenizeCard')).toEqual([]);
    expect(t.fakes.inputsOf('startPayment')).toEqual([
      {
        idmovimentacao: 42,
        idformapag: 9,
        cartao: null,
        opcoes: { parcelas: 1, idempotencyKey: 'nonce-1' },
      },
    ]);
    t.fakes.resolve('startPayment', PIX_ISSUED);
    await flush();
    expect(t.snap().value).toBe('awaitingPix');
    expect(t.snap().hasTag('pix')).toBe(true);
    expect(t.fakes.inputsOf('watchCharge')).toEqual([{ idmovimentacao: 42 }]);
    t.fakes.resolve('watchCharge', CONCLUSION);
    await flush();
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual({ kind: 'paid' });
  });

  it('Pix: the person may leave the code to pay later (pending); a charge that ran out fails', async () => {
    const later = await startReady();
    later.actor.send({ type: 'payment.methodChanged', forma: 'pix' });
    later.actor.send({ type: 'payment.issue' });
    later.fakes.resolve('startPayment', PIX_ISSUED);
    await flush();
    later.actor.send({ type: 'payment.done' });
    expect(later.snap().output).toEqual({ kind: 'pending', message: 'Aguardando o Pix' });

    const closed = await startReady();
    closed.actor.send({ type: 'payment.methodChanged', forma: 'pix' });
    closed.actor.send({ type: 'payment.issue' });
    closed.fakes.resolve('startPayment', PIX_ISSUED);
    await flush();
    closed.fakes.reject('watchCharge', { code: 0, message: 'O prazo do Pix terminou' });
    await flush();
    expect(closed.snap().value).toBe('failed');
    expect(closed.snap().context.error?.message).toBe('O prazo do Pix terminou');
    expect(closed.fakes.actions.map((a) => a.name)).toEqual([
      'tellChargeIssued',
      'tellChargeClosed',
      'askToReloadCart',
    ]);
  });

  it('bank slip: issued, shown until the person is done; the purchase is pending', async () => {
    const t = await startReady(NO_CARD);
    t.actor.send({ type: 'payment.issue' });
    expect((t.fakes.inputsOf('startPayment')[0] as StartPaymentInput).idformapag).toBe(2);
    t.fakes.resolve('startPayment', SLIP_ISSUED);
    await flush();
    expect(t.snap().value).toBe('slipIssued');
    expect(t.snap().context.result?.boleto?.boleto_url).toBe('/payments/boleto/abc');
    // The order awaits the bank now: the parent stops counting the hold down.
    expect(t.fakes.actions.map((a) => a.name)).toEqual(['tellChargeIssued']);
    // Not a way to cancel: the slip stands (it is cancelled from my orders).
    expect(t.snap().can({ type: 'payment.close' })).toBe(false);
    t.actor.send({ type: 'payment.done' });
    expect(t.snap().output).toEqual({ kind: 'pending', message: 'Boleto emitido' });
  });

  it('a real parent hears of the issued code (payment.chargeIssued) and of a Pix that closed', async () => {
    const { setup, createActor: create } = await import('xstate');
    const received: string[] = [];
    const fakes = new FakeActors();
    const parent = setup({
      actors: {
        payment: fakeMachine(fakes).provide({
          actions: {
            tellChargeIssued: sendParent({ type: 'payment.chargeIssued' }),
            tellChargeClosed: sendParent({ type: 'payment.chargeClosed' }),
            askToReloadCart: sendParent({ type: 'items.reload' }),
          },
        }),
      },
    }).createMachine({
      invoke: { id: 'payment', src: 'payment', input: INPUT },
      on: { '*': { actions: ({ event }) => received.push(event.type) } },
    });
    const actor = create(parent).start();
    const child = actor.getSnapshot().children.payment!;
    fakes.resolve('fetchGateway', GATEWAY);
    await flush();
    fakes.resolve('loadGatewayScript', undefined);
    await flush();
    child.send({ type: 'payment.methodChanged', forma: 'pix' });
    child.send({ type: 'payment.issue' });
    fakes.resolve('startPayment', PIX_ISSUED);
    await flush();
    expect(received).toEqual(['payment.chargeIssued']);
    fakes.reject('watchCharge', { code: 0, message: 'O prazo do Pix terminou' });
    await flush();
    expect(received).toEqual(['payment.chargeIssued', 'payment.chargeClosed', 'items.reload']);
    actor.stop();
  });

  it('a slip request that got no answer is repeated with the same key', async () => {
    const t = await startReady(NO_CARD);
    t.actor.send({ type: 'payment.issue' });
    t.fakes.reject('startPayment', new Error('network'));
    await flush();
    expect(t.snap().value).toBe('failed');
    t.actor.send({ type: 'payment.retry' });
    expect(t.keys()).toEqual(['nonce-1', 'nonce-1']);
  });
});

const EXPECTED_TAGS: Record<string, string[]> = {
  loadingGateway: ['loading'],
  loadingScript: ['loading'],
  ready: ['form'],
  refreshingOffer: ['busy'],
  tokenizing: ['busy'],
  paying: ['busy'],
  concluding: ['busy'],
  concludeFailed: ['error'],
  concludingPending: ['busy'],
  succeeded: ['success'],
  pending: ['pending'],
  failed: ['failed', 'form'],
  error: ['error'],
  awaitingPix: ['pix'],
  slipIssued: ['boleto'],
};
const FINAL = ['succeeded', 'pending'];

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.fetchGateway', output: GATEWAY },
  { type: 'xstate.error.actor.fetchGateway', error: { code: 0, message: 'Erro no gateway' } },
  { type: 'xstate.done.actor.loadGatewayScript', output: undefined },
  { type: 'xstate.error.actor.loadGatewayScript', error: new Error('script') },
  { type: 'payment.installmentsChanged', parcelas: 3 },
  { type: 'payment.installmentsChanged', parcelas: 12 },
  { type: 'payment.submit', card: CARD },
  { type: 'xstate.done.actor.tokenizeCard', output: TOKEN },
  { type: 'xstate.error.actor.tokenizeCard', error: { code: 0, message: 'Cartão inválido' } },
  { type: 'xstate.done.actor.startPayment', output: APPROVED },
  { type: 'xstate.done.actor.startPayment', output: PENDING },
  { type: 'xstate.done.actor.startPayment', output: DECLINED },
  { type: 'xstate.done.actor.startPayment', output: PIX_ISSUED },
  { type: 'xstate.done.actor.startPayment', output: SLIP_ISSUED },
  { type: 'payment.methodChanged', forma: 'pix' },
  { type: 'payment.methodChanged', forma: 'boleto' },
  { type: 'payment.methodChanged', forma: 'cartao' },
  { type: 'payment.issue' },
  { type: 'payment.done' },
  { type: 'xstate.done.actor.watchCharge', output: CONCLUSION },
  {
    type: 'xstate.error.actor.watchCharge',
    error: { code: 0, message: 'O prazo do Pix terminou' },
  },
  { type: 'xstate.error.actor.startPayment', error: new Error('network') },
  { type: 'xstate.done.actor.concludePayment', output: CONCLUSION },
  { type: 'xstate.error.actor.concludePayment', error: { code: 0, message: 'Falha' } },
  { type: 'payment.retry' },
  { type: 'payment.close' },
  { type: 'payment.cartChanged' },
  { type: 'error.dismiss' },
] satisfies (PaymentEvent | AnyEventObject)[];

/**
 * Two attempts are enough to see every transition; more would make the graph infinite. (The
 * second clause stops exploring if a bug ever counted attempts past that.)
 */
const atMostTwoAttempts = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
  const { attempt, forma } = snapshot.context as PaymentContext;
  return (
    attempt <= 2 &&
    (event.type !== 'payment.submit' || attempt < 2) &&
    (event.type !== 'payment.issue' || attempt < 2) &&
    answersItsMethod(forma, event)
  );
};

/** The gateway answers a payment as its method does: a card is approved, pending or declined;
 * a Pix request issues a Pix charge, a slip request a slip. */
function answersItsMethod(forma: PaymentContext['forma'], event: AnyEventObject): boolean {
  if (event.type !== 'xstate.done.actor.startPayment') return true;
  const output = (event as unknown as { output: IniciarPagamentoResult }).output;
  if (forma === 'pix') return output === PIX_ISSUED;
  if (forma === 'boleto') return output === SLIP_ISSUED;
  return output !== PIX_ISSUED && output !== SLIP_ISSUED;
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PaymentContext;

/** The machine walked by the model: standalone, so the request to a parent goes nowhere. */
const modelMachine = paymentMachine.provide({
  actions: {
    askToCancel: () => {},
    askToReloadCart: () => {},
    tellChargeIssued: () => {},
    tellChargeClosed: () => {},
  },
});

describe('paymentMachine: paymentSucceeded (the purchase is reported)', () => {
  /** The machine with the injected action recorded, ready to pay. */
  async function readyReporting(gateway = GATEWAY) {
    const fakes = new FakeActors();
    const machine = fakeMachine(fakes).provide({
      actions: { paymentSucceeded: fakes.action('paymentSucceeded') },
    });
    const actor = createActor(machine, { input: INPUT }).start();
    fakes.resolve('fetchGateway', gateway);
    await flush();
    fakes.resolve('loadGatewayScript', undefined);
    await flush();
    const reported = () => fakes.actions.filter((a) => a.name === 'paymentSucceeded');
    return { actor, fakes, reported };
  }

  it('a card approved and concluded: once, with the order', async () => {
    const t = await readyReporting();
    t.actor.send({ type: 'payment.submit', card: CARD });
    t.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    t.fakes.resolve('startPayment', APPROVED);
    await flush();
    expect(t.reported()).toEqual([]);
    t.fakes.resolve('concludePayment', CONCLUSION);
    await flush();
    expect(t.reported()).toEqual([{ name: 'paymentSucceeded', params: { idmovimentacao: 42 } }]);
  });

  it('a Pix charge paid while its code is shown: once', async () => {
    const t = await readyReporting();
    t.actor.send({ type: 'payment.methodChanged', forma: 'pix' });
    t.actor.send({ type: 'payment.issue' });
    t.fakes.resolve('startPayment', PIX_ISSUED);
    await flush();
    expect(t.reported()).toEqual([]);
    t.fakes.resolve('watchCharge', CONCLUSION);
    await flush();
    expect(t.reported()).toHaveLength(1);
  });

  it('never for a payment declined, pending, or a slip left to pay', async () => {
    const declined = await readyReporting();
    declined.actor.send({ type: 'payment.submit', card: CARD });
    declined.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    declined.fakes.resolve('startPayment', DECLINED);
    await flush();
    expect(declined.actor.getSnapshot().value).toBe('failed');

    const pending = await readyReporting();
    pending.actor.send({ type: 'payment.submit', card: CARD });
    pending.fakes.resolve('tokenizeCard', TOKEN);
    await flush();
    pending.fakes.resolve('startPayment', PENDING);
    await flush();
    pending.fakes.resolve('concludePayment', { ...CONCLUSION, status: 'AP' });
    await flush();
    expect(pending.actor.getSnapshot().output).toMatchObject({ kind: 'pending' });

    const slip = await readyReporting(NO_CARD);
    slip.actor.send({ type: 'payment.issue' });
    slip.fakes.resolve('startPayment', SLIP_ISSUED);
    await flush();
    slip.actor.send({ type: 'payment.done' });
    expect(slip.actor.getSnapshot().output).toMatchObject({ kind: 'pending' });

    for (const t of [declined, pending, slip]) expect(t.reported()).toEqual([]);
  });
});

describe('paymentMachine model paths (xstate/graph)', () => {
  const options = { events: MODEL_EVENTS, input: INPUT, filter: atMostTwoAttempts };
  const paths = modelPaths(modelMachine, options);
  const visited = visitedSnapshots(paths);

  it('generates walks through many snapshots', () => {
    expect(visited.length).toBeGreaterThan(50);
  });

  it('reaches every state', () => {
    expect(unreachedStates(paymentMachine, paths)).toEqual([]);
  });

  it('takes every transition of the machine', () => {
    expect(untakenEdges(paymentMachine, paths)).toEqual([]);
  });

  it('every snapshot has the tags of its state; final states end the actor', () => {
    for (const snapshot of visited) {
      const value = String(snapshot.value);
      expect([...snapshot.tags].sort(), value).toEqual(EXPECTED_TAGS[value]);
      expect(snapshot.status, value).toBe(FINAL.includes(value) ? 'done' : 'active');
    }
  });

  it('state invariants hold in every reachable snapshot', () => {
    for (const snapshot of visited) {
      const c = ctx(snapshot);
      const where = `${String(snapshot.value)} ${JSON.stringify(c)}`;
      // The card travels only as its token; a bank slip or Pix without one.
      if (snapshot.matches('paying')) {
        if (c.forma === 'cartao') expect(c.cardToken, where).not.toBeNull();
        else expect(c.cardToken, where).toBeNull();
      }
      if (snapshot.matches('succeeded')) {
        // Approved at once (card), or a Pix charge the bank confirmed.
        if (c.forma === 'pix') expect(c.conclusion?.status, where).toBe('PA');
        else expect(c.result?.status, where).toBe('approved');
        expect(c.conclusion, where).not.toBeNull();
      }
      if (snapshot.matches('awaitingPix')) expect(c.result?.pix, where).toBeDefined();
      if (snapshot.matches('slipIssued')) expect(c.result?.boleto, where).toBeDefined();
      if (snapshot.matches('pending')) expect(c.result?.status, where).toBe('pending');
      if (snapshot.hasTag('form') || snapshot.matches('tokenizing') || snapshot.matches('paying')) {
        expect(c.gateway, where).not.toBeNull();
      }
      // A payment that went through never asks to cancel its hold (a Pix charge that ran out
      // did not go through: its order is released, and the failure says so).
      if (snapshot.can({ type: 'payment.close' })) {
        expect(c.result?.status, where).not.toBe('approved');
        // Pending and still cancellable: only a Pix charge that closed unpaid.
        if (c.result?.status === 'pending') expect(c.result.pix, where).toBeDefined();
        expect(snapshot.matches('awaitingPix') || snapshot.matches('slipIssued'), where).toBe(
          false,
        );
      }
    }
  });

  it('over every history: one idempotency key per attempt, reused only by payment.retry', {
    timeout: 60_000,
  }, () => {
    // A new offer can come at any point; in histories it is taken in the first attempt only,
    // which keeps their number bounded (every state it reaches is in the shortest paths).
    const histories = historyPaths(modelMachine, {
      ...options,
      filter: (snapshot, event) =>
        atMostTwoAttempts(snapshot, event) &&
        (event.type !== 'payment.cartChanged' || ctx(snapshot).attempt <= 1) &&
        // One change of method, from the card before any attempt: switching back and forth
        // would multiply the histories without reaching anything new.
        (event.type !== 'payment.methodChanged' ||
          (ctx(snapshot).forma === 'cartao' &&
            ctx(snapshot).attempt === 0 &&
            snapshot.matches('ready'))),
    });
    expect(histories.length).toBeGreaterThan(100);
    for (const history of histories) {
      const keys: { attempt: number; via: string }[] = [];
      history.steps.forEach((step, i) => {
        const previous = history.steps[i - 1]?.state;
        if (step.state.matches('paying') && !previous?.matches('paying')) {
          keys.push({ attempt: ctx(step.state).attempt, via: step.event.type });
        }
      });
      keys.forEach((entry, i) => {
        const before = keys[i - 1];
        if (entry.via === 'payment.retry') {
          // Same attempt → same key `${attemptNonce}-${attempt}`.
          expect(entry.attempt, describePath(history)).toBe(before?.attempt);
        } else {
          // A tokenized new submit: a key never used before in this history.
          expect(entry.attempt, describePath(history)).toBeGreaterThan(before?.attempt ?? 0);
        }
      });
      // Nothing is charged again once the gateway approved.
      const approvedAt = history.steps.findIndex((step) => step.state.matches('concluding'));
      if (approvedAt >= 0) {
        const later = history.steps.slice(approvedAt).map((step) => String(step.state.value));
        expect(later, describePath(history)).not.toContain('paying');
      }
    }
  });

  it('the real actor follows every walk and sends the key of each attempt', async () => {
    for (const path of paths) {
      const fakes = new FakeActors();
      await runPath(path, createActor(fakeMachine(fakes), { input: INPUT }), fakes);
      // The keys the real actor sent match the attempts the model went through.
      const expectedKeys = path.steps
        .filter(
          (step, i) => step.state.matches('paying') && !path.steps[i - 1]?.state.matches('paying'),
        )
        .map((step) => `nonce-${ctx(step.state).attempt}`);
      const sentKeys = (fakes.inputsOf('startPayment') as StartPaymentInput[]).map(
        (input) => input.opcoes.idempotencyKey,
      );
      expect(sentKeys, describePath(path)).toEqual(expectedKeys);
    }
  });
});
