import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFile } from '#schemas/brand.types.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import {
  errorOf,
  makeBuyers,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';

const L = { 'pt-BR': 'Dupla', 'es-ES': 'Pareja', 'en-US': 'Pair' };

function catalog(): CatalogFile {
  return {
    ...testCatalog(),
    cupons: [
      { codigo: 'PCT10', tipo: 'percentual', valor: 10 },
      { codigo: 'CONTA', tipo: 'percentual', valor: 10, limiteTotal: 3, limitePorPessoa: 1 },
      { codigo: 'VISITA20', tipo: 'valor', valor: 20, idevento: E.visita, qtdMinima: 2 },
      {
        codigo: 'TARDE50',
        tipo: 'percentual',
        valor: 50,
        sessao: { hora: '15:00' },
        idprodutos: [P.meia],
      },
      { codigo: 'VELHO', tipo: 'valor', valor: 5, validoAte: '2020-01-01T00:00:00-03:00' },
      { codigo: 'FUTURO', tipo: 'valor', valor: 5, validoDe: '2099-01-01T00:00:00-03:00' },
      { codigo: 'ULTIMO', tipo: 'percentual', valor: 5, limiteTotal: 1 },
    ],
    combos: [
      {
        idcombo: 1,
        nome: L,
        idevento: E.visita,
        itens: [
          { idproduto: P.inteira, qtd: 1 },
          { idproduto: P.meia, qtd: 1 },
        ],
        preco: 60,
      },
    ],
  };
}

let s: TestServer;
let manha: number;
let tarde: number;
let jogo: number;
beforeAll(async () => {
  s = await startTestServer({ brands: [testBrand('test-a', {}, catalog())] });
  const sessions = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes;
  manha = sessions.find((a) => a.dthr_apresentacao.endsWith('10:00'))!.idapresentacao;
  tarde = sessions.find((a) => a.dthr_apresentacao.endsWith('15:00'))!.idapresentacao;
  jogo = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

async function buyer(): Promise<string> {
  const [token] = await makeBuyers(s.db, s.brands[0]!, 1);
  return token!;
}

async function hold(token: string, produtos: [number, number][], idapresentacao = manha) {
  return s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [produtos.map(([idproduto, qtd]) => ({ idproduto, qtd })), idapresentacao, []],
    { token },
  );
}

const apply = (token: string, id: number, cupom: string, lang = 'pt_BR') =>
  s.rpc('SuperIngresso', 'aplicarCupom', [id, cupom], { token, lang });

async function pay(token: string, idmovimentacao: number) {
  return s.rpc(
    'SuperIngresso',
    'iniciarPagamento',
    [
      idmovimentacao,
      1,
      'http://localhost/checkout',
      await sandboxCard(s, SANDBOX_CARDS.approved),
      { parcelas: 1, idempotencyKey: `key-${randomUUID()}` },
    ],
    { token },
  );
}

async function payAndConclude(token: string, idmovimentacao: number) {
  const paid = await pay(token, idmovimentacao);
  expect(paid.body).toMatchObject({ result: { status: 'approved' } });
  await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao }], { token });
}

describe('coupons', () => {
  it('refuses unknown, out-of-time, out-of-scope and too-small carts with code 0 and why', async () => {
    const token = await buyer();
    const r = await hold(token, [[P.inteira, 1]]);
    const refusal = async (cupom: string, lang = 'pt_BR') =>
      errorOf(await apply(token, r.idmovimentacao, cupom, lang));
    expect(await refusal('NAOEXISTE')).toEqual({ code: 0, message: 'Cupom não encontrado' });
    expect(await refusal('VELHO', 'en_US')).toEqual({
      code: 0,
      message: t('en-US', 'error.couponExpired'),
    });
    expect((await refusal('FUTURO')).message).toBe(t('pt-BR', 'error.couponExpired'));
    // A 15:00 half-price coupon on a 10:00 full-price ticket.
    expect((await refusal('TARDE50')).message).toBe(t('pt-BR', 'error.couponNotApplicable'));
    // The minimum, with its number in the message.
    expect((await refusal('VISITA20', 'es_ES')).message).toBe(
      'Este cupón requiere al menos 2 entradas válidas para él en el pedido',
    );
    // A refused coupon leaves the cart as it was.
    const page = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      { token },
    );
    expect(page.resumo).toMatchObject({ cupom: '', valor_cupom: 0, valor: 55 });
  });

  it('shows a percentage per ticket and in the summary, charges it, and comes off when removed', async () => {
    const token = await buyer();
    const r = await hold(token, [[P.inteira, 2]]);
    const applied = await apply(token, r.idmovimentacao, ' pct10 ');
    expect('result' in applied.body).toBe(true);
    const page = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      { token },
    );
    for (const item of page.itens) {
      expect(item).toMatchObject({
        valor_sem_desconto: 50,
        valor_cupom: 5,
        valor: 45,
        taxa: 5,
        total: 50,
        cupom: 'PCT10',
        tem_cupom: true,
        combo: '',
        valor_combo: 0,
      });
    }
    expect(page.resumo).toEqual({
      qtd: 2,
      quantity: 2,
      subtotal: 100,
      valor_taxa: 10,
      valor_combo: 0,
      valor_cupom: 10,
      valor_garantia: 0,
      entrega_valor: 0,
      cupom: 'PCT10',
      valor: 100,
      total: 100,
    });
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toMatchObject({
      total: 100,
    });
    const gateway = await s.ok('SuperIngresso', 'getGatewayPagamento', [r.idmovimentacao], {
      token,
    });
    expect(gateway.parcelas[0]).toEqual({
      parcela: 1,
      valor: 100,
      primeira: 100,
      total: 100,
      juros: 0,
    });

    const removed = await apply(token, r.idmovimentacao, '');
    expect(removed.body).toMatchObject({
      result: { resumo: { cupom: '', valor_cupom: 0, valor: 110 } },
    });
    await apply(token, r.idmovimentacao, 'PCT10');
    await payAndConclude(token, r.idmovimentacao);
    const charged = await firstRow<{ valor_cents: number }>(
      s.db,
      sql`SELECT valor_cents FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    expect(charged?.valor_cents).toBe(10_000);
    const list = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().result.tickets[0]).toMatchObject({ total: 100 });
    expect(list.json().result.tickets[0].itens[0]).toMatchObject({ valor_cupom: 5, status: 'PA' });
  });

  it('splits a fixed amount over eligible tickets and follows removals down to its minimum', async () => {
    const token = await buyer();
    const r = await hold(token, [
      [P.inteira, 2],
      [P.gratuita, 1],
    ]);
    await hold(token, [[P.jogo, 1]], jogo);
    const res = await apply(token, r.idmovimentacao, 'VISITA20');
    expect('result' in res.body).toBe(true);
    const page = async () =>
      s.ok('SuperIngresso', 'getCarrinhoPageItens', [r.idmovimentacao, null, { api: true }], {
        token,
      });
    let p = await page();
    // 20 over 50 + 50 + 0 (the match's ticket is another event's).
    expect(p.itens.map((i) => i.valor_cupom)).toEqual([10, 10, 0, 0]);
    expect(p.resumo.valor_cupom).toBe(20);
    await s.ok(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [r.idmovimentacao, [p.itens[0]!.iditem], false, false],
      { token },
    );
    p = await page();
    // One full-price ticket and the free one are still of the visit: 2 eligible, all 20 on one.
    expect(p.itens.map((i) => i.valor_cupom)).toEqual([20, 0, 0]);
    await s.ok(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [r.idmovimentacao, [p.itens[1]!.iditem], false, false],
      { token },
    );
    p = await page();
    expect(p.resumo).toMatchObject({ cupom: 'VISITA20', valor_cupom: 0 });
    expect(p.resumo.msg_cupom).toBe(
      'Este cupom exige ao menos 2 ingressos válidos para ele no pedido',
    );
    // Adding a ticket of the visit again brings the discount back.
    await hold(token, [[P.meia, 1]]);
    p = await page();
    expect(p.resumo.valor_cupom).toBe(20);
    expect(p.resumo.msg_cupom).toBeUndefined();
  });

  it('prices a combo per session and applies the coupon on what is left', async () => {
    const token = await buyer();
    const r = await hold(token, [
      [P.inteira, 2],
      [P.meia, 1],
    ]);
    let p = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      {
        token,
        lang: 'en_US',
      },
    );
    // 50 + 25 for 60: 15 off, 10 and 5.
    expect(p.itens.map((i) => [i.combo, i.valor_combo])).toEqual([
      ['Pair', 10],
      ['', 0],
      ['Pair', 5],
    ]);
    expect(p.resumo).toMatchObject({ subtotal: 125, valor_combo: 15, valor: 110 + 12.5 });
    await apply(token, r.idmovimentacao, 'PCT10');
    p = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      { token },
    );
    expect(p.itens.map((i) => i.valor_cupom)).toEqual([4, 5, 2]);
    expect(p.resumo).toMatchObject({ valor_combo: 15, valor_cupom: 11, valor: 99 + 12.5 });
    // A half-price ticket of another session makes no combo with this session's full price.
    await hold(token, [[P.meia, 1]], tarde);
    p = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      { token },
    );
    expect(p.resumo.valor_combo).toBe(15);
  });

  it('counts a use only when paid: per person and in total', async () => {
    const [a, b, c, d] = await makeBuyers(s.db, s.brands[0]!, 4);
    const carts = new Map<string, number>();
    for (const who of [a!, b!, c!, d!]) {
      const r = await hold(who, [[P.inteira, 1]]);
      carts.set(who, r.idmovimentacao);
      // Applying takes no use: all four may.
      expect('result' in (await apply(who, r.idmovimentacao, 'CONTA')).body).toBe(true);
    }
    await payAndConclude(a!, carts.get(a!)!);
    // Once paid, A's one use per person is taken.
    const again = await hold(a!, [[P.inteira, 1]]);
    expect(errorOf(await apply(a!, again.idmovimentacao, 'CONTA')).message).toBe(
      t('pt-BR', 'error.couponPersonLimit'),
    );
    await payAndConclude(b!, carts.get(b!)!);
    await payAndConclude(c!, carts.get(c!)!);
    // Three paid: the total is reached. D applied before, so the payment refuses it, drops the
    // coupon and charges nothing; the cart shows the full price.
    const refused = await pay(d!, carts.get(d!)!);
    expect(errorOf(refused)).toEqual({ code: 0, message: t('pt-BR', 'error.couponUsedUp') });
    const p = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [carts.get(d!)!, null, { api: true }],
      {
        token: d!,
      },
    );
    expect(p.resumo).toMatchObject({ cupom: '', valor_cupom: 0, valor: 55 });
    expect(p.movimentacao.status).toBe('RE');
    const e = await buyer();
    const r = await hold(e, [[P.inteira, 1]]);
    expect(errorOf(await apply(e, r.idmovimentacao, 'CONTA')).message).toBe(
      t('pt-BR', 'error.couponUsedUp'),
    );
  });

  it('refuses to charge a price the person was not shown: a coupon that ran out of time', async () => {
    const token = await buyer();
    const r = await hold(
      token,
      [
        [P.inteira, 1],
        [P.meia, 1],
      ],
      tarde,
    );
    await apply(token, r.idmovimentacao, 'TARDE50');
    const cupom = s.brands[0]!.catalog.cupons!.find((c) => c.codigo === 'TARDE50')!;
    cupom.validoAte = '2021-01-01T00:00:00-03:00';
    try {
      expect(errorOf(await pay(token, r.idmovimentacao))).toEqual({
        code: 0,
        message: t('pt-BR', 'error.cartRepriced'),
      });
      const p = await s.ok(
        'SuperIngresso',
        'getCarrinhoPageItens',
        [r.idmovimentacao, null, { api: true }],
        {
          token,
        },
      );
      expect(p.resumo).toMatchObject({ cupom: 'TARDE50', valor_cupom: 0 });
      expect(p.resumo.msg_cupom).toBe(t('pt-BR', 'error.couponExpired'));
      // Paying again charges the total now shown.
      await payAndConclude(token, r.idmovimentacao);
      const charged = await firstRow<{ valor_cents: number }>(
        s.db,
        sql`SELECT valor_cents FROM pagamento WHERE idmovimentacao = ${r.idmovimentacao} AND status = 'approved'`,
      );
      expect(charged?.valor_cents).toBe(p.resumo.valor * 100);
    } finally {
      delete cupom.validoAte;
    }
  });
});

describe("a coupon's last use", () => {
  // A race: on PostgreSQL whenever one is reachable (on PGlite nothing interleaves).
  let pg: TestServer;
  beforeAll(async () => {
    pg = await startTestServer({ concurrency: true, brands: [testBrand('test-a', {}, catalog())] });
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('goes to exactly one of many buyers paying at once', async () => {
    const sessao = (await pg.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
      .idapresentacao;
    const buyers = await makeBuyers(pg.db, pg.brands[0]!, 6);
    const carts: number[] = [];
    for (const token of buyers) {
      const r = await pg.ok(
        'SuperIngresso',
        'iniciarReserva',
        [[{ idproduto: P.inteira, qtd: 1 }], sessao, []],
        { token },
      );
      await pg.ok('SuperIngresso', 'aplicarCupom', [r.idmovimentacao, 'ULTIMO'], { token });
      carts.push(r.idmovimentacao);
    }
    const cards = await Promise.all(buyers.map(() => sandboxCard(pg, SANDBOX_CARDS.approved)));
    const answers = await Promise.all(
      buyers.map((token, i) =>
        pg.rpc(
          'SuperIngresso',
          'iniciarPagamento',
          [
            carts[i]!,
            1,
            'http://localhost/checkout',
            cards[i]!,
            { parcelas: 1, idempotencyKey: `key-${randomUUID()}` },
          ],
          { token },
        ),
      ),
    );
    const approved = answers.filter(
      (a) => 'result' in a.body && a.body.result.status === 'approved',
    );
    expect(approved).toHaveLength(1);
    for (const a of answers.filter((x) => !approved.includes(x))) {
      expect(errorOf(a).message).toBe(t('pt-BR', 'error.couponUsedUp'));
    }
    const withCoupon = await firstRow<{ n: number }>(
      pg.db,
      sql`SELECT count(*)::int AS n FROM movimentacao WHERE cupom = 'ULTIMO'`,
    );
    expect(withCoupon?.n).toBe(1);
  });
});
