/**
 * Crash safety of cancellations (cancellation.ts `recoverCancellationRefunds`, run by every
 * recovery pass of payments/recovery.ts): a cancellation recorded (tickets CP, refund pending)
 * whose refund was never asked of the gateway — the server died in between — is asked by the
 * next pass, once at the gateway however often it is asked, or reverted when the gateway
 * refuses; a gateway that cannot be asked leaves it for a later pass.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrinhoItem, TicketsCartResult } from '#schemas/contract.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { recoverCancellationRefunds } from './cancellation';
import { GatewayError, type PaymentGateway } from '#server/payments/gateway.ts';
import { recoverPayments } from '#server/payments/recovery.ts';
import {
  SIGNATURE_HEADER,
  type SignedNotification,
  settleSandboxRefunds,
} from '#server/payments/sandbox/charges.ts';
import { createSandboxGateway } from '#server/payments/sandbox/gateway.ts';
import {
  counterOf,
  makeBuyers,
  payApproved,
  startTestServer,
  TEST_WEBHOOK_SECRET,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand } from '#server/test/test-brand.ts';

/**
 * How the gateway answers a refund request: as the sandbox, refused, or unreachable; a request
 * made while a hold is set waits at it (the server "dies" after recording the cancellation: its
 * request gets no further until the test lets it go).
 */
let mode: 'sandbox' | 'refuse' | 'down' = 'sandbox';
let hold: Hold | null = null;

interface Hold {
  entered: Promise<void>;
  enter(): void;
  released: Promise<void>;
  release(): void;
}

let s: TestServer;
let visita: number;
let buyers: string[];
let next = 0;
beforeAll(async () => {
  s = await startTestServer({
    brands: [testBrand('test-a', { cancellation: { withdrawalDays: 7, beforeSessionHours: 2 } })],
    gateway: (db): PaymentGateway => {
      const sandbox = createSandboxGateway(db, { webhookSecret: TEST_WEBHOOK_SECRET });
      return {
        ...sandbox,
        async requestRefund(req) {
          const h = hold;
          if (h) {
            hold = null;
            h.enter();
            await h.released;
          }
          if (mode === 'refuse') throw new GatewayError('refund refused');
          if (mode === 'down') throw new Error('connection reset');
          return sandbox.requestRefund!(req);
        },
      };
    },
  });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  buyers = await makeBuyers(s.db, s.brands[0]!, 6);
});
afterAll(async () => {
  await s?.close();
});

/** A hold the next refund request waits at; `entered` resolves once it is waiting. */
function holdNextRefund(): Hold {
  let enter!: () => void;
  let release!: () => void;
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  hold = { entered, enter, released, release };
  return hold;
}

const recover = () =>
  recoverPayments(s.db, { gateways: s.app.paymentGateways, brands: s.brands, afterSeconds: 0 });

async function paidOrder(qtd: number) {
  const token = buyers[next++]!;
  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.inteira, qtd }], visita, []],
    { token },
  );
  await payApproved(s, token, r.idmovimentacao);
  const { localizador } = (await firstRow<{ localizador: string }>(
    s.db,
    sql`SELECT localizador FROM movimentacao WHERE id = ${r.idmovimentacao}`,
  ))!;
  const res = await s.app.inject({
    method: 'GET',
    url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true',
    headers: { host: 'localhost', authorization: `Bearer ${token}` },
  });
  const list = (res.json() as { result: TicketsCartResult }).result;
  const itens = list.tickets.find((o) => o.idmovimentacao === r.idmovimentacao)!.itens;
  return { token, id: r.idmovimentacao, localizador, itens: itens as CarrinhoItem[] };
}

const itemStatuses = async (id: number) =>
  (
    await rows<{ status: string }>(
      s.db,
      sql`SELECT status FROM movimentacao_item WHERE idmovimentacao = ${id} ORDER BY id`,
    )
  ).map((r) => r.status);

const refundOf = async (id: number) =>
  (await firstRow<{ status: string; gateway_ref: string | null; idempotency_key: string }>(
    s.db,
    sql`SELECT status, gateway_ref, idempotency_key FROM estorno WHERE idmovimentacao = ${id}`,
  ))!;

const gatewayRefunds = (localizador: string) =>
  rows<{ ref: string; status: string }>(
    s.db,
    sql`SELECT ref, status FROM sandbox_estorno WHERE localizador = ${localizador}`,
  );

async function webhook(n: SignedNotification) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/payments/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
    payload: n.body,
  });
  return (res.json() as { result?: { outcome: string } }).result?.outcome;
}

/** Cancels `itens` of `o` with the gateway held: the cancellation is recorded, never asked. */
async function cancelAndDie(o: Awaited<ReturnType<typeof paidOrder>>, itens: number[]) {
  const gate = holdNextRefund();
  const request = s.rpc('SuperIngresso', 'cancelaCompra', [o.id, itens], { token: o.token });
  await gate.entered;
  return { gate, request };
}

describe('a cancellation whose refund was never asked', () => {
  it('is asked by the next recovery pass, exactly once at the gateway, then confirmed as usual', async () => {
    const before = await counterOf(s.db, visita, P.inteira);
    const o = await paidOrder(2);
    const [a] = o.itens;
    const { gate, request } = await cancelAndDie(o, [a!.iditem]);
    expect(await itemStatuses(o.id)).toEqual(['CP', 'PA']);
    expect(await refundOf(o.id)).toMatchObject({ status: 'pending', gateway_ref: null });
    expect(await gatewayRefunds(o.localizador)).toEqual([]);

    // The recovery pass asks for it; the next one finds nothing more to do.
    expect(await recover()).toMatchObject({ refundsAsked: 1, refundsReverted: 0, left: 0 });
    const [asked] = await gatewayRefunds(o.localizador);
    expect(asked).toMatchObject({ status: 'pending' });
    expect(await refundOf(o.id)).toMatchObject({ status: 'pending', gateway_ref: asked!.ref });
    expect(await recover()).toMatchObject({ refundsAsked: 0, refundsReverted: 0, left: 0 });

    // The lost request reaches the gateway after all: the same refund, not a second one.
    gate.release();
    const answer = await request;
    expect('result' in answer.body && answer.body.result.aguarde).toBe(true);
    expect(await gatewayRefunds(o.localizador)).toEqual([asked]);

    // Confirmed: the ticket cancelled and back on sale once, the buyer mailed once.
    const n = (await settleSandboxRefunds(s.db, o.localizador, TEST_WEBHOOK_SECRET))
      .notifications[0]!;
    expect(await webhook(n)).toBe('cancelled');
    expect(await webhook(n)).toBe('unchanged');
    expect(await itemStatuses(o.id)).toEqual(['CA', 'PA']);
    expect(await counterOf(s.db, visita, P.inteira)).toBe(before + 1);
    const mails = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM outbox o JOIN pessoa p ON p.email = o.to_address
          JOIN movimentacao m ON m.idpessoa = p.id
          WHERE m.id = ${o.id} AND o.kind = 'refund_confirmed'`,
    );
    expect(mails[0]!.n).toBe(1);
  });

  it('is reverted when the gateway refuses it, and waits while the gateway cannot be asked', async () => {
    const before = await counterOf(s.db, visita, P.inteira);
    const o = await paidOrder(2);
    const { gate, request } = await cancelAndDie(o, [o.itens[0]!.iditem, o.itens[1]!.iditem]);
    // The gateway is down: nothing changes, the next pass tries again.
    mode = 'down';
    expect(await recover()).toMatchObject({ refundsAsked: 0, refundsReverted: 0, left: 1 });
    expect(await itemStatuses(o.id)).toEqual(['CP', 'CP']);
    expect(await refundOf(o.id)).toMatchObject({ status: 'pending' });
    // It refuses: the tickets are paid again, marked with the error; nothing is refunded.
    mode = 'refuse';
    expect(await recover()).toMatchObject({ refundsAsked: 0, refundsReverted: 1, left: 0 });
    mode = 'sandbox';
    expect(await itemStatuses(o.id)).toEqual(['PA', 'PA']);
    expect(await refundOf(o.id)).toMatchObject({ status: 'failed' });
    expect(await recover()).toMatchObject({ refundsAsked: 0, refundsReverted: 0 });
    expect(await counterOf(s.db, visita, P.inteira)).toBe(before + 2);
    expect(await gatewayRefunds(o.localizador)).toEqual([]);
    // The lost request, refused as well, changes nothing more.
    mode = 'refuse';
    gate.release();
    expect('error' in (await request).body).toBe(true);
    mode = 'sandbox';
    expect(await itemStatuses(o.id)).toEqual(['PA', 'PA']);
  });

  it('is left alone while it is younger than the recovery threshold', async () => {
    const o = await paidOrder(1);
    const { gate, request } = await cancelAndDie(o, [o.itens[0]!.iditem]);
    const report = await recoverPayments(s.db, {
      gateways: s.app.paymentGateways,
      brands: s.brands,
      afterSeconds: 60,
    });
    expect(report).toMatchObject({ refundsAsked: 0, refundsReverted: 0, left: 0 });
    expect(await refundOf(o.id)).toMatchObject({ status: 'pending', gateway_ref: null });
    // Its own request finishes it as usual.
    gate.release();
    await request;
    expect((await refundOf(o.id)).gateway_ref).not.toBeNull();
  });

  it('two recovery passes at once (two servers) ask for it once', async () => {
    const o = await paidOrder(1);
    const { gate, request } = await cancelAndDie(o, [o.itens[0]!.iditem]);
    // Recorded a minute ago: older than the lease the passes take.
    await s.db.execute(
      sql`UPDATE estorno SET created_at = now() - interval '1 minute',
            updated_at = now() - interval '1 minute'
          WHERE idmovimentacao = ${o.id}`,
    );
    const pass = () =>
      recoverCancellationRefunds(s.db, {
        gateways: s.app.paymentGateways,
        brands: s.brands,
        afterSeconds: 0,
        leaseSeconds: 30,
      });
    const reports = await Promise.all([pass(), pass(), pass()]);
    expect(reports.reduce((n, r) => n + r.asked, 0)).toBe(1);
    expect(await gatewayRefunds(o.localizador)).toHaveLength(1);
    gate.release();
    await request;
    expect(await gatewayRefunds(o.localizador)).toHaveLength(1);
  });
});
