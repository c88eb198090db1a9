import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY } from '#server/accounts/seed.ts';
import { todayInSaoPaulo } from '#server/brands/schedule.ts';
import { rows } from '#server/db/sql.ts';
import { errorOf, startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';
import { syncCatalog } from './sync';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('catalogue', () => {
  it('lists every event in file order with prices, dates and localized texts', async () => {
    const today = todayInSaoPaulo();
    const eventos = await s.ok('SuperIngresso', 'getEventos', [], { lang: 'en_US' });
    expect(eventos.map((e) => e.idevento)).toEqual([E.visita, E.jogo, E.passado]);
    expect(eventos[0]).toEqual({
      idevento: E.visita,
      tipo: 'visit',
      dscevento: 'Visit',
      descricao: 'Museum visit',
      local: 'Museum',
      imagem: '/brand-assets/events/event.svg',
      // Cheapest paid ticket (Meia 25 + 2.5); the free one does not make it "from 0".
      a_partir_de: 27.5,
      primeira_data: addDays(today, 1),
      ultima_data: addDays(today, 3),
    });
    expect(eventos[1]).toMatchObject({ a_partir_de: 88, primeira_data: addDays(today, 2) });
    // Only a past session: nothing on sale.
    expect(eventos[2]).toMatchObject({ a_partir_de: null, primeira_data: null, ultima_data: null });
  });

  it('lists the sessions of an event with Sao Paulo dates and availability', async () => {
    const today = todayInSaoPaulo();
    const r = await s.ok('SuperIngresso', 'getApresentacoes', [E.visita]);
    expect(r.dates).toEqual([1, 2, 3].map((n) => ({ dia: addDays(today, n) })));
    expect(r.apresentacoes).toHaveLength(6);
    const first = r.apresentacoes[0]!;
    expect(first).toMatchObject({
      dthr_apresentacao: `${addDays(today, 1)} 10:00`,
      dt_apre: addDays(today, 1),
      dt_hora: '10:00',
      dscapre: 'Entrada',
      // Guests do not count the agency-only product: 100 + 100 + 20.
      disponivel: 220,
    });
    const jogo = await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo], { lang: 'es_ES' });
    expect(jogo.apresentacoes[0]).toMatchObject({ dscapre: 'Local x Visita', dt_hora: '16:00' });
    const passado = await s.ok('SuperIngresso', 'getApresentacoes', [E.passado]);
    expect(passado).toEqual({ dates: [], apresentacoes: [] });
    expect(errorOf(await s.rpc('SuperIngresso', 'getApresentacoes', [999])).code).toBe(0);
  });

  it('lists the sessions of one day and one session', async () => {
    const day = addDays(todayInSaoPaulo(), 2);
    const horarios = await s.ok('SuperIngresso', 'getApresentacoesHorarios', [E.visita, day]);
    expect(horarios.map((h) => h.dt_hora)).toEqual(['10:00', '15:00']);
    const one = await s.ok('SuperIngresso', 'getApresentacao', [horarios[1]!.idapresentacao], {
      lang: 'en_US',
    });
    expect(one).toMatchObject({
      idapresentacao: horarios[1]!.idapresentacao,
      idevento: E.visita,
      dscevento: 'Visit',
      local: 'Museum',
      dthr_apresentacao: `${day} 15:00`,
      dscapre: 'Entry',
    });
    const bad = await s.rpc('SuperIngresso', 'getApresentacoesHorarios', [E.visita, '2026-13-45']);
    expect(errorOf(bad).code).toBe(0);
  });

  it('lists products by type; agency-only products only for agencies', async () => {
    const [sessao] = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes;
    const guest = await s.ok('SuperIngresso', 'getProdutos', [sessao!.idapresentacao]);
    expect(guest.tipo_produtos).toHaveLength(1);
    expect(guest.tipo_produtos[0]!.produtos).toEqual([
      {
        idproduto: P.inteira,
        dscproduto: 'Inteira',
        preco: 50,
        preco_ctaxa: 55,
        taxa: 5,
        qtd: 100,
        block_qtd: 10,
      },
      {
        idproduto: P.meia,
        dscproduto: 'Meia',
        preco: 25,
        preco_ctaxa: 27.5,
        taxa: 2.5,
        qtd: 100,
        block_qtd: 10,
      },
      {
        idproduto: P.gratuita,
        dscproduto: 'Gratuita',
        preco: 0,
        preco_ctaxa: 0,
        taxa: 0,
        qtd: 20,
        block_qtd: 4,
      },
    ]);
    const person = await s.ok('SuperIngresso', 'getProdutos', [sessao!.idapresentacao], {
      token: await s.login(),
    });
    expect(person.tipo_produtos).toHaveLength(1);
    const agency = await s.ok('SuperIngresso', 'getProdutos', [sessao!.idapresentacao], {
      token: await s.login(DEMO_AGENCY.email, DEMO_AGENCY.password),
      lang: 'en_US',
    });
    expect(agency.tipo_produtos.map((tp) => tp.dsctipo)).toEqual(['Individual', 'Agencies']);
    expect(agency.tipo_produtos[1]!.produtos[0]).toMatchObject({ idproduto: P.agencia, qtd: 40 });
  });

  it('does not sell past sessions', async () => {
    const [past] = await rows<{ id: number }>(
      s.db,
      sql`SELECT id FROM apresentacao WHERE brand = 'test-a' AND idevento = ${E.passado}`,
    );
    expect(past).toBeDefined();
    expect(errorOf(await s.rpc('SuperIngresso', 'getProdutos', [past!.id])).code).toBe(0);
    const res = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.passado, qtd: 1 }], past!.id, []],
      {
        token: await s.login(),
      },
    );
    expect(errorOf(res).message).toBe('Ingressos indisponíveis!');
  });
});

describe('catalogue sync', () => {
  const counts = async () =>
    (
      await rows<{ a: number; e: number; ativos: number }>(
        s.db,
        sql`SELECT (SELECT count(*) FROM apresentacao WHERE brand = 'test-a')::int AS a,
                   (SELECT count(*) FROM estoque e JOIN apresentacao a ON a.id = e.idapresentacao
                     WHERE a.brand = 'test-a')::int AS e,
                   (SELECT count(*) FROM apresentacao WHERE brand = 'test-a' AND ativo)::int AS ativos`,
      )
    )[0]!;

  it('is idempotent and updates capacity and price from the files', async () => {
    const before = await counts();
    expect(before).toEqual({ a: 8, e: 6 * 4 + 1 + 1, ativos: 8 });
    await syncCatalog(s.db, s.brands);
    expect(await counts()).toEqual(before);

    const changed = testBrand('test-a', {}, testCatalog({ jogoCapacidade: 70, inteiraPreco: 60 }));
    await syncCatalog(s.db, [changed]);
    expect(await counts()).toEqual(before);
    const [jogo] = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes;
    expect(jogo!.disponivel).toBe(70);
    const [visita] = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes;
    const produtos = await s.ok('SuperIngresso', 'getProdutos', [visita!.idapresentacao]);
    expect(produtos.tipo_produtos[0]!.produtos[0]!.preco).toBe(60);
    await syncCatalog(s.db, s.brands);
  });

  it('takes off sale the future sessions the files no longer lay out', async () => {
    const catalog = testCatalog();
    catalog.events[1]!.schedule = { kind: 'dates', sessions: [{ offsetDays: 5, time: '20:00' }] };
    const jogoOnHome = async () =>
      (await s.ok('SuperIngresso', 'getEventos', [])).find((e) => e.idevento === E.jogo)!;
    const before = await jogoOnHome();
    await syncCatalog(s.db, [testBrand('test-a', {}, catalog)]);
    const r = await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo]);
    expect(r.apresentacoes.map((a) => a.dt_hora)).toEqual(['20:00']);
    // The home's dates follow the sync at once (its aggregate is reused only between syncs).
    const moved = await jogoOnHome();
    expect(moved.primeira_data).toBe(r.apresentacoes[0]!.dt_apre);
    expect(moved.ultima_data).toBe(r.apresentacoes[0]!.dt_apre);
    expect(moved.primeira_data).not.toBe(before.primeira_data);
    await syncCatalog(s.db, s.brands);
    const back = await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo]);
    expect(back.apresentacoes.map((a) => a.dt_hora)).toEqual(['16:00']);
    expect(await jogoOnHome()).toEqual(before);
  });
});
