/**
 * An agency buys only once its e-mail is confirmed and an operator has approved it (spec §4,
 * §6): the hold and the payment's start refuse it otherwise, saying which step is missing, and
 * the approval tells the operator when the e-mail is still unconfirmed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, pessoa } from '#server/db/schema.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { errorOf, startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';
import { approveAgency } from './agency';
import { DEMO_AGENCY } from './seed';

let s: TestServer;
let visita: number;
beforeAll(async () => {
  s = await startTestServer();
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

const PASSWORD = 'Segura@123';
let ip = 20;

/** Signs an agency up (awaiting approval, e-mail unconfirmed) and returns its token. */
async function signUpAgency(email: string): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/cadastro/1',
    remoteAddress: `10.7.0.${ip++}`,
    headers: { host: 'localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      _nome: 'Viagens',
      _email: email,
      _email2: email,
      _senha: PASSWORD,
      _senha2: PASSWORD,
      _celularComCodigoPais: '+55 11 3333-4444',
      _empresa_cnpj: '11.222.333/0001-81',
      _empresa_razao: 'Viagens Ltda',
      _termos: true,
      _idpessoa_tipo: s.brands[0]!.brand.regrasDoNegocio.idagenciaaguardando,
    }),
  });
  const body = res.json();
  expect(body.error).toBeUndefined();
  return body.result.access_token as string;
}

const hold = (token: string, lang?: string) =>
  s.rpc(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.agencia, qtd: 10 }], visita, []],
    lang ? { token, lang } : { token },
  );

/** Opens the confirmation link mailed to `email`. */
async function confirmMailed(email: string): Promise<void> {
  const [mail] = await s.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'confirm_email')))
    .orderBy(sql`${outbox.id} DESC`)
    .limit(1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  const res = await s.app.inject({
    method: 'POST',
    url: '/pessoa/cadastro/confirmar/email',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({ token }),
  });
  expect(res.json().error).toBeUndefined();
}

describe('an agency buys once its e-mail is confirmed and it is approved', () => {
  it('refuses the hold until the e-mail is confirmed and it is approved, and tells the operator', async () => {
    const email = 'agencia.sem.confirmar@example.com';
    const token = await signUpAgency(email);
    const unconfirmed = await hold(token);
    expect(unconfirmed.body).toEqual({
      error: { code: 13087, message: t('pt-BR', 'error.agencyEmailUnconfirmed') },
    });
    expect(errorOf(await hold(token, 'es_ES')).message).toBe(
      'Confirma el correo electrónico de tu agencia para poder comprar: abre el enlace que te enviamos por correo.',
    );
    expect(errorOf(await hold(token, 'en_US')).message).toBe(
      "Confirm your agency's e-mail address to buy: open the link we sent to your e-mail.",
    );

    // The operator approves it and is told the e-mail is still unconfirmed; it still cannot buy.
    const brand = s.brands[0]!;
    expect(await approveAgency(s.db, brand, email)).toBe('approved-unconfirmed');
    expect(await approveAgency(s.db, brand, email)).toBe('already-approved-unconfirmed');
    expect(errorOf(await hold(token)).message).toBe(t('pt-BR', 'error.agencyEmailUnconfirmed'));

    // Once it opens the mailed link, it buys.
    await confirmMailed(email);
    const held = await hold(token);
    expect(held.body).toHaveProperty('result');
    expect(await approveAgency(s.db, brand, email)).toBe('already-approved');

    // The other order: confirmed first, it awaits approval; approved, it buys.
    const other = 'agencia.confirmada@example.com';
    const otherToken = await signUpAgency(other);
    await confirmMailed(other);
    expect(errorOf(await hold(otherToken)).message).toBe(t('pt-BR', 'error.agencyAwaiting'));
    expect(await approveAgency(s.db, brand, other)).toBe('approved');
    expect((await hold(otherToken)).body).toHaveProperty('result');
  });

  it('refuses the payment of an agency whose e-mail is unconfirmed, even with a cart held', async () => {
    const token = await s.login(DEMO_AGENCY.email, DEMO_AGENCY.password);
    const cart = await hold(token);
    if (!('result' in cart.body)) throw new Error(JSON.stringify(cart.body));
    const idmovimentacao = cart.body.result.idmovimentacao;
    // An account from before the rule: approved, holding, never confirmed.
    await s.db
      .update(pessoa)
      .set({ emailConfirmadoEm: null })
      .where(eq(pessoa.email, DEMO_AGENCY.email));
    // It signs in again (a session started before the change may be served from a server's
    // short session cache until the database's notification arrives).
    const again = await s.login(DEMO_AGENCY.email, DEMO_AGENCY.password);
    const pay = await s.rpc(
      'SuperIngresso',
      'iniciarPagamento',
      [idmovimentacao, 3, '', null, { parcelas: 1, idempotencyKey: 'agency-unconfirmed-1' }],
      { token: again, lang: 'en_US' },
    );
    expect(pay.body).toEqual({
      error: { code: 13087, message: t('en-US', 'error.agencyEmailUnconfirmed') },
    });
    const payments = await firstRow<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${idmovimentacao}`,
    );
    expect(payments?.n).toBe(0);
  });
});
