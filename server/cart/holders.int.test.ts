// Ticket holders (portador): bind, unbind, the holder form's rules on the server, one ticket per
// holder per session (also across orders, and under concurrent binds on PostgreSQL), payment
// refused while a required holder is missing, and the holders offered in one tap.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortadorDados } from '#schemas/contract.ts';
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

const messages = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

const brands = () => [testBrand('test-a', {}, testCatalog({ jogoPortador: 'obrigatorio' }))];

/** A holder with a valid CPF (each test uses its own documents). */
const holder = (documento: string, over: Partial<PortadorDados> = {}): PortadorDados => ({
  nome: 'Ana',
  sobrenome: 'Souza',
  nacionalidade: 'BR',
  documento,
  dt_nascimento: '1990-05-17',
  ...over,
});

const key = () => `key-${randomUUID()}`;

async function sessionOf(s: TestServer, idevento: number): Promise<number> {
  return (await s.ok('SuperIngresso', 'getApresentacoes', [idevento])).apresentacoes[0]!
    .idapresentacao;
}

/** Holds `qtd` match tickets for `token`; the order and its unit ids. */
async function holdMatch(s: TestServer, token: string, qtd: number) {
  const jogo = await sessionOf(s, E.jogo);
  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.jogo, qtd }], jogo, []],
    {
      token,
    },
  );
  const cart = await s.ok(
    'SuperIngresso',
    'getCarrinhoPageItens',
    [r.idmovimentacao, null, { api: true }],
    { token },
  );
  return { idmovimentacao: r.idmovimentacao, itens: cart.itens.map((i) => i.iditem) };
}

const itemsOf = async (s: TestServer, token: string, idmovimentacao: number) =>
  (
    await s.ok('SuperIngresso', 'getCarrinhoPageItens', [idmovimentacao, null, { api: true }], {
      token,
    })
  ).itens;

describe('holders (PGlite, or PostgreSQL with DATABASE_URL)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ brands: brands() });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('binds a holder to each unit, shows it on the cart items, and unbinds it', async () => {
    const { token } = await s.personToken('bind@example.com');
    const { idmovimentacao, itens } = await holdMatch(s, token, 2);
    const before = await itemsOf(s, token, idmovimentacao);
    expect(before.map((i) => [i.portador, i.portador_regra])).toEqual([
      [null, 'obrigatorio'],
      [null, 'obrigatorio'],
    ]);
    // Fields outside the form are dropped; the document is kept as typed.
    const ana = holder('111.444.777-35', { celular: '11 98765-4321', cidade: 'São Paulo' });
    const bound = await s.ok(
      'SuperIngresso',
      'portadorSetItem',
      [itens[0]!, { ...ana, extra: 'x' } as PortadorDados],
      { token },
    );
    expect(bound).toEqual({ iditem: itens[0], portador: ana });
    const bruno = holder('X1234567', { nome: 'Bruno', nacionalidade: 'AR' });
    expect(await s.ok('SuperIngressoWeb', 'elevenWallet', [itens[1]!, bruno], { token })).toEqual({
      iditem: itens[1],
      portador: bruno,
    });
    expect((await itemsOf(s, token, idmovimentacao)).map((i) => i.portador)).toEqual([ana, bruno]);

    expect(await s.ok('SuperIngressoWeb', 'removeElevenWallet', [itens[1]!], { token })).toEqual({
      iditem: itens[1],
      portador: null,
    });
    expect((await itemsOf(s, token, idmovimentacao)).map((i) => i.portador)).toEqual([ana, null]);
    // Binding another holder replaces the unit's one.
    const carla = holder('123.456.789-09', { nome: 'Carla' });
    await s.ok('SuperIngresso', 'portadorSetItem', [itens[0]!, carla], { token });
    expect((await itemsOf(s, token, idmovimentacao)).map((i) => i.portador)).toEqual([carla, null]);
  });

  it('checks the holder with the holder form: CPF check digits, birth date, in the request language', async () => {
    const { token } = await s.personToken('invalid@example.com');
    const { itens } = await holdMatch(s, token, 1);
    const iditem = itens[0]!;
    const pt = messages('pt-BR');
    const en = messages('en-US');
    const badCpf = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [iditem, holder('123.456.789-00')],
      {
        token,
      },
    );
    expect(errorOf(badCpf)).toMatchObject({ code: 0, message: pt['form.error.cpf'] });
    const future = `${new Date().getUTCFullYear() + 1}-01-01`;
    const unborn = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [iditem, holder('987.654.321-00', { dt_nascimento: future })],
      { token },
    );
    expect(errorOf(unborn)).toMatchObject({
      code: 0,
      message: 'A data de nascimento não é válida',
    });
    const unbornEn = await s.rpc(
      'SuperIngressoWeb',
      'elevenWallet',
      [iditem, holder('987.654.321-00', { dt_nascimento: '2001-02-30' })],
      { token, lang: 'en_US' },
    );
    expect(errorOf(unbornEn)).toMatchObject({ code: 0, message: en['form.error.birthdate'] });
    const noName = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [iditem, { ...holder('987.654.321-00'), nome: '' }],
      { token },
    );
    expect(errorOf(noName).code).toBe(0);
    // Nothing was stored.
    expect(
      (await firstRow<{ n: number }>(
        s.db,
        sql`SELECT count(*)::int AS n FROM portador
      WHERE iditem = ${iditem}`,
      ))!.n,
    ).toBe(0);
  });

  it('refuses a unit of another person, one that takes no holder, and a malformed call', async () => {
    const owner = await s.personToken('owner@example.com');
    const other = await s.personToken('other@example.com');
    const { itens } = await holdMatch(s, owner.token, 1);
    const stolen = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [itens[0]!, holder('246.813.579-28')],
      {
        token: other.token,
      },
    );
    expect(errorOf(stolen)).toEqual({ code: 0, message: t('pt-BR', 'error.cartNotFound') });
    const unbind = await s.rpc('SuperIngressoWeb', 'removeElevenWallet', [itens[0]!], {
      token: other.token,
    });
    expect(errorOf(unbind)).toEqual({ code: 0, message: t('pt-BR', 'error.cartNotFound') });
    const guest = await s.rpc('SuperIngresso', 'portadorSetItem', [
      itens[0]!,
      holder('246.813.579-28'),
    ]);
    expect(errorOf(guest).code).toBe(1);

    // The museum visit takes no holder.
    const visita = await sessionOf(s, E.visita);
    const { token } = await s.personToken('visit@example.com');
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      {
        token,
      },
    );
    const [unit] = await itemsOf(s, token, r.idmovimentacao);
    expect(unit!.portador_regra).toBeNull();
    const refused = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [unit!.iditem, holder('246.813.579-28')],
      {
        token,
      },
    );
    expect(errorOf(refused)).toEqual({ code: 0, message: t('pt-BR', 'error.holderNotTaken') });
    const malformed = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [unit!.iditem, 'Ana'] as never,
      { token },
    );
    expect(errorOf(malformed).code).toBe(0);
  });

  it('refuses the same holder on two tickets of one session, in the order and across orders', async () => {
    const a = await s.personToken('dup-a@example.com');
    const b = await s.personToken('dup-b@example.com');
    const mine = await holdMatch(s, a.token, 2);
    await s.ok('SuperIngresso', 'portadorSetItem', [mine.itens[0]!, holder('135.792.468-28')], {
      token: a.token,
    });
    // Binding it again to the same unit is fine.
    await s.ok('SuperIngresso', 'portadorSetItem', [mine.itens[0]!, holder('13579246828')], {
      token: a.token,
    });
    const duplicate = t('pt-BR', 'error.holderDuplicate');
    // Written another way, it is the same document.
    const again = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [mine.itens[1]!, holder('13579246828', { nome: 'Outra' })],
      { token: a.token },
    );
    expect(errorOf(again)).toEqual({ code: 0, message: duplicate });
    const passport = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [mine.itens[1]!, holder('p-12345', { nacionalidade: 'PT' })],
      { token: a.token },
    );
    expect('result' in passport.body).toBe(true);
    const passportAgain = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [mine.itens[0]!, holder('P 12345', { nacionalidade: 'PT' })],
      { token: a.token },
    );
    expect(errorOf(passportAgain)).toEqual({ code: 0, message: duplicate });

    // Another person's order for the same match.
    const theirs = await holdMatch(s, b.token, 1);
    const across = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [theirs.itens[0]!, holder('135.792.468-28')],
      {
        token: b.token,
      },
    );
    expect(errorOf(across)).toEqual({ code: 0, message: duplicate });
    // Once the first order is cancelled its holders no longer hold the session.
    await s.ok('SuperIngresso', 'cancelarReserva', [mine.idmovimentacao, null, false, false], {
      token: a.token,
    });
    await s.ok('SuperIngresso', 'portadorSetItem', [theirs.itens[0]!, holder('135.792.468-28')], {
      token: b.token,
    });
  });

  it('refuses payment while a required holder is missing, before any charge, and pays once bound', async () => {
    const { token } = await s.personToken('pay@example.com');
    const { idmovimentacao, itens } = await holdMatch(s, token, 2);
    await s.ok('SuperIngresso', 'portadorSetItem', [itens[0]!, holder('314.159.265-90')], {
      token,
    });
    const cartao = await sandboxCard(s, SANDBOX_CARDS.approved);
    const pay = () =>
      s.rpc(
        'SuperIngresso',
        'iniciarPagamento',
        [idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
        { token },
      );
    expect(errorOf(await pay())).toEqual({
      code: 0,
      message: 'Erro na forma de pagamento, Você deve vincular os portadores ou contatar o SAC!',
    });
    const none = await firstRow<{ n: number; status: string }>(
      s.db,
      sql`SELECT (SELECT count(*)::int FROM pagamento WHERE idmovimentacao = ${idmovimentacao}) AS n,
            (SELECT status FROM movimentacao WHERE id = ${idmovimentacao}) AS status`,
    );
    expect(none).toEqual({ n: 0, status: 'RE' });
    const en = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [idmovimentacao, 1, '', cartao, { parcelas: 1, idempotencyKey: key() }],
      { token, lang: 'en_US' },
    );
    expect(errorOf(en).message).toBe(messages('en-US')['error.holdersMissing']);

    await s.ok('SuperIngressoWeb', 'elevenWallet', [itens[1]!, holder('271.828.182-05')], {
      token,
    });
    const paid = await pay();
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
    await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao }], { token });
    // The holders of a paid order are fixed (this brand sets no `holderChangeHours`), and still
    // hold the session against other orders.
    const fixed = await s.rpc('SuperIngressoWeb', 'removeElevenWallet', [itens[0]!], { token });
    expect(errorOf(fixed)).toEqual({
      code: 0,
      message: t('pt-BR', 'error.holderChangeClosed'),
    });
    const other = await s.personToken('pay-other@example.com');
    const theirs = await holdMatch(s, other.token, 1);
    const taken = await s.rpc(
      'SuperIngresso',
      'portadorSetItem',
      [theirs.itens[0]!, holder('314.159.265-90')],
      {
        token: other.token,
      },
    );
    expect(errorOf(taken)).toEqual({ code: 0, message: t('pt-BR', 'error.holderDuplicate') });
    const items = await itemsOf(s, token, idmovimentacao);
    expect(items.map((i) => i.portador?.documento)).toEqual(['314.159.265-90', '271.828.182-05']);
  });

  it('pays a museum visit without holders', async () => {
    const { token } = await s.personToken('visit-pay@example.com');
    const visita = await sessionOf(s, E.visita);
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      {
        token,
      },
    );
    const paid = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [
        r.idmovimentacao,
        1,
        '',
        await sandboxCard(s, SANDBOX_CARDS.approved),
        {
          parcelas: 1,
          idempotencyKey: key(),
        },
      ],
      { token },
    );
    expect(paid.body).toMatchObject({ result: { status: 'approved' } });
  });

  it('offers the buyer and the holders the person bound before, most recent first', async () => {
    const { token } = await s.personToken('saved@example.com');
    // personToken's profile: CPF 529.982.247-25.
    const empty = await s.ok('SuperIngressoWeb', 'getPortadoresSalvos', [], { token });
    expect(empty.portadores).toEqual([
      {
        origem: 'comprador',
        portador: { nome: 'Pessoa', documento: '52998224725', nacionalidade: 'BR' },
      },
    ]);
    const { itens } = await holdMatch(s, token, 3);
    await s.ok(
      'SuperIngresso',
      'portadorSetItem',
      [itens[0]!, holder('161.803.398-05', { nome: 'Um' })],
      {
        token,
      },
    );
    await s.ok(
      'SuperIngresso',
      'portadorSetItem',
      [itens[1]!, holder('141.421.356-51', { nome: 'Dois' })],
      {
        token,
      },
    );
    // The buyer bound to a ticket is not offered twice.
    await s.ok('SuperIngresso', 'portadorSetItem', [itens[2]!, holder('529.982.247-25')], {
      token,
    });
    const saved = await s.ok('SuperIngressoWeb', 'getPortadoresSalvos', [], { token });
    expect(saved.portadores.map((p) => [p.origem, p.portador.nome])).toEqual([
      ['comprador', 'Pessoa'],
      ['anterior', 'Dois'],
      ['anterior', 'Um'],
    ]);
    // Another person sees none of them.
    const other = await s.personToken('saved-other@example.com');
    const theirs = await s.ok('SuperIngressoWeb', 'getPortadoresSalvos', [], {
      token: other.token,
    });
    expect(theirs.portadores.map((p) => p.origem)).toEqual(['comprador']);
  });
});

// On PGlite's single connection nothing interleaves, so the race runs on PostgreSQL whenever one
// is reachable (harness `concurrency`).
describe('concurrent binds of one holder to one session', () => {
  let pg: TestServer;
  beforeAll(async () => {
    pg = await startTestServer({ concurrency: true, brands: brands() });
  });
  afterAll(async () => {
    await pg?.close();
  });

  /** Two buyers, each with one unit of the match, bind the same CPF at once, `rounds` times. */
  async function race(rounds: number) {
    const docs = ['17320508052', '22360679767', '26457513182', '30000000116', '31622776631'];
    const outcomes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const [a, b] = await makeBuyers(pg.db, pg.brands[0]!, 2);
      const [ua, ub] = [await holdMatch(pg, a!, 1), await holdMatch(pg, b!, 1)];
      const doc = docs[round % docs.length]!;
      const answers = await Promise.all([
        pg.rpc('SuperIngresso', 'portadorSetItem', [ua.itens[0]!, holder(doc)], { token: a }),
        pg.rpc('SuperIngressoWeb', 'elevenWallet', [ub.itens[0]!, holder(doc)], { token: b }),
      ]);
      outcomes.push(answers.filter((x) => 'result' in x.body).length);
      for (const x of answers) {
        if ('error' in x.body) {
          expect(x.body.error).toEqual({ code: 0, message: t('pt-BR', 'error.holderDuplicate') });
        }
      }
      // Free the session for the next round.
      for (const [token, u] of [
        [a!, ua],
        [b!, ub],
      ] as const) {
        await pg.ok('SuperIngresso', 'cancelarReserva', [u.idmovimentacao, null, false, false], {
          token,
        });
      }
    }
    return outcomes;
  }

  it('lets exactly one of them bind it', async () => {
    expect(await race(5)).toEqual([1, 1, 1, 1, 1]);
  });

  it('has the unique index as its guard: without it both binds pass', async () => {
    await pg.db.execute(sql`DROP INDEX portador_sessao_documento_uq`);
    try {
      expect(await race(2)).toEqual([2, 2]);
    } finally {
      await pg.db.execute(sql`DELETE FROM portador`);
      await pg.db.execute(
        sql`CREATE UNIQUE INDEX portador_sessao_documento_uq
            ON portador (brand, idapresentacao, documento_chave)`,
      );
    }
  });
});
