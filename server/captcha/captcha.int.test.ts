import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Challenge } from 'altcha-lib';
import { like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { BrandConfig } from '#schemas/contract.ts';
import { captchaUsado } from '#server/db/schema.ts';
import { rows } from '#server/db/sql.ts';
import {
  encodeCaptcha,
  getChallenge as getChallengeOf,
  solveAltcha,
  solvedCaptcha,
} from '#server/test/captcha.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { CHALLENGE_TTL_SECONDS, issueChallenge } from './altcha';
import { captchaRequired, verifyCaptcha } from './verify';

const flags = { login: true, register: true, contact: false, payment: false };
const IP = '203.0.113.9';

let s: TestServer;
let altchaBrand: LoadedBrand;
let otherAltchaBrand: LoadedBrand;
let recaptchaBrand: LoadedBrand;

/** The fake siteverify: what it received, and the token it accepts. */
const siteverify = {
  received: [] as URLSearchParams[],
  goodToken: 'good-token',
  server: null as Server | null,
  url: '',
};

const ENV_KEYS = [
  'CAPTCHA_HMAC_KEY',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_SECRET_TEST_R',
  'RECAPTCHA_VERIFY_URL',
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  for (const k of ENV_KEYS) delete process.env[k];
  altchaBrand = testBrand('test-a', { captcha: { ...flags, siteKey: '' } });
  otherAltchaBrand = testBrand('test-o', {
    hosts: ['other.test'],
    default: false,
    captcha: { ...flags, siteKey: '' },
  });
  recaptchaBrand = testBrand('test-r', {
    hosts: ['recaptcha.test'],
    default: false,
    captcha: { ...flags, siteKey: 'public-site-key', provider: 'recaptcha' },
  });
  s = await startTestServer({ brands: [altchaBrand, otherAltchaBrand, recaptchaBrand] });
  // A used solution of an old challenge: the first challenge issued purges it.
  await s.db
    .insert(captchaUsado)
    .values({ signature: 'old-solution', expiresAt: new Date(Date.now() - 60_000) });

  siteverify.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      siteverify.received.push(form);
      const success =
        req.method === 'POST' &&
        form.get('secret') === (process.env.RECAPTCHA_SECRET_TEST_R ?? 'test-secret') &&
        form.get('response') === siteverify.goodToken;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['bad'] }));
    });
  });
  await new Promise<void>((resolve) => siteverify.server!.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.server.address() as AddressInfo;
  siteverify.url = `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
});

afterEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
});

afterAll(async () => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  await new Promise((resolve) => siteverify.server?.close(resolve));
  await s?.close();
});

const getChallenge = (host = 'localhost') => getChallengeOf(s, host);
const solvedToken = (host = 'localhost') => solvedCaptcha(s, host);
const encode = encodeCaptcha;
const decode = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
    challenge: Challenge;
    solution: { counter: number; derivedKey: string };
  };

describe('GET captcha/challenge', () => {
  it('answers a signed, expiring challenge for the brand, never cached, and purges old rows', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { res, challenge } = await getChallenge();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.data).toEqual({ brand: 'test-a' });
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + CHALLENGE_TTL_SECONDS);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(before + CHALLENGE_TTL_SECONDS + 2);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const left = await s.db
      .select()
      .from(captchaUsado)
      .where(like(captchaUsado.signature, 'old-%'));
    expect(left).toEqual([]);
  });

  it('keeps the generated key in the database (one key, shared by every instance)', async () => {
    await getChallenge();
    await getChallenge('other.test');
    const keys = await rows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM captcha_usado WHERE signature LIKE 'hmac-key:%'`,
    );
    expect(keys[0]!.n).toBe(1);
  });
});

describe('verifyCaptcha with ALTCHA', () => {
  it('accepts a solution once; a replay is refused', async () => {
    const token = await solvedToken();
    expect(await verifyCaptcha(s.db, altchaBrand, token, IP)).toBe(true);
    expect(await verifyCaptcha(s.db, altchaBrand, token, IP)).toBe(false);
    const { challenge } = decode(token);
    const used = await s.db
      .select()
      .from(captchaUsado)
      .where(like(captchaUsado.signature, challenge.signature!));
    expect(used).toHaveLength(1);
    expect(used[0]!.expiresAt.getTime()).toBe(challenge.parameters.expiresAt! * 1000);
  });

  it('accepts exactly one of two concurrent submissions of the same solution', async () => {
    const token = await solvedToken();
    const results = await Promise.all([
      verifyCaptcha(s.db, altchaBrand, token, IP),
      verifyCaptcha(s.db, altchaBrand, token, IP),
    ]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('refuses a tampered challenge or solution', async () => {
    const token = await solvedToken();
    const p = decode(token);
    const tampered = [
      // The derived key is the proof (its HMAC is signed in); the counter must only be valid.
      { ...p, solution: { ...p.solution, counter: -1 } },
      { ...p, solution: { derivedKey: p.solution.derivedKey } },
      // Its first digit changed (a fixed `00` was already there about once in 256 tokens).
      {
        ...p,
        solution: {
          ...p.solution,
          derivedKey: `${p.solution.derivedKey[0] === '0' ? '1' : '0'}${p.solution.derivedKey.slice(1)}`,
        },
      },
      { ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, cost: 1 } } },
      {
        ...p,
        challenge: {
          ...p.challenge,
          parameters: {
            ...p.challenge.parameters,
            expiresAt: p.challenge.parameters.expiresAt! + 3600,
          },
        },
      },
      { ...p, challenge: { ...p.challenge, signature: 'f'.repeat(64) } },
      { ...p, challenge: { parameters: p.challenge.parameters } },
    ];
    for (const t of tampered) {
      expect(await verifyCaptcha(s.db, altchaBrand, encode(t), IP), JSON.stringify(t)).toBe(false);
    }
    // The untouched solution still passes: the refusals did not use it up.
    expect(await verifyCaptcha(s.db, altchaBrand, token, IP)).toBe(true);
  });

  it("refuses another brand's solution", async () => {
    const token = await solvedToken('other.test');
    expect(await verifyCaptcha(s.db, altchaBrand, token, IP)).toBe(false);
    expect(await verifyCaptcha(s.db, otherAltchaBrand, token, IP)).toBe(true);
  });

  it('refuses a solution of an expired challenge', async () => {
    const old = await issueChallenge(
      s.db,
      altchaBrand,
      Date.now() - (CHALLENGE_TTL_SECONDS + 60) * 1000,
    );
    const token = await solveAltcha(old);
    expect(await verifyCaptcha(s.db, altchaBrand, token, IP)).toBe(false);
  });

  it('refuses a missing or malformed token', async () => {
    const bad: unknown[] = [
      undefined,
      null,
      '',
      42,
      {},
      ['x'],
      'not base64 at all!',
      'captcha-placeholder',
      encode({}),
      encode({ challenge: {}, solution: {} }),
      encode('string'),
      Buffer.from('{"challenge":').toString('base64'),
      'A'.repeat(100_000),
      `${encode({ challenge: {} })}\u0000`,
    ];
    for (const token of bad) {
      expect(await verifyCaptcha(s.db, altchaBrand, token, IP), String(token)).toBe(false);
    }
  });

  it('signs with CAPTCHA_HMAC_KEY when it is set', async () => {
    const withDbKey = await solvedToken();
    process.env.CAPTCHA_HMAC_KEY = 'an operator-chosen key of enough length 0123456789';
    const withEnvKey = await solvedToken();
    expect(await verifyCaptcha(s.db, altchaBrand, withDbKey, IP)).toBe(false);
    expect(await verifyCaptcha(s.db, altchaBrand, withEnvKey, IP)).toBe(true);
    delete process.env.CAPTCHA_HMAC_KEY;
    expect(await verifyCaptcha(s.db, altchaBrand, withDbKey, IP)).toBe(true);
  });
});

describe('verifyCaptcha with reCAPTCHA', () => {
  const configOf = async (host: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/CustomUserApps/Configs',
      headers: { host },
    });
    return { res, config: (res.json() as { result: BrandConfig }).result };
  };

  it('falls back to ALTCHA while the server has no secret', async () => {
    const { config } = await configOf('recaptcha.test');
    expect(config.captcha).toMatchObject({ provider: 'altcha', siteKey: 'public-site-key' });
    process.env.RECAPTCHA_VERIFY_URL = siteverify.url;
    const sent = siteverify.received.length;
    expect(await verifyCaptcha(s.db, recaptchaBrand, siteverify.goodToken, IP)).toBe(false);
    expect(siteverify.received.length).toBe(sent);
    expect(await verifyCaptcha(s.db, recaptchaBrand, await solvedToken('recaptcha.test'), IP)).toBe(
      true,
    );
  });

  it('asks siteverify with the secret, the token and the address', async () => {
    process.env.RECAPTCHA_SECRET = 'test-secret';
    process.env.RECAPTCHA_VERIFY_URL = siteverify.url;
    const { res, config } = await configOf('recaptcha.test');
    expect(config.captcha.provider).toBe('recaptcha');
    expect(res.body).not.toContain('test-secret');
    expect(res.headers['content-security-policy']).toMatch(
      /script-src 'self'(?: 'nonce-[^']+')? https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
    );
    expect(res.headers['content-security-policy']).toMatch(
      /frame-src 'self' https:\/\/www\.google\.com\/recaptcha\//,
    );
    const plain = await configOf('localhost');
    expect(plain.config.captcha.provider).toBe('altcha');
    expect(plain.res.headers['content-security-policy']).not.toContain('google');

    siteverify.received.length = 0;
    expect(await verifyCaptcha(s.db, recaptchaBrand, siteverify.goodToken, IP)).toBe(true);
    expect(await verifyCaptcha(s.db, recaptchaBrand, 'forged', IP)).toBe(false);
    expect(siteverify.received.map((f) => Object.fromEntries(f))).toEqual([
      { secret: 'test-secret', response: 'good-token', remoteip: IP },
      { secret: 'test-secret', response: 'forged', remoteip: IP },
    ]);
    // Not a string, or absurdly long: refused without asking Google.
    expect(await verifyCaptcha(s.db, recaptchaBrand, { token: 1 }, IP)).toBe(false);
    expect(await verifyCaptcha(s.db, recaptchaBrand, 'x'.repeat(10_000), IP)).toBe(false);
    expect(siteverify.received).toHaveLength(2);
    // An ALTCHA solution is no reCAPTCHA token.
    expect(await verifyCaptcha(s.db, recaptchaBrand, await solvedToken('recaptcha.test'), IP)).toBe(
      false,
    );
  });

  it("uses the brand's own secret before the shared one", async () => {
    process.env.RECAPTCHA_SECRET = 'shared-secret';
    process.env.RECAPTCHA_SECRET_TEST_R = 'brand-secret';
    process.env.RECAPTCHA_VERIFY_URL = siteverify.url;
    siteverify.received.length = 0;
    expect(await verifyCaptcha(s.db, recaptchaBrand, siteverify.goodToken, IP)).toBe(true);
    expect(siteverify.received[0]!.get('secret')).toBe('brand-secret');
  });

  it('fails closed when siteverify cannot be reached or answers an error', async () => {
    process.env.RECAPTCHA_SECRET = 'test-secret';
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${port}/siteverify`;
    expect(await verifyCaptcha(s.db, recaptchaBrand, siteverify.goodToken, IP)).toBe(false);
    // An HTTP error, or a 200 that is not JSON, is no success either.
    const broken = createServer((req, res) => {
      res.statusCode = req.url === '/500' ? 500 : 200;
      res.end(req.url === '/500' ? '{"success":true}' : 'oops');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    for (const path of ['/500', '/text']) {
      process.env.RECAPTCHA_VERIFY_URL = `${base}${path}`;
      expect(await verifyCaptcha(s.db, recaptchaBrand, siteverify.goodToken, IP), path).toBe(false);
    }
    await new Promise((resolve) => broken.close(resolve));
  });
});

describe('captchaRequired', () => {
  it("follows the brand's flags; forgot follows login", () => {
    expect(captchaRequired(altchaBrand, 'login')).toBe(true);
    expect(captchaRequired(altchaBrand, 'forgot')).toBe(true);
    expect(captchaRequired(altchaBrand, 'register')).toBe(true);
    expect(captchaRequired(altchaBrand, 'contact')).toBe(false);
    expect(captchaRequired(altchaBrand, 'payment')).toBe(false);
    const off = testBrand('test-off');
    expect(captchaRequired(off, 'login')).toBe(false);
    expect(captchaRequired(off, 'forgot')).toBe(false);
  });
});
