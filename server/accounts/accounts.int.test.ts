import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#schemas/contract.ts';
import { forgetTermScans } from '#server/content/terms.ts';
import { outbox, pessoa, termoAceite } from '#server/db/schema.ts';
import { rows } from '#server/db/sql.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrands } from '#server/test/test-brand.ts';

let s: TestServer;
let termsDir: string;

async function writeTerm(version: string, title: string) {
  const dir = path.join(termsDir, 'content', 'terms', '1');
  await mkdir(dir, { recursive: true });
  for (const l of ['pt-BR', 'es-ES', 'en-US']) {
    await writeFile(
      path.join(dir, `${version}.${l}.md`),
      `# ${title} ${l}\n\nTexto <script>alert(1)</script> [x](javascript:alert(1)) **forte**.\n`,
    );
  }
  forgetTermScans();
}

beforeAll(async () => {
  termsDir = await mkdtemp(path.join(os.tmpdir(), 'terms-'));
  await writeTerm('2026-01-01', 'Termos v1');
  const brands = testBrands();
  // The default test brand reads its terms from a folder this test publishes versions into.
  brands[0]!.dir = termsDir;
  // The second brand (host other.test) takes no travel agencies.
  brands[1]!.brand.regrasDoNegocio = { ...brands[1]!.brand.regrasDoNegocio, agencias: false };
  s = await startTestServer({ brands });
});
afterAll(async () => {
  await s?.close();
  await rm(termsDir, { recursive: true, force: true });
});

let ipCounter = 10;
/** A fresh client address per test, so rate limits of one test do not touch another. */
const freshIp = () => `10.0.0.${ipCounter++}`;

interface Req {
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
  token?: string | null;
  ip?: string;
  host?: string;
}
async function call(r: Req) {
  const res = await s.app.inject({
    method: r.method ?? (r.body === undefined ? 'GET' : 'POST'),
    url: r.url,
    remoteAddress: r.ip ?? '10.9.9.9',
    headers: {
      host: r.host ?? 'localhost',
      'content-type': 'application/json',
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
    },
    ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    // biome-ignore lint/suspicious/noExplicitAny: the tests read answers of many shapes
    body: res.json() as { result?: any; error?: ApiErrorBody },
  };
}

const PASSWORD = 'Segura@123';
function signUpBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    _nome: 'Ana',
    _sobrenome: 'Souza',
    _email: email,
    _email2: email,
    _senha: PASSWORD,
    _senha2: PASSWORD,
    _celularComCodigoPais: '+55 11 91234-5678',
    _dt_nascimento: '1990-05-17',
    _cpf: '529.982.247-25',
    _nacionalidade: 'BR',
    _termos: true,
    ...extra,
  };
}

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const res = await call({ url: '/cadastro/1', body: signUpBody(email, extra), ip: freshIp() });
  expect(res.body.error).toBeUndefined();
  return res.body.result as { access_token: string; pessoa: { idpessoa: number } };
}

async function lastMail(to: string, kind: string) {
  const [m] = await s.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)))
    .orderBy(sql`${outbox.id} DESC`)
    .limit(1);
  return m;
}

const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('sign-up', () => {
  it('stores every field, accepts the current terms, mails a confirmation and logs in', async () => {
    const r = await signUp('ana@example.com', { _telefoneComCodigoPais: '+55 11 3000-1000' });
    expect(r.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const dados = await call({ url: '/pessoa/cadastro/dados', token: r.access_token });
    expect(dados.headers['cache-control']).toBe('no-store');
    expect(dados.body.result.cadastro).toMatchObject({
      nome: 'Ana',
      email: 'ana@example.com',
      cpf: '52998224725',
      dt_nascimento: '1990-05-17',
      telefoneComCodigoPais: '+55 11 3000-1000',
      idioma: 'pt-BR',
      email_confirmado: false,
      idpessoa_tipo: 1,
    });
    const accepted = await s.db
      .select()
      .from(termoAceite)
      .where(eq(termoAceite.idpessoa, r.pessoa.idpessoa));
    expect(accepted.map((a) => a.versao)).toEqual(['2026-01-01']);

    const mail = await lastMail('ana@example.com', 'confirm_email');
    expect(mail?.text).toContain('/validatemail?token=');
    const token = tokenIn(mail!.text);
    const ok = await call({ url: '/pessoa/cadastro/confirmar/email', body: { token } });
    expect(ok.body.result?.mensagem).toBe('E-mail confirmado com sucesso!');
    // The link opened again is a notice, not an error, in every language.
    const again = await call({ url: '/pessoa/cadastro/confirmar/email', body: { token } });
    expect(again.body).toEqual({ result: { mensagem: 'E-mail já confirmado.' } });
    const es = await call({ url: '/pessoa/cadastro/confirmar/email?lang=es_ES', body: { token } });
    expect(es.body.result?.mensagem).toBe('Correo electrónico ya confirmado.');
    const en = await call({ url: '/pessoa/cadastro/confirmar/email?lang=en_US', body: { token } });
    expect(en.body.result?.mensagem).toBe('E-mail address already confirmed.');
    const unknown = await call({
      url: '/pessoa/cadastro/confirmar/email',
      body: { token: token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
    });
    expect(unknown.body.error?.message).toBe('Token de confirmação não identificado!');
    const after = await call({ url: '/pessoa/cadastro/dados', token: r.access_token });
    expect(after.body.result.cadastro.email_confirmado).toBe(true);
  });

  it('refuses a used e-mail, which ValidaEmail reports while typing', async () => {
    await signUp('bia@example.com');
    const dup = await call({
      url: '/cadastro/1',
      body: signUpBody('BIA@example.com'),
      ip: freshIp(),
    });
    expect(dup.body.error?.message).toBe('E-mail já cadastrado');
    // Beside the field it is about, in the form.
    expect(dup.body.error?.fields).toEqual([
      { field: '.email', id: 'error.emailTaken', message: 'E-mail já cadastrado' },
    ]);
    const taken = await call({
      url: '/CustomUserApps/ValidaEmail',
      body: { email: 'bia@example.com' },
    });
    expect(taken.body.result?.disponivel).toBe(false);
    const free = await call({
      url: '/CustomUserApps/ValidaEmail',
      body: { email: 'nova@example.com' },
    });
    expect(free.body.result?.disponivel).toBe(true);
    const rpc = await s.rpc('SuperIngressoWeb', 'validaemail', ['bia@example.com', null]);
    expect(rpc.body).toMatchObject({ result: { disponivel: false } });
  });

  it('answers bad input with the form error and writes nothing', async () => {
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(pessoa);
    const bad = await call({
      url: '/cadastro/1',
      body: signUpBody('c@example.com', { _senha2: 'Outra@123', _cpf: '111.111.111-11' }),
      ip: freshIp(),
    });
    expect(bad.body.error?.code).toBe(0);
    expect(bad.body.error?.message).toBeTruthy();
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(pessoa);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('makes an agency await approval, and its reservations are refused', async () => {
    const rules = s.brands[0]!.brand.regrasDoNegocio;
    const res = await call({
      url: '/cadastro/1',
      ip: freshIp(),
      body: {
        _nome: 'Viagens',
        _email: 'agencia.nova@example.com',
        _email2: 'agencia.nova@example.com',
        _senha: PASSWORD,
        _senha2: PASSWORD,
        _celularComCodigoPais: '+55 11 3333-4444',
        _empresa_cnpj: '11.222.333/0001-81',
        _empresa_razao: 'Viagens Ltda',
        _termos: true,
        _idpessoa_tipo: rules.idagenciaaguardando,
      },
    });
    expect(res.body.error).toBeUndefined();
    expect(res.body.result.aguardando_aprovacao).toBe(true);
    expect(res.body.result.pessoa.idpessoa_tipo).toBe(rules.idagenciaaguardando);
    expect(await lastMail('agencia.nova@example.com', 'agency_awaiting')).toBeDefined();
    const hold = await s.rpc(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: 1, qtd: 10 }], 1, []],
      {
        token: res.body.result.access_token,
      },
    );
    expect(hold.body).toMatchObject({ error: { code: 13087 } });
  });

  it('refuses an agency on a brand without agencies, which gets no demo agency either', async () => {
    const other = s.brands[1]!;
    const email = 'agencia.fechada@example.com';
    const res = await s.app.inject({
      method: 'POST',
      url: '/cadastro/1?lang=es_ES',
      remoteAddress: freshIp(),
      headers: { host: 'other.test', 'content-type': 'application/json' },
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
        _idpessoa_tipo: other.brand.regrasDoNegocio.idagenciaaguardando,
      }),
    });
    expect(res.json()).toMatchObject({
      error: { code: 0, message: 'Esta tienda no acepta el registro de agencias de turismo.' },
    });
    const stored = await s.db.select().from(pessoa).where(eq(pessoa.email, email));
    expect(stored).toEqual([]);
    expect(await lastMail(email, 'agency_awaiting')).toBeUndefined();
    // A person signs up there as anywhere else; the demo agency exists on the first brand only.
    const person = await s.app.inject({
      method: 'POST',
      url: '/cadastro/1',
      remoteAddress: freshIp(),
      headers: { host: 'other.test', 'content-type': 'application/json' },
      payload: JSON.stringify(signUpBody('pessoa.outra@example.com')),
    });
    expect(person.json().error).toBeUndefined();
    const agencies = await s.db
      .select({ brand: pessoa.brand })
      .from(pessoa)
      .where(eq(pessoa.email, 'agencia@example.com'));
    expect(agencies.map((a) => a.brand)).toEqual([s.brands[0]!.id]);
    // The storefront's config says so, so it offers no agency sign-up.
    const config = await s.app.inject({
      method: 'POST',
      url: '/CustomUserApps/Configs',
      headers: { host: 'other.test' },
    });
    expect(config.json().result.regrasDoNegocio.agencias).toBe(false);
  });

  it('never lets the sign-up choose another person type', async () => {
    const res = await call({
      url: '/cadastro/1',
      ip: freshIp(),
      body: signUpBody('tipo@example.com', {
        _idpessoa_tipo: s.brands[0]!.brand.regrasDoNegocio.idagencia,
      }),
    });
    expect(res.body.error?.code).toBe(0);
  });
});

describe('login', () => {
  it('answers an unknown e-mail and a wrong password alike; a throttled account is told to wait', async () => {
    await signUp('carla@example.com');
    const ip = freshIp();
    const login = (email: string, pw: string, from = ip) =>
      call({ url: '/login/1', body: { _username: email, _password: pw }, ip: from });
    const unknown = await login('ninguem@example.com', PASSWORD);
    const wrong = await login('carla@example.com', 'Errada@123');
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error?.message).toBe('Usuário ou senha incorreta');
    for (let i = 0; i < 4; i++) await login('carla@example.com', 'Errada@123');
    // Throttled at this address: even the right password waits, and is told so.
    const throttled = await login('carla@example.com', PASSWORD);
    expect(throttled.body.error?.message).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    // Not a lockout: the owner at another address logs in.
    const elsewhere = await login('carla@example.com', PASSWORD, freshIp());
    expect(elsewhere.body.result?.access_token).toBeTruthy();
    expect(elsewhere.headers.authorization).toBe(`Bearer ${elsewhere.body.result.access_token}`);
  });

  it('slows a guesser spread over many addresses, but not the owner at a known address', async () => {
    await signUp('dora@example.com');
    const home = freshIp();
    const body = (pw: string) => ({ _username: 'dora@example.com', _password: pw });
    expect(
      (await call({ url: '/login/1', body: body(PASSWORD), ip: home })).body.result,
    ).toBeTruthy();
    // Fourteen strangers, one wrong password each: the account-wide delay is then a minute.
    for (let i = 0; i < 14; i++)
      await call({ url: '/login/1', body: body('Errada@123'), ip: freshIp() });
    const newPlace = await call({ url: '/login/1', body: body(PASSWORD), ip: freshIp() });
    expect(newPlace.body.error?.message).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    const atHome = await call({ url: '/login/1', body: body(PASSWORD), ip: home });
    expect(atHome.body.result?.access_token).toBeTruthy();
  });

  it('logout revokes the token on the server', async () => {
    const r = await signUp('davi@example.com');
    const out = await call({ url: '/logout', body: {}, token: r.access_token });
    expect(out.body.result?.ok).toBe(true);
    expect(out.headers.authorization).toBeUndefined();
    const after = await call({ url: '/pessoa/cadastro/dados', token: r.access_token });
    expect(after.body.error?.code).toBe(1);
  });

  it('asks for a newly published term (21001), records the acceptance, then logs in', async () => {
    const r = await signUp('eva@example.com');
    await writeTerm('2026-02-01', 'Termos v2');
    const body = { _username: 'eva@example.com', _password: PASSWORD };
    const first = await call({ url: '/login/1', body, ip: freshIp() });
    expect(first.body.error?.code).toBe(21001);
    const detail = JSON.parse(first.body.error!.message);
    expect(detail.termo).toMatchObject({
      idtipo_termo: 1,
      versao: '2026-02-01',
      dsctermo: 'Termos v2 pt-BR',
    });
    expect(detail.termo.termo).not.toContain('<script>');
    expect(detail.termo.termo).not.toContain('javascript:');
    expect(detail.termo.termo).toContain('<strong>forte</strong>');
    // The ticket is for this person and this use only.
    const bogus = await s.rpc('BasePessoaClass', 'aceiteTermo', [
      { idtermo: detail.termo.idtermo, aceite: 'x'.repeat(43) },
    ]);
    expect(bogus.body).toMatchObject({ error: { code: 1 } });
    const accept = await s.rpc('BasePessoaClass', 'aceiteTermo', [
      { idtermo: detail.termo.idtermo, aceite: detail.aceite },
    ]);
    expect(accept.body).toEqual({ result: { aceito: true } });
    const second = await call({ url: '/login/1', body, ip: freshIp() });
    expect(second.body.result?.access_token).toBeTruthy();
    const versions = await s.db
      .select({ v: termoAceite.versao, at: termoAceite.aceitoEm })
      .from(termoAceite)
      .where(eq(termoAceite.idpessoa, r.pessoa.idpessoa));
    expect(versions.map((v) => v.v).sort()).toEqual(['2026-01-01', '2026-02-01']);
    const current = await call({ url: '/pessoa/cadastro/termo?tipo=1' });
    expect(current.body.result.versao).toBe('2026-02-01');
  });
});

describe('a term published while a session is open', () => {
  it('answers a hold with code 4 until the session person accepts it', async () => {
    const r = await signUp('jade@example.com');
    const accepted = async () =>
      (await call({ url: '/pessoa/cadastro/dados', token: r.access_token })).body.result.cadastro
        .termos;
    expect(await accepted()).toBe(true);
    await writeTerm('2026-03-01', 'Termos v3');
    const hold = () =>
      s.rpc('SuperIngresso', 'iniciarReserva', [[{ idproduto: 1, qtd: 1 }], 1, []], {
        token: r.access_token,
      });
    expect((await hold()).body).toMatchObject({ error: { code: 4 } });
    // The profile read says so too: a return from an identity provider shows the term at once.
    expect(await accepted()).toBe(false);
    const term = await s.rpc('BaseTermoClass', 'getTermoCorrente', [1, null]);
    expect(term.body).toMatchObject({ result: { versao: '2026-03-01' } });
    const idtermo = (term.body as { result: { idtermo: number } }).result.idtermo;
    const accept = await s.rpc('BasePessoaClass', 'aceiteTermo', [{ idtermo }], {
      token: r.access_token,
    });
    expect(accept.body).toEqual({ result: { aceito: true } });
    expect(await accepted()).toBe(true);
    // No longer the terms: whatever the hold answers now, it is not code 4.
    expect((await hold()).body).not.toMatchObject({ error: { code: 4 } });
  });
});

describe('passwords', () => {
  it('forgot answers the same whether the e-mail exists; the reset link is single-use and ends sessions', async () => {
    const r = await signUp('fabio@example.com');
    const known = await call({
      url: '/pessoa/cadastro/recuperar/senha',
      body: { username: 'fabio@example.com' },
      ip: freshIp(),
    });
    const unknown = await call({
      url: '/pessoa/cadastro/recuperar/senha',
      body: { username: 'fantasma@example.com' },
      ip: freshIp(),
    });
    expect(known.body).toEqual(unknown.body);
    expect(known.body.result.sucesso).toBe(true);
    const mail = await lastMail('fabio@example.com', 'reset_password');
    const token = tokenIn(mail!.text);
    const NEW = 'Trocada@456';
    const reset = await call({
      url: '/pessoa/cadastro/recuperar/nova',
      body: { token, password: NEW, password2: NEW },
    });
    expect(reset.body.result?.sucesso).toBe(true);
    const reuse = await call({
      url: '/pessoa/cadastro/recuperar/nova',
      body: { token, password: NEW, password2: NEW },
    });
    expect(reuse.body.error?.code).toBe(0);
    const old = await call({ url: '/pessoa/cadastro/dados', token: r.access_token });
    expect(old.body.error?.code).toBe(1);
    const oldPw = await call({
      url: '/login/1',
      body: { _username: 'fabio@example.com', _password: PASSWORD },
      ip: freshIp(),
    });
    expect(oldPw.body.error?.message).toBe('Usuário ou senha incorreta');
    const newPw = await call({
      url: '/login/1',
      body: { _username: 'fabio@example.com', _password: NEW },
      ip: freshIp(),
    });
    expect(newPw.body.result?.access_token).toBeTruthy();
  });

  it('change needs the current password and hands a new token', async () => {
    const r = await signUp('gil@example.com');
    const wrong = await call({
      url: '/pessoa/cadastro/trocar/senha',
      token: r.access_token,
      body: { oldpassword: 'Nao@1234', password: 'Outra@789' },
    });
    expect(wrong.body.error?.message).toBe('Senha atual incorreta');
    expect(wrong.body.error?.fields?.[0]).toMatchObject({
      field: '.old_password',
      message: 'Senha atual incorreta',
    });
    for (const [lang, text] of [
      ['es_ES', 'Contraseña actual incorrecta'],
      ['en_US', 'Current password is incorrect'],
    ]) {
      const other = await call({
        url: `/pessoa/cadastro/trocar/senha?lang=${lang}`,
        token: r.access_token,
        body: { oldpassword: 'Nao@1234', password: 'Outra@789' },
        ip: freshIp(),
      });
      expect(other.body.error?.message).toBe(text);
    }
    // An empty one is asked for, as before.
    const empty = await call({
      url: '/pessoa/cadastro/trocar/senha',
      token: r.access_token,
      body: { oldpassword: '', password: 'Outra@789' },
    });
    expect(empty.body.error?.message).toBe('Insira sua senha atual');
    const ok = await call({
      url: '/pessoa/cadastro/trocar/senha',
      token: r.access_token,
      body: { oldpassword: PASSWORD, password: 'Outra@789' },
    });
    expect(ok.body.result?.mensagem).toBeTruthy();
    const fresh = /^Bearer (.+)$/.exec(String(ok.headers.authorization))?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(r.access_token);
    expect(
      (await call({ url: '/pessoa/cadastro/dados', token: r.access_token })).body.error?.code,
    ).toBe(1);
    expect((await call({ url: '/pessoa/cadastro/dados', token: fresh })).body.result).toBeTruthy();
  });
});

describe('nobody reads or changes another person', () => {
  it('every account call acts on the session person only', async () => {
    const a = await signUp('helena@example.com');
    const b = await signUp('igor@example.com');
    const snapshot = async () =>
      rows<Record<string, unknown>>(
        s.db,
        sql`SELECT * FROM pessoa WHERE id = ${b.pessoa.idpessoa}`,
      );
    const before = await snapshot();
    const asA = { token: a.access_token };
    const mine = await call({ url: '/pessoa/cadastro/dados', ...asA });
    expect(mine.body.result.cadastro.email).toBe('helena@example.com');
    await call({
      url: '/pessoa/cadastro/dados',
      ...asA,
      body: {
        idpessoa: b.pessoa.idpessoa,
        email: 'igor@example.com',
        nome: 'Hackeado',
        sobrenome: 'X',
        cpf: '52998224725',
      },
    });
    await s.rpc(
      'BasePessoaClass',
      'setPessoa',
      [{ idpessoa: b.pessoa.idpessoa, nome: 'Hackeado' } as Record<string, unknown>],
      asA,
    );
    await call({
      url: '/pessoa/cadastro/trocar/senha',
      ...asA,
      body: { oldpassword: PASSWORD, password: 'Roubada@1', idpessoa: b.pessoa.idpessoa },
    });
    expect(await snapshot()).toEqual(before);
    const bStill = await call({ url: '/pessoa/cadastro/dados', token: b.access_token });
    expect(bStill.body.result.cadastro.nome).toBe('Ana');
  });

  it('sessions asked for at once (looked up together) each get their own person, of their brand', async () => {
    const names = ['jonas', 'karla', 'lia', 'mauro', 'nina'];
    const people = await Promise.all(names.map((n) => signUp(`${n}@example.com`)));
    const out = people.at(-1)!;
    await call({ url: '/logout', body: {}, token: out.access_token });
    const dados = (token: string, host?: string) =>
      call({ url: '/pessoa/cadastro/dados', token, ...(host ? { host } : {}) });
    const answers = await Promise.all(
      people.flatMap((p) => [dados(p.access_token), dados(p.access_token, 'other.test')]),
    );
    names.forEach((n, i) => {
      const [own, other] = [answers[2 * i]!, answers[2 * i + 1]!];
      if (n === 'nina') expect(own.body.error?.code).toBe(1);
      else expect(own.body.result.cadastro.email).toBe(`${n}@example.com`);
      // The token of one brand is no session on another.
      expect(other.body.error?.code).toBe(1);
    });
  });
});
