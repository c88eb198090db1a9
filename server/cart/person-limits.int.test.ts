/**
 * The event's per-person limits (catalogue `limitePorPessoa`), decided in the hold's round trip:
 * the units of a session, and of all the event's sessions, that one person holds or bought.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IniciarReservaResult, ReservaProduto } from '#schemas/contract.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { concludeOrder, settlePayment } from '#server/orders/lifecycle.ts';
import { errorOf, startTestServer, type TestServer, unitsTaken } from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';

const POR_SESSAO = 4;
const POR_EVENTO = 6;

let s: TestServer;
/** Three sessions of the visit (the event with the limits). */
let sessoes: number[];
let jogo: number;

beforeAll(async () => {
  const catalog = testCatalog();
  catalog.events[0]!.limitePorPessoa = { porSessao: POR_SESSAO, porEvento: POR_EVENTO };
  s = await startTestServer({ brands: [testBrand('test-a', {}, catalog)] });
  sessoes = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes
    .slice(0, 3)
    .map((a) => a.idapresentacao);
  jogo = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

const limitError = { code: 0, message: 'Limite de compra atingido' };

function hold(token: string, idapresentacao: number, inteira: number, meia = 0) {
  const produtos: ReservaProduto[] = [{ idproduto: P.inteira, qtd: inteira }];
  if (meia > 0) produtos.push({ idproduto: P.meia, qtd: meia });
  return s.rpc('SuperIngresso', 'iniciarReserva', [produtos, idapresentacao, []], { token });
}

async function held(token: string, idapresentacao: number, inteira: number, meia = 0) {
  const r = await hold(token, idapresentacao, inteira, meia);
  if (!('result' in r.body)) throw new Error(`hold refused: ${JSON.stringify(r.body)}`);
  return r.body.result as IniciarReservaResult;
}

describe('per-person limits of an event', () => {
  it('uses the catalogue message of the purchase limit', () => {
    expect(t('pt-BR', 'error.purchaseLimit')).toBe(limitError.message);
  });

  it('per session: counts the units already held in earlier holds', async () => {
    const { token } = await s.personToken('limit-session@example.com');
    const [s1] = sessoes as [number];
    await held(token, s1, 2, 1);
    const before = await unitsTaken(s.db, s1, P.inteira);
    // 3 held + 2 asked > 4: refused, and nothing written.
    expect(errorOf(await hold(token, s1, 2))).toEqual(limitError);
    expect(await unitsTaken(s.db, s1, P.inteira)).toBe(before);
    const cart = await held(token, s1, 1);
    expect(cart.qtd).toBe(POR_SESSAO);
    expect(errorOf(await hold(token, s1, 1))).toEqual(limitError);
    // A request past the limit alone is refused before the hold.
    const other = await s.personToken('limit-alone@example.com');
    expect(errorOf(await hold(other.token, s1, POR_SESSAO + 1))).toEqual(limitError);
    // Another event without limits is not affected.
    expect(
      (
        await s.ok('SuperIngresso', 'iniciarReserva', [[{ idproduto: P.jogo, qtd: 5 }], jogo, []], {
          token,
        })
      ).qtd,
    ).toBe(POR_SESSAO + 5);
  });

  it('per event: counts the units of every session of the event', async () => {
    const { token } = await s.personToken('limit-event@example.com');
    const [s1, s2, s3] = sessoes as [number, number, number];
    await held(token, s1, 4);
    await held(token, s2, 2);
    expect(errorOf(await hold(token, s3, 1))).toEqual(limitError);
    expect(errorOf(await hold(token, s2, 1))).toEqual(limitError);
  });

  it('counts units sold (PA) and awaiting payment (AP)', async () => {
    const { token } = await s.personToken('limit-sold@example.com');
    const [s1, s2] = sessoes as [number, number];
    const sold = await held(token, s1, 3);
    await s.db.transaction((tx) => concludeOrder(tx, sold.idmovimentacao));
    // A new cart: the sold 3 still count for the session.
    expect(errorOf(await hold(token, s1, 2))).toEqual(limitError);
    const pending = await held(token, s2, 2);
    await s.db.transaction((tx) => settlePayment(tx, pending.idmovimentacao, 'pending', null));
    // 3 sold + 2 pending: one more unit of the event, not two.
    expect(errorOf(await hold(token, s2, 2))).toEqual(limitError);
    expect((await held(token, s1, 1)).qtd).toBe(1);
    expect(errorOf(await hold(token, s2, 1))).toEqual(limitError);
  });

  it('does not count cancelled orders, removed items or expired holds', async () => {
    const { token } = await s.personToken('limit-released@example.com');
    const [s1] = sessoes as [number];
    const first = await held(token, s1, 4);
    await s.ok('SuperIngresso', 'cancelarReserva', [first.idmovimentacao, null, false, false], {
      token,
    });
    const second = await held(token, s1, 4);
    expect(second.idmovimentacao).not.toBe(first.idmovimentacao);

    // Removed units are free again.
    const page = await s.ok(
      'SuperIngresso',
      'getCarrinhoPageItens',
      [second.idmovimentacao, null, { api: true }],
      { token },
    );
    await s.ok(
      'SuperIngresso',
      'removeProdutoCarrinho',
      [second.idmovimentacao, page.itens.slice(0, 2).map((i) => i.iditem), false, false],
      { token },
    );
    expect((await held(token, s1, 2)).qtd).toBe(4);
    expect(errorOf(await hold(token, s1, 1))).toEqual(limitError);

    // The hold runs out (nothing has marked it EX yet): its units no longer count.
    await s.db.execute(
      sql`UPDATE movimentacao SET dthr_exp = now() - interval '1 second'
          WHERE id = ${second.idmovimentacao}`,
    );
    const third = await held(token, s1, 4);
    expect(third.idmovimentacao).not.toBe(second.idmovimentacao);
    const status = await firstRow<{ status: string }>(
      s.db,
      sql`SELECT status FROM movimentacao WHERE id = ${second.idmovimentacao}`,
    );
    expect(status?.status).toBe('EX');
  });

  it('lets only one of two concurrent holds of one person pass the limit', async () => {
    const { token } = await s.personToken('limit-race@example.com');
    const [, , s3] = sessoes as [number, number, number];
    const answers = await Promise.all([hold(token, s3, 3), hold(token, s3, 3)]);
    const ok = answers.filter((a) => 'result' in a.body);
    expect(ok).toHaveLength(1);
    expect(errorOf(answers.find((a) => !('result' in a.body))!)).toEqual(limitError);
  });
});
