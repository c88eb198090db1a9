import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#schemas/contract.ts';
import { DEMO_AGENCY } from '#server/accounts/seed.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { AppError } from '#server/errors.ts';
import { t } from '#server/i18n.ts';
import { holdUnits, prepareOrderRoutines } from '#server/orders/lifecycle.ts';
import { errorOf, startTestServer, type TestServer, unitsTaken } from '#server/test/harness.ts';
import { E, P, testBrand, testBrands, testCatalog } from '#server/test/test-brand.ts';
import { startSweeper } from './sweeper';

let s: TestServer;
let visita: number;
let jogo: number;
beforeAll(async () => {
  s = await startTestServer();
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  jogo = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

const movStatus = async (id: number) =>
  (await firstRow<{ status: string }>(s.db, sql`SELECT status FROM movimentacao WHERE id = ${id}`))
    ?.status;

describe('reservation and cart', () => {
  it('holds units, shows the cart and its items, and appends without extending the expiry', async () => {
    const { token } = await s.personToken('cart1@example.com');
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toBeNull();
    const r1 = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [
        [
          { idproduto: P.inteira, qtd: 2 },
          { idproduto: P.meia, qtd: 1 },
        ],
        visita,
        [],
      ],
      { token },
    );
    expect(r1.qtd).toBe(3);
    expect(r1.count_exp).toBeGreaterThan(15 * 60 - 5);
    expect(r1.count_exp).toBeLessThanOrEqual(15 * 60);
    expect(r1.dthr_exp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await unitsTaken(s.db, visita, P.inteira)).toBe(2);

    await new Promise((r) => setTimeout(r, 1100));
    const r2 = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.gratuita, qtd: 1 }], visita, []],
      { token },
    );
    expect(r2.idmovimentacao).toBe(r1.idmovimentacao);
    expect(r2.dthr_exp).toBe(r1.dthr_exp);
    expect(r2.qtd).toBe(4);

    const cart = await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token });
    expect(cart).toMatchObject({
      idmovimentacao: r1.idmovimentacao,
      status: 'RE',
      dthr_exp: r1.dthr_exp,
      qtd: 4,
      total: 55 * 2 + 27.5,
    });
    expect(cart!.localizador).toMatch(/^[A-Z2-9]{10}$/);

    const page = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r1.idmovimentacao, null, { api: true }],
      { token, lang: 'en_US' },
    );
    expect(page.itens).toHaveLength(4);
    expect(page.itens[0]).toMatchObject({
      idproduto: P.inteira,
      idapresentacao: visita,
      idevento: E.visita,
      dscevento: 'Visit',
      dscproduto: 'Full price',
      dsctipo: 'Individual',
      dscapre: 'Entry',
      status: 'RE',
      valor: 50,
      taxa: 5,
      total: 55,
      dthr_exp: r1.dthr_exp,
    });
    expect(page.itens[0]!.codigo).toBeUndefined();
    expect(page.resumo).toEqual({
      qtd: 4,
      quantity: 4,
      subtotal: 125,
      valor_taxa: 12.5,
      valor_combo: 0,
      valor_cupom: 0,
      valor_garantia: 0,
      entrega_valor: 0,
      cupom: '',
      valor: 137.5,
      total: 137.5,
    });
    expect(await s.ok('SuperIngressoWeb', 'getCarrinhoQtdReservados', [], { token })).toEqual({
      qtd: 4,
    });
    expect(await s.ok('SuperIngressoWeb', 'getCarrinhoQtdReservados', [])).toEqual({ qtd: 0 });
  });

  it('enforces block_qtd per product and the per-order limit', async () => {
    const { token } = await s.personToken('limits@example.com');
    const over = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 11 }], visita, []],
      { token },
    );
    expect(errorOf(over)).toEqual({ code: 0, message: t('pt-BR', 'error.purchaseLimit') });
    await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 8 }], visita, []],
      {
        token,
      },
    );
    const block = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 3 }], visita, []],
      { token },
    );
    expect(errorOf(block).message).toBe('Limite de compra atingido');
    await s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.meia, qtd: 4 }], visita, []], {
      token,
    });
    const order = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.gratuita, qtd: 1 }], visita, []],
      { token },
    );
    expect(errorOf(order).message).toBe('Limite de compra atingido');
    expect((await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token }))!.qtd).toBe(12);
  });

  it('answers unavailable products with the localized error and writes nothing', async () => {
    const { token } = await s.personToken('unavailable@example.com');
    const before = await firstRow<{ m: number; i: number }>(
      s.db,
      sql`SELECT (SELECT count(*) FROM movimentacao)::int AS m, (SELECT count(*) FROM movimentacao_item)::int AS i`,
    );
    const agencyOnly = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [
        [
          { idproduto: P.inteira, qtd: 1 },
          { idproduto: P.agencia, qtd: 1 },
        ],
        visita,
        [],
      ],
      { token, lang: 'es_ES' },
    );
    expect(errorOf(agencyOnly)).toEqual({ code: 0, message: '¡Entradas no disponibles!' });
    // The free product has 20 units; the first product fits, the second does not: all or nothing.
    await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.gratuita, qtd: 4 }], visita, []],
      {
        token: (await s.personToken('free1@example.com')).token,
      },
    );
    for (const n of [2, 3, 4]) {
      await s.ok(
        'SuperIngresso',
        'iniciarReserva',
        [[{ idproduto: P.gratuita, qtd: 4 }], visita, []],
        {
          token: (await s.personToken(`free${n}@example.com`)).token,
        },
      );
    }
    const taken = await unitsTaken(s.db, visita, P.gratuita);
    const left = 20 - taken;
    expect(left).toBe(3);
    const mixed = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [
        [
          { idproduto: P.inteira, qtd: 1 },
          { idproduto: P.gratuita, qtd: 4 },
        ],
        visita,
        [],
      ],
      { token },
    );
    expect(errorOf(mixed).message).toBe('Ingressos indisponíveis!');
    const after = await firstRow<{ m: number; i: number }>(
      s.db,
      sql`SELECT (SELECT count(*) FROM movimentacao)::int AS m, (SELECT count(*) FROM movimentacao_item)::int AS i`,
    );
    // Only the four free holds above were written.
    expect(after!.m).toBe(before!.m + 4);
    expect(after!.i).toBe(before!.i + 16);
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toBeNull();
    const unknown = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: 999, qtd: 1 }], visita, []],
      {
        token,
      },
    );
    expect(errorOf(unknown).message).toBe('Ingressos indisponíveis!');
  });

  it('lets agencies hold agency-only products', async () => {
    const token = await s.login(DEMO_AGENCY.email, DEMO_AGENCY.password);
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.agencia, qtd: 10 }], visita, []],
      {
        token,
      },
    );
    expect(r.qtd).toBe(10);
    await s.ok('SuperIngresso', 'cancelarReserva', [r.idmovimentacao, null, false, false], {
      token,
    });
  });

  it('removes items of the person cart only; an emptied cart is cancelled', async () => {
    const { token } = await s.personToken('remove@example.com');
    const other = await s.personToken('intruder@example.com');
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 3 }], jogo, []],
      {
        token,
      },
    );
    const { itens } = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [r.idmovimentacao, null, { api: true }],
      {
        token,
      },
    );
    const foreign = await s.rpc(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [r.idmovimentacao, [itens[0]!.iditem], false, false],
      { token: other.token },
    );
    expect(errorOf(foreign).message).toBe(t('pt-BR', 'error.cartNotFound'));
    expect(await unitsTaken(s.db, jogo, P.jogo)).toBe(3);

    const after = await s.ok(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [r.idmovimentacao, [itens[0]!.iditem], false, false],
      { token },
    );
    expect(after).toMatchObject({
      idmovimentacao: r.idmovimentacao,
      qtd: 2,
      total: 176,
      status: 'RE',
    });
    expect(await unitsTaken(s.db, jogo, P.jogo)).toBe(2);
    const empty = await s.ok(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [r.idmovimentacao, [itens[1]!.iditem, itens[2]!.iditem], false, false],
      { token },
    );
    expect(empty).toBeNull();
    expect(await movStatus(r.idmovimentacao)).toBe('CA');
    expect(await unitsTaken(s.db, jogo, P.jogo)).toBe(0);
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toBeNull();
  });

  it('cancels a reservation and releases its units', async () => {
    const { token } = await s.personToken('cancel@example.com');
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 5 }], jogo, []],
      {
        token,
      },
    );
    expect(await unitsTaken(s.db, jogo, P.jogo)).toBe(5);
    expect(
      await s.ok('SuperIngresso', 'cancelarReserva', [r.idmovimentacao, null, false, false], {
        token,
      }),
    ).toEqual({ idmovimentacao: r.idmovimentacao, status: 'CA' });
    expect(await unitsTaken(s.db, jogo, P.jogo)).toBe(0);
    expect(await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token })).toBeNull();
    // A new reservation opens a new cart.
    const r2 = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 1 }], jogo, []],
      {
        token,
      },
    );
    expect(r2.idmovimentacao).not.toBe(r.idmovimentacao);
    await s.ok('SuperIngresso', 'cancelarReserva', [r2.idmovimentacao, null, false, false], {
      token,
    });
  });
});

describe('expiry', () => {
  let x: TestServer;
  let sessao: number;
  beforeAll(async () => {
    x = await startTestServer({
      holdSeconds: 1,
      brands: [testBrand('test-a', {}, testCatalog({ jogoCapacidade: 3 }))],
    });
    sessao = (await x.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
      .idapresentacao;
  });
  afterAll(async () => {
    await x?.close();
  });

  it('frees held units when the hold times out, without the sweeper', async () => {
    const a = await x.personToken('a@example.com');
    const b = await x.personToken('b@example.com');
    const ra = await x.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 3 }], sessao, []],
      {
        token: a.token,
      },
    );
    const full = await x.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 1 }], sessao, []],
      {
        token: b.token,
      },
    );
    expect(errorOf(full).message).toBe('Ingressos indisponíveis!');
    await new Promise((r) => setTimeout(r, 1500));
    // The expired hold is still RE in the table: expiry is read from its timestamp.
    const [row] = await rows<{ status: string }>(
      x.db,
      sql`SELECT status FROM movimentacao WHERE id = ${ra.idmovimentacao}`,
    );
    expect(row!.status).toBe('RE');
    expect(
      (await x.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!.disponivel,
    ).toBe(3);
    const rb = await x.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 3 }], sessao, []],
      {
        token: b.token,
      },
    );
    expect(rb.qtd).toBe(3);
    // A's cart is gone (marked EX lazily) and its items are refused.
    expect(await x.ok('SuperIngresso', 'getCarrinhoPage', [], { token: a.token })).toBeNull();
    const items = await x.rpc(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [ra.idmovimentacao, null, { api: true }],
      {
        token: a.token,
      },
    );
    expect(errorOf(items).message).toBe(t('pt-BR', 'error.reservationExpired'));
    const [after] = await rows<{ status: string }>(
      x.db,
      sql`SELECT status FROM movimentacao WHERE id = ${ra.idmovimentacao}`,
    );
    expect(after!.status).toBe('EX');
  });

  it('marks expired holds EX with the sweeper', async () => {
    const c = await x.personToken('c@example.com');
    await new Promise((r) => setTimeout(r, 1200));
    const rc = await x.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 1 }], sessao, []],
      {
        token: c.token,
      },
    );
    await new Promise((r) => setTimeout(r, 1500));
    const sweeper = startSweeper(x.db, { intervalMs: 60_000 });
    try {
      expect(await sweeper.runOnce()).toBeGreaterThanOrEqual(1);
    } finally {
      sweeper.stop();
    }
    const [row] = await rows<{ status: string }>(
      x.db,
      sql`SELECT status FROM movimentacao WHERE id = ${rc.idmovimentacao}`,
    );
    expect(row!.status).toBe('EX');
    const open = await rows<{ n: number }>(
      x.db,
      sql`SELECT count(*)::int AS n FROM movimentacao WHERE status IN ('RE','TP') AND dthr_exp <= now()`,
    );
    expect(open[0]!.n).toBe(0);
  });
});

describe('prorrogarReserva (more time, WCAG 2.2.1)', () => {
  const hold = async (token: string) =>
    s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.inteira, qtd: 1 }], visita, []], {
      token,
    });

  it('gives a live hold its time again, at most the brand’s number of times, units untouched', async () => {
    const { token } = await s.personToken('extend1@example.com');
    const r = await hold(token);
    const taken = await unitsTaken(s.db, visita, P.inteira);
    // Spend some of the hold's time, as a person reading the page would.
    await s.db.execute(
      sql`UPDATE movimentacao SET dthr_exp = now() + interval '60 seconds' WHERE id = ${r.idmovimentacao}`,
    );
    const e1 = await s.ok('SuperIngresso', 'prorrogarReserva', [r.idmovimentacao], { token });
    expect(e1.count_exp).toBeGreaterThan(60 + 15 * 60 - 5);
    expect(e1.count_exp).toBeLessThanOrEqual(60 + 15 * 60);
    expect(e1.prorrogacoes_restantes).toBe(9);
    const cart = await s.ok('SuperIngresso', 'getCarrinhoPage', [], { token });
    expect(cart!.dthr_exp).toBe(e1.dthr_exp);
    expect(await unitsTaken(s.db, visita, P.inteira)).toBe(taken);

    for (let left = 8; left >= 0; left--) {
      const e = await s.ok('SuperIngresso', 'prorrogarReserva', [r.idmovimentacao], { token });
      expect(e.prorrogacoes_restantes).toBe(left);
    }
    const refused = await s.rpc('SuperIngresso', 'prorrogarReserva', [r.idmovimentacao], {
      token,
    });
    expect(errorOf(refused)).toEqual({ code: 0, message: t('pt-BR', 'error.holdExtensionLimit') });
    await s.ok('SuperIngresso', 'cancelarReserva', [r.idmovimentacao, null, false, false], {
      token,
    });
  });

  it('never past the session’s start; never for someone else’s or an expired hold', async () => {
    const { token } = await s.personToken('extend2@example.com');
    const r = await hold(token);
    // The session starts in 30 s: no time can be added.
    const [{ dthr }] = (await rows<{ dthr: unknown }>(
      s.db,
      sql`SELECT dthr FROM apresentacao WHERE id = ${visita}`,
    )) as [{ dthr: unknown }];
    await s.db.execute(
      sql`UPDATE apresentacao SET dthr = now() + interval '30 seconds' WHERE id = ${visita}`,
    );
    try {
      const soon = await s.rpc('SuperIngresso', 'prorrogarReserva', [r.idmovimentacao], {
        token,
      });
      expect(errorOf(soon)).toEqual({
        code: 0,
        message: t('pt-BR', 'error.holdExtensionSessionStart'),
      });
    } finally {
      await s.db.execute(
        sql`UPDATE apresentacao SET dthr = ${dthr as Date}::timestamptz WHERE id = ${visita}`,
      );
    }

    const other = await s.personToken('extend3@example.com');
    const foreign = await s.rpc('SuperIngresso', 'prorrogarReserva', [r.idmovimentacao], {
      token: other.token,
    });
    expect(errorOf(foreign)?.message).toBe(t('pt-BR', 'error.cartNotFound'));

    await s.db.execute(
      sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 second' WHERE id = ${r.idmovimentacao}`,
    );
    const expired = await s.rpc('SuperIngresso', 'prorrogarReserva', [r.idmovimentacao], {
      token,
    });
    expect(errorOf(expired)?.message).toBe(t('pt-BR', 'error.reservationExpired'));
  });
});

describe('terms of use on a hold', () => {
  it('refuses with code 4 in the hold’s own round trip when the version is not accepted, writing nothing', async () => {
    const { pessoa } = await s.personToken('terms-hold@example.com');
    const before = await unitsTaken(s.db, visita, P.inteira);
    const req = (versao: string) => ({
      brand: testBrands()[0]!.id,
      idpessoa: pessoa.id,
      idapresentacao: visita,
      units: [{ idproduto: P.inteira, qtd: 1 }],
      holdSeconds: 900,
      maxItemsPerOrder: 10,
      localizador: 'TERMSHOLD2',
      requiredTerm: { tipo: 1, versao },
    });
    const refused = await holdUnits(s.db, req('2999-01-01')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: ErrorCode.TermsRequired });
    expect(await unitsTaken(s.db, visita, P.inteira)).toBe(before);
    const mov = await firstRow<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM movimentacao WHERE idpessoa = ${pessoa.id}`,
    );
    expect(mov?.n).toBe(0);
    // Accepted: the hold goes through.
    await s.db.execute(
      sql`INSERT INTO termo_aceite (idpessoa, tipo, versao, idtermo)
          VALUES (${pessoa.id}, 1, '2999-01-01', 129990101)`,
    );
    expect(await holdUnits(s.db, req('2999-01-01'))).toMatchObject({ qtd: 1 });
    expect(await unitsTaken(s.db, visita, P.inteira)).toBe(before + 1);
  });
});

describe('start', () => {
  it('readies the hold on every connection at start without writing, and holds follow', async () => {
    const count = async () =>
      (await firstRow<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM movimentacao`))!.n;
    const before = await count();
    await prepareOrderRoutines(s.db);
    expect(await count()).toBe(before);
    const { token } = await s.personToken('ready@example.com');
    const unit = [{ idproduto: P.inteira, qtd: 1 }];
    await s.ok('SuperIngresso', 'iniciarReserva', [unit, visita, []], { token });
    expect(await count()).toBe(before + 1);
  });
});
