/**
 * Voucher swap (SuperIngresso.iniciarTrocaVoucher): a partner's batch loaded at the catalogue
 * sync (idempotent, a used voucher stays used), swapped once into the person's paid orders with
 * tickets, refused the second time with when, malformed or unknown locators, the session's
 * person only, open-dated vouchers (pick a session), a sold-out session (the voucher stays
 * unused), and two swaps of one voucher at the same moment (exactly one; PostgreSQL when
 * reachable).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { IniciarTrocaVoucherResult, TicketsCartResult } from '#schemas/contract.ts';
import { todayInSaoPaulo } from '#server/brands/schedule.ts';
import { syncCatalog } from '#server/catalog/sync.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { counterOf, errorOf, startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P, testBrand, testBrands } from '#server/test/test-brand.ts';
import { spInstant } from '#server/time.ts';

const day = (offset: number) =>
  todayInSaoPaulo(new Date(spInstant(todayInSaoPaulo(), '12:00').getTime() + offset * 86_400_000));

const V = {
  dated: '4000000000000018',
  open: '4000000000000026',
  range: '4000000000000034',
  soldOut: '4000000000000042',
  race: '4000000000000059',
  other: '4000000000000067',
  expired: '4000000000000075',
} as const;

function voucherBrand(): LoadedBrand {
  return {
    ...testBrand('test-a'),
    vouchers: [
      {
        lote: 'agencia-teste',
        parceiro: 'Agência Teste',
        vouchers: [
          {
            localizador: V.dated,
            idevento: E.visita,
            idproduto: P.inteira,
            qtd: 2,
            sessao: { data: day(1), hora: '10:00' },
          },
          { localizador: V.open, idevento: E.visita, idproduto: P.meia },
          {
            localizador: V.range,
            idevento: E.visita,
            idproduto: P.inteira,
            validoDe: day(2),
            validoAte: day(2),
          },
          {
            localizador: V.soldOut,
            idevento: E.visita,
            idproduto: P.gratuita,
            sessao: { data: day(1), hora: '15:00' },
          },
          {
            localizador: V.race,
            idevento: E.visita,
            idproduto: P.inteira,
            sessao: { data: day(3), hora: '10:00' },
          },
          {
            localizador: V.other,
            idevento: E.visita,
            idproduto: P.inteira,
            sessao: { data: day(3), hora: '15:00' },
          },
          { localizador: V.expired, idevento: E.visita, idproduto: P.inteira, validoAte: day(-1) },
        ],
      },
    ],
  };
}

const brands = () => [voucherBrand(), testBrands()[1]!];

let s: TestServer;
let ana: { token: string; id: number };
let bia: { token: string; id: number };
beforeAll(async () => {
  s = await startTestServer({ brands: brands() });
  const a = await s.personToken('ana-voucher@example.com');
  const b = await s.personToken('bia-voucher@example.com');
  ana = { token: a.token, id: a.pessoa.id };
  bia = { token: b.token, id: b.pessoa.id };
});
afterAll(async () => {
  await s?.close();
});

const swap = (who: { token: string; id: number }, loc: string, idapre?: number, lang?: string) =>
  s.rpc(
    'SuperIngresso',
    'iniciarTrocaVoucher',
    idapre === undefined ? [loc, who.id] : [loc, who.id, idapre],
    { token: who.token, ...(lang ? { lang } : {}) },
  );

const swapped = async (
  who: { token: string; id: number },
  loc: string,
  idapre?: number,
): Promise<Extract<IniciarTrocaVoucherResult, { status: 'trocado' }>> => {
  const res = await swap(who, loc, idapre);
  if (!('result' in res.body) || res.body.result.status !== 'trocado') {
    throw new Error(`not swapped: ${JSON.stringify(res.body)}`);
  }
  return res.body.result;
};

const voucherRow = (loc: string) =>
  firstRow<{
    usado_em: unknown;
    idpessoa: number | null;
    idmovimentacao: number | null;
    ativo: boolean;
  }>(
    s.db,
    sql`SELECT usado_em, idpessoa, idmovimentacao, ativo FROM voucher WHERE localizador = ${loc}`,
  );

async function sessionAt(date: string, time: string): Promise<number> {
  const [r] = await rows<{ id: number }>(
    s.db,
    sql`SELECT id FROM apresentacao WHERE brand = 'test-a' AND idevento = ${E.visita}
        AND dthr = ${spInstant(date, time).toISOString()}::timestamptz`,
  );
  return r!.id;
}

async function myOrders(token: string): Promise<TicketsCartResult> {
  const res = await s.app.inject({
    method: 'GET',
    url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true',
    headers: { host: 'localhost', authorization: `Bearer ${token}` },
  });
  return (res.json() as { result: TicketsCartResult }).result;
}

describe('iniciarTrocaVoucher', () => {
  it('swaps a dated voucher once: a paid order at price 0 with its tickets, counted as sold', async () => {
    const idapre = await sessionAt(day(1), '10:00');
    const before = await counterOf(s.db, idapre, P.inteira);
    const r = await swapped(ana, '4000 0000 0000 0018');
    expect(r.voucher).toMatchObject({ parceiro: 'Agência Teste', qtd: 2, idproduto: P.inteira });
    expect(r.idapresentacao).toBe(idapre);
    expect(r.dthr_apresentacao).toBe(`${day(1)} 10:00`);
    expect(r.ingressos).toHaveLength(2);
    for (const t of r.ingressos) expect(t.codigo).toMatch(/^[A-Z2-7]{12}$/);
    expect(await counterOf(s.db, idapre, P.inteira)).toBe(before + 2);

    const order = await firstRow<{ status: string; idpessoa: number; dthr_exp: unknown }>(
      s.db,
      sql`SELECT status, idpessoa, dthr_exp FROM movimentacao WHERE id = ${r.idmovimentacao}`,
    );
    expect(order).toMatchObject({ status: 'PA', idpessoa: ana.id, dthr_exp: null });
    const items = await rows<{ status: string; valor_cents: number; taxa_cents: number }>(
      s.db,
      sql`SELECT status, valor_cents, taxa_cents FROM movimentacao_item WHERE idmovimentacao = ${r.idmovimentacao}`,
    );
    expect(items).toEqual([
      { status: 'PA', valor_cents: 0, taxa_cents: 0 },
      { status: 'PA', valor_cents: 0, taxa_cents: 0 },
    ]);
    expect(await voucherRow(V.dated)).toMatchObject({
      idpessoa: ana.id,
      idmovimentacao: r.idmovimentacao,
    });

    // In my orders, paid.
    const mine = await myOrders(ana.token);
    const listed = mine.tickets.find((o) => o.idmovimentacao === r.idmovimentacao);
    expect(listed?.localizador).toBe(r.localizador);
    expect(listed?.itens).toHaveLength(2);
    // It says it came from the voucher: its locator and the partner of its batch file.
    expect(listed?.voucher).toEqual({ localizador: V.dated, parceiro: 'Agência Teste' });
    // A bought order says nothing of vouchers.
    expect(mine.tickets.filter((o) => o.voucher).map((o) => o.idmovimentacao)).toEqual([
      r.idmovimentacao,
    ]);
    // Its tickets print like a paid order's.
    const pdf = await s.ok('SuperIngresso', 'getImpressao', [r.idmovimentacao], {
      token: ana.token,
    });
    expect(pdf.ingressos).toBe(2);
  });

  it('a second swap, by the same person or another, is refused with when it was used', async () => {
    const again = errorOf(await swap(ana, V.dated));
    expect(again.code).toBe(0);
    expect(again.message).toMatch(
      /^Este voucher já foi usado em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/,
    );
    const other = errorOf(await swap(bia, V.dated, undefined, 'en_US'));
    expect(other.message).toMatch(/^This voucher was already used on \d{1,2}\/\d{1,2}\/\d{2,4}, /);
    expect((await myOrders(bia.token)).tickets).toHaveLength(0);
  });

  it('malformed or unknown: "Localizador não é válido", localized', async () => {
    for (const loc of ['123', '4000 0000 0000 001', 'abcdabcdabcdabcd', '9999999999999999']) {
      expect(errorOf(await swap(ana, loc))).toEqual({
        code: 0,
        message: 'Localizador não é válido',
      });
    }
    expect(errorOf(await swap(ana, '123', undefined, 'en_US')).message).toBe(
      'Voucher code is not valid',
    );
    expect(errorOf(await swap(ana, '9999999999999999', undefined, 'es_ES')).message).toBe(
      'El localizador no es válido',
    );
    // A session of one brand is not a session of another.
    const res = await s.rpc('SuperIngresso', 'iniciarTrocaVoucher', [V.open, ana.id], {
      token: ana.token,
      host: 'other.test',
    });
    expect(errorOf(res).code).toBe(1);
  });

  it('needs a session, and the idpessoa of that session', async () => {
    const guest = await s.rpc('SuperIngresso', 'iniciarTrocaVoucher', [V.other, ana.id]);
    expect(errorOf(guest).code).toBe(1);
    const someoneElse = await s.rpc('SuperIngresso', 'iniciarTrocaVoucher', [V.other, ana.id], {
      token: bia.token,
    });
    expect(errorOf(someoneElse)).toEqual({
      code: 0,
      message: 'O voucher só pode ser trocado na conta com que você entrou.',
    });
    expect((await voucherRow(V.other))?.usado_em).toBeNull();
  });

  it('open-dated: answers the sessions to pick from, then swaps into the one picked', async () => {
    const first = await swap(bia, V.open);
    if (!('result' in first.body) || first.body.result.status !== 'escolher') {
      throw new Error(JSON.stringify(first.body));
    }
    const { apresentacoes, voucher } = first.body.result;
    expect(voucher.dthr_apresentacao).toBeNull();
    expect(apresentacoes.length).toBe(6);
    expect((await voucherRow(V.open))?.usado_em).toBeNull();
    const pick = apresentacoes[3]!;
    const r = await swapped(bia, V.open, pick.idapresentacao);
    expect(r.idapresentacao).toBe(pick.idapresentacao);
    expect(r.ingressos).toHaveLength(1);
    expect(errorOf(await swap(bia, V.open, pick.idapresentacao)).message).toMatch(/já foi usado/);
  });

  it('open-dated with a range: only its days; past its last day it has expired', async () => {
    const first = await swap(ana, V.range);
    if (!('result' in first.body) || first.body.result.status !== 'escolher') {
      throw new Error(JSON.stringify(first.body));
    }
    expect(first.body.result.apresentacoes.map((a) => a.dthr_apresentacao)).toEqual([
      `${day(2)} 10:00`,
      `${day(2)} 15:00`,
    ]);
    const outside = await sessionAt(day(1), '15:00');
    expect(errorOf(await swap(ana, V.range, outside)).message).toBe(
      'A sessão deste voucher não está disponível.',
    );
    expect(errorOf(await swap(ana, V.expired)).message).toMatch(/^Este voucher venceu em /);
  });

  it('a sold-out session is refused and the voucher stays unused', async () => {
    const idapre = await sessionAt(day(1), '15:00');
    await s.db.execute(
      sql`UPDATE estoque SET capacidade = reservados WHERE idapresentacao = ${idapre} AND idproduto = ${P.gratuita}`,
    );
    const before = await counterOf(s.db, idapre, P.gratuita);
    expect(errorOf(await swap(ana, V.soldOut)).message).toBe(
      'Os ingressos desta sessão esgotaram. O voucher não foi usado e continua válido.',
    );
    expect(await counterOf(s.db, idapre, P.gratuita)).toBe(before);
    expect(await voucherRow(V.soldOut)).toMatchObject({ usado_em: null, idmovimentacao: null });
    // Room again (the file's capacity at the next sync): now it swaps.
    await syncCatalog(s.db, s.brands);
    expect((await swapped(ana, V.soldOut)).ingressos).toHaveLength(1);
  });

  it('the sync is idempotent: a used voucher stays used, one left out of the files stops being valid', async () => {
    const used = await voucherRow(V.dated);
    await syncCatalog(s.db, s.brands);
    await syncCatalog(s.db, s.brands);
    expect(await voucherRow(V.dated)).toEqual(used);
    const [n] = await rows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM voucher`);
    expect(n!.n).toBe(7);

    const fewer = voucherBrand();
    fewer.vouchers![0]!.vouchers = fewer.vouchers![0]!.vouchers.filter(
      (v) => v.localizador !== V.other && v.localizador !== V.dated,
    );
    await syncCatalog(s.db, [fewer, testBrands()[1]!]);
    expect((await voucherRow(V.other))?.ativo).toBe(false);
    expect(errorOf(await swap(ana, V.other)).message).toBe('Localizador não é válido');
    // Used and left out: still says it was used.
    expect(errorOf(await swap(ana, V.dated)).message).toMatch(/já foi usado/);
    await syncCatalog(s.db, s.brands);
    expect((await voucherRow(V.other))?.ativo).toBe(true);
  });
});

describe('guessing locators (issue 39)', () => {
  /** A swap from address `ip`. */
  const swapFrom = async (who: { token: string; id: number }, loc: string, ip: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/router.php?method=iniciarTrocaVoucher&class=SuperIngresso',
      remoteAddress: ip,
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        authorization: `Bearer ${who.token}`,
      },
      payload: JSON.stringify({
        class: 'SuperIngresso',
        method: 'iniciarTrocaVoucher',
        params: [loc, who.id],
      }),
    });
    return res.json() as { result?: unknown; error?: { code: number; message: string } };
  };
  const unknown = (i: number) => `77770000${String(i).padStart(8, '0')}`;
  const personOf = async (email: string) => {
    const p = await s.personToken(email);
    return { token: p.token, id: p.pessoa.id };
  };

  it('a person is refused after 5 unknown locators, saying how many minutes, before any lookup', async () => {
    const carla = await personOf('carla-voucher@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await swapFrom(carla, unknown(i), '10.39.3.1')).error?.message).toBe(
        'Localizador não é válido',
      );
    }
    // Even a real voucher now waits (from another address too): the guess is not answered.
    for (const ip of ['10.39.3.1', '10.39.3.2']) {
      expect((await swapFrom(carla, V.other, ip)).error).toEqual({
        code: 0,
        message: 'Muitas tentativas. Tente novamente em 1 minuto.',
      });
    }
    expect((await voucherRow(V.other))?.usado_em).toBeNull();
    // Someone else at that address with no failures of their own is not held up.
    const dora = await personOf('dora-voucher@example.com');
    expect((await swapFrom(dora, unknown(99), '10.39.3.1')).error?.message).toBe(
      'Localizador não é válido',
    );
  });

  it('an address is refused after 20 unknown locators, over every person', async () => {
    const ip = '10.39.4.1';
    for (let n = 0; n < 5; n++) {
      const who = await personOf(`guess${n}-voucher@example.com`);
      for (let i = 0; i < 4; i++) await swapFrom(who, unknown(100 + n * 10 + i), ip);
    }
    const fresh = await personOf('fresh-voucher@example.com');
    expect((await swapFrom(fresh, unknown(999), ip)).error?.message).toBe(
      'Muitas tentativas. Tente novamente em 1 minuto.',
    );
    await s.db.execute(sql`DELETE FROM throttle WHERE key LIKE 'voucher:%'`);
  });
});

describe('two swaps of one voucher at the same moment (PostgreSQL when reachable)', () => {
  let c: TestServer;
  beforeAll(async () => {
    c = await startTestServer({ brands: brands(), concurrency: true });
  });
  afterAll(async () => {
    await c?.close();
  });

  it('exactly one gets the tickets; the other is told it was used', async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const p = await c.personToken(`race-${i}@example.com`);
        return { token: p.token, id: p.pessoa.id };
      }),
    );
    const answers = await Promise.all(
      people.map((p) =>
        c.rpc('SuperIngresso', 'iniciarTrocaVoucher', [V.race, p.id], { token: p.token }),
      ),
    );
    const wins = answers.filter((a) => 'result' in a.body);
    expect(wins).toHaveLength(1);
    for (const a of answers.filter((x) => 'error' in x.body)) {
      expect(errorOf(a).message).toMatch(/já foi usado em/);
    }
    const [orders] = await rows<{ n: number }>(
      c.db,
      sql`SELECT count(*)::int AS n FROM movimentacao m JOIN voucher v ON v.idmovimentacao = m.id`,
    );
    expect(orders!.n).toBe(1);
    const [sold] = await rows<{ n: number }>(
      c.db,
      sql`SELECT count(*)::int AS n FROM movimentacao_item i JOIN movimentacao m ON m.id = i.idmovimentacao
          WHERE m.status = 'PA'`,
    );
    expect(sold!.n).toBe(1);
  });
});
