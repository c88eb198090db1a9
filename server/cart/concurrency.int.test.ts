// Races on the stock. These run on PostgreSQL whenever one is reachable (harness `concurrency`),
// also in the PGlite suite: on PGlite's single connection nothing interleaves, so they could
// not fail there.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { rows } from '#server/db/sql.ts';
import { expireHolds, holdTesting } from '#server/orders/lifecycle.ts';
import {
  counterOf,
  makeBuyers,
  startTestServer,
  type TestServer,
  unitsTaken,
} from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ concurrency: true });
});
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  holdTesting.withoutLock = false;
});

const hold = (token: string, idapresentacao: number, idproduto: number) =>
  s.rpc('SuperIngresso', 'iniciarReserva', [[{ idproduto, qtd: 1 }], idapresentacao, []], {
    token,
  });

async function sessions(idevento: number): Promise<number[]> {
  return (await s.ok('SuperIngresso', 'getApresentacoes', [idevento])).apresentacoes.map(
    (a) => a.idapresentacao,
  );
}

describe('concurrent reservations', () => {
  it('200 concurrent requests for a product with capacity 50 hold exactly 50 units', async () => {
    const sessao = (await sessions(E.jogo))[0]!;
    const people = await makeBuyers(s.db, s.brands[0]!, 20);
    // 10 requests of 1 unit per person: neither block_qtd (10) nor the order limit (12) stops them.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hold(people[i % 20]!, sessao, P.jogo)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const held = answers.filter((a) => 'result' in a.body);
    const refused = answers.filter((a) => 'error' in a.body);
    expect(held).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const a of refused) {
      expect(a.body).toEqual({ error: { code: 0, message: 'Ingressos indisponíveis!' } });
    }
    expect(await unitsTaken(s.db, sessao, P.jogo)).toBe(50);
    expect(await counterOf(s.db, sessao, P.jogo)).toBe(50);
    const [units] = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM movimentacao_item i
          JOIN estoque e ON e.id = i.idestoque
          WHERE e.idapresentacao = ${sessao} AND e.idproduto = ${P.jogo}`,
    );
    expect(units!.n).toBe(50);
    // Each person has at most one open cart, however many requests raced.
    const carts = await rows<{ idpessoa: number; n: number }>(
      s.db,
      sql`SELECT idpessoa, count(*)::int AS n FROM movimentacao
          WHERE status = 'RE' GROUP BY idpessoa HAVING count(*) > 1`,
    );
    expect(carts).toEqual([]);
    const products = await s.ok('SuperIngresso', 'getProdutos', [sessao]);
    expect(products.tipo_produtos[0]!.produtos[0]!.qtd).toBe(0);
  });

  // The proof that the test above can fail: the same race with the counter read from the
  // statement's snapshot instead of under the row lock loses updates and sells more than there
  // is. Only PostgreSQL runs statements of several connections at once.
  it.runIf(inject('concurrencyDatabaseUrl') !== '')(
    'without the row lock the same race oversells (PostgreSQL)',
    async () => {
      const sessao = (await sessions(E.visita))[1]!;
      const people = await makeBuyers(s.db, s.brands[0]!, 300);
      holdTesting.withoutLock = true;
      const answers = await Promise.all(people.map((t) => hold(t, sessao, P.inteira)));
      holdTesting.withoutLock = false;
      const held = answers.filter((a) => 'result' in a.body).length;
      // Capacity 100: more than 100 holds succeeded, and the units say so too.
      expect(held).toBeGreaterThan(100);
      expect(await unitsTaken(s.db, sessao, P.inteira)).toBeGreaterThan(100);
    },
  );

  it('expiry run by many at once gives each hold back exactly once', async () => {
    const sessao = (await sessions(E.visita))[0]!;
    const people = await makeBuyers(s.db, s.brands[0]!, 60);
    const answers = await Promise.all(people.map((t) => hold(t, sessao, P.meia)));
    expect(answers.filter((a) => 'result' in a.body)).toHaveLength(60);
    expect(await counterOf(s.db, sessao, P.meia)).toBe(60);
    // Their time runs out (the clock, not a status change).
    await s.db.execute(sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 second'
                           WHERE status = 'RE' AND id IN (
                             SELECT i.idmovimentacao FROM movimentacao_item i
                             JOIN estoque e ON e.id = i.idestoque
                             WHERE e.idapresentacao = ${sessao} AND e.idproduto = ${P.meia})`);
    expect(await unitsTaken(s.db, sessao, P.meia)).toBe(0);
    // Sweeper passes and per-person passes (every cart read does one), all at once.
    const passes = await Promise.all([
      ...Array.from({ length: 6 }, () => expireHolds(s.db)),
      ...people.map((t) => s.rpc('SuperIngressoWeb', 'getCarrinhoQtdReservados', [], { token: t })),
    ]);
    const swept = passes
      .filter((p): p is number => typeof p === 'number')
      .reduce((a, b) => a + b, 0);
    expect(swept).toBeLessThanOrEqual(60);
    const [ex] = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(DISTINCT m.id)::int AS n FROM movimentacao m
          JOIN movimentacao_item i ON i.idmovimentacao = m.id
          JOIN estoque e ON e.id = i.idestoque
          WHERE e.idapresentacao = ${sessao} AND e.idproduto = ${P.meia} AND m.status = 'EX'`,
    );
    expect(ex!.n).toBe(60);
    // Given back once each: a second release would have driven it below zero (and failed).
    expect(await counterOf(s.db, sessao, P.meia)).toBe(0);
  });
});
