import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import {
  errorOf,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';

/**
 * Issue 12 item 2: the refundable-ticket option. Offered by the brand, it is priced per ticket
 * (percent of the price after discounts, at least a minimum), kept in every total when taken,
 * and paying is refused until it is taken or declined; a brand that does not offer it neither
 * shows nor accepts it.
 */
let s: TestServer;
let plain: TestServer;
let visita: number;

function withRefundable(base: LoadedBrand): LoadedBrand {
  return {
    ...base,
    brand: {
      ...base.brand,
      payments: { ...base.brand.payments, refundable: { percent: 10, minValue: 6 } },
    },
  };
}

beforeAll(async () => {
  // Inteira costs R$ 80 + R$ 5 fee: 10% is R$ 8,00. Meia costs R$ 25: 10% is under the minimum.
  s = await startTestServer({
    brands: [withRefundable(testBrand('test-a', {}, testCatalog({ inteiraPreco: 80 })))],
  });
  plain = await startTestServer();
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
  await plain?.close();
});

async function hold(server: TestServer, email: string, qtd: number, meias = 0) {
  const { token } = await server.personToken(email);
  const produtos: { idproduto: number; qtd: number }[] = [{ idproduto: P.inteira, qtd }];
  if (meias > 0) produtos.push({ idproduto: P.meia, qtd: meias });
  const r = await server.ok('SuperIngresso', 'iniciarReserva', [produtos, visita, []], { token });
  return { token, idmovimentacao: r.idmovimentacao };
}

const items = (server: TestServer, h: { token: string; idmovimentacao: number }) =>
  server.ok('SuperIngresso', 'getCarrinhoPageItens', [h.idmovimentacao, null, { api: true }], {
    token: h.token,
  });

async function pay(h: { token: string; idmovimentacao: number }) {
  const cartao = await sandboxCard(s, SANDBOX_CARDS.approved);
  return s.rpc(
    'SuperIngresso',
    'iniciarPagamento',
    [h.idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: `key-${randomUUID()}` }],
    { token: h.token },
  );
}

describe('the refundable-ticket option', () => {
  it('is offered unchosen, priced per ticket, and refuses the payment until chosen', async () => {
    const h = await hold(s, 'garantia-choice@example.com', 2);
    const cart = await items(s, h);
    expect(cart.garantia).toEqual({ valor: 16, percentual: 10, escolhida: null });
    expect(cart.resumo).toMatchObject({ valor: 170, valor_garantia: 0 });

    const refused = await pay(h);
    expect(errorOf(refused)).toEqual({ code: 0, message: t('pt-BR', 'error.refundableChoice') });
    const payments = await firstRow<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${h.idmovimentacao}`,
    );
    expect(payments?.n).toBe(0);

    // Taken: per ticket and in the summary; declined: gone again.
    const taken = await s.ok('SuperIngresso', 'escolherGarantia', [h.idmovimentacao, true], {
      token: h.token,
    });
    expect(taken.garantia?.escolhida).toBe(true);
    expect(taken.itens.map((i) => [i.valor_garantia, i.total])).toEqual([
      [8, 93],
      [8, 93],
    ]);
    expect(taken.resumo).toMatchObject({ valor: 186, total: 186, valor_garantia: 16 });
    const declined = await s.ok('SuperIngresso', 'escolherGarantia', [h.idmovimentacao, false], {
      token: h.token,
    });
    expect(declined.garantia?.escolhida).toBe(false);
    expect(declined.resumo).toMatchObject({ valor: 170, valor_garantia: 0 });
  });

  it('costs at least the minimum per ticket, and is charged with the tickets', async () => {
    const h = await hold(s, 'garantia-paid@example.com', 1, 1);
    const taken = await s.ok('SuperIngresso', 'escolherGarantia', [h.idmovimentacao, true], {
      token: h.token,
    });
    expect(taken.itens.map((i) => i.valor_garantia).sort()).toEqual([6, 8]);
    expect(taken.resumo).toMatchObject({ valor: 126.5, valor_garantia: 14 });
    const paid = await pay(h);
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
    const charged = await firstRow<{ valor_cents: number }>(
      s.db,
      sql`SELECT valor_cents FROM pagamento WHERE idmovimentacao = ${h.idmovimentacao}`,
    );
    expect(charged?.valor_cents).toBe(12650);
  });

  it('is refused on a cart that is not open, and by a brand that does not offer it', async () => {
    const h = await hold(s, 'garantia-other@example.com', 1);
    const other = await s.personToken('garantia-stranger@example.com');
    const stranger = await s.rpc('SuperIngresso', 'escolherGarantia', [h.idmovimentacao, true], {
      token: other.token,
    });
    expect(errorOf(stranger).message).toBe(t('pt-BR', 'error.cartNotFound'));

    const p = await hold(plain, 'garantia-plain@example.com', 1);
    expect((await items(plain, p)).garantia).toBeUndefined();
    const refused = await plain.rpc('SuperIngresso', 'escolherGarantia', [p.idmovimentacao, true], {
      token: p.token,
    });
    expect(errorOf(refused).message).toBe(t('pt-BR', 'error.refundableNotOffered'));
  });
});
