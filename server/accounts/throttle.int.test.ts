/**
 * Throttling without collateral damage (issue 39 item 2, OWASP ASVS 5.0 V6): failed logins count
 * per account and per address; a busy address is asked for the captcha, never refused, so an
 * account with no failures of its own gets in with its right password; a throttled try says how
 * many minutes to wait, in the request's language, never "wrong password"; malformed logins
 * count nowhere; wrong reset and confirmation tokens are throttled per person and per address.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#schemas/contract.ts';
import { solvedCaptcha } from '#server/test/captcha.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { ensurePessoa } from './repository';
import { issueToken } from './tokens';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const PASSWORD = 'Segura@123';
const WRONG = 'Errada@123';

async function person(email: string) {
  return ensurePessoa(s.db, {
    brand: s.brands[0]!.id,
    email,
    password: PASSWORD,
    nome: 'Pessoa',
    idpessoaTipo: 1,
    cpf: '52998224725',
  });
}

async function post(url: string, body: unknown, ip: string, token?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answers of many shapes
  return res.json() as { result?: any; error?: ApiErrorBody };
}

const login = (ip: string, email: string, password: string, extra: object = {}, lang = 'pt_BR') =>
  post(`/login/1?lang=${lang}`, { _username: email, _password: password, ...extra }, ip);

const WRONG_PASSWORD = 'Usuário ou senha incorreta';

describe('login throttling', () => {
  it("another account's 200 failures at one address: below the captcha threshold no refusal; above it the right password with the captcha gets in", async () => {
    const ip = '10.39.0.1';
    await person('alvo@example.com');
    await person('vizinha@example.com');
    await person('primeira@example.com');
    for (let i = 0; i < 200; i++) await login(ip, 'alvo@example.com', `${WRONG}${i}`);
    // A neighbour has no failures of her own: straight in, no captcha.
    const next = await login(ip, 'primeira@example.com', PASSWORD);
    expect(next.error).toBeUndefined();
    expect(next.result?.access_token).toBeTruthy();

    // A guesser spraying many accounts from the address: it must solve the captcha now.
    for (let i = 0; i < 25; i++) await login(ip, `spray${i}@example.com`, WRONG);
    const asked = await login(ip, 'vizinha@example.com', PASSWORD);
    expect(asked.error?.message).toBe(
      'Muitas tentativas a partir desta rede. Confirme que você não é um robô para continuar.',
    );
    expect(asked.error?.message).not.toBe(WRONG_PASSWORD);
    expect(asked.error?.fields?.map((f) => f.field)).toEqual(['._recaptcha']);
    // With the captcha solved, the right password gets in; a wrong one is just wrong.
    const wrong = await login(ip, 'vizinha@example.com', WRONG, {
      _recaptcha: await solvedCaptcha(s),
    });
    expect(wrong.error?.message).toBe(WRONG_PASSWORD);
    // A bad solution is refused at the captcha, not as a wrong password.
    const spent = await login(ip, 'vizinha@example.com', PASSWORD, { _recaptcha: 'x'.repeat(40) });
    expect(spent.error?.fields?.map((f) => f.field)).toEqual(['._recaptcha']);
    const inside = await login(ip, 'vizinha@example.com', PASSWORD, {
      _recaptcha: await solvedCaptcha(s),
    });
    expect(inside.error).toBeUndefined();
    expect(inside.result?.access_token).toBeTruthy();
    // One who logged in from this address before is not asked.
    const regular = await login(ip, 'primeira@example.com', PASSWORD);
    expect(regular.result?.access_token).toBeTruthy();
  });

  it('a throttled try says how many minutes to wait, in three languages, never "wrong password"', async () => {
    const ip = '10.39.0.2';
    await person('carla@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await login(ip, 'carla@example.com', WRONG)).error?.message).toBe(WRONG_PASSWORD);
    }
    const pt = await login(ip, 'carla@example.com', PASSWORD);
    expect(pt.error).toEqual({
      code: 0,
      message: 'Muitas tentativas. Tente novamente em 1 minuto.',
    });
    const es = await login(ip, 'carla@example.com', PASSWORD, {}, 'es_ES');
    expect(es.error?.message).toBe('Demasiados intentos. Vuelve a intentarlo en 1 minuto.');
    const en = await login(ip, 'carla@example.com', PASSWORD, {}, 'en_US');
    expect(en.error?.message).toBe('Too many attempts. Try again in 1 minute.');
    // More failures, longer waits, named in minutes.
    await s.db.execute(
      sql`UPDATE throttle SET count = 8 WHERE key LIKE ${'login:pair:%:carla@example.com:10.39.0.2'}`,
    );
    expect((await login(ip, 'carla@example.com', PASSWORD)).error?.message).toBe(
      'Muitas tentativas. Tente novamente em 8 minutos.',
    );
    // Not a lockout: the owner at another address gets in.
    const elsewhere = await login('10.39.0.3', 'carla@example.com', PASSWORD);
    expect(elsewhere.result?.access_token).toBeTruthy();
  });

  it('malformed logins count nowhere and never lock out a fresh account', async () => {
    const ip = '10.39.0.4';
    const fresh = 'fresca@example.com';
    await person(fresh);
    const malformed: unknown[] = [
      {},
      { _username: fresh },
      { _password: PASSWORD },
      { _username: fresh, _password: '' },
      { _username: fresh, _password: 12345 },
      { _username: fresh, _password: 'x'.repeat(201) },
      { _username: [fresh], _password: WRONG },
      { _username: 'not-an-email', _password: WRONG },
      { _username: `${'a'.repeat(320)}@example.com`, _password: WRONG },
      { _username: null, _password: null },
    ];
    for (let i = 0; i < 40; i++) {
      const r = await post('/login/1', malformed[i % malformed.length], ip);
      expect(r.error?.message).not.toBe(WRONG_PASSWORD);
    }
    const first = await login(ip, fresh, PASSWORD);
    expect(first.error).toBeUndefined();
    expect(first.result?.access_token).toBeTruthy();
    // Well-formed nonsense (unknown e-mails) is a failed login of the address: the account that
    // logged in from it still gets in, and another fresh one is asked for the captcha and gets
    // in with it.
    for (let i = 0; i < 30; i++) await login(ip, `ninguem${i}@example.com`, `${i}`);
    expect((await login(ip, fresh, PASSWORD)).result?.access_token).toBeTruthy();
    await person('fresca2@example.com');
    const asked = await login(ip, 'fresca2@example.com', PASSWORD);
    expect(asked.error?.fields?.map((f) => f.field)).toEqual(['._recaptcha']);
    const inside = await login(ip, 'fresca2@example.com', PASSWORD, {
      _recaptcha: await solvedCaptcha(s),
    });
    expect(inside.result?.access_token).toBeTruthy();
  });
});

describe('reset and confirmation tokens', () => {
  const randomToken = (i: number) => `${'r'.repeat(40)}${i}`;

  it('wrong reset tokens from one address: refused with the wait after 20, the owner elsewhere unaffected', async () => {
    const ip = '10.39.1.1';
    const body = (token: string) => ({ token, password: 'Nova@1234', password2: 'Nova@1234' });
    for (let i = 0; i < 20; i++) {
      const r = await post('/pessoa/cadastro/recuperar/nova', body(randomToken(i)), ip);
      expect(r.error?.message).not.toMatch(/^Muitas tentativas/);
    }
    const p = await person('reset-throttle@example.com');
    const real = await issueToken(s.db, p.id, 'reset_password');
    const refused = await post('/pessoa/cadastro/recuperar/nova', body(real), ip);
    expect(refused.error).toEqual({
      code: 0,
      message: 'Muitas tentativas. Tente novamente em 1 minuto.',
    });
    // The refusal spent nothing: the link works from another address.
    const elsewhere = await post('/pessoa/cadastro/recuperar/nova', body(real), '10.39.1.2');
    expect(elsewhere.result?.sucesso).toBe(true);
  });

  it('wrong confirmation tokens of a signed-in person: refused after 5, from any address', async () => {
    const p = await person('confirm-throttle@example.com');
    const session = (await login('10.39.2.1', p.email, PASSWORD)).result.access_token as string;
    for (let i = 0; i < 5; i++) {
      const r = await post(
        '/pessoa/cadastro/confirmar/email?lang=en_US',
        { token: randomToken(i) },
        `10.39.2.${10 + i}`,
        session,
      );
      expect(r.error?.message).not.toMatch(/^Too many attempts/);
    }
    const real = await issueToken(s.db, p.id, 'confirm_email');
    const refused = await post(
      '/pessoa/cadastro/confirmar/email?lang=en_US',
      { token: real },
      '10.39.2.20',
      session,
    );
    expect(refused.error?.message).toBe('Too many attempts. Try again in 1 minute.');
    // Without that session (another person's device at another address) the link works.
    const other = await post('/pessoa/cadastro/confirmar/email', { token: real }, '10.39.2.21');
    expect(other.result?.mensagem).toBeTruthy();
  });
});
