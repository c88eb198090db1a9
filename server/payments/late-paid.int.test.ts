// A slip or Pix charge "paid" after the order closed (expired, or its slip cancelled): the order
// takes its units back only when they are still free, else the money goes back through the
// gateway and the buyer is told (mail and My orders). Never oversold: at zero stock, and with two
// servers on one PostgreSQL racing a late "paid" against a new buyer for the last unit.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TicketsCartResult } from '#schemas/contract.ts';
import { buildApp } from '#server/app.ts';
import { openDb } from '#server/db/client.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import {
  makeBuyers,
  payApproved,
  startTestServer,
  TEST_WEBHOOK_SECRET,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';
import { SIGNATURE_HEADER, settleSandboxCharge, signNotification } from './sandbox/charges';
import { IDFORMAPAG_BOLETO, IDFORMAPAG_PIX } from './service';

type Rpc = (method: string, params: unknown[], token: string) => Promise<unknown>;

/** What a buyer and the database show of a late payment's order. */
async function facts(db: Db, id: number) {
  return firstRow<{
    status: string;
    tickets: number;
    payment: string;
    at_gateway: string | null;
    refund_mails: number;
  }>(
    db,
    sql`SELECT m.status,
          (SELECT count(*) FROM ingresso g JOIN movimentacao_item i ON i.id = g.iditem
            WHERE i.idmovimentacao = m.id)::int AS tickets,
          (SELECT p.status FROM pagamento p WHERE p.idmovimentacao = m.id ORDER BY p.id LIMIT 1)
            AS payment,
          (SELECT c.status FROM sandbox_cobranca c JOIN pagamento p ON p.gateway_ref = c.ref
            WHERE p.idmovimentacao = m.id ORDER BY p.id LIMIT 1) AS at_gateway,
          (SELECT count(*) FROM outbox o WHERE o.kind = 'payment_refunded'
            AND o.subject LIKE '%' || m.localizador || '%')::int AS refund_mails
        FROM movimentacao m WHERE m.id = ${id}`,
  );
}

/** Units of the session's stock row sold or held (counted by the rule, not the counter) and its capacity. */
async function stock(db: Db, sessao: number) {
  return (await firstRow<{ taken: number; capacidade: number; reservados: number }>(
    db,
    sql`SELECT e.capacidade, e.reservados,
          (SELECT count(*) FROM movimentacao_item i JOIN movimentacao m ON m.id = i.idmovimentacao
            WHERE i.idestoque = e.id AND i.status <> 'CA'
              AND (m.status IN ('PA','AP') OR (m.status IN ('RE','TP')
                AND (m.dthr_exp IS NULL OR m.dthr_exp > now()))))::int AS taken
        FROM estoque e WHERE e.idapresentacao = ${sessao} AND e.idproduto = ${P.inteira}`,
  ))!;
}

async function webhook(app: FastifyInstance, n: { body: string; signature: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/payments/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
    payload: n.body,
  });
  return (res.json() as { result?: { outcome: string } }).result?.outcome;
}

function rpcOf(app: FastifyInstance): Rpc {
  return async (method, params, token) => {
    const res = await app.inject({
      method: 'POST',
      url: `/router.php?method=${method}&class=SuperIngresso`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ class: 'SuperIngresso', method, params }),
    });
    const body = res.json() as { result?: unknown; error?: unknown };
    if (!('result' in body)) throw new Error(`${method}: ${JSON.stringify(body)}`);
    return body.result;
  };
}

/** One unit held and a Pix charge (or slip) issued for it: the order AP. */
async function pendingOrder(rpc: Rpc, token: string, sessao: number, idformapag = IDFORMAPAG_PIX) {
  const r = (await rpc(
    'iniciarReserva',
    [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
    token,
  )) as {
    idmovimentacao: number;
  };
  await rpc(
    'iniciarPagamento',
    [
      r.idmovimentacao,
      idformapag,
      '',
      null,
      { parcelas: 1, idempotencyKey: `key-${randomUUID()}` },
    ],
    token,
  );
  return r.idmovimentacao;
}

async function localizador(db: Db, id: number) {
  return (await firstRow<{ l: string }>(
    db,
    sql`SELECT localizador AS l FROM movimentacao WHERE id = ${id}`,
  ))!.l;
}

/** The gateway's "expired" for the order's charge (our side: the order EX, its unit free). */
async function expire(s: { db: Db; app: FastifyInstance }, id: number) {
  const [p] = await rows<{ gateway_ref: string }>(
    s.db,
    sql`SELECT gateway_ref FROM pagamento WHERE idmovimentacao = ${id}`,
  );
  expect(
    await webhook(s.app, signNotification(p!.gateway_ref, 'expired', TEST_WEBHOOK_SECRET)),
  ).toBe('released');
}

/** The bank pays the charge late: the sandbox records it paid and signs the notification. */
async function payLate(db: Db, id: number) {
  const r = await settleSandboxCharge(db, await localizador(db, id), 'paid', TEST_WEBHOOK_SECRET);
  if (!r.notification) throw new Error(`no notification: ${r.outcome}`);
  return r.notification;
}

async function myOrders(app: FastifyInstance, token: string): Promise<TicketsCartResult> {
  const res = await app.inject({
    method: 'GET',
    url: '/tickets/cart?status=PA,EX,CA,RE&page=1&results_per_page=20&fetch_items=true',
    headers: { authorization: `Bearer ${token}` },
  });
  return (res.json() as { result: TicketsCartResult }).result;
}

describe('a payment notified paid after its order closed', () => {
  let s: TestServer;
  let sessao: number;
  let rpc: Rpc;
  beforeAll(async () => {
    s = await startTestServer();
    sessao = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
      .idapresentacao;
    rpc = rpcOf(s.app);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('at zero stock: refunded through the gateway, the buyer mailed and shown why, never oversold', async () => {
    const [late, other] = await makeBuyers(s.db, s.brands[0]!, 2);
    // One unit left in the session.
    await s.db.execute(
      sql`UPDATE estoque SET capacidade = reservados + 1
          WHERE idapresentacao = ${sessao} AND idproduto = ${P.inteira}`,
    );
    const id = await pendingOrder(rpc, late!, sessao);
    await expire(s, id);
    // The freed unit goes to another buyer: the stock is at zero.
    const r = (await rpc(
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
      other!,
    )) as {
      idmovimentacao: number;
    };
    await payApproved(s, other!, r.idmovimentacao);
    const full = await stock(s.db, sessao);
    expect(full.taken).toBe(full.capacidade);

    const note = await payLate(s.db, id);
    expect(await webhook(s.app, note)).toBe('refunded');
    expect(await facts(s.db, id)).toEqual({
      status: 'EX',
      tickets: 0,
      payment: 'refunded',
      at_gateway: 'refunded',
      refund_mails: 1,
    });
    expect(await stock(s.db, sessao)).toEqual(full);
    // A replay changes nothing and mails nothing more.
    expect(await webhook(s.app, note)).toBe('unchanged');
    expect((await facts(s.db, id))?.refund_mails).toBe(1);
    // My orders: the order says its payment was given back, and how much.
    const mine = (await myOrders(s.app, late!)).tickets.find((o) => o.idmovimentacao === id);
    expect(mine?.pagamento_devolvido).toEqual({ valor: expect.any(Number), concluido: true });
    expect(mine!.pagamento_devolvido!.valor).toBeGreaterThan(0);
  });

  it('with its unit still free: taken back and the tickets issued', async () => {
    const [late] = await makeBuyers(s.db, s.brands[0]!, 1);
    await s.db.execute(
      sql`UPDATE estoque SET capacidade = reservados + 1
          WHERE idapresentacao = ${sessao} AND idproduto = ${P.inteira}`,
    );
    const id = await pendingOrder(rpc, late!, sessao);
    await expire(s, id);
    expect(await webhook(s.app, await payLate(s.db, id))).toBe('paid');
    expect(await facts(s.db, id)).toMatchObject({ status: 'PA', tickets: 1, payment: 'approved' });
    const after = await stock(s.db, sessao);
    expect(after.taken).toBe(after.capacidade);
  });

  it('its slip cancelled, the order back in the cart: the tickets issued, nothing refunded', async () => {
    const [buyer] = await makeBuyers(s.db, s.brands[0]!, 1);
    await s.db.execute(
      sql`UPDATE estoque SET capacidade = reservados + 5
          WHERE idapresentacao = ${sessao} AND idproduto = ${P.inteira}`,
    );
    const id = await pendingOrder(rpc, buyer!, sessao, IDFORMAPAG_BOLETO);
    expect(await rpc('cancelarBoleto', [id], buyer!)).toMatchObject({ status: 'RE' });
    const before = await stock(s.db, sessao);
    const [p] = await rows<{ gateway_ref: string }>(
      s.db,
      sql`SELECT gateway_ref FROM pagamento WHERE idmovimentacao = ${id}`,
    );
    await s.db.execute(
      sql`UPDATE sandbox_cobranca SET status = 'paid' WHERE ref = ${p!.gateway_ref}`,
    );
    const note = signNotification(p!.gateway_ref, 'paid', TEST_WEBHOOK_SECRET);
    expect(await webhook(s.app, note)).toBe('paid');
    expect(await facts(s.db, id)).toMatchObject({
      status: 'PA',
      tickets: 1,
      payment: 'approved',
      refund_mails: 0,
    });
    expect((await stock(s.db, sessao)).reservados).toBe(before.reservados);
  });

  it('its slip cancelled and the order cancelled: refunded, not kept', async () => {
    const [buyer] = await makeBuyers(s.db, s.brands[0]!, 1);
    await s.db.execute(
      sql`UPDATE estoque SET capacidade = reservados + 5
          WHERE idapresentacao = ${sessao} AND idproduto = ${P.inteira}`,
    );
    const id = await pendingOrder(rpc, buyer!, sessao, IDFORMAPAG_BOLETO);
    // The hold it had before paying is over: cancelling the slip cancels the order.
    await s.db.execute(
      sql`UPDATE pagamento SET mov_dthr_exp = now() - interval '1 second' WHERE idmovimentacao = ${id}`,
    );
    expect(await rpc('cancelarBoleto', [id], buyer!)).toMatchObject({ status: 'CA' });
    const before = await stock(s.db, sessao);
    // The bank had taken the money anyway (the notification comes late).
    const [p] = await rows<{ gateway_ref: string }>(
      s.db,
      sql`SELECT gateway_ref FROM pagamento WHERE idmovimentacao = ${id}`,
    );
    await s.db.execute(
      sql`UPDATE sandbox_cobranca SET status = 'paid' WHERE ref = ${p!.gateway_ref}`,
    );
    const note = signNotification(p!.gateway_ref, 'paid', TEST_WEBHOOK_SECRET);
    expect(await webhook(s.app, note)).toBe('refunded');
    expect(await facts(s.db, id)).toEqual({
      status: 'CA',
      tickets: 0,
      payment: 'refunded',
      at_gateway: 'refunded',
      refund_mails: 1,
    });
    expect(await stock(s.db, sessao)).toEqual(before);
    const mine = (await myOrders(s.app, buyer!)).tickets.find((o) => o.idmovimentacao === id);
    expect(mine?.pagamento_devolvido?.concluido).toBe(true);
  });
});

/** A second server: its own app and connection pool on the same PostgreSQL database. */
async function secondApp(s: TestServer) {
  const handle = await openDb({ databaseUrl: s.tdb.url!, poolMax: 6 });
  const app = await buildApp({
    db: handle.db,
    brands: s.brands,
    version: '0.0.0-test',
    distDir: path.join(os.tmpdir(), 'sf-no-dist'),
    webhookSecret: TEST_WEBHOOK_SECRET,
    sandboxPixAutoPaySeconds: 0,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

describe.runIf(inject('databaseUrl') !== '')(
  'two servers: a late "paid" against a new buyer for the last unit (PostgreSQL)',
  () => {
    let s: TestServer;
    let b: Awaited<ReturnType<typeof secondApp>>;
    beforeAll(async () => {
      s = await startTestServer({ concurrency: true });
      b = await secondApp(s);
    });
    afterAll(async () => {
      await b?.close();
      await s?.close();
    });

    it('exactly one gets the unit, the other is refunded or refused; 0 oversold', async () => {
      const sessao = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
        .idapresentacao;
      const ROUNDS = 8;
      const buyers = await makeBuyers(s.db, s.brands[0]!, ROUNDS * 2);
      const outcomes: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const late = buyers[2 * round]!;
        const fresh = buyers[2 * round + 1]!;
        await s.db.execute(
          sql`UPDATE estoque SET capacidade = reservados + 1
              WHERE idapresentacao = ${sessao} AND idproduto = ${P.inteira}`,
        );
        const id = await pendingOrder(rpcOf(s.app), late, sessao);
        await expire(s, id);
        const note = await payLate(s.db, id);
        // Server A hears the late "paid" while server B holds the last unit for a new buyer.
        const [outcome, hold] = await Promise.all([
          webhook(s.app, note),
          rpcOf(b.app)(
            'iniciarReserva',
            [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
            fresh,
          ).then(
            () => 'held',
            () => 'refused',
          ),
        ]);
        outcomes.push(`${outcome}/${hold}`);
        const f = (await facts(s.db, id))!;
        if (outcome === 'paid') {
          expect(hold).toBe('refused');
          expect(f).toMatchObject({ status: 'PA', tickets: 1, refund_mails: 0 });
        } else {
          expect(outcome).toBe('refunded');
          expect(hold).toBe('held');
          expect(f).toMatchObject({
            status: 'EX',
            tickets: 0,
            at_gateway: 'refunded',
            refund_mails: 1,
          });
        }
        const st = await stock(s.db, sessao);
        expect(st.taken).toBe(st.capacidade);
        expect(st.reservados).toBe(st.capacidade);
      }
      console.log(`late paid vs new buyer, ${ROUNDS} rounds: ${outcomes.join(' ')}`);
    });
  },
);
