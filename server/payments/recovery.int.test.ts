/**
 * Crash safety of payments (recovery.ts): an attempt whose answer was lost — the server died
 * between the charge and saving it, or the gateway timed out — is settled from the gateway's
 * record exactly once: charged → tickets (units still held, or free to take back) or a refund
 * through the adapter (units gone); not charged → declined, the order back to the cart or
 * released. The PostgreSQL suite also runs two recoveries at once over two connection pools.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '#server/db/client.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { expireHolds } from '#server/orders/lifecycle.ts';
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
import { GatewayTimeoutError, type PaymentGateway } from './gateway';
import { type RecoveryReport, readRecoveryEnv, recoverPayments } from './recovery';
import { TEST_CARDS } from './sandbox/cards';
import { createSandboxGateway } from './sandbox/gateway';

const TIMEOUT_CARD = Object.entries(TEST_CARDS).find(([, o]) => o === 'timeout')![0];
const key = () => `key-${randomUUID()}`;

/** How the test gateway behaves: the sandbox, or lost before reaching it, or held at a gate. */
let mode: 'sandbox' | 'lost' | 'gate' = 'sandbox';
let gate: { entered: () => void; open: Promise<void> } | null = null;

let s: TestServer;
let visita: number;
let buyers: string[];
let next = 0;
beforeAll(async () => {
  s = await startTestServer({
    gateway: (db): PaymentGateway => {
      const sandbox = createSandboxGateway(db, { webhookSecret: TEST_WEBHOOK_SECRET });
      return {
        ...sandbox,
        async charge(req) {
          if (mode === 'lost') throw new GatewayTimeoutError('never reached the gateway');
          if (mode === 'gate' && gate) {
            gate.entered();
            await gate.open;
          }
          return sandbox.charge(req);
        },
      };
    },
  });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  buyers = await makeBuyers(s.db, s.brands[0]!, 20);
});
afterAll(async () => {
  await s?.close();
});

const buyer = () => buyers[next++]!;

const recover = (db: Db = s.db): Promise<RecoveryReport> =>
  recoverPayments(db, { gateways: s.app.paymentGateways, brands: s.brands, afterSeconds: 0 });

const none: RecoveryReport = {
  concluded: 0,
  pending: 0,
  refunded: 0,
  released: 0,
  left: 0,
  skipped: 0,
  unconcluded: 0,
  refundsAsked: 0,
  refundsReverted: 0,
};

async function reserve(token: string, qtd = 2) {
  return s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.inteira, qtd }], visita, []], {
    token,
  });
}

async function payCard(token: string, id: number, numero: string, idempotencyKey = key()) {
  return s.rpc(
    'SuperIngresso',
    'iniciarPagamento',
    [id, 1, '', await sandboxCard(s, numero), { parcelas: 1, idempotencyKey }],
    { token },
  );
}

const order = (id: number) =>
  firstRow<{ status: string; dthr_exp: unknown }>(
    s.db,
    sql`SELECT status, dthr_exp FROM movimentacao WHERE id = ${id}`,
  );

const payment = (id: number) =>
  firstRow<{ id: number; status: string; gateway_ref: string | null; idempotency_key: string }>(
    s.db,
    sql`SELECT id, status, gateway_ref, idempotency_key FROM pagamento WHERE idmovimentacao = ${id}
        ORDER BY id DESC LIMIT 1`,
  );

/** The sandbox's card charges of an order (through its payments' keys), by status. */
const charges = async (id: number) =>
  rows<{ status: string; n: number }>(
    s.db,
    sql`SELECT c.status, count(*)::int AS n FROM sandbox_cobranca_cartao c
        JOIN pagamento p ON p.idempotency_key = c.idempotency_key
        WHERE p.idmovimentacao = ${id} GROUP BY c.status ORDER BY c.status`,
  );

const tickets = async (id: number) =>
  (
    await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM ingresso g JOIN movimentacao_item i ON i.id = g.iditem
          WHERE i.idmovimentacao = ${id}`,
    )
  )[0]!.n;

/** The state a crash between the charge and saving its answer leaves: the payment processing. */
async function crashedAfterCharge(token: string, id: number) {
  const res = await payCard(token, id, TIMEOUT_CARD);
  expect('result' in res.body && res.body.result.status).toBe('pending');
  const p = await payment(id);
  await s.db.execute(sql`UPDATE pagamento SET status = 'processing' WHERE id = ${p!.id}`);
  return p!;
}

/** The hold (and its payment's grace) ran out and the sweep marked the order EX. */
async function holdRanOut(id: number) {
  await s.db.execute(
    sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 second' WHERE id = ${id}`,
  );
  await s.db.execute(
    sql`UPDATE pagamento SET mov_dthr_exp = now() - interval '1 minute' WHERE idmovimentacao = ${id}`,
  );
  await expireHolds(s.db, { idmovimentacao: id });
  expect((await order(id))?.status).toBe('EX');
}

describe('the sandbox gateway keeps one card charge per key', () => {
  it('charges a key once, looks it up and refunds it (idempotently)', async () => {
    const gw = s.app.paymentGateways[0]!;
    const card = await sandboxCard(s, SANDBOX_CARDS.approved);
    const req = {
      token: card.token,
      bandeira: card.bandeira,
      amountCents: 1000,
      installments: 1,
      idempotencyKey: key(),
    };
    const first = await gw.charge(req);
    expect(await gw.charge(req)).toEqual(first);
    await expect(gw.charge({ ...req, amountCents: 999 })).rejects.toThrow(/another charge/);
    expect(await gw.lookupCharge!(req.idempotencyKey)).toEqual({
      status: 'approved',
      gatewayRef: first.gatewayRef,
    });
    expect(await gw.lookupCharge!(key())).toBeNull();
    expect(await gw.refund!(first.gatewayRef)).toBe('refunded');
    expect(await gw.refund!(first.gatewayRef)).toBe('refunded');
    expect(await gw.lookupCharge!(req.idempotencyKey)).toMatchObject({ status: 'refunded' });
    expect(await gw.refund!('sbx_nope')).toBe('unknown');
    const [n] = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM sandbox_cobranca_cartao
          WHERE idempotency_key = ${req.idempotencyKey}`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('recovery', () => {
  it('a gateway timeout leaves the order pending (TP, units held), then recovery issues the tickets', async () => {
    const token = buyer();
    const r = await reserve(token);
    const counted = await counterOf(s.db, visita, P.inteira);
    const k = key();
    const res = await payCard(token, r.idmovimentacao, TIMEOUT_CARD, k);
    expect(res.body).toMatchObject({
      result: { status: 'pending', mensagem: t('pt-BR', 'payment.pendingMessage') },
    });
    expect(await payment(r.idmovimentacao)).toMatchObject({ status: 'unknown' });
    expect((await order(r.idmovimentacao))?.status).toBe('TP');
    expect(await counterOf(s.db, visita, P.inteira)).toBe(counted);
    // The same key answers the same at once; another key may not charge again meanwhile.
    const again = await payCard(token, r.idmovimentacao, TIMEOUT_CARD, k);
    expect(again.body).toEqual(res.body);
    const other = await payCard(token, r.idmovimentacao, SANDBOX_CARDS.approved);
    expect(errorOf(other).message).toBe(t('pt-BR', 'error.paymentInProgress'));
    // The checkout's conclusion answers pending, no tickets yet.
    expect(
      await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: r.idmovimentacao }], {
        token,
      }),
    ).toEqual({ idmovimentacao: r.idmovimentacao, status: 'AP', ingressos: [] });
    expect(await charges(r.idmovimentacao)).toEqual([{ status: 'approved', n: 1 }]);

    expect(await recover()).toEqual({ ...none, concluded: 1 });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    expect(await tickets(r.idmovimentacao)).toBe(2);
    expect(await payment(r.idmovimentacao)).toMatchObject({
      status: 'approved',
      gateway_ref: expect.stringMatching(/^sbx_/),
    });
    expect(await counterOf(s.db, visita, P.inteira)).toBe(counted);
    const done = await s.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token },
    );
    expect(done.status).toBe('PA');
    expect(done.ingressos).toHaveLength(2);
    // Settled once: the next pass finds nothing.
    expect(await recover()).toEqual(none);
    const [mail] = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM outbox WHERE kind = 'payment_confirmed'`,
    );
    expect(mail!.n).toBe(1);
  });

  it('a crash after the charge, the units still held: the order is completed from the record', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    await crashedAfterCharge(token, r.idmovimentacao);
    // A new attempt meanwhile cannot charge again.
    const other = await payCard(token, r.idmovimentacao, SANDBOX_CARDS.approved);
    expect(errorOf(other).message).toBe(t('pt-BR', 'error.paymentInProgress'));
    expect(await recover()).toEqual({ ...none, concluded: 1 });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    expect(await tickets(r.idmovimentacao)).toBe(1);
    expect(await charges(r.idmovimentacao)).toEqual([{ status: 'approved', n: 1 }]);
  });

  it('paid after the hold expired, units still free: honoured (the units taken back)', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    const counted = await counterOf(s.db, visita, P.inteira);
    await crashedAfterCharge(token, r.idmovimentacao);
    await holdRanOut(r.idmovimentacao);
    expect(await counterOf(s.db, visita, P.inteira)).toBe(counted - 2);
    expect(await recover()).toEqual({ ...none, concluded: 1 });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    expect(await tickets(r.idmovimentacao)).toBe(2);
    expect(await counterOf(s.db, visita, P.inteira)).toBe(counted);
  });

  it('paid after the hold expired, units gone: refunded through the adapter, never paid without tickets', async () => {
    const token = buyer();
    const r = await reserve(token, 2);
    await crashedAfterCharge(token, r.idmovimentacao);
    await holdRanOut(r.idmovimentacao);
    // Someone else bought the last units meanwhile: the stock is full.
    const [stock] = await rows<{ capacidade: number }>(
      s.db,
      sql`SELECT capacidade FROM estoque WHERE idapresentacao = ${visita} AND idproduto = ${P.inteira}`,
    );
    const full = await counterOf(s.db, visita, P.inteira);
    await s.db.execute(sql`UPDATE estoque SET capacidade = ${full}
                           WHERE idapresentacao = ${visita} AND idproduto = ${P.inteira}`);
    try {
      expect(await recover()).toEqual({ ...none, refunded: 1 });
    } finally {
      await s.db.execute(sql`UPDATE estoque SET capacidade = ${stock!.capacidade}
                             WHERE idapresentacao = ${visita} AND idproduto = ${P.inteira}`);
    }
    expect((await order(r.idmovimentacao))?.status).toBe('EX');
    expect(await tickets(r.idmovimentacao)).toBe(0);
    expect(await payment(r.idmovimentacao)).toMatchObject({ status: 'refunded' });
    expect(await charges(r.idmovimentacao)).toEqual([{ status: 'refunded', n: 1 }]);
    expect(await counterOf(s.db, visita, P.inteira)).toBe(full);
    expect(await recover()).toEqual(none);
  });

  it('never charged: declined, the order back to the cart with its hold, or released when it ran out', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    mode = 'lost';
    try {
      const res = await payCard(token, r.idmovimentacao, SANDBOX_CARDS.approved);
      expect(res.body).toMatchObject({ result: { status: 'pending' } });
    } finally {
      mode = 'sandbox';
    }
    expect(await recover()).toEqual({ ...none, released: 1 });
    expect(await order(r.idmovimentacao)).toMatchObject({ status: 'RE' });
    expect(await payment(r.idmovimentacao)).toMatchObject({ status: 'declined' });
    // The buyer pays again with a new key.
    const paid = await payCard(token, r.idmovimentacao, SANDBOX_CARDS.approved);
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
    await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: r.idmovimentacao }], {
      token,
    });

    const late = buyer();
    const r2 = await reserve(late, 1);
    const counted = await counterOf(s.db, visita, P.inteira);
    mode = 'lost';
    try {
      await payCard(late, r2.idmovimentacao, SANDBOX_CARDS.approved);
    } finally {
      mode = 'sandbox';
    }
    await s.db.execute(
      sql`UPDATE pagamento SET mov_dthr_exp = now() - interval '1 second'
          WHERE idmovimentacao = ${r2.idmovimentacao}`,
    );
    expect(await recover()).toEqual({ ...none, released: 1 });
    expect((await order(r2.idmovimentacao))?.status).toBe('EX');
    expect(await counterOf(s.db, visita, P.inteira)).toBe(counted - 1);
  });

  it('an answer arriving after recovery settled the attempt is not written again; a late charge is refunded', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    let entered!: () => void;
    const reached = new Promise<void>((done) => {
      entered = done;
    });
    let open!: () => void;
    gate = {
      entered,
      open: new Promise<void>((done) => {
        open = done;
      }),
    };
    mode = 'gate';
    const paying = payCard(token, r.idmovimentacao, SANDBOX_CARDS.approved);
    try {
      await reached;
      // The request is slower than the threshold: recovery finds no charge yet.
      expect(await recover()).toEqual({ ...none, released: 1 });
    } finally {
      open();
      mode = 'sandbox';
      gate = null;
    }
    const res = await paying;
    expect(res.body).toMatchObject({
      result: { status: 'declined', mensagem: t('pt-BR', 'error.reservationExpired') },
    });
    expect(await payment(r.idmovimentacao)).toMatchObject({ status: 'refunding' });
    expect(await recover()).toEqual({ ...none, refunded: 1 });
    expect(await charges(r.idmovimentacao)).toEqual([{ status: 'refunded', n: 1 }]);
    expect(await order(r.idmovimentacao)).toMatchObject({ status: 'RE' });
    expect(await tickets(r.idmovimentacao)).toBe(0);
  });

  it('a crash after issuing a slip the buyer never saw: cancelled at the gateway, the cart back', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    const slip = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [r.idmovimentacao, 2, '', null, { parcelas: 1, idempotencyKey: key() }],
      { token },
    );
    expect(slip.status).toBe('pending');
    // What a crash before saving the answer leaves: the attempt processing, the order TP.
    await s.db.execute(
      sql`UPDATE pagamento SET status = 'processing', gateway_ref = NULL, boleto_barcode = NULL
          WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    await s.db.execute(
      sql`UPDATE movimentacao SET status = 'TP', dthr_exp = now() + interval '2 minutes'
          WHERE id = ${r.idmovimentacao}`,
    );
    expect(await recover()).toEqual({ ...none, released: 1 });
    expect(await payment(r.idmovimentacao)).toMatchObject({ status: 'cancelled' });
    expect(await order(r.idmovimentacao)).toMatchObject({ status: 'RE' });
    const [c] = await rows<{ status: string }>(
      s.db,
      sql`SELECT c.status FROM sandbox_cobranca c JOIN pagamento p
            ON p.idempotency_key = c.idempotency_key
          WHERE p.idmovimentacao = ${r.idmovimentacao}`,
    );
    expect(c?.status).toBe('cancelled');
  });

  it('an approved order never concluded gets its tickets', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    const paid = await payCard(token, r.idmovimentacao, SANDBOX_CARDS.approved);
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
    expect(await order(r.idmovimentacao)).toMatchObject({ status: 'TP', dthr_exp: null });
    expect(await recover()).toEqual({ ...none, unconcluded: 1 });
    expect((await order(r.idmovimentacao))?.status).toBe('PA');
    const done = await s.ok(
      'SuperIngresso',
      'concluirPagamento',
      [{ idmovimentacao: r.idmovimentacao }],
      { token },
    );
    expect(done.ingressos).toHaveLength(1);
  });

  it('an attempt younger than the threshold is left to its request', async () => {
    const token = buyer();
    const r = await reserve(token, 1);
    await crashedAfterCharge(token, r.idmovimentacao);
    const young = await recoverPayments(s.db, {
      gateways: s.app.paymentGateways,
      afterSeconds: 60,
    });
    expect(young).toEqual(none);
    expect(await recover()).toEqual({ ...none, concluded: 1 });
  });

  it('two recoveries at once settle each attempt exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const token = buyer();
      const r = await reserve(token, 1);
      await crashedAfterCharge(token, r.idmovimentacao);
      ids.push(r.idmovimentacao);
    }
    // On PostgreSQL the second runs on its own pool, as another server would.
    const other = s.tdb.url ? await openDb({ databaseUrl: s.tdb.url, poolMax: 4 }) : null;
    try {
      const reports = await Promise.all([recover(), recover(other?.db ?? s.db)]);
      expect(reports[0]!.concluded + reports[1]!.concluded).toBe(4);
      expect(reports.every((x) => x.refunded === 0 && x.released === 0)).toBe(true);
    } finally {
      await other?.close();
    }
    for (const id of ids) {
      expect((await order(id))?.status).toBe('PA');
      expect(await tickets(id)).toBe(1);
      expect(await charges(id)).toEqual([{ status: 'approved', n: 1 }]);
    }
  });
});

describe('readRecoveryEnv', () => {
  it('reads the threshold and the sandbox delay, refusing bad values', () => {
    expect(readRecoveryEnv({})).toEqual({ ok: true, afterSeconds: 60, sandboxChargeDelayMs: 0 });
    expect(
      readRecoveryEnv({ PAYMENT_RECOVERY_SECONDS: '0', SANDBOX_CHARGE_DELAY_MS: '250' }),
    ).toEqual({ ok: true, afterSeconds: 0, sandboxChargeDelayMs: 250 });
    const bad = readRecoveryEnv({ PAYMENT_RECOVERY_SECONDS: '-1', SANDBOX_CHARGE_DELAY_MS: 'x' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems).toHaveLength(2);
  });
});
