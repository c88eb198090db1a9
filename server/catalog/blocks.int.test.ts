/**
 * Blocks (sectors) of an event: one stock row per (session, product, block), the session's
 * blocks with units left (getApresentacao), the products of one block (getProdutos) and a hold
 * in the block named (iniciarReserva's third param).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Localized, ReservaProduto } from '#schemas/contract.ts';
import { rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { errorOf, startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';

const L = (pt: string, es: string, en: string): Localized => ({
  'pt-BR': pt,
  'es-ES': es,
  'en-US': en,
});
const CADEIRA = 202;
const [NORTE, SUL, CENTRAL] = [1, 2, 3];
const CAPACIDADE = 5;

let s: TestServer;
let jogo: number;
let visita: number;

beforeAll(async () => {
  const catalog = testCatalog({ jogoCapacidade: CAPACIDADE });
  const match = catalog.events[1]!;
  const stand = match.tipo_produtos[0]!;
  stand.produtos[0]!.block_qtd = CAPACIDADE;
  stand.produtos.push({
    idproduto: CADEIRA,
    nome: L('Cadeira', 'Silla', 'Seat'),
    preco: 120,
    taxa: 12,
    capacidade: 3,
    block_qtd: 3,
  });
  match.blocos = [
    { idbloco: NORTE, nome: L('Setor Norte', 'Sector Norte', 'North block'), produtos: [P.jogo] },
    { idbloco: SUL, nome: L('Setor Sul', 'Sector Sur', 'South block'), produtos: [P.jogo] },
    { idbloco: CENTRAL, nome: L('Setor Central', 'Sector Central', 'Centre block') },
  ];
  match.mapa = {
    help: L('Escolha o setor no mapa', 'Elija el sector en el mapa', 'Pick a block on the map'),
  };
  match.limitePorPessoa = { porSessao: 6 };
  s = await startTestServer({ brands: [testBrand('test-a', {}, catalog)] });
  jogo = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
    .idapresentacao;
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

const unavailable = { code: 0, message: t('pt-BR', 'error.ticketsUnavailable') };

function hold(token: string, produtos: ReservaProduto[], blocos: number[], id = jogo) {
  return s.rpc('SuperIngresso', 'iniciarReserva', [produtos, id, blocos], { token });
}

const counters = async () =>
  Object.fromEntries(
    (
      await rows<{ k: string; n: number }>(
        s.db,
        sql`SELECT idproduto || '/' || idbloco AS k, reservados AS n FROM estoque
            WHERE idapresentacao = ${jogo} ORDER BY idproduto, idbloco`,
      )
    ).map((r) => [r.k, r.n]),
  );

describe('blocks (sectors)', () => {
  it('keeps one stock row per product and block that sells it; events without blocks keep block 0', async () => {
    expect(await counters()).toEqual({
      '201/1': 0,
      '201/2': 0,
      '201/3': 0,
      '202/3': 0,
    });
    const plain = await rows<{ idbloco: number }>(
      s.db,
      sql`SELECT DISTINCT idbloco FROM estoque WHERE idapresentacao = ${visita}`,
    );
    expect(plain).toEqual([{ idbloco: 0 }]);
  });

  it('getApresentacao lists the blocks, those with units left and the map help, in the language', async () => {
    const a = await s.ok('SuperIngresso', 'getApresentacao', [jogo], { lang: 'en_US' });
    expect(a.bloco_ids).toEqual([NORTE, SUL, CENTRAL]);
    expect(a.blocos).toEqual([
      { idbloco: NORTE, nome: 'North block', disponivel: CAPACIDADE },
      { idbloco: SUL, nome: 'South block', disponivel: CAPACIDADE },
      { idbloco: CENTRAL, nome: 'Centre block', disponivel: CAPACIDADE + 3 },
    ]);
    expect(a.mapa).toEqual({ help: 'Pick a block on the map' });
    expect(a.disponivel).toBe(3 * CAPACIDADE + 3);
    const plain = await s.ok('SuperIngresso', 'getApresentacao', [visita]);
    expect(plain).not.toHaveProperty('bloco_ids');
    expect(plain).not.toHaveProperty('mapa');
  });

  it('getProdutos answers one block’s products, or all summed without a block', async () => {
    const norte = await s.ok('SuperIngresso', 'getProdutos', [jogo, NORTE]);
    expect(norte.idbloco).toBe(NORTE);
    expect(norte.tipo_produtos.flatMap((t) => t.produtos.map((p) => [p.idproduto, p.qtd]))).toEqual(
      [[P.jogo, CAPACIDADE]],
    );
    const central = await s.ok('SuperIngresso', 'getProdutos', [jogo, CENTRAL]);
    expect(
      central.tipo_produtos.flatMap((t) => t.produtos.map((p) => [p.idproduto, p.qtd])),
    ).toEqual([
      [P.jogo, CAPACIDADE],
      [CADEIRA, 3],
    ]);
    const all = await s.ok('SuperIngresso', 'getProdutos', [jogo]);
    expect(all).not.toHaveProperty('idbloco');
    expect(all.tipo_produtos.flatMap((t) => t.produtos.map((p) => [p.idproduto, p.qtd]))).toEqual([
      [P.jogo, 3 * CAPACIDADE],
      [CADEIRA, 3],
    ]);
    for (const [id, bloco] of [
      [jogo, 9],
      [visita, NORTE],
    ] as const) {
      const r = await s.rpc('SuperIngresso', 'getProdutos', [id, bloco]);
      expect(errorOf(r).message).toBe(t('pt-BR', 'error.notFound'));
    }
  });

  it('holds in the block named, and only there; refuses no block, an unknown one, or one not selling the product', async () => {
    const { token } = await s.personToken('blocks-hold@example.com');
    const jogo3 = [{ idproduto: P.jogo, qtd: 3 }];
    for (const blocos of [[], [9], [NORTE, SUL]]) {
      expect(errorOf(await hold(token, jogo3, blocos))).toEqual(unavailable);
    }
    expect(errorOf(await hold(token, [{ idproduto: CADEIRA, qtd: 1 }], [NORTE]))).toEqual(
      unavailable,
    );
    // An event without blocks names none.
    expect(errorOf(await hold(token, [{ idproduto: P.inteira, qtd: 1 }], [NORTE], visita))).toEqual(
      unavailable,
    );
    expect(await counters()).toEqual({ '201/1': 0, '201/2': 0, '201/3': 0, '202/3': 0 });

    const r = await s.ok('SuperIngresso', 'iniciarReserva', [jogo3, jogo, [NORTE]], { token });
    expect(r.qtd).toBe(3);
    expect(await counters()).toEqual({ '201/1': 3, '201/2': 0, '201/3': 0, '202/3': 0 });
    const left = await s.ok('SuperIngresso', 'getProdutos', [jogo, NORTE]);
    expect(left.tipo_produtos[0]!.produtos[0]!.qtd).toBe(CAPACIDADE - 3);
    // Several products of one block in one hold.
    await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [
        [
          { idproduto: P.jogo, qtd: 1 },
          { idproduto: CADEIRA, qtd: 2 },
        ],
        jogo,
        [CENTRAL],
      ],
      { token },
    );
    expect(await counters()).toEqual({ '201/1': 3, '201/2': 0, '201/3': 1, '202/3': 2 });
    // The per-person limit of the session counts every block: 6 held.
    expect(errorOf(await hold(token, [{ idproduto: P.jogo, qtd: 1 }], [SUL])).message).toBe(
      'Limite de compra atingido',
    );
  });

  it('refuses a sold-out block, which leaves bloco_ids, while the others still sell', async () => {
    const { token } = await s.personToken('blocks-soldout@example.com');
    await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.jogo, qtd: 2 }], jogo, [NORTE]],
      {
        token,
      },
    );
    const a = await s.ok('SuperIngresso', 'getApresentacao', [jogo]);
    expect(a.bloco_ids).toEqual([SUL, CENTRAL]);
    expect(a.blocos?.find((b) => b.idbloco === NORTE)?.disponivel).toBe(0);

    const other = await s.personToken('blocks-late@example.com');
    expect(errorOf(await hold(other.token, [{ idproduto: P.jogo, qtd: 1 }], [NORTE]))).toEqual(
      unavailable,
    );
    expect(
      (
        await s.ok(
          'SuperIngresso',
          'iniciarReserva',
          [[{ idproduto: P.jogo, qtd: 1 }], jogo, [SUL]],
          { token: other.token },
        )
      ).qtd,
    ).toBe(1);
    expect(await counters()).toMatchObject({ '201/1': CAPACIDADE, '201/2': 1 });
  });
});
