import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartaoToken, Envelope, TicketsCartResult } from '#schemas/contract.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import {
  errorOf,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  TEST_WEBHOOK_SECRET,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand, testBrands } from '#server/test/test-brand.ts';
import type { ChargeRequest, PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox/gateway';

/**
 * Card instalments with interest (the brand's interest table): what is offered is what is
 * charged and what the order keeps (valor_juros, parcelas_gtw); and the sandbox's token is
 * single-use and made only with the brand's own public key.
 */

const charged: ChargeRequest[] = [];
let s: TestServer;
let visita: number;
beforeAll(async () => {
  const [a, b] = testBrands();
  // test-a: interest-free up to 2x, then 1.99% a month.
  const withInterest = testBrand('test-a', {
    ...a!.brand,
    payments: { ...a!.brand.payments, interestFreeInstallments: 2, monthlyInterestRate: 1.99 },
  });
  s = await startTestServer({
    brands: [withInterest, b!],
    gateway: (db): PaymentGateway => {
      const sandbox = createSandboxGateway(db, { webhookSecret: TEST_WEBHOOK_SECRET });
      return {
        ...sandbox,
        publicKey: sandbox.publicKey,
        async charge(req) {
          charged.push(req);
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

async function reserve(token: string, qtd = 2) {
  return s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.inteira, qtd }], visita, []], {
    token,
  });
}

describe('instalments with interest', () => {
  it('offers the instalment, the total and the interest, charges that total and keeps it on the order', async () => {
    const { token } = await s.personToken('juros@example.com');
    const r = await reserve(token);
    const gw = await s.ok('SuperIngresso', 'getGatewayPagamento', [r.idmovimentacao], { token });
    // 110.00: 1x and 2x interest-free; 3x to 5x by the Price formula at 1.99% a month (each
    // instalment rounded to the cent, total = n × instalment); 6x would be under 20.00.
    expect(gw.parcelas).toEqual([
      { parcela: 1, valor: 110, primeira: 110, total: 110, juros: 0 },
      { parcela: 2, valor: 55, primeira: 55, total: 110, juros: 0 },
      { parcela: 3, valor: 38.14, primeira: 38.14, total: 114.42, juros: 4.42 },
      { parcela: 4, valor: 28.88, primeira: 28.88, total: 115.52, juros: 5.52 },
      { parcela: 5, valor: 23.33, primeira: 23.33, total: 116.65, juros: 6.65 },
    ]);

    const idempotencyKey = key();
    const pay = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [
        r.idmovimentacao,
        1,
        '',
        await sandboxCard(s, SANDBOX_CARDS.approved),
        { parcelas: 3, idempotencyKey },
      ],
      { token },
    );
    expect(pay.status).toBe('approved');
    // The amount charged is the offered total of 3x, in 3 instalments, for the brand's account.
    expect(charged.find((c) => c.idempotencyKey === idempotencyKey)).toMatchObject({
      amountCents: 11442,
      installments: 3,
      publicKey: 'pk_sandbox_test-a',
    });
    expect(
      await firstRow(
        s.db,
        sql`SELECT valor_cents, juros_cents, parcelas FROM pagamento
            WHERE idempotency_key = ${idempotencyKey}`,
      ),
    ).toEqual({ valor_cents: 11442, juros_cents: 442, parcelas: 3 });
    expect(
      await firstRow(
        s.db,
        sql`SELECT juros_cents, parcelas_gtw FROM movimentacao WHERE id = ${r.idmovimentacao}`,
      ),
    ).toEqual({ juros_cents: 442, parcelas_gtw: 3 });

    await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: r.idmovimentacao }], {
      token,
    });
    const res = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true',
      headers: { authorization: `Bearer ${token}` },
    });
    const order = (res.json() as { result: TicketsCartResult }).result.tickets[0]!;
    expect(order).toMatchObject({
      idmovimentacao: r.idmovimentacao,
      total: 110,
      valor_juros: 4.42,
      parcelas_gtw: 3,
    });
    // The interest is spread over the tickets, in cents, so they add up to what was charged.
    const cents = (n: number) => Math.round(n * 100);
    expect(order.itens.map((i) => i.juros)).toEqual([2.21, 2.21]);
    expect(order.itens.reduce((sum, i) => sum + cents(i.total), 0)).toBe(11442);
  });

  it('an order paid interest-free keeps no interest and its instalments', async () => {
    const { token } = await s.personToken('semjuros@example.com');
    const r = await reserve(token, 1);
    const pay = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [
        r.idmovimentacao,
        1,
        '',
        await sandboxCard(s, SANDBOX_CARDS.approved),
        { parcelas: 2, idempotencyKey: key() },
      ],
      { token },
    );
    expect(pay.status).toBe('approved');
    expect(
      await firstRow(
        s.db,
        sql`SELECT juros_cents, parcelas_gtw FROM movimentacao WHERE id = ${r.idmovimentacao}`,
      ),
    ).toEqual({ juros_cents: 0, parcelas_gtw: 2 });
    // An option that is not offered is refused.
    const { token: other } = await s.personToken('seis@example.com');
    const r2 = await reserve(other);
    const six = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [
        r2.idmovimentacao,
        1,
        '',
        await sandboxCard(s, SANDBOX_CARDS.approved),
        { parcelas: 6, idempotencyKey: key() },
      ],
      { token: other },
    );
    expect(six.body).toHaveProperty('error');
  });
});

describe('sandbox card tokens', () => {
  it('a token is charged once: another order (another key) is refused and nothing is charged', async () => {
    const tok = await sandboxCard(s, SANDBOX_CARDS.approved);
    const a = await s.personToken('token-a@example.com');
    const b = await s.personToken('token-b@example.com');
    const ra = await reserve(a.token, 1);
    const rb = await reserve(b.token, 1);
    const keyA = key();
    const paidA = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [ra.idmovimentacao, 1, '', tok, { parcelas: 1, idempotencyKey: keyA }],
      { token: a.token },
    );
    expect(paidA.status).toBe('approved');
    // The same token for another order: the gateway refuses it.
    const keyB = key();
    const paidB = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [rb.idmovimentacao, 1, '', tok, { parcelas: 1, idempotencyKey: keyB }],
      { token: b.token },
    );
    expect(errorOf(paidB).message).toBe(t('pt-BR', 'error.gateway'));
    expect(
      await firstRow(
        s.db,
        sql`SELECT count(*)::int AS n FROM sandbox_cobranca_cartao WHERE token = ${tok.token}`,
      ),
    ).toEqual({ n: 1 });
    expect(
      await firstRow(s.db, sql`SELECT status FROM movimentacao WHERE id = ${rb.idmovimentacao}`),
    ).toEqual({ status: 'RE' });
    // A fresh token pays order B.
    const paidB2 = await s.ok(
      'SuperIngresso',
      'iniciarPagamento',
      [
        rb.idmovimentacao,
        1,
        '',
        await sandboxCard(s, SANDBOX_CARDS.approved),
        { parcelas: 1, idempotencyKey: key() },
      ],
      { token: b.token },
    );
    expect(paidB2.status).toBe('approved');
  });

  it('the gateway: same key answers the same charge, another key or account is refused', async () => {
    const sandbox = createSandboxGateway(s.db, { webhookSecret: TEST_WEBHOOK_SECRET });
    const tok = await sandboxCard(s, SANDBOX_CARDS.approved);
    const req = {
      token: tok.token,
      bandeira: tok.bandeira,
      amountCents: 1000,
      installments: 1,
      idempotencyKey: key(),
      publicKey: 'pk_sandbox_test-a',
    };
    const first = await sandbox.charge(req);
    expect(first.status).toBe('approved');
    expect(await sandbox.charge(req)).toEqual(first);
    await expect(sandbox.charge({ ...req, idempotencyKey: key() })).rejects.toThrow(
      'token already used',
    );
    const other = await sandboxCard(s, SANDBOX_CARDS.approved);
    await expect(
      sandbox.charge({
        ...req,
        token: other.token,
        idempotencyKey: key(),
        publicKey: 'pk_sandbox_test-b',
      }),
    ).rejects.toThrow('token made for another account');
  });

  it('the tokenizer takes only the key of the brand it serves', async () => {
    const tokenize = async (publicKey: string, host = 'localhost') =>
      (
        await s.app.inject({
          method: 'POST',
          url: '/sandbox-gateway/v1/tokens',
          headers: { host },
          payload: {
            publicKey,
            numero: SANDBOX_CARDS.approved,
            titular: 'Demo Visitante',
            validade: '12/39',
            cvv: '123',
          },
        })
      ).json() as Envelope<CartaoToken>;
    const invalid = { error: { code: 0, message: 'invalid_key' } };
    expect(await tokenize('pk_sandbox_test-a')).toHaveProperty('result.token');
    expect(await tokenize('pk_sandbox_test-b')).toEqual(invalid);
    expect(await tokenize('pk_sandbox_anything')).toEqual(invalid);
    expect(await tokenize('pk_sandbox_test-b', 'other.test')).toHaveProperty('result.token');
    expect(await tokenize('pk_sandbox_test-a', 'other.test')).toEqual(invalid);
  });
});
