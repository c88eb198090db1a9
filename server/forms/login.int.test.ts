import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrands } from '#server/test/test-brand.ts';

let s: TestServer;
beforeAll(async () => {
  const brands = testBrands();
  // The second brand (host other.test, English by default) asks for a captcha at login.
  brands[1]!.brand.captcha = { ...brands[1]!.brand.captcha, login: true, siteKey: 'test-key' };
  s = await startTestServer({ brands });
});
afterAll(async () => {
  await s?.close();
});

const login = (payload: unknown, query = '', host = 'localhost') =>
  s.app.inject({
    method: 'POST',
    url: `/login/1${query}`,
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('POST /login/:id validates its body with the login form', () => {
  it('answers a bad payload with code 0, the localized first error and every field error', async () => {
    const res = await login({ _username: 'demo@', _password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: {
        code: 0,
        message: 'Preencha o e-mail corretamente',
        fields: [
          {
            field: '._username',
            id: 'form.error.email',
            message: 'Preencha o e-mail corretamente',
          },
          { field: '._password', id: 'form.error.required', message: 'Campo obrigatório' },
        ],
      },
    });
    expect(res.headers.authorization).toBeUndefined();
  });

  it('speaks the language of the request', async () => {
    const en = await login({ _username: 'demo@example.com' }, '?lang=en_US');
    expect(en.json().error).toMatchObject({ code: 0, message: 'This field is required' });
    const es = await login({ _username: 'demo@example', _password: 'x' }, '?lang=es_ES');
    expect(es.json().error.message).toBe('Rellena el correo electrónico correctamente');
  });

  it('never answers a 500, whatever the body', async () => {
    for (const payload of [null, [], 'text', 42, { _username: 7, _password: {} }]) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json().error.code, JSON.stringify(payload)).toBe(0);
    }
    const empty = await s.app.inject({ method: 'POST', url: '/login/1' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().error.message).toBe('Campo obrigatório');
  });

  it('requires the captcha when the brand turns it on for login', async () => {
    const payload = { _username: 'demo@example.com', _password: 'Demo@1234' };
    const res = await login(payload, '?lang=pt_BR', 'other.test');
    expect(res.json().error).toMatchObject({
      code: 0,
      message: 'Verificação de segurança inválida. Tente novamente.',
    });
    expect(res.json().error.fields).toEqual([
      {
        field: '._recaptcha',
        id: 'form.error.captcha',
        message: 'Verificação de segurança inválida. Tente novamente.',
      },
    ]);
    // The first brand has no captcha: the same payload logs in.
    const ok = await login(payload);
    expect(ok.json().result.access_token).toEqual(expect.any(String));
  });
});
