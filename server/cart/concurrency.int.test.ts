import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/sql';
import { startTestServer, type TestServer, unitsTaken } from '../test/harness';
import { E, P } from '../test/test-brand';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('concurrent reservations', () => {
  it('200 concurrent requests for a product with capacity 50 hold exactly 50 units', async () => {
    const sessao = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
      .idapresentacao;
    const people = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s.personToken(`concurrent${i}@example.com`)),
    );
    // 10 requests of 1 unit per person: neither block_qtd (10) nor the order limit (12) stops them.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        s.rpc('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.jogo, qtd: 1 }], sessao, []], {
          token: people[i % 20]!.token,
        }),
      ),
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
});
