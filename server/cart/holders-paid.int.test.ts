import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Envelope, PortadorDados, TicketsCartResult } from '#schemas/contract.ts';
import type { CheckinAnswer, CheckinLoginResult } from '#schemas/rest/checkin.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { errorOf, payApproved, startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P, testBrand, testCatalog } from '#server/test/test-brand.ts';
import { signedCodeOf } from '#server/tickets/tickets.ts';

const STAFF_PASSWORD = 'Portaria@2026';

const holder = (documento: string, nome: string): PortadorDados => ({
  nome,
  sobrenome: 'Souza',
  nacionalidade: 'BR',
  documento,
  dt_nascimento: '1990-05-17',
});
const ANA = holder('111.444.777-35', 'Ana');
const BRUNO = holder('123.456.789-09', 'Bruno');
const CARLA = holder('529.982.247-25', 'Carla');

async function brandWith(
  holderChangeHours: number | undefined,
  rule: 'obrigatorio' | 'opcional',
): Promise<LoadedBrand> {
  const b = testBrand('test-a', {}, testCatalog({ jogoPortador: rule }));
  if (holderChangeHours !== undefined) b.brand.holderChangeHours = holderChangeHours;
  b.brand.checkin = {
    staff: [{ user: 'gate', passwordHash: await hash(STAFF_PASSWORD, { algorithm: 2 }) }],
  };
  return b;
}

/**
 * A paid order of two match tickets with `holders` (Ana and Bruno unless told: one holder per
 * match, so a second order of a server names others).
 */
async function paidMatch(s: TestServer, email: string, holders = [ANA, BRUNO]) {
  const { token } = await s.personToken(email);
  const jogo = (await s.ok('SuperIngresso', 'getApresentacoes', [E.jogo])).apresentacoes[0]!
    .idapresentacao;
  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.jogo, qtd: 2 }], jogo, []],
    {
      token,
    },
  );
  const units = await rows<{ id: number }>(
    s.db,
    sql`SELECT id FROM movimentacao_item WHERE idmovimentacao = ${r.idmovimentacao} ORDER BY id`,
  );
  const [a, b] = units.map((u) => Number(u.id));
  await s.ok('SuperIngresso', 'portadorSetItem', [a!, holders[0]!], { token });
  await s.ok('SuperIngresso', 'portadorSetItem', [b!, holders[1]!], { token });
  await payApproved(s, token, r.idmovimentacao);
  return { token, idmovimentacao: r.idmovimentacao, a: a!, b: b!, jogo };
}

async function ticketOf(s: TestServer, iditem: number) {
  return (await firstRow<{ id: number; codigo: string; versao: number }>(
    s.db,
    sql`SELECT id, codigo, versao FROM ingresso WHERE iditem = ${iditem}`,
  ))!;
}

async function myOrder(s: TestServer, token: string, idmovimentacao: number) {
  const res = await s.app.inject({
    method: 'GET',
    url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true',
    headers: { host: 'localhost', authorization: `Bearer ${token}` },
  });
  const body = res.json() as Envelope<TicketsCartResult>;
  if (!('result' in body)) throw new Error(JSON.stringify(body));
  return body.result.tickets.find((o) => o.idmovimentacao === idmovimentacao)!;
}

async function scan(s: TestServer, codigo: string): Promise<CheckinAnswer['resultado']> {
  const login = await s.app.inject({
    method: 'POST',
    url: '/portaria/login',
    payload: { usuario: 'gate', senha: STAFF_PASSWORD },
  });
  const token = (login.json() as { result: CheckinLoginResult }).result.token;
  const res = await s.app.inject({
    method: 'POST',
    url: '/portaria/validar',
    headers: { 'x-checkin-token': token },
    payload: { codigo },
  });
  return (res.json() as { result: CheckinAnswer }).result.resultado;
}

describe('holders of paid tickets', () => {
  let s: TestServer;
  let optional: TestServer;
  let fixed: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ brands: [await brandWith(24, 'obrigatorio')] });
    optional = await startTestServer({ brands: [await brandWith(24, 'opcional')] });
    fixed = await startTestServer({ brands: [await brandWith(undefined, 'obrigatorio')] });
  });
  afterAll(async () => {
    await s?.close();
    await optional?.close();
    await fixed?.close();
  });

  it('changes until the cut-off, re-issuing the ticket: the old codes are refused at the gate', async () => {
    const order = await paidMatch(s, 'paid-change@example.com');
    const listed = await myOrder(s, order.token, order.idmovimentacao);
    expect(listed.itens.map((i) => i.portador_alteravel)).toEqual([true, true]);

    const before = await ticketOf(s, order.a);
    const oldSigned = (await signedCodeOf(s.db, 'test-a', before.id))!;
    const changed = await s.ok('SuperIngresso', 'portadorSetItem', [order.a, CARLA], {
      token: order.token,
    });
    expect(changed.portador).toEqual(CARLA);
    const after = await ticketOf(s, order.a);
    expect(after.versao).toBe(before.versao + 1);
    expect(after.codigo).not.toBe(before.codigo);
    expect(await scan(s, oldSigned)).toBe('revogado');
    expect(await scan(s, before.codigo)).toBe('invalido');
    expect(await scan(s, after.codigo)).toBe('valido');

    // The one holder per match rule: Bruno is on the other ticket.
    const dup = await s.rpc('SuperIngresso', 'portadorSetItem', [order.a, BRUNO], {
      token: order.token,
    });
    expect(errorOf(dup).message).toBe(t('pt-BR', 'error.holderDuplicate'));
    expect((await ticketOf(s, order.a)).versao).toBe(after.versao);
    // A required holder is changed, not removed.
    const removed = await s.rpc('SuperIngressoWeb', 'removeElevenWallet', [order.b], {
      token: order.token,
    });
    expect(errorOf(removed).message).toBe(t('pt-BR', 'error.holderRequired'));
    // A ticket used at the gate keeps its holder.
    const used = await s.rpc('SuperIngresso', 'portadorSetItem', [order.a, ANA], {
      token: order.token,
    });
    expect(errorOf(used).message).toBe(t('pt-BR', 'error.holderChangeClosed'));
    expect((await myOrder(s, order.token, order.idmovimentacao)).itens[0]!.portador).toEqual(CARLA);
  });

  it('removes an optional holder of a paid ticket, re-issuing it', async () => {
    const order = await paidMatch(optional, 'paid-remove@example.com');
    const before = await ticketOf(optional, order.b);
    await optional.ok('SuperIngressoWeb', 'removeElevenWallet', [order.b], { token: order.token });
    expect((await ticketOf(optional, order.b)).versao).toBe(before.versao + 1);
  });

  it('is closed past the cut-off, and without the brand setting', async () => {
    const order = await paidMatch(s, 'paid-late@example.com', [
      holder('390.533.447-05', 'Dora'),
      holder('714.602.519-54', 'Eva'),
    ]);
    // The session moves to 23 hours from now: inside the 24-hour cut-off.
    await s.db.execute(
      sql`UPDATE apresentacao SET dthr = now() + interval '23 hours' WHERE id = ${order.jogo}`,
    );
    expect((await myOrder(s, order.token, order.idmovimentacao)).itens[0]!.portador_alteravel).toBe(
      undefined,
    );
    const late = await s.rpc('SuperIngresso', 'portadorSetItem', [order.a, CARLA], {
      token: order.token,
    });
    expect(errorOf(late).message).toBe(t('pt-BR', 'error.holderChangeClosed'));

    const other = await paidMatch(fixed, 'paid-fixed@example.com');
    const closed = await fixed.rpc('SuperIngresso', 'portadorSetItem', [other.a, CARLA], {
      token: other.token,
    });
    expect(errorOf(closed).message).toBe(t('pt-BR', 'error.holderChangeClosed'));
    expect((await ticketOf(fixed, other.a)).versao).toBe(1);
  });
});
