import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#schemas/contract.ts';
import { t } from '#server/i18n.ts';
import { errorOf, startTestServer, type TestServer } from '#server/test/harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const post = (url: string, payload: string, contentType = 'application/json', extra = {}) =>
  s.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', 'content-type': contentType, ...extra },
    payload,
  });

describe('envelope and errors', () => {
  it('answers an unknown method or class with code 0 and a localized message', async () => {
    const res = await post(
      '/router.php?method=nope&class=SuperIngresso',
      JSON.stringify({ params: [] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: { code: ErrorCode.Generic, message: t('pt-BR', 'error.unknownMethod') },
    });
    const cls = await post('/router.php?method=getEventos&class=Nope', '{"params":[]}');
    expect(cls.json().error.message).toBe(t('pt-BR', 'error.unknownMethod'));
    const proto = await post('/router.php?method=toString&class=__proto__', '{"params":[]}');
    expect(proto.json().error.message).toBe(t('pt-BR', 'error.unknownMethod'));
  });

  it('takes class and method from the body when the query lacks them', async () => {
    const res = await post(
      '/router.php',
      JSON.stringify({ class: 'SuperIngresso', method: 'getEventos', params: [] }),
    );
    expect(res.json().result).toBeInstanceOf(Array);
  });

  it('answers params failing the schema with code 0 badParams, never 500', async () => {
    const cases: unknown[] = [['1'], [1, 2], [], [0], { idevento: 1 }, 'x', [null], [1.5]];
    for (const params of cases) {
      const res = await post(
        '/router.php?method=getApresentacoes&class=SuperIngresso',
        JSON.stringify({ params }),
      );
      expect(res.statusCode, JSON.stringify(params)).toBe(200);
      expect(res.json(), JSON.stringify(params)).toEqual({
        error: { code: 0, message: t('pt-BR', 'error.badParams') },
      });
    }
  });

  it('answers malformed bodies with badParams (never 500)', async () => {
    for (const [payload, type] of [
      ['{not json', 'application/json'],
      ['[1,2', 'text/plain'],
      ['x=1', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await post('/router.php?method=getEventos&class=SuperIngresso', payload, type);
      expect(res.statusCode, payload).toBe(200);
      expect(res.json().error.code).toBe(0);
    }
    const big = await post(
      '/router.php?method=getEventos&class=SuperIngresso',
      JSON.stringify({ params: [], pad: 'x'.repeat(300 * 1024) }),
    );
    expect(big.statusCode).toBe(200);
    expect(big.json().error.message).toBe(t('pt-BR', 'error.badParams'));
  });

  it('accepts a JSON body sent as text/plain (no CORS preflight)', async () => {
    const res = await post(
      '/router.php?method=getEventos&class=SuperIngresso',
      '{"params":[]}',
      'text/plain',
    );
    expect(res.json().result.length).toBe(3);
  });

  it('answers code 1 when a method needs a session and there is none or it is invalid', async () => {
    const none = await s.rpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(errorOf(none)).toEqual({ code: 1, message: t('pt-BR', 'error.sessionInvalid') });
    const bad = await s.rpc('SuperIngresso', 'getCarrinhoPage', [], { token: 'x'.repeat(43) });
    expect(errorOf(bad).code).toBe(ErrorCode.SessionInvalid);
    const tickets = await s.app.inject({ method: 'GET', url: '/tickets/cart?status=PA' });
    expect(tickets.json().error.code).toBe(1);
  });

  it('localizes errors by the lang parameter, defaulting to the brand locale', async () => {
    const es = await s.rpc('SuperIngresso', 'getCarrinhoPage', [], { lang: 'es_ES' });
    expect(errorOf(es).message).toBe(t('es-ES', 'error.sessionInvalid'));
    const en = await s.rpc('SuperIngresso', 'getApresentacao', [999999], { lang: 'en_US' });
    expect(errorOf(en).message).toBe('Page not found');
    const junk = await s.rpc('SuperIngresso', 'getCarrinhoPage', [], { lang: 'xx_YY' });
    expect(errorOf(junk).message).toBe(t('pt-BR', 'error.sessionInvalid'));
    // The second brand defaults to English.
    const other = await s.rpc('SuperIngresso', 'getCarrinhoPage', [], { host: 'other.test' });
    expect(errorOf(other).message).toBe(t('en-US', 'error.sessionInvalid'));
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 0, message: t('pt-BR', 'error.notFound') } });
    const get = await s.app.inject({ method: 'GET', url: '/tickets/nothing?lang=en_US' });
    expect(get.statusCode).toBe(404);
    expect(get.json().error.message).toBe('Page not found');
  });
});

describe('Authorization echo', () => {
  it('echoes the token on every response to a request with a valid token, and only then', async () => {
    const login = await s.app.inject({
      method: 'POST',
      url: '/login/1',
      headers: { host: 'localhost' },
      payload: { _username: 'DEMO@example.com', _password: 'Demo@1234' },
    });
    const token = login.json().result.access_token as string;
    expect(login.headers.authorization).toBe(`Bearer ${token}`);
    expect(login.json().result.pessoa).toMatchObject({
      email: 'demo@example.com',
      idpessoa_tipo: 1,
      cpf: '52998224725',
    });

    const withToken = await s.rpc('SuperIngresso', 'getEventos', [], { token });
    expect(withToken.headers.authorization).toBe(`Bearer ${token}`);
    const errorWithToken = await s.rpc('SuperIngresso', 'getApresentacao', [999999], { token });
    expect(errorWithToken.headers.authorization).toBe(`Bearer ${token}`);

    const guest = await s.rpc('SuperIngresso', 'getEventos', []);
    expect(guest.headers.authorization).toBeUndefined();
    const invalid = await s.rpc('SuperIngresso', 'getEventos', [], { token: `${token}x` });
    expect(invalid.headers.authorization).toBeUndefined();
    // A token of one brand is not a session on another brand's host.
    const otherBrand = await s.rpc('SuperIngresso', 'getEventos', [], {
      token,
      host: 'other.test',
    });
    expect(otherBrand.headers.authorization).toBeUndefined();
  });

  it('answers wrong credentials with code 0 and no header', async () => {
    for (const payload of [
      { _username: 'demo@example.com', _password: 'wrong' },
      { _username: 'nobody@example.com', _password: 'Demo@1234' },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: '/login/1?lang=en_US', payload });
      expect(res.json()).toEqual({ error: { code: 0, message: 'Incorrect username or password' } });
      expect(res.headers.authorization).toBeUndefined();
    }
    // A body without the fields fails the login form (server/forms/login.int.test.ts).
    const missing = await s.app.inject({ method: 'POST', url: '/login/1', payload: {} });
    expect(missing.json().error).toMatchObject({ code: 0, message: 'Campo obrigatório' });
  });

  it('logs the agency in with its own type', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/login/1',
      payload: { _username: 'agencia@example.com', _password: 'Agencia@1234' },
    });
    expect(res.json().result.pessoa.idpessoa_tipo).toBe(3);
  });

  it('lists the local login provider', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/logins?url=http://localhost' });
    expect(res.json()).toEqual({ result: [{ id: 1, nome: 'E-mail', tipo: 'local' }] });
  });
});

describe('brand, config and CORS', () => {
  it('serves the config of the brand chosen by Host', async () => {
    const a = await s.app.inject({ method: 'POST', url: '/CustomUserApps/Configs' });
    expect(a.json().result).toMatchObject({ id: 'test-a', version: '0.0.0-test' });
    expect(a.json().result.hosts).toBeUndefined();
    const b = await s.app.inject({
      method: 'POST',
      url: '/CustomUserApps/Configs',
      headers: { host: 'other.test:8080', 'content-type': 'application/json' },
      payload: '',
    });
    expect(b.json().result.id).toBe('test-b');
  });

  it('allows the brand’s own origins and exposes Authorization', async () => {
    const pre = await s.app.inject({
      method: 'OPTIONS',
      url: '/router.php?method=getEventos&class=SuperIngresso',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(pre.headers['access-control-allow-headers']).toContain('authorization');
    const res = await s.app.inject({
      method: 'POST',
      url: '/router.php?method=getEventos&class=SuperIngresso',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      payload: '{"params":[]}',
    });
    expect(res.headers['access-control-expose-headers']).toBe('Authorization');
  });

  it('serves brand assets and refuses to leave the assets folder', async () => {
    const ok = await s.app.inject({ method: 'GET', url: '/brand-assets/favicon.svg' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    // Whatever the spelling, nothing outside the brand's assets/ folder is served.
    for (const url of [
      '/brand-assets/../test-brand.ts',
      '/brand-assets/%2e%2e/test-brand.ts',
      '/brand-assets/..%2f..%2fharness.ts',
      '/brand-assets/..%5c..%5charness.ts',
      '/brand-assets/events/../../test-brand.ts',
      '/brand-assets/missing.svg',
    ]) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('startTestServer');
      expect(res.body, url).not.toContain('testBrand');
    }
    const missing = await s.app.inject({ method: 'GET', url: '/brand-assets/missing.svg' });
    expect(missing.statusCode).toBe(404);
  });
});
