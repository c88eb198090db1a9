import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrinhoItem, TicketsCartResult } from '#schemas/contract.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import {
  SIGNATURE_HEADER,
  type SignedNotification,
  settleSandboxRefunds,
  signRefundNotification,
} from '#server/payments/sandbox/charges.ts';
import {
  counterOf,
  errorOf,
  makeBuyers,
  payApproved,
  startTestServer,
  TEST_WEBHOOK_SECRET,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand } from '#server/test/test-brand.ts';

const OPERATOR = 'operator-secret-for-tests';
const SAC = t('pt-BR', 'error.cancellationFailed');

let s: TestServer;
let visita: number;
let buyers: string[];
let next = 0;
beforeAll(async () => {
  s = await startTestServer({
    operatorToken: OPERATOR,
    brands: [testBrand('test-a', { cancellation: { withdrawalDays: 7, beforeSessionHours: 2 } })],
  });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  buyers = await makeBuyers(s.db, s.brands[0]!, 8);
});
afterAll(async () => {
  await s?.close();
});

const counter = () => counterOf(s.db, visita, P.inteira);

/** A paid order of `qtd` tickets of the first visit session for a new buyer. */
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
  return { token, id: r.idmovimentacao, localizador };
}

async function orders(token: string, status = 'PA'): Promise<TicketsCartResult> {
  const res = await s.app.inject({
    method: 'GET',
    url: `/tickets/cart?status=${status}&page=1&results_per_page=5&fetch_items=true`,
    headers: { host: 'localhost', authorization: `Bearer ${token}` },
  });
  return (res.json() as { result: TicketsCartResult }).result;
}

async function itemsOf(token: string, id: number, status = 'PA,CA'): Promise<CarrinhoItem[]> {
  const list = await orders(token, status);
  return list.tickets.find((o) => o.idmovimentacao === id)?.itens ?? [];
}

async function webhook(n: SignedNotification) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/payments/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
    payload: n.body,
  });
  return (res.json() as { result?: { outcome: string } }).result?.outcome;
}

async function operatorRefund(which: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sandbox-gateway/v1/operator/settle',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json', 'x-operator-token': OPERATOR },
    payload: { which, outcome: 'refunded' },
  });
  return (res.json() as { result: { outcome: string } }).result.outcome;
}

describe('cancelaCompra', () => {
  it('cancel → aguarde (pending) → confirmed → units back exactly once, even confirmed twice', async () => {
    const before = await counter();
    const o = await paidOrder(3);
    expect(await counter()).toBe(before + 3);
    const items = await itemsOf(o.token, o.id);
    expect(items).toHaveLength(3);
    for (const i of items) {
      expect(i).toMatchObject({ cancel: true, tp_cancel: 'estornar', status: 'PA' });
      // Within the withdrawal period everything paid for the ticket comes back.
      expect(i.valor_estorno).toBe(i.total);
    }
    const [a, b, c] = items as [CarrinhoItem, CarrinhoItem, CarrinhoItem];

    const answer = await s.ok('SuperIngresso', 'cancelaCompra', [o.id, [a.iditem, b.iditem]], {
      token: o.token,
    });
    expect(answer).toEqual({
      aguarde: true,
      idmovimentacao: o.id,
      itens: [a.iditem, b.iditem],
      valor_estorno: a.total + b.total,
    });
    // Pending: still sold, shown as pending, no longer offered for cancellation.
    expect(await counter()).toBe(before + 3);
    const pending = await itemsOf(o.token, o.id);
    expect(pending.filter((i) => i.cancelamento === 'pendente').map((i) => i.iditem)).toEqual([
      a.iditem,
      b.iditem,
    ]);
    expect(pending.find((i) => i.iditem === a.iditem)?.cancel).toBe(false);
    const list = await orders(o.token);
    expect(list.tickets.find((m) => m.idmovimentacao === o.id)?.valor_estorno_pendente).toBe(
      a.total + b.total,
    );
    // The same tickets again: refused, nothing more asked.
    const twice = await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [a.iditem]], {
      token: o.token,
    });
    expect(errorOf(twice)).toEqual({ code: 0, message: SAC });

    // The sandbox confirms; the notification applied twice at once, then again.
    const settled = await settleSandboxRefunds(s.db, o.localizador, TEST_WEBHOOK_SECRET);
    expect(settled.outcome).toBe('refunded');
    expect(settled.notifications).toHaveLength(1);
    const n = settled.notifications[0]!;
    const outcomes = await Promise.all([webhook(n), webhook(n)]);
    expect(outcomes.sort()).toEqual(['cancelled', 'unchanged']);
    expect(await webhook(n)).toBe('unchanged');
    expect(await counter()).toBe(before + 1);

    const after = await itemsOf(o.token, o.id);
    expect(after.map((i) => [i.iditem, i.status])).toEqual([
      [a.iditem, 'CA'],
      [b.iditem, 'CA'],
      [c.iditem, 'PA'],
    ]);
    expect(after.find((i) => i.iditem === a.iditem)?.codigo).toBeUndefined();
    const paid = (await orders(o.token)).tickets.find((m) => m.idmovimentacao === o.id)!;
    expect(paid).toMatchObject({ status: 'PA', qtd: 1, valor_estornado: a.total + b.total });

    // The last ticket, confirmed through the operator endpoint (npm run sandbox -- refund):
    // the order is cancelled and listed under the cancelled filter.
    await s.ok('SuperIngresso', 'cancelaCompra', [o.id, [c.iditem]], { token: o.token });
    expect(await operatorRefund(o.localizador)).toBe('refunded');
    expect(await operatorRefund(o.localizador)).toBe('already-refunded');
    expect(await counter()).toBe(before);
    const cancelled = await orders(o.token, 'CA');
    expect(cancelled.tickets.map((m) => [m.idmovimentacao, m.status])).toEqual([[o.id, 'CA']]);
    expect(cancelled.tickets[0]!.itens.every((i) => i.status === 'CA')).toBe(true);
    const refunds = await rows<{ status: string; valor_cents: number }>(
      s.db,
      sql`SELECT status, valor_cents FROM sandbox_estorno WHERE localizador = ${o.localizador}`,
    );
    expect(refunds.map((r) => r.status)).toEqual(['refunded', 'refunded']);
  });

  it('a confirmed refund mails the buyer once, in their language: the tickets, the amount, the locator', async () => {
    const o = await paidOrder(2);
    await s.db.execute(
      sql`UPDATE pessoa SET idioma = 'en-US', nome = 'Ana Buyer'
          WHERE id = (SELECT idpessoa FROM movimentacao WHERE id = ${o.id})`,
    );
    const [a] = (await itemsOf(o.token, o.id)) as [CarrinhoItem, CarrinhoItem];
    await s.ok('SuperIngresso', 'cancelaCompra', [o.id, [a.iditem]], { token: o.token });
    const mails = () =>
      rows<{ to_address: string; locale: string; subject: string; text: string; html: string }>(
        s.db,
        sql`SELECT o.to_address, o.locale, o.subject, o.text, o.html FROM outbox o
            JOIN pessoa p ON p.email = o.to_address
            JOIN movimentacao m ON m.idpessoa = p.id
            WHERE m.id = ${o.id} AND o.kind = 'refund_confirmed'`,
      );
    // Pending: nothing said yet.
    expect(await mails()).toEqual([]);
    const n = (await settleSandboxRefunds(s.db, o.localizador, TEST_WEBHOOK_SECRET))
      .notifications[0]!;
    // The confirmation arrives twice at once, then once more.
    expect((await Promise.all([webhook(n), webhook(n)])).sort()).toEqual([
      'cancelled',
      'unchanged',
    ]);
    expect(await webhook(n)).toBe('unchanged');
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.locale).toBe('en-US');
    expect(mail.subject).toBe(`Cancellation confirmed — order ${o.localizador} — Logo`);
    const valor = `R$ ${a.total.toFixed(2).replace('.', ',')}`;
    expect(mail.text).toContain('Hello, Ana Buyer!');
    expect(mail.text).toContain(`${valor} given back`);
    expect(mail.text).toContain(o.localizador);
    // One line per cancelled ticket (the other ticket stays paid and is not listed).
    const lines = mail.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^- Visit · .+ · Full price$/);
    expect(mail.html).toContain('<li>Visit · ');
  });

  it("someone else's order, an unknown ticket, an unpaid order: refused with the SAC message", async () => {
    const o = await paidOrder(1);
    const [item] = await itemsOf(o.token, o.id);
    const other = buyers[next++]!;
    const r = await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [item!.iditem]], {
      token: other,
    });
    expect(errorOf(r)).toEqual({ code: 0, message: SAC });
    const unknown = await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [999_999]], {
      token: o.token,
    });
    expect(errorOf(unknown)).toEqual({ code: 0, message: SAC });
    const en = await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [999_999]], {
      token: o.token,
      lang: 'en_US',
    });
    expect(errorOf(en).message).toBe(t('en-US', 'error.cancellationFailed'));
    // A hold (not paid).
    const hold = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      { token: other },
    );
    const page = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [hold.idmovimentacao, null, { api: true }],
      {
        token: other,
      },
    );
    const held = await s.rpc(
      'SuperIngresso',
      'cancelaCompra',
      [hold.idmovimentacao, [page.itens[0]!.iditem]],
      { token: other },
    );
    expect(errorOf(held)).toEqual({ code: 0, message: SAC });
    // Nothing was asked of the gateway.
    const asked = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM estorno WHERE idmovimentacao = ${o.id}`,
    );
    expect(asked[0]!.n).toBe(0);
  });

  it('the withdrawal period: 7 days after paying, only a refundable ticket (without the option price)', async () => {
    const o = await paidOrder(2);
    await s.db.execute(
      sql`UPDATE movimentacao SET dthr_pagamento = now() - interval '7 days 1 minute'
          WHERE id = ${o.id}`,
    );
    const [x, y] = (await itemsOf(o.token, o.id)) as [CarrinhoItem, CarrinhoItem];
    expect(x).toMatchObject({ cancel: false, cancel_motivo: 'prazo' });
    expect(
      errorOf(
        await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [x.iditem]], { token: o.token }),
      ),
    ).toEqual({ code: 0, message: SAC });
    // A ticket with the refundable option (500 cents) may still be cancelled, less its price.
    await s.db.execute(
      sql`UPDATE movimentacao_item SET garantia_cents = 500 WHERE id = ${y.iditem}`,
    );
    const y2 = (await itemsOf(o.token, o.id)).find((i) => i.iditem === y.iditem)!;
    expect(y2).toMatchObject({ cancel: true, tp_cancel: 'estornar' });
    expect(y2.valor_estorno).toBeCloseTo(y2.total - 5, 2);
    const ok = await s.ok('SuperIngresso', 'cancelaCompra', [o.id, [y.iditem]], { token: o.token });
    expect(ok.valor_estorno).toBeCloseTo(y2.total - 5, 2);
  });

  it('never within beforeSessionHours of the session, nor after it started', async () => {
    const o = await paidOrder(1);
    const [item] = await itemsOf(o.token, o.id);
    const original = await firstRow<{ dthr: Date }>(
      s.db,
      sql`SELECT dthr FROM apresentacao WHERE id = ${visita}`,
    );
    try {
      for (const offset of ['1 hour', '-1 hour']) {
        await s.db.execute(
          sql`UPDATE apresentacao SET dthr = now() + ${offset}::interval WHERE id = ${visita}`,
        );
        const [now] = await itemsOf(o.token, o.id);
        expect(now).toMatchObject({ cancel: false, cancel_motivo: 'sessao' });
        const r = await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [item!.iditem]], {
          token: o.token,
        });
        expect(errorOf(r)).toEqual({ code: 0, message: SAC });
      }
    } finally {
      await s.db.execute(
        sql`UPDATE apresentacao SET dthr = ${original!.dthr} WHERE id = ${visita}`,
      );
    }
  });

  it('a refund the gateway refuses: the tickets stay paid, marked with the error', async () => {
    const before = await counter();
    const o = await paidOrder(2);
    const [a, b] = (await itemsOf(o.token, o.id)) as [CarrinhoItem, CarrinhoItem];
    // Refused later, by notification.
    await s.ok('SuperIngresso', 'cancelaCompra', [o.id, [a.iditem]], { token: o.token });
    const [refund] = await rows<{ ref: string; idempotency_key: string }>(
      s.db,
      sql`SELECT ref, idempotency_key FROM sandbox_estorno WHERE localizador = ${o.localizador}`,
    );
    const failed = signRefundNotification(
      refund!.ref,
      refund!.idempotency_key,
      'failed',
      TEST_WEBHOOK_SECRET,
    );
    expect(await webhook(failed)).toBe('reverted');
    expect(await webhook(failed)).toBe('unchanged');
    const back = (await itemsOf(o.token, o.id)).find((i) => i.iditem === a.iditem)!;
    expect(back).toMatchObject({ status: 'PA', cancelamento: 'erro', cancel: true });
    // Refused at once: the charge cannot be refunded any more.
    await s.db.execute(
      sql`UPDATE sandbox_cobranca_cartao SET status = 'refunded'
          WHERE ref = (SELECT gateway_ref FROM pagamento WHERE idmovimentacao = ${o.id}
            AND status = 'approved')`,
    );
    const r = await s.rpc('SuperIngresso', 'cancelaCompra', [o.id, [b.iditem]], {
      token: o.token,
    });
    expect(errorOf(r)).toEqual({ code: 0, message: SAC });
    const items = await itemsOf(o.token, o.id);
    expect(items.map((i) => i.status)).toEqual(['PA', 'PA']);
    expect(await counter()).toBe(before + 2);
  });
});
