import { randomUUID } from 'node:crypto';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CartaoToken,
  Envelope,
  SandboxGatewayApi,
  TicketsCartResult,
} from '#schemas/contract.ts';
import { DEMO_AGENCY } from '#server/accounts/seed.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import {
  errorOf,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  TEST_WEBHOOK_SECRET,
  type TestServer,
  unitsTaken,
} from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox/gateway';

const CARDS = SANDBOX_CARDS;

let charges = 0;
let s: TestServer;
let visita: number;
beforeAll(async () => {
  s = await startTestServer({
    // The sandbox, counting charges and slow enough for duplicates to overlap.
    gateway: (db): PaymentGateway => {
      const sandbox = createSandboxGateway(db, { webhookSecret: TEST_WEBHOOK_SECRET });
      return {
        ...sandbox,
        publicKey: sandbox.publicKey,
        async charge(req) {
          charges++;
          await new Promise((r) => setTimeout(r, 100));
          return sandbox.charge(req);
        },
      };
    },
  });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

const key = () => `key-${randomUUID()}`;

async function tokenize(numero: string, over: Record<string, string> = {}) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sandbox-gateway/v1/tokens',
    payload: {
      publicKey: 'pk_sandbox_test-a',
      numero,
      titular: 'Demo Visitante',
      validade: '12/39',
      cvv: '123',
      ...over,
    },
  });
  return res.json() as Envelope<CartaoToken>;
}

const card = (numero: string): Promise<CartaoToken> => sandboxCard(s, numero);

async function reserve(token: string, qtd = 2, idproduto: number = P.inteira) {
  return s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto, qtd }], visita, []], { token });
}

const movStatus = async (id: number) =>
  (await firstRow<{ status: string }>(s.db, sql`SELECT status FROM movimentacao WHERE id = ${id}`))
    ?.status;

describe('sandbox gateway', () => {
  it('tokenizes valid cards only and never returns the number', async () => {
    const ok = await tokenize(CARDS.approved);
    expect(ok).toEqual({
      result: {
        token: expect.stringMatching(/^tok_sandbox_/),
        bandeira: 'visa',
        ultimos_digitos: '1111',
      },
    });
    expect(JSON.stringify(ok)).not.toContain('4111111111111111');
    const bad = [
      [{ numero: '4111 1111 1111 1112' }, 'invalid_number'],
      [{ validade: '01/20' }, 'invalid_expiry'],
      [{ validade: '13/39' }, 'invalid_expiry'],
      [{ cvv: '12' }, 'invalid_cvv'],
      [{ titular: ' ' }, 'invalid_holder'],
      [{ publicKey: 'pk_live_x' }, 'invalid_key'],
    ] as const;
    for (const [over, reason] of bad) {
      const numero = 'numero' in over ? over.numero : CARDS.approved;
      expect(await tokenize(numero, over as Record<string, string>)).toEqual({
        error: { code: 0, message: reason },
      });
    }
  });

  it('serves a tokenizer script that implements SandboxGatewayApi in the browser', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/sandbox-gateway/tokenizer.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    const window: { SandboxGateway?: SandboxGatewayApi } = {};
    const fetch = async (url: URL, init: { method: string; body: string }) => {
      const r = await s.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { 'content-type': 'application/json' },
        payload: init.body,
      });
      return { json: async () => r.json() };
    };
    vm.runInNewContext(res.body, {
      window,
      document: { currentScript: { src: 'http://localhost:8080/sandbox-gateway/tokenizer.js' } },
      location: { origin: 'http://localhost:8080' },
      fetch,
      URL,
    });
    const api = window.SandboxGateway!;
    const tok = await api.tokenize('pk_sandbox_test-a', {
      numero: CARDS.declined,
      titular: 'Demo',
      validade: '12/39',
      cvv: '123',
    });
    expect(tok).toMatchObject({ bandeira: 'visa', ultimos_digitos: '0002' });
    await expect(
      api.tokenize('pk_sandbox_test-a', {
        numero: '1234',
        titular: 'Demo',
        validade: '12/39',
        cvv: '123',
      }),
    ).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(
      api.tokenize('pk_sandbox_test-a', {
        numero: CARDS.approved,
        titular: 'Demo',
        validade: '12/39',
        cvv: '1',
      }),
    ).rejects.toMatchObject({ code: 'invalid_cvv' });
  });
});

describe('payment', () => {
  it('goes reserve → cart → gateway → pay approved → conclude → tickets with codes', async () => {
    const { token } = await s.personToken('buyer@example.com');
    const r = await reserve(token);
    const gw = await s.ok('SuperIngresso', 'getGatewayPagamento', [r.idmovimentacao], { token });
    const cardEntry = {
      forma: 'cartao',
      nome: 'Sandbox',
      id_criptografado: 'pk_sandbox_test-a',
      idformapag: 1,
      // 110.00: up to 6x while each instalment is at least 20.00, interest-free (the brand has
      // no rate): the total is 110.00 and the first instalment carries the remainder.
      parcelas: [
        { parcela: 1, valor: 110, primeira: 110, total: 110, juros: 0 },
        { parcela: 2, valor: 55, primeira: 55, total: 110, juros: 0 },
        { parcela: 3, valor: 36.66, primeira: 36.68, total: 110, juros: 0 },
        { parcela: 4, valor: 27.5, primeira: 27.5, total: 110, juros: 0 },
        { parcela: 5, valor: 22, primeira: 22, total: 110, juros: 0 },
      ],
      parcelaSelect: 1,
      bandeiras_aceitas: ['visa', 'mastercard'],
      ambiente: 'sandbox',
      files_include: ['/sandbox-gateway/tokenizer.js'],
    };
    const once = {
      id_criptografado: 'pk_sandbox_test-a',
      parcelas: [{ parcela: 1, valor: 110, primeira: 110, total: 110, juros: 0 }],
      parcelaSelect: 1,
      bandeiras_aceitas: [],
      ambiente: 'sandbox',
      files_include: [],
    };
    // The card at the top level (for a card-only client), then one entry per method.
    expect(gw).toEqual({
      ...cardEntry,
      formas: [
        cardEntry,
        { ...once, forma: 'boleto', nome: 'Boleto bancário', idformapag: 2, vencimento_dias: 3 },
        { ...once, forma: 'pix', nome: 'Pix', idformapag: 3, expira_minutos: 30 },
      ],
    });
    const before = charges;
    const pay = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [
        r.idmovimentacao,
        1,
        'http://localhost/checkout',
        await card(CARDS.approved),
        { parcelas: 3, idempotencyKey: key() },
      ],
      { token, lang: 'en_US' },
    );
    expect(pay).toMatchObject({ status: 'approved', mensagem: 'Payment approved.' });
    expect(charges).toBe(before + 1);

    const done = await s.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token },
    );
    expect(done.status).toBe('PA');
    expect(done.ingressos).toHaveLength(2);
    for (const i of done.ingressos) expect(i.codigo).toMatch(/^[A-Z2-7]{12}$/);
    expect(new Set(done.ingressos.map((i) => i.codigo)).size).toBe(2);
    const again = await s.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token },
    );
    expect(again).toEqual(done);

    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toBeNull();
    expect(await unitsTaken(s.db, visita, P.inteira)).toBeGreaterThanOrEqual(2);

    const res = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true&lang=en_US',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers.authorization).toBe(`Bearer ${token}`);
    const list = (res.json() as { result: TicketsCartResult }).result;
    expect(list.total_pages).toBe(1);
    expect(list.page_summary).toEqual({ page: 1, results_per_page: 5, total: 1 });
    expect(list.tickets[0]).toMatchObject({
      idmovimentacao: r.idmovimentacao,
      status: 'PA',
      dthr_exp: null,
      count_exp: 0,
      qtd: 2,
      total: 110,
      valor_juros: 0,
      parcelas_gtw: 3,
    });
    expect(list.tickets[0]!.itens.map((i) => i.codigo).sort()).toEqual(
      done.ingressos.map((i) => i.codigo).sort(),
    );
    expect(list.tickets[0]!.itens[0]).toMatchObject({ status: 'PA', dscproduto: 'Full price' });
  });

  it('declined leaves the cart reserved; a new key with another card pays it', async () => {
    const { token } = await s.personToken('declined@example.com');
    const r = await reserve(token, 1);
    const declined = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', await card(CARDS.declined), { parcelas: 1, idempotencyKey: key() }],
      { token },
    );
    expect(declined).toMatchObject({
      status: 'declined',
      mensagem: t('pt-BR', 'error.paymentDeclined'),
    });
    const cart = await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token });
    expect(cart).toMatchObject({
      idmovimentacao: r.idmovimentacao,
      status: 'RE',
      dthr_exp: r.dthr_exp,
    });
    const notYet = await s.rpc(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token },
    );
    expect(errorOf(notYet).message).toBe(t('pt-BR', 'error.paymentNotApproved'));

    const approved = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', await card(CARDS.approved), { parcelas: 1, idempotencyKey: key() }],
      { token },
    );
    expect(approved.status).toBe('approved');
    expect(approved.idpagamento).not.toBe(declined.idpagamento);
    const done = await s.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token },
    );
    expect(done.ingressos).toHaveLength(1);
  });

  it('answers a repeated key with the stored result and charges once, also concurrently', async () => {
    const { token } = await s.personToken('idempotent@example.com');
    const r = await reserve(token, 1);
    const cartao = await card(CARDS.approved);
    const k = key();
    const before = charges;
    const params = [r.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: k }] as const;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.ok('SuperIngresso', 'iniciarPagamento', [...params], { token }),
      ),
    );
    expect(new Set(answers.map((a) => a.idpagamento)).size).toBe(1);
    expect(answers.every((a) => a.status === 'approved')).toBe(true);
    const repeat = await s.ok('SuperIngresso', 'iniciarPagamento', [...params], { token });
    expect(repeat).toEqual(answers[0]);
    expect(charges).toBe(before + 1);
    const [count] = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    expect(count!.n).toBe(1);
    // Another key on an order already paid answers the approved payment, without charging.
    const other = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      {
        token,
      },
    );
    expect(other.idpagamento).toBe(answers[0]!.idpagamento);
    expect(charges).toBe(before + 1);
    // A key is bound to its order.
    const r2 = await reserve((await s.personToken('idempotent2@example.com')).token, 1);
    const misuse = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r2.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: k }],
      {
        token,
      },
    );
    expect(errorOf(misuse).code).toBe(0);
  });

  it('pending makes the order AP: units stay sold, conclusion answers AP without tickets', async () => {
    const { token } = await s.personToken('pending@example.com');
    const r = await reserve(token, 1, P.meia);
    const taken = await unitsTaken(s.db, visita, P.meia);
    const pay = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', await card(CARDS.pending), { parcelas: 1, idempotencyKey: key() }],
      { token, lang: 'es_ES' },
    );
    expect(pay).toMatchObject({
      status: 'pending',
      mensagem: t('es-ES', 'payment.pendingMessage'),
    });
    expect(await movStatus(r.idmovimentacao)).toBe('AP');
    expect(await unitsTaken(s.db, visita, P.meia)).toBe(taken);
    expect(
      await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: r.idmovimentacao }], {
        token,
      }),
    ).toEqual({ idmovimentacao: r.idmovimentacao, status: 'AP', ingressos: [] });
    const res = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=RE,AP,TP&page=1&results_per_page=100&fetch_items=true',
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (res.json() as { result: TicketsCartResult }).result;
    expect(list.tickets.map((m) => [m.idmovimentacao, m.status])).toEqual([
      [r.idmovimentacao, 'AP'],
    ]);
    // The checkout loads it (RE, AP and TP, spec §4), but it holds nothing: the header counts 0.
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toMatchObject({
      idmovimentacao: r.idmovimentacao,
      status: 'AP',
      count_exp: 0,
    });
    expect(await s.ok('SuperIngressoWeb', 'getCarrinhoQtdReservados', [], { token })).toEqual({
      qtd: 0,
    });
    // A new hold is the cart from then on.
    const next = await reserve(token, 1);
    expect(next.idmovimentacao).not.toBe(r.idmovimentacao);
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toMatchObject({
      idmovimentacao: next.idmovimentacao,
      status: 'RE',
    });
    await s.ok('SuperIngresso', 'cancelarReserva', [next.idmovimentacao, null, false, false], {
      token,
    });
    // Cannot be cancelled as a reservation while the payment is pending.
    const cancel = await s.rpc(
      'SuperIngresso',
      'cancelarReserva',
      [r.idmovimentacao, null, false, false],
      { token },
    );
    expect(errorOf(cancel).message).toBe(t('pt-BR', 'error.paymentInProgress'));
  });

  it('answers a gateway failure with the gateway error and leaves the cart reserved', async () => {
    const { token } = await s.personToken('gatewayerror@example.com');
    const r = await reserve(token, 1);
    const fake = { token: 'tok_sandbox_unknown', bandeira: 'visa', ultimos_digitos: '1111' };
    const k = key();
    const res = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', fake, { parcelas: 1, idempotencyKey: k }],
      {
        token,
      },
    );
    expect(errorOf(res)).toEqual({ code: 0, message: 'Erro no gateway' });
    expect(await movStatus(r.idmovimentacao)).toBe('RE');
    const repeat = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', fake, { parcelas: 1, idempotencyKey: k }],
      {
        token,
      },
    );
    expect(errorOf(repeat).message).toBe('Erro no gateway');
    const list = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=XX&page=0',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().error.message).toBe(t('pt-BR', 'error.badParams'));
  });

  it('refuses a card brand the shop does not accept, and a token whose brand was altered', async () => {
    const { token } = await s.personToken('brands@example.com');
    const r = await reserve(token, 1);
    const pay = (cartao: CartaoToken) =>
      s.rpc(
        'SuperIngresso',
        'iniciarPagamento',
        [r.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
        { token, lang: 'en_US' },
      );
    const jcb = await card('3530 1113 3330 0000');
    expect(jcb.bandeira).toBe('jcb');
    const before = charges;
    expect(errorOf(await pay(jcb))).toEqual({
      code: 0,
      message: t('en-US', 'error.cardBrandNotAccepted'),
    });
    expect(charges).toBe(before);
    const payments = await rows(
      s.db,
      sql`SELECT id FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    expect(payments).toEqual([]);
    expect(await movStatus(r.idmovimentacao)).toBe('RE');

    // A JCB token passed off as a Visa: the gateway does not confirm it, nothing is charged.
    expect(errorOf(await pay({ ...jcb, bandeira: 'visa' })).message).toBe(
      t('en-US', 'error.gateway'),
    );
    expect(await movStatus(r.idmovimentacao)).toBe('RE');
  });

  it('refuses to pay an expired reservation, a foreign cart, bad instalments, small agency orders', async () => {
    const { token } = await s.personToken('late@example.com');
    const r = await reserve(token, 1);
    const cartao = await card(CARDS.approved);
    const badInstallments = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', cartao, { parcelas: 6, idempotencyKey: key() }],
      {
        token,
      },
    );
    expect(errorOf(badInstallments).message).toBe(t('pt-BR', 'error.badParams'));
    const foreign = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      {
        token: await s.login(),
      },
    );
    expect(errorOf(foreign).message).toBe(t('pt-BR', 'error.cartNotFound'));

    await s.db.execute(
      sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 second' WHERE id = ${r.idmovimentacao}`,
    );
    const before = charges;
    const late = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      {
        token,
      },
    );
    expect(errorOf(late)).toEqual({
      code: 0,
      message: 'Sua reserva expirou e os ingressos foram liberados.',
    });
    expect(charges).toBe(before);
    const gw = await s.rpc('SuperIngresso', 'getGatewayPagamento', [r.idmovimentacao], { token });
    expect(errorOf(gw).message).toBe(t('pt-BR', 'error.reservationExpired'));

    const agency = await s.login(DEMO_AGENCY.email, DEMO_AGENCY.password);
    const small = await reserve(agency, 5, P.agencia);
    const min = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [small.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      {
        token: agency,
      },
    );
    expect(errorOf(min).message).toBe('Limite mínimo de compra de 10 itens');
    await reserve(agency, 5, P.agencia);
    const ok = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [small.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      {
        token: agency,
      },
    );
    expect(ok.status).toBe('approved');
  });

  it('tells a small agency order the brand’s own minimum, in the buyer’s language', async () => {
    const rules = s.brands[0]!.brand.regrasDoNegocio;
    const before = rules.compraMinimaAgencia;
    rules.compraMinimaAgencia = 7;
    try {
      // An agency of its own: the demo agency's order of the test before is still being paid.
      const { token: agency, pessoa } = await s.personToken(
        'agencia.minimo@example.com',
        rules.idagencia,
      );
      // Confirmed and approved, as an agency must be to buy (spec §4).
      await s.db.execute(
        sql`UPDATE pessoa SET email_confirmado_em = now() WHERE id = ${pessoa.id}`,
      );
      const small = await reserve(agency, 5, P.agencia);
      const cartao = await card(CARDS.approved);
      const pay = (lang: string) =>
        s.rpc(
          'SuperIngresso',
          'iniciarPagamento',
          [small.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
          { token: agency, lang },
        );
      expect(errorOf(await pay('pt_BR')).message).toBe('Limite mínimo de compra de 7 itens');
      expect(errorOf(await pay('es_ES')).message).toBe('Compra mínima de 7 artículos');
      expect(errorOf(await pay('en_US')).message).toBe('Minimum purchase of 7 items');
      // Reaching the brand's 7 (not the spec's default 10) is enough.
      await reserve(agency, 2, P.agencia);
      expect(
        (
          await s.ok(
            'SuperIngresso',
            'iniciarPagamento',
            [small.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
            { token: agency },
          )
        ).status,
      ).toBe('approved');
    } finally {
      rules.compraMinimaAgencia = before;
    }
  });
});
