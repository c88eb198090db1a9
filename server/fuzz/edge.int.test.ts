/**
 * One test per class of bad input the edge (server/plugins/edge.ts) answers, each with the
 * request that used to get a 500 or the framework's own body: a NUL in a text field, a repeated
 * query parameter, a path that cannot be percent-decoded, headers over Node's limit, and the
 * caching of private answers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSON } from '#server/accounts/seed.ts';
import { firstRow } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';

let s: TestServer;
let dist: string;
let token: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sf-edge-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head></html>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  s = await startTestServer({ distDir: dist });
  token = await s.login();
});
afterAll(async () => {
  await s?.close();
  await rm(dist, { recursive: true, force: true });
});

const badParams = (locale: 'pt-BR' | 'en-US' = 'pt-BR') => ({
  error: { code: 0, message: t(locale, 'error.badParams') },
});

/**
 * The headers every answer gets: helmet's, or the API's fixed set (a JSON answer's CSP allows
 * nothing).
 */
function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toMatch(/default-src '(self|none)'/);
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // Over plain http: no HSTS (server/plugins/security.int.test.ts has the https case).
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['x-frame-options']).toMatch(/^(SAMEORIGIN|DENY)$/);
}

const postJson = (url: string, payload: string, auth?: string) =>
  s.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    payload,
  });

const sessions = async () =>
  Number((await firstRow<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM sessao`))?.n);

describe('text fields: NUL and unpaired surrogates', () => {
  it('answers a NUL in the login e-mail with badParams (it was a 500) and opens no session', async () => {
    const before = await sessions();
    const res = await postJson(
      '/login/1',
      JSON.stringify({ _username: `${DEMO_PERSON.email}\u0000`, _password: DEMO_PERSON.password }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(badParams());
    expect(await sessions()).toBe(before);
  });

  it('answers a NUL in the card token of iniciarPagamento with badParams (it was a 500)', async () => {
    // The demo person: a profile complete enough to buy.
    const buyer = token;
    const idapresentacao = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita]))
      .apresentacoes[0]!.idapresentacao;
    const { idmovimentacao } = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], idapresentacao, []],
      { token: buyer },
    );
    const gateway = await s.ok('SuperIngresso', 'getGatewayPagamento', [idmovimentacao], {
      token: buyer,
    });
    const pay = (cardToken: string) =>
      postJson(
        '/router.php?method=iniciarPagamento&class=SuperIngresso',
        JSON.stringify({
          params: [
            idmovimentacao,
            gateway.idformapag,
            'https://localhost/',
            { token: cardToken, bandeira: gateway.bandeiras_aceitas[0], ultimos_digitos: '1234' },
            { parcelas: 1, idempotencyKey: `edge-${cardToken.length}-key` },
          ],
        }),
        buyer,
      );
    const res = await pay('tok\u0000en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(badParams());
    const pagamentos = await firstRow<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM pagamento WHERE idmovimentacao = ${idmovimentacao}`,
    );
    expect(pagamentos?.n).toBe(0);
  });

  it('finds a NUL anywhere: query, path parameter, object key, text/plain body', async () => {
    const q = await s.app.inject({ method: 'GET', url: '/logins?url=a%00b&lang=en_US' });
    expect(q.json()).toEqual(badParams('en-US'));
    const p = await postJson('/login/1%00', '{}');
    expect(p.json()).toEqual(badParams());
    const key = await postJson('/login/1', '{"_username\\u0000":"a@b.c","_password":"x"}');
    expect(key.json()).toEqual(badParams());
    const text = await s.app.inject({
      method: 'POST',
      url: '/login/1',
      headers: { 'content-type': 'text/plain' },
      payload: '{"_username":"a@b.c","_password":"x\\u0000"}',
    });
    expect(text.json()).toEqual(badParams());
  });

  it('refuses unpaired surrogates (PostgreSQL would store U+FFFD instead), keeps real pairs', async () => {
    const lone = await postJson(
      '/login/1',
      '{"_username":"de\\ud800mo@example.com","_password":"x"}',
    );
    expect(lone.json()).toEqual(badParams());
    const pair = await postJson(
      '/login/1',
      '{"_username":"nobody@example.com","_password":"\\ud83d\\ude00"}',
    );
    expect(pair.json().error.message).toBe(t('pt-BR', 'error.wrongCredentials'));
  });

  it('refuses prototype keys and hostile nesting', async () => {
    const proto = await postJson('/login/1', '{"__proto__":{"x":1},"_username":"a@b.c"}');
    expect(proto.json()).toEqual(badParams());
    const ctor = await postJson('/login/1', '{"constructor":{"prototype":{"x":1}}}');
    expect(ctor.json()).toEqual(badParams());
    const deep = await postJson('/login/1', `${'['.repeat(50)}${']'.repeat(50)}`);
    expect(deep.json()).toEqual(badParams());
    const deeper = await postJson('/login/1', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(deeper.statusCode).toBe(200);
    expect(deeper.json()).toEqual(badParams());
  });

  it('refuses values whose keys shadow Object.prototype before any comparison (cadastro was a 500)', async () => {
    for (const [a, b] of [
      ['_email', '_email2'],
      ['_senha', '_senha2'],
    ]) {
      for (const name of ['toString', 'valueOf']) {
        const body = JSON.stringify({ [a!]: { [name]: 1 }, [b!]: { [name]: 1 } });
        const res = await postJson('/cadastro/1', body);
        expect(res.statusCode, body).toBe(200);
        expect(res.json(), body).toEqual(badParams());
      }
    }
    const en = await postJson('/cadastro/1?lang=en_US', '{"_email":{"hasOwnProperty":1}}');
    expect(en.json()).toEqual(badParams('en-US'));
    // In an RPC call's params and in a query too.
    const rpc = await postJson(
      '/router.php?class=SuperIngresso&method=getApresentacoes',
      JSON.stringify({
        class: 'SuperIngresso',
        method: 'getApresentacoes',
        params: [{ constructor: 1 }],
      }),
    );
    expect(rpc.json()).toEqual(badParams());
    const query = await s.app.inject({ method: 'GET', url: '/tickets/cart?valueOf=1' });
    expect(query.json()).toEqual(badParams());
  });
});

describe('repeated query parameters: the last value wins', () => {
  it('reads GET tickets/cart?status=PA&status=RE as status=RE (it was a 500)', async () => {
    const idapresentacao = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita]))
      .apresentacoes[0]!.idapresentacao;
    await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], idapresentacao, []],
      { token },
    );
    const get = (query: string) =>
      s.app.inject({
        method: 'GET',
        url: `/tickets/cart?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const both = await get('status=PA&status=RE');
    expect(both.statusCode).toBe(200);
    const re = await get('status=RE');
    expect(both.json()).toEqual(re.json());
    expect(both.json().result.page_summary.total).toBe(1);
    const pa = await get('status=RE&status=PA');
    expect(pa.json().result.page_summary.total).toBe(0);
  });

  it('takes the last lang, and the RPC class and method likewise', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/tickets/cart?lang=es_ES&lang=en_US' });
    expect(res.json().error.message).toBe(t('en-US', 'error.sessionInvalid'));
    const rpc = await postJson(
      '/router.php?method=nope&class=Nope&method=getEventos&class=SuperIngresso',
      '{"params":[]}',
    );
    expect(rpc.json().result).toBeInstanceOf(Array);
  });
});

describe('bad URLs', () => {
  const expectEnvelope = (res: LightMyRequestResponse, locale: 'pt-BR' | 'en-US' = 'pt-BR') => {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(badParams(locale));
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  };

  it('answers a path that cannot be percent-decoded with the envelope and the security headers', async () => {
    expectEnvelope(await s.app.inject({ method: 'POST', url: '/router.php%E0%A4%A' }));
    expectEnvelope(
      await s.app.inject({ method: 'GET', url: '/tickets/cart%?lang=en_US' }),
      'en-US',
    );
  });

  it('answers a path parameter over the router limit with the envelope', async () => {
    expectEnvelope(await s.app.inject({ method: 'POST', url: `/login/${'9'.repeat(150)}` }));
  });
});

/** Sends raw bytes to the listening app and returns the whole answer. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

describe('requests Node refuses before Fastify (real socket)', () => {
  let port: number;
  beforeAll(async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as net.AddressInfo).port;
  });

  it('answers headers over 16 KiB with 431, the envelope and the security headers', async () => {
    const raw = await rawRequest(
      port,
      `GET /logins?lang=en_US HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const res = parseAnswer(raw);
    expect(res.status).toBe(431);
    expect(res.body).toEqual(badParams('en-US'));
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
  });

  it('answers a malformed request with 400 and the envelope', async () => {
    const res = parseAnswer(
      await rawRequest(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nBad header\r\n\r\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badParams());
    expectSecurityHeaders(res.headers);
  });

  it('answers a bad percent-encoding over HTTP with the envelope', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/router.php%E0%A4%A`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(badParams());
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('caching', () => {
  it('marks private answers no-store', async () => {
    const cart = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cart.headers['cache-control']).toBe('no-store');
    const login = await postJson(
      '/login/1',
      JSON.stringify({ _username: DEMO_PERSON.email, _password: DEMO_PERSON.password }),
    );
    expect(login.json().result.access_token).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('makes every API answer no-store by default, keeps the static files cacheable', async () => {
    const config = await s.app.inject({ method: 'POST', url: '/CustomUserApps/Configs' });
    expect(config.headers['cache-control']).toBe('no-store');
    const missing = await s.app.inject({ method: 'GET', url: '/tickets/nope' });
    expect(missing.headers['cache-control']).toBe('no-store');
    const asset = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    const page = await s.app.inject({ method: 'GET', url: '/evento/1' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('never lets an answer to a request with Authorization be stored', async () => {
    const asset = await s.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asset.headers['cache-control']).toBe('no-store');
  });
});
