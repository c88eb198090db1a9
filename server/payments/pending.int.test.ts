/**
 * Bank slip and Pix through the sandbox: issue (idempotent, one live slip per order), the
 * printable slip, the signed webhook (paid → tickets, expired → units released, replays and bad
 * signatures change nothing), the expiry sweep (exactly once, also two sweeps at once on
 * PostgreSQL) and cancelarBoleto.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IniciarPagamentoResult } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { openDb } from '#server/db/client.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { expirePendingPayments } from '#server/orders/lifecycle.ts';
import {
  counterOf,
  errorOf,
  makeBuyers,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  TEST_WEBHOOK_SECRET,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';
import { spDate } from '#server/time.ts';
import { assertBarcode, barcodeFromLinha, dueDateFactor } from './methods/boleto';
import { crc16ccitt, parsePix } from './methods/pix';
import { mailReleasedPayments } from './pending';
import { recoverPayments } from './recovery';
import {
  SIGNATURE_HEADER,
  type SignedNotification,
  settleSandboxCharge,
  signNotification,
} from './sandbox/charges';
import { IDFORMAPAG_BOLETO, IDFORMAPAG_PIX, shortGatewayName } from './service';

const OPERATOR = 'operator-secret-for-tests';
const key = () => `key-${randomUUID()}`;

let s: TestServer;
let visita: number;
let buyers: string[];
let next = 0;
beforeAll(async () => {
  s = await startTestServer({ operatorToken: OPERATOR });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  buyers = await makeBuyers(s.db, s.brands[0]!, 26);
});
afterAll(async () => {
  await s?.close();
});

const buyer = () => buyers[next++]!;

async function reserve(token: string, qtd = 2) {
  return s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.inteira, qtd }], visita, []], {
    token,
  });
}

function pay(token: string, id: number, idformapag: number, idempotencyKey = key()) {
  return s.ok(
    'SuperIngresso',
    'iniciarPagamento',
    [id, idformapag, '', null, { parcelas: 1, idempotencyKey }],
    { token },
  );
}

const order = (id: number) =>
  firstRow<{ status: string; dthr_exp: Date | string | null; localizador: string }>(
    s.db,
    sql`SELECT status, dthr_exp, localizador FROM movimentacao WHERE id = ${id}`,
  );

const tickets = async (id: number) =>
  (
    await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM ingresso g JOIN movimentacao_item i ON i.id = g.iditem
          WHERE i.idmovimentacao = ${id}`,
    )
  )[0]!.n;

const counter = () => counterOf(s.db, visita, P.inteira);

/** Mails of `kind` about order `id` (by its locator in the subject). */
const mails = async (id: number, kind: string) => {
  const { localizador } = (await order(id))!;
  return (
    await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM outbox
          WHERE kind = ${kind} AND subject LIKE ${`%${localizador}%`}`,
    )
  )[0]!.n;
};

async function webhook(n: SignedNotification, signature = n.signature, body = n.body) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/payments/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { result?: { outcome: string } } };
}

async function settle(which: string, outcome: 'paid' | 'expired') {
  const r = await settleSandboxCharge(s.db, which, outcome, TEST_WEBHOOK_SECRET);
  if (!r.notification) throw new Error(`no notification: ${r.outcome}`);
  return r.notification;
}

describe('getGatewayPagamento', () => {
  it('shortens gateway names over 18 characters', () => {
    expect(shortGatewayName('Boleto bancário')).toBe('Boleto bancário');
    expect(shortGatewayName('123456789012345678')).toBe('123456789012345678');
    expect(shortGatewayName('Gateway de Pagamentos Aurora')).toBe('Gateway de Pagame…');
    expect([...shortGatewayName('Gateway de Pagamentos Aurora')]).toHaveLength(18);
  });

  it("offers only the brand's enabled methods and refuses the others", async () => {
    const other = s.brands[1]!;
    const [token] = await makeBuyers(s.db, other, 1);
    const opts = { token: token!, host: 'other.test' };
    const sessao = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita], opts))
      .apresentacoes[0]!.idapresentacao;
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
      opts,
    );
    // test-b has no methods section: card only.
    const gw = await s.ok('SuperIngresso', 'getGatewayPagamento', [r.idmovimentacao], opts);
    expect(gw.formas.map((f) => f.forma)).toEqual(['cartao']);
    expect(gw.idformapag).toBe(1);
    const refused = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, IDFORMAPAG_PIX, '', null, { parcelas: 1, idempotencyKey: key() }],
      opts,
    );
    expect(errorOf(refused).message).toBe(
      t(other.brand.defaultLocale, 'error.paymentMethodUnavailable'),
    );
  });
});

describe('bank slip (boleto)', () => {
  it('issues a slip with a valid linha digitável, keeps the units sold-pending and serves a printable page', async () => {
    const token = buyer();
    const r = await reserve(token);
    const before = await counter();
    const res = await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    expect(res).toMatchObject({ status: 'pending', forma: 'boleto' });
    const slip = res.boleto!;
    expect(slip.linha_digitavel).toMatch(/^\d{47}$/);
    // The check digits of the three fields and the general DV, recomputed by the parser.
    expect(barcodeFromLinha(slip.linha_digitavel)).toBe(slip.codigo_barras);
    expect(barcodeFromLinha(slip.linha_formatada)).toBe(slip.codigo_barras);
    expect(() => assertBarcode(slip.codigo_barras)).not.toThrow();
    // Due in the brand's 3 days; the barcode carries its factor and the amount in cents.
    expect(slip.vencimento).toBe(spDate(new Date(Date.now() + 3 * 86_400_000)));
    expect(slip.codigo_barras.slice(0, 3)).toBe('001');
    expect(Number(slip.codigo_barras.slice(5, 9))).toBe(dueDateFactor(slip.vencimento));
    expect(Number(slip.codigo_barras.slice(9, 19))).toBe(Math.round(slip.valor * 100));
    expect(slip.valor).toBeGreaterThan(0);
    expect(res.mensagem).toContain(slip.vencimento.split('-').reverse().join('/'));

    const mov = await order(r.idmovimentacao);
    expect(mov?.status).toBe('AP');
    expect(new Date(mov!.dthr_exp!).toISOString()).toBe(slip.expira_em);
    expect(new Date(slip.expira_em).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    // Sold-pending: the units still count against capacity.
    expect(await counter()).toBe(before);

    const page = await s.app.inject({ method: 'GET', url: slip.boleto_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(slip.linha_formatada);
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('Comprador');
    expect(page.body).toContain(slip.vencimento.split('-').reverse().join('/'));
    expect(page.body).toContain('@media print');
    // The order's items point at the slip too (spec: cart item boleto_url).
    const cart = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      { token },
    );
    expect(cart.itens.map((i) => i.boleto_url)).toEqual([slip.boleto_url, slip.boleto_url]);
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const en = await s.app.inject({ method: 'GET', url: `${slip.boleto_url}?lang=en_US` });
    expect(en.body).toContain('Due date');
    const missing = await s.app.inject({
      method: 'GET',
      url: '/payments/boleto/AAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('issues one slip per order: the same key twice (at once) and another key answer the same slip', async () => {
    const token = buyer();
    const r = await reserve(token);
    const k = key();
    const [a, b] = await Promise.all([
      pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO, k),
      pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO, k),
    ]);
    expect(b).toEqual(a);
    const c = await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    expect(c.idpagamento).toBe(a.idpagamento);
    expect(c.boleto?.linha_digitavel).toBe(a.boleto?.linha_digitavel);
    // Not a Pix charge either while the slip is live.
    const d = await pay(token, r.idmovimentacao, IDFORMAPAG_PIX);
    expect(d.idpagamento).toBe(a.idpagamento);
    const { localizador } = (await order(r.idmovimentacao))!;
    const [n] = await rows<{ ours: number; sandbox: number }>(
      s.db,
      sql`SELECT (SELECT count(*) FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao})::int AS ours,
            (SELECT count(*) FROM sandbox_cobranca WHERE localizador = ${localizador})::int AS sandbox`,
    );
    expect(n).toEqual({ ours: 1, sandbox: 1 });
  });
});

describe('Pix', () => {
  it('issues a BR Code with a valid CRC, the QR code image and the expiry', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    const res: IniciarPagamentoResult = await pay(token, r.idmovimentacao, IDFORMAPAG_PIX);
    expect(res).toMatchObject({ status: 'pending', forma: 'pix' });
    const pix = res.pix!;
    const parsed = parsePix(pix.copia_e_cola);
    expect(parsed.key).toBe('pix@loja-teste.com.br');
    expect(parsed.merchantName).toBe('LOJA DE TESTE');
    expect(parsed.merchantCity).toBe('SAO PAULO');
    expect(parsed.amountCents).toBe(Math.round(pix.valor * 100));
    expect(pix.copia_e_cola.slice(-4)).toBe(crc16ccitt(pix.copia_e_cola.slice(0, -4)));
    expect(pix.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pix.qrcode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const minutes = (new Date(pix.expira_em).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect((await order(r.idmovimentacao))?.status).toBe('AP');
  });

  it('is paid by the operator command: the sandbox notifies the webhook, which issues the tickets', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    await pay(token, r.idmovimentacao, IDFORMAPAG_PIX);
    const { localizador } = (await order(r.idmovimentacao))!;
    const call = (which: string, token = OPERATOR) =>
      s.app.inject({
        method: 'POST',
        url: '/sandbox-gateway/v1/operator/settle',
        headers: { 'x-operator-token': token },
        payload: { which, outcome: 'paid' },
      });
    expect((await call(localizador, 'wrong')).statusCode).toBe(403);
    expect((await order(r.idmovimentacao))?.status).toBe('AP');
    expect((await call(localizador)).json()).toMatchObject({ result: { outcome: 'paid' } });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    expect(await tickets(r.idmovimentacao)).toBe(2);
    // Again: the sandbox sends the notification again; nothing more happens.
    expect((await call(localizador)).json()).toMatchObject({ result: { outcome: 'already-paid' } });
    expect(await tickets(r.idmovimentacao)).toBe(2);
    const done = await s.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      {
        token,
      },
    );
    expect(done.status).toBe('PA');
    expect(done.ingressos).toHaveLength(2);
  });
});

describe('a card payment left pending (under review)', () => {
  const operator = (which: string, outcome: 'paid' | 'expired') =>
    s.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/v1/operator/settle',
      headers: { 'x-operator-token': OPERATOR },
      payload: { which, outcome },
    });
  async function payPendingCard(qtd: number) {
    const token = buyer();
    const r = await reserve(token, qtd);
    const cartao = await sandboxCard(s, SANDBOX_CARDS.pending);
    const res = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      { token },
    );
    expect(res.status).toBe('pending');
    expect((await order(r.idmovimentacao))?.status).toBe('AP');
    return { token, id: r.idmovimentacao };
  }

  it('is confirmed by the operator command: the webhook issues the tickets, once', async () => {
    const { token, id } = await payPendingCard(2);
    const { localizador } = (await order(id))!;
    expect((await operator(localizador, 'paid')).json()).toMatchObject({
      result: { outcome: 'paid', ref: expect.stringMatching(/^sbx_/) },
    });
    expect((await order(id))?.status).toBe('PA');
    expect(await tickets(id)).toBe(2);
    expect(await mails(id, 'payment_confirmed')).toBe(1);
    // The gateway's record agrees (crash recovery reads it).
    const p = await firstRow<{ status: string; ref: string }>(
      s.db,
      sql`SELECT status, gateway_ref AS ref FROM pagamento WHERE idmovimentacao = ${id}`,
    );
    expect(p?.status).toBe('approved');
    const card = await firstRow<{ status: string }>(
      s.db,
      sql`SELECT status FROM sandbox_cobranca_cartao WHERE ref = ${p!.ref}`,
    );
    expect(card?.status).toBe('approved');
    // Again, by its reference: the same notification, nothing more happens.
    expect((await operator(p!.ref, 'paid')).json()).toMatchObject({
      result: { outcome: 'already-paid' },
    });
    expect(await tickets(id)).toBe(2);
    expect(await mails(id, 'payment_confirmed')).toBe(1);
    const done = await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: id }], {
      token,
    });
    expect(done.status).toBe('PA');
    expect(done.ingressos).toHaveLength(2);
  });

  it('refused after the review: the order is released with its units, the buyer told', async () => {
    const before = await counter();
    const { id } = await payPendingCard(1);
    expect(await counter()).toBe(before + 1);
    const { localizador } = (await order(id))!;
    expect((await operator(localizador, 'expired')).json()).toMatchObject({
      result: { outcome: 'expired' },
    });
    expect((await order(id))?.status).toBe('EX');
    expect(await counter()).toBe(before);
    expect(await tickets(id)).toBe(0);
    expect(await mails(id, 'payment_released')).toBe(1);
    // A late "paid" changes nothing: the card was refused.
    expect((await operator(localizador, 'paid')).json()).toMatchObject({
      result: { outcome: 'already-expired' },
    });
    expect((await order(id))?.status).toBe('EX');
    expect(await counter()).toBe(before);
  });

  it('an unknown locator or reference is not found', async () => {
    expect((await operator('NOPE-0000', 'paid')).json()).toMatchObject({
      result: { outcome: 'not-found' },
    });
  });
});

describe('Pix paid by the sandbox after a delay (SANDBOX_PIX_AUTOPAY_SECONDS)', () => {
  let a: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ sandboxPixAutoPaySeconds: 1 });
  });
  afterAll(async () => {
    await a?.close();
  });

  it('completes the order by itself', async () => {
    const sessao = (await a.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
      .idapresentacao;
    const [token] = await makeBuyers(a.db, a.brands[0]!, 1);
    const r = await a.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
      { token: token! },
    );
    await a.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, IDFORMAPAG_PIX, '', null, { parcelas: 1, idempotencyKey: key() }],
      { token: token! },
    );
    const status = async () =>
      (
        await firstRow<{ status: string }>(
          a.db,
          sql`SELECT status FROM movimentacao WHERE id = ${r.idmovimentacao}`,
        )
      )?.status;
    expect(await status()).toBe('AP');
    const until = Date.now() + 5000;
    while ((await status()) !== 'PA' && Date.now() < until) {
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(await status()).toBe('PA');
    const done = await a.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token: token! },
    );
    expect(done.ingressos).toHaveLength(1);
  });
});

describe('webhook', () => {
  it('paid → PA with one ticket per unit; a replay changes nothing', async () => {
    const token = buyer();
    const r = await reserve(token, 3);
    const slip = await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    const before = await counter();
    const note = await settle((await order(r.idmovimentacao))!.localizador, 'paid');
    expect(await webhook(note)).toEqual({ status: 200, body: { result: { outcome: 'paid' } } });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    const codes = await rows<{ codigo: string }>(
      s.db,
      sql`SELECT g.codigo FROM ingresso g JOIN movimentacao_item i ON i.id = g.iditem
          WHERE i.idmovimentacao = ${r.idmovimentacao} ORDER BY g.id`,
    );
    expect(codes).toHaveLength(3);
    expect(await counter()).toBe(before);
    expect(await mails(r.idmovimentacao, 'payment_confirmed')).toBe(1);
    expect(await webhook(note)).toEqual({
      status: 200,
      body: { result: { outcome: 'unchanged' } },
    });
    expect(await mails(r.idmovimentacao, 'payment_confirmed')).toBe(1);
    expect(
      await rows<{ codigo: string }>(
        s.db,
        sql`SELECT g.codigo FROM ingresso g JOIN movimentacao_item i ON i.id = g.iditem
            WHERE i.idmovimentacao = ${r.idmovimentacao} ORDER BY g.id`,
      ),
    ).toEqual(codes);
    expect(await counter()).toBe(before);
    // A paid slip cannot be cancelled.
    const cancel = await s.rpc('SuperIngresso', 'cancelarBoleto', [r.idmovimentacao], { token });
    expect(errorOf(cancel).message).toBe(t('pt-BR', 'error.boletoPaid'));
    // Its page says it is paid.
    const page = await s.app.inject({ method: 'GET', url: slip.boleto!.boleto_url });
    expect(page.body).toContain(t('pt-BR', 'payment.boletoPage.statusPaid'));
  });

  it('refuses a bad signature, a tampered body and a missing signature, changing nothing', async () => {
    const token = buyer();
    const r = await reserve(token);
    await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    const note = await settle((await order(r.idmovimentacao))!.localizador, 'paid');
    const forged = `sha256=${'0'.repeat(64)}`;
    expect((await webhook(note, forged)).status).toBe(401);
    const other = JSON.stringify({ ...JSON.parse(note.body), status: 'paid', x: 1 });
    expect((await webhook(note, note.signature, other)).status).toBe(401);
    const res = await s.app.inject({
      method: 'POST',
      url: '/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: note.body,
    });
    expect(res.statusCode).toBe(401);
    const nope = await s.app.inject({
      method: 'POST',
      url: '/payments/webhook/nope',
      headers: { 'content-type': 'application/json' },
      payload: note.body,
    });
    expect(nope.statusCode, nope.body).toBe(404);
    expect((await order(r.idmovimentacao))?.status).toBe('AP');
    expect(await tickets(r.idmovimentacao)).toBe(0);
  });

  it('expired → EX, units released once; a replay releases nothing more', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    const before = await counter();
    const note = await settle((await order(r.idmovimentacao))!.localizador, 'expired');
    expect((await webhook(note)).body).toEqual({ result: { outcome: 'released' } });
    expect((await order(r.idmovimentacao))?.status).toBe('EX');
    expect(await counter()).toBe(before - 2);
    expect(await mails(r.idmovimentacao, 'payment_released')).toBe(1);
    expect((await webhook(note)).body).toEqual({ result: { outcome: 'unchanged' } });
    expect(await counter()).toBe(before - 2);
    expect(await mails(r.idmovimentacao, 'payment_released')).toBe(1);
    // The sandbox will not take the money of an expired slip any more.
    const late = await settleSandboxCharge(
      s.db,
      (await order(r.idmovimentacao))!.localizador,
      'paid',
      TEST_WEBHOOK_SECRET,
    );
    expect(late.outcome).toBe('already-expired');
  });
});

/** Makes the pending orders' time run out. */
async function runOut(db: Db, ids: number[]) {
  await db.execute(
    sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 minute'
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
  );
}

describe('expiry sweep', () => {
  it('releases slips and Pix charges past their time exactly once', async () => {
    const ids: number[] = [];
    for (const forma of [IDFORMAPAG_BOLETO, IDFORMAPAG_PIX, IDFORMAPAG_BOLETO]) {
      const token = buyer();
      const r = await reserve(token, 2);
      await pay(token, r.idmovimentacao, forma);
      ids.push(r.idmovimentacao);
    }
    const before = await counter();
    await runOut(s.db, ids.slice(0, 2));
    const [a, b] = await Promise.all([expirePendingPayments(s.db), expirePendingPayments(s.db)]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids.slice(0, 2));
    expect(await expirePendingPayments(s.db)).toEqual([]);
    expect(await counter()).toBe(before - 4);
    // Their buyers are mailed once, whoever runs the mail pass and however often.
    const told = await Promise.all([
      mailReleasedPayments(s.db, s.brands),
      mailReleasedPayments(s.db, s.brands),
    ]);
    expect(told[0] + told[1]).toBe(2);
    expect(await mailReleasedPayments(s.db, s.brands)).toBe(0);
    expect(await mails(ids[0]!, 'payment_released')).toBe(1);
    expect(await mails(ids[1]!, 'payment_released')).toBe(1);
    expect(await mails(ids[2]!, 'payment_released')).toBe(0);
    expect((await order(ids[0]!))?.status).toBe('EX');
    expect((await order(ids[1]!))?.status).toBe('EX');
    expect((await order(ids[2]!))?.status).toBe('AP');
    const [p] = await rows<{ status: string }>(
      s.db,
      sql`SELECT status FROM pagamento WHERE idmovimentacao = ${ids[0]!}`,
    );
    expect(p?.status).toBe('expired');
    // The gateway's late "expired" notification changes nothing more.
    const note = await settle((await order(ids[0]!))!.localizador, 'expired');
    expect((await webhook(note)).body).toEqual({ result: { outcome: 'unchanged' } });
    expect(await counter()).toBe(before - 4);
  });
});

describe('a hold that finds the stock full', () => {
  it('first releases slips past their time, without waiting for the sweep', async () => {
    const first = buyer();
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.meia, qtd: 1 }], visita, []],
      { token: first },
    );
    await pay(first, r.idmovimentacao, IDFORMAPAG_BOLETO);
    // The stock is full, and the slip's time has run out (no sweep ran).
    await s.db.execute(
      sql`UPDATE estoque SET capacidade = reservados
          WHERE idapresentacao = ${visita} AND idproduto = ${P.meia}`,
    );
    await runOut(s.db, [r.idmovimentacao]);
    const second = buyer();
    const held = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.meia, qtd: 1 }], visita, []],
      { token: second },
    );
    expect(held.idmovimentacao).not.toBe(r.idmovimentacao);
    expect((await order(r.idmovimentacao))?.status).toBe('EX');
    // Its buyer is mailed by the next mail pass.
    expect(await mailReleasedPayments(s.db, s.brands)).toBe(1);
    expect(await mails(r.idmovimentacao, 'payment_released')).toBe(1);
  });
});

describe('a payment the gateway reports after the sweep released the order', () => {
  it('is honoured: the units are taken back and the tickets issued', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    await pay(token, r.idmovimentacao, IDFORMAPAG_PIX);
    const [p] = await rows<{ gateway_ref: string }>(
      s.db,
      sql`SELECT gateway_ref FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    const held = await counter();
    await runOut(s.db, [r.idmovimentacao]);
    expect(await expirePendingPayments(s.db)).toEqual([r.idmovimentacao]);
    expect(await counter()).toBe(held - 2);
    const note = signNotification(p!.gateway_ref, 'paid', TEST_WEBHOOK_SECRET);
    expect((await webhook(note)).body).toEqual({ result: { outcome: 'paid' } });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    expect(await tickets(r.idmovimentacao)).toBe(2);
    expect(await counter()).toBe(held);
    expect((await webhook(note)).body).toEqual({ result: { outcome: 'unchanged' } });
    expect(await counter()).toBe(held);
  });
});

describe('a payment the gateway reports after its units were sold to others', () => {
  it('is refunded through the adapter, never honoured past the capacity', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    await pay(token, r.idmovimentacao, IDFORMAPAG_PIX);
    const [p] = await rows<{ gateway_ref: string }>(
      s.db,
      sql`SELECT gateway_ref FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    await runOut(s.db, [r.idmovimentacao]);
    expect(await expirePendingPayments(s.db)).toEqual([r.idmovimentacao]);
    // Meanwhile the last units of the stock were sold: it is full.
    const [stock] = await rows<{ id: number; capacidade: number }>(
      s.db,
      sql`SELECT e.id, e.capacidade FROM estoque e
          JOIN movimentacao_item i ON i.idestoque = e.id
          WHERE i.idmovimentacao = ${r.idmovimentacao} LIMIT 1`,
    );
    await s.db.execute(sql`UPDATE estoque SET capacidade = reservados WHERE id = ${stock!.id}`);
    try {
      const held = await counter();
      const note = signNotification(p!.gateway_ref, 'paid', TEST_WEBHOOK_SECRET);
      // The money goes back through the adapter at once; recovery has nothing left to do.
      expect((await webhook(note)).body).toEqual({ result: { outcome: 'refunded' } });
      expect((await order(r.idmovimentacao))?.status).toBe('EX');
      expect(await tickets(r.idmovimentacao)).toBe(0);
      expect(await counter()).toBe(held);
      const report = await recoverPayments(s.db, {
        gateways: s.app.paymentGateways,
        brands: s.brands,
        afterSeconds: 0,
      });
      expect(report.refunded).toBe(0);
      const [after] = await rows<{ status: string }>(
        s.db,
        sql`SELECT status FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao}`,
      );
      expect(after?.status).toBe('refunded');
      expect((await webhook(note)).body).toEqual({ result: { outcome: 'unchanged' } });
      expect(await tickets(r.idmovimentacao)).toBe(0);
    } finally {
      await s.db.execute(
        sql`UPDATE estoque SET capacidade = ${stock!.capacidade} WHERE id = ${stock!.id}`,
      );
    }
  });
});

describe('cancelarBoleto', () => {
  it('returns the items to the cart while the hold lasts; the slip is dead at the gateway', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    const slipKey = key();
    const slip = await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO, slipKey);
    const before = await counter();
    const res = await s.ok('SuperIngresso', 'cancelarBoleto', [r.idmovimentacao], { token });
    expect(res).toEqual({ idmovimentacao: r.idmovimentacao, status: 'RE' });
    const mov = await order(r.idmovimentacao);
    expect(mov?.status).toBe('RE');
    expect(new Date(mov!.dthr_exp!).getTime()).toBeGreaterThan(Date.now());
    expect(await counter()).toBe(before);
    const items = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      {
        token,
      },
    );
    expect(JSON.stringify(items)).toContain(String(r.idmovimentacao));
    // The slip cannot be paid any more, and a second cancel finds none.
    const late = await settleSandboxCharge(s.db, mov!.localizador, 'paid', TEST_WEBHOOK_SECRET);
    expect(late.outcome).toBe('cancelled');
    const again = await s.rpc('SuperIngresso', 'cancelarBoleto', [r.idmovimentacao], { token });
    expect(errorOf(again).message).toBe(t('pt-BR', 'error.boletoNotFound'));
    const page = await s.app.inject({ method: 'GET', url: slip.boleto!.boleto_url });
    expect(page.body).toContain(t('pt-BR', 'payment.boletoPage.statusClosed'));
    // The same key again answers that this attempt is over.
    const repeated = await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO, slipKey);
    expect(repeated).toMatchObject({ idpagamento: slip.idpagamento, status: 'declined' });
    expect(repeated.mensagem).toBe(t('pt-BR', 'payment.chargeClosed'));
    // The cart can be paid again, with a new slip.
    const second = await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    expect(second.idpagamento).not.toBe(slip.idpagamento);
    expect(second.boleto?.linha_digitavel).not.toBe(slip.boleto?.linha_digitavel);
  });

  it('releases the units when the original hold is over', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    await pay(token, r.idmovimentacao, IDFORMAPAG_BOLETO);
    await s.db.execute(
      sql`UPDATE pagamento SET mov_dthr_exp = now() - interval '1 second'
          WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    const before = await counter();
    const res = await s.ok('SuperIngresso', 'cancelarBoleto', [r.idmovimentacao], { token });
    expect(res.status).toBe('CA');
    expect(await counter()).toBe(before - 2);
    // Someone else's order is not theirs to cancel.
    const other = await s.rpc('SuperIngresso', 'cancelarBoleto', [r.idmovimentacao], {
      token: buyer(),
    });
    expect(errorOf(other).message).toBe(t('pt-BR', 'error.cartNotFound'));
  });
});

describe('expiry sweep on two servers (PostgreSQL when reachable)', () => {
  let c: TestServer;
  beforeAll(async () => {
    c = await startTestServer({ concurrency: true });
  });
  afterAll(async () => {
    await c?.close();
  });

  it('two sweeps at once over one database release each order exactly once', async () => {
    const sessao = (await c.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
      .idapresentacao;
    const tokens = await makeBuyers(c.db, c.brands[0]!, 8);
    const ids: number[] = [];
    for (const [i, token] of tokens.entries()) {
      const r = await c.ok(
        'SuperIngresso',
        'iniciarReserva',
        [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
        { token },
      );
      await c.ok(
        'SuperIngresso',
        'iniciarPagamento',
        [
          r.idmovimentacao,
          i % 2 ? IDFORMAPAG_PIX : IDFORMAPAG_BOLETO,
          '',
          null,
          { parcelas: 1, idempotencyKey: key() },
        ],
        { token },
      );
      ids.push(r.idmovimentacao);
    }
    const before = await counterOf(c.db, sessao, P.inteira);
    await runOut(c.db, ids);
    if (c.tdb.driver === 'postgres') {
      // Two servers: their own connection pools to the same database. Sweep A is made to stop
      // while it holds the orders (a third connection holds the stock row it must update
      // next); sweep B runs meanwhile, then A is let go. B must skip what A holds, and nothing
      // may be released twice when A commits.
      const second = await openDb({ databaseUrl: c.tdb.url!, poolMax: 4 });
      const third = await openDb({ databaseUrl: c.tdb.url!, poolMax: 2 });
      const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
      try {
        let a: Promise<number[]> | undefined;
        let b: Promise<number[]> | undefined;
        await third.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT id FROM estoque WHERE idapresentacao = ${sessao} FOR UPDATE`);
          a = expirePendingPayments(c.db);
          await pause(300);
          b = expirePendingPayments(second.db);
          await pause(300);
        });
        const released = await Promise.all([a!, b!]);
        expect(released.flat().sort((x, y) => x - y)).toEqual(ids);
        expect(await expirePendingPayments(second.db)).toEqual([]);
      } finally {
        await second.close();
        await third.close();
      }
    } else {
      const released = await Promise.all([0, 1, 2, 3].map(() => expirePendingPayments(c.db)));
      expect(released.flat().sort((x, y) => x - y)).toEqual(ids);
    }
    expect(await counterOf(c.db, sessao, P.inteira)).toBe(before - ids.length);
    const [st] = await rows<{ ex: number; expired: number }>(
      c.db,
      sql`SELECT (SELECT count(*) FROM movimentacao WHERE status = 'EX' AND id IN (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}))::int AS ex,
        (SELECT count(*) FROM pagamento WHERE status = 'expired')::int AS expired`,
    );
    expect(st).toEqual({ ex: ids.length, expired: ids.length });
  });
});
