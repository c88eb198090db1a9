// CORS only for the brand's own origins; Strict-Transport-Security only over https (issue 39).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/test/harness.ts';

let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  // The origins are the process's (one configuration per process): both servers share them.
  const originEnv = { PUBLIC_ORIGIN: 'https://shop.example' };
  direct = await startTestServer({ originEnv });
  // Behind a reverse proxy on this machine (TRUST_PROXY=127.0.0.1).
  proxied = await startTestServer({ originEnv, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const RPC = '/router.php?method=getEventos&class=SuperIngresso';

function preflight(app: FastifyInstance, origin: string) {
  return app.inject({
    method: 'OPTIONS',
    url: RPC,
    headers: {
      host: 'localhost',
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

function call(app: FastifyInstance, headers: Record<string, string>, url = RPC) {
  return app.inject({
    method: url === RPC ? 'POST' : 'GET',
    url,
    remoteAddress: '127.0.0.1',
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    ...(url === RPC ? { payload: JSON.stringify({ params: [] }) } : {}),
  });
}

describe('CORS', () => {
  it('answers the brand’s public origin and its hosts on any port', async () => {
    // Configured public origin, the brand's host on the Vite port, the host itself.
    for (const origin of ['https://shop.example', 'http://localhost:5173', 'http://localhost']) {
      const pre = await preflight(direct.app, origin);
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(pre.headers['access-control-allow-headers']).toContain('authorization');
      expect(pre.headers.vary).toContain('Origin');
      const res = await call(direct.app, { origin });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-expose-headers']).toBe('Authorization');
    }
  });

  it('gives a foreign origin, or another brand’s, no Access-Control-Allow-Origin', async () => {
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil.example',
      'http://localhost.evil.example',
      'http://other.test',
      'null',
    ]) {
      const pre = await preflight(direct.app, origin);
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      const res = await call(direct.app, { origin });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(res.headers['access-control-expose-headers']).toBeUndefined();
    }
  });
});

describe('HSTS', () => {
  it('is not sent over plain http, even when an untrusted client says https', async () => {
    for (const url of [RPC, '/robots.txt']) {
      expect(
        (await call(direct.app, {}, url)).headers['strict-transport-security'],
      ).toBeUndefined();
      const forged = await call(direct.app, { 'x-forwarded-proto': 'https' }, url);
      expect(forged.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('is sent when the trusted proxy says the request came over https', async () => {
    for (const url of [RPC, '/robots.txt']) {
      const https = await call(proxied.app, { 'x-forwarded-proto': 'https' }, url);
      expect(https.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await call(proxied.app, { 'x-forwarded-proto': 'http' }, url);
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
