/**
 * The whole provider login round trip, driven like a browser (redirects followed by hand, cookies
 * kept) through app.inject(): start → sandbox authorize → our login page → form post → resume →
 * callback → back to the site with ?access_token=, which then works as a session.
 */
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProviderConfig, LoadedBrand } from '#schemas/brand.types.ts';
import type { LoginProvider } from '#schemas/contract.ts';
import { ensurePessoa } from '#server/accounts/repository.ts';
import { buildApp } from '#server/app.ts';
import { oidcState, pessoa, pessoaIdentidade } from '#server/db/schema.ts';
import { configureTestOrigins, openTestDb, type TestDb } from '#server/test/harness.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { signInWithIdentity } from './identity';
import { listIdentityProviders, providerLogoutUrl } from './providers';
import { SANDBOX_DEMO } from './sandbox-idp';

const SANDBOX: IdentityProviderConfig = {
  id: 2,
  nome: { 'pt-BR': 'Conta de teste', 'es-ES': 'Cuenta de prueba', 'en-US': 'Test account' },
  issuer: 'sandbox',
  clientId: 'test-sandbox',
  logout: true,
};
// Configured but never offered: its secret variable is unset.
const GOOGLE: IdentityProviderConfig = {
  id: 3,
  nome: 'Google',
  issuer: 'https://accounts.google.com',
  clientId: 'x.apps.googleusercontent.com',
  clientSecretEnv: 'TEST_UNSET_GOOGLE_SECRET',
};

let tdb: TestDb;
let app: FastifyInstance;
let brand: LoadedBrand;

async function build(brands: LoadedBrand[], sandboxIdp: boolean): Promise<FastifyInstance> {
  configureTestOrigins(brands);
  const built = await buildApp({
    db: tdb.db,
    brands,
    version: '0.0.0-test',
    distDir: path.join(os.tmpdir(), 'sf-no-dist'),
    sandboxIdp,
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  tdb = await openTestDb();
  // 127.0.0.1 as well, like the demo brand: the socket test reaches the app by address.
  brand = testBrand('test-a', {
    hosts: ['localhost', '127.0.0.1'],
    identityProviders: [SANDBOX, GOOGLE],
  });
  app = await build([brand], true);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** A browser tab: follows nothing by itself, keeps cookies (paths ignored: harmless here). */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly a: FastifyInstance,
    readonly origin = 'http://localhost',
  ) {}

  private remember(res: LightMyRequestResponse) {
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const u = new URL(url, this.origin);
    const headers: Record<string, string> = { host: u.host };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await this.a.inject({
      method,
      url: `${u.pathname}${u.search}`,
      headers,
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.remember(res);
    return res;
  }

  /** Follows redirects from `url` until a page that is not one; every hop is recorded. */
  async follow(
    url: string,
    hops: string[] = [],
  ): Promise<{ res: LightMyRequestResponse; url: string }> {
    let current = url;
    for (let i = 0; i < 10; i++) {
      const res = await this.request('GET', current);
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') {
        return { res, url: current };
      }
      current = new URL(location, new URL(current, this.origin)).href;
      hops.push(current);
      // The storefront page itself is where the browser stops (no dist here).
      if (new URL(current).pathname === '/') return { res, url: current };
    }
    throw new Error('too many redirects');
  }
}

interface Account {
  email?: string;
  verified?: boolean;
  given?: string;
  family?: string;
  cancel?: boolean;
}

/** Logs in through the sandbox, starting from GET logins' URL; returns where it ends. */
async function providerLogin(
  account: Account = {},
  opts: { browser?: Browser; lang?: 'pt-BR' | 'en-US' } = {},
): Promise<URL> {
  const browser = opts.browser ?? new Browser(app);
  const [provider] = listIdentityProviders(
    brand,
    browser.origin,
    `${browser.origin}/`,
    opts.lang ?? 'pt-BR',
  );
  expect(provider).toBeDefined();
  const page = await browser.follow(provider!.url!);
  expect(page.res.statusCode).toBe(200);
  expect(page.url).toMatch(/\/sandbox-idp\/interaction\/[^/]+$/);
  const action = /<form method="post" action="([^"]+)"/.exec(page.res.body)?.[1];
  expect(action).toBeDefined();
  const posted = await browser.request('POST', action!.replace(/&amp;/g, '&'), {
    email: account.email ?? SANDBOX_DEMO.email,
    given_name: account.given ?? SANDBOX_DEMO.givenName,
    family_name: account.family ?? SANDBOX_DEMO.familyName,
    ...((account.verified ?? true) ? { email_verified: '1' } : {}),
    action: account.cancel ? 'cancel' : 'login',
  });
  expect(posted.statusCode).toBe(303);
  const end = await browser.follow(new URL(posted.headers.location as string, browser.origin).href);
  return new URL(end.url);
}

const bearer = (token: string) => ({ host: 'localhost', authorization: `Bearer ${token}` });

async function personsWith(email: string) {
  return tdb.db
    .select()
    .from(pessoa)
    .where(and(eq(pessoa.brand, 'test-a'), eq(pessoa.email, email)));
}

async function identitiesOf(idpessoa: number) {
  return tdb.db.select().from(pessoaIdentidade).where(eq(pessoaIdentidade.idpessoa, idpessoa));
}

describe('GET logins and the list of providers', () => {
  it('lists the sandbox provider with a start URL, not a provider whose secret is unset', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/logins?url=${encodeURIComponent('http://localhost')}&lang=en_US`,
      headers: { host: 'localhost' },
    });
    const providers = (res.json() as { result: LoginProvider[] }).result;
    const oauth = providers.filter((p) => p.tipo === 'oauth');
    expect(oauth.map((p) => p.id)).toEqual([2]);
    expect(oauth[0]!.url).toMatch(
      /^http:\/\/localhost\/oidc\/2\/start\?url=http%3A%2F%2Flocalhost&lang=/,
    );
  });
});

describe('login through the sandbox identity provider', () => {
  it('creates the person once, opens a working session, and reuses the person next time', async () => {
    const email = 'round.trip@example.com';
    const back = await providerLogin({ email, given: 'Ana', family: 'Souza' }, { lang: 'en-US' });
    expect(back.origin).toBe('http://localhost');
    expect(back.pathname).toBe('/');
    const token = back.searchParams.get('access_token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(back.searchParams.get('login_error')).toBeNull();

    const cart = await app.inject({
      method: 'GET',
      url: '/tickets/cart?status=RE&page=1&results_per_page=5&fetch_items=true',
      headers: bearer(token!),
    });
    expect(cart.json()).toHaveProperty('result');
    expect(cart.headers.authorization).toBe(`Bearer ${token}`);

    const [created, ...more] = await personsWith(email);
    expect(more).toHaveLength(0);
    expect(created).toMatchObject({
      nome: 'Ana',
      sobrenome: 'Souza',
      temSenha: false,
      idpessoaTipo: 1,
      idioma: 'en-US',
    });
    expect(created!.emailConfirmadoEm).toBeInstanceOf(Date);
    const ids = await identitiesOf(created!.id);
    expect(ids.map((i) => i.provider)).toEqual(['test-a sandbox']);

    // A second login (new browser, same account) is the same person, and a new session.
    const again = await providerLogin({ email, given: 'Outro', family: 'Nome' });
    const token2 = again.searchParams.get('access_token');
    expect(token2).toBeTruthy();
    expect(token2).not.toBe(token);
    expect(await personsWith(email)).toHaveLength(1);
    expect(await identitiesOf(created!.id)).toHaveLength(1);
    const [same] = await personsWith(email);
    expect(same!.nome).toBe('Ana');
  });

  it('does not let a password log in to an account made through a provider', async () => {
    const email = 'no.password@example.com';
    await providerLogin({ email });
    const res = await app.inject({
      method: 'POST',
      url: '/login/1',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: { _username: email, _password: 'Qualquer@123' },
    });
    expect(res.json()).toHaveProperty('error');
  });

  it('links an existing account by e-mail when the provider verified it', async () => {
    const email = 'existing@example.com';
    const existing = await ensurePessoa(tdb.db, {
      brand: 'test-a',
      email,
      password: 'Teste@1234',
      nome: 'Cliente',
      idpessoaTipo: 1,
    });
    const back = await providerLogin({ email, verified: true });
    expect(back.searchParams.get('access_token')).toBeTruthy();
    expect(await personsWith(email)).toHaveLength(1);
    const ids = await identitiesOf(existing.id);
    expect(ids).toHaveLength(1);
    const [after] = await personsWith(email);
    expect(after!.nome).toBe('Cliente');
    expect(after!.temSenha).toBe(true);
    expect(after!.emailConfirmadoEm).toBeInstanceOf(Date);
  });

  it('refuses to link an existing account when the provider did not verify the e-mail', async () => {
    const email = 'unverified@example.com';
    const existing = await ensurePessoa(tdb.db, {
      brand: 'test-a',
      email,
      password: 'Teste@1234',
      nome: 'Cliente',
      idpessoaTipo: 1,
    });
    const back = await providerLogin({ email, verified: false });
    expect(back.searchParams.get('access_token')).toBeNull();
    expect(back.searchParams.get('login_error')).toBe('emailTaken');
    expect(await identitiesOf(existing.id)).toHaveLength(0);
  });

  it('creates an unconfirmed person when the provider did not verify a new e-mail', async () => {
    const email = 'new.unverified@example.com';
    const back = await providerLogin({ email, verified: false });
    expect(back.searchParams.get('access_token')).toBeTruthy();
    const [p] = await personsWith(email);
    expect(p!.emailConfirmadoEm).toBeNull();
  });

  it('answers login_error=denied when the person cancels at the provider', async () => {
    const back = await providerLogin({ email: 'cancel@example.com', cancel: true });
    expect(back.origin).toBe('http://localhost');
    expect(back.searchParams.get('login_error')).toBe('denied');
    expect(back.searchParams.get('access_token')).toBeNull();
    expect(await personsWith('cancel@example.com')).toHaveLength(0);
  });

  it('works on any port: the sandbox issuer follows the origin the browser used', async () => {
    const browser = new Browser(app, 'http://localhost:5173');
    const back = await providerLogin({ email: 'port@example.com' }, { browser });
    expect(back.origin).toBe('http://localhost:5173');
    expect(back.searchParams.get('access_token')).toBeTruthy();
  });
});

describe('signInWithIdentity', () => {
  it('makes one person and one identity when the same new identity signs in five times at once', async () => {
    const claims = {
      sub: 'race-sub',
      email: 'race@example.com',
      emailVerified: true,
      givenName: 'Raça',
    };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        signInWithIdentity(tdb.db, 'test-a', 'test-a sandbox', claims, 'pt-BR'),
      ),
    );
    const ids = new Set(outcomes.map((o) => (o.ok ? o.pessoa.id : -1)));
    expect([...ids]).toHaveLength(1);
    expect(ids.has(-1)).toBe(false);
    expect(await personsWith('race@example.com')).toHaveLength(1);
    expect(await identitiesOf([...ids][0]!)).toHaveLength(1);
  });

  it('refuses an identity without a usable e-mail, and strips control characters from names', async () => {
    const none = await signInWithIdentity(
      tdb.db,
      'test-a',
      'test-a sandbox',
      { sub: 'no-mail', emailVerified: true },
      'pt-BR',
    );
    expect(none).toEqual({ ok: false, refusal: 'email' });
    const nul = await signInWithIdentity(
      tdb.db,
      'test-a',
      'test-a sandbox',
      {
        sub: 'nul',
        email: 'nul@example.com',
        emailVerified: false,
        name: 'Zé\u0000 da\u0007 Silva',
      },
      'es-ES',
    );
    expect(nul.ok && nul.pessoa).toMatchObject({
      nome: 'Zé',
      sobrenome: 'da Silva',
      idioma: 'es-ES',
    });
  });
});

describe('the callback refuses what it did not start', () => {
  it('answers login_error=state for an unknown state, and never reuses a state', async () => {
    const browser = new Browser(app);
    const bogus = await browser.request('GET', '/oidc/2/callback?code=abc&state=not-ours');
    expect(bogus.statusCode).toBe(302);
    expect(bogus.headers.location).toBe('http://localhost/?login_error=state');
    for (const q of ['state=a%00b', 'state=x&state=y', 'state=', 'error=access_denied']) {
      const odd = await browser.request('GET', `/oidc/2/callback?${q}`);
      expect(odd.statusCode, q).toBe(302);
      expect(odd.headers.location, q).toBe('http://localhost/?login_error=state');
    }

    // Replay the real callback URL after it was used once.
    const [provider] = listIdentityProviders(brand, 'http://localhost', 'http://localhost/');
    const hops: string[] = [];
    const page = await browser.follow(provider!.url!, hops);
    const action = /<form method="post" action="([^"]+)"/.exec(page.res.body)![1]!;
    const posted = await browser.request('POST', action, {
      email: 'replay@example.com',
      email_verified: '1',
      action: 'login',
    });
    const resumeHops: string[] = [];
    await browser.follow(
      new URL(posted.headers.location as string, browser.origin).href,
      resumeHops,
    );
    const callback = resumeHops.find((h) => h.includes('/oidc/2/callback'));
    expect(callback).toBeDefined();
    const replay = await browser.request('GET', callback!);
    expect(replay.headers.location).toBe('http://localhost/?login_error=state');
  });

  it('answers login_error=expired after 10 minutes', async () => {
    const browser = new Browser(app);
    const [provider] = listIdentityProviders(brand, 'http://localhost', 'http://localhost/');
    const page = await browser.follow(provider!.url!);
    const action = /<form method="post" action="([^"]+)"/.exec(page.res.body)![1]!;
    // Ten minutes pass while the person is at the provider.
    await tdb.db.update(oidcState).set({ expiresAt: new Date(Date.now() - 1000) });
    const posted = await browser.request('POST', action, {
      email: 'slow@example.com',
      email_verified: '1',
      action: 'login',
    });
    const end = await browser.follow(
      new URL(posted.headers.location as string, browser.origin).href,
    );
    expect(new URL(end.url).searchParams.get('login_error')).toBe('expired');
    expect(await personsWith('slow@example.com')).toHaveLength(0);
  });
});

describe('the start refuses to send the browser anywhere but the brand', () => {
  const start = (url: string, host = 'localhost') =>
    app.inject({
      method: 'GET',
      url: `/oidc/2/start?url=${encodeURIComponent(url)}`,
      headers: { host },
    });

  it.each([
    'https://evil.example',
    'http://localhost.evil.example',
    'http://evil.example/?x=http://localhost',
    'http://localhost/somewhere/else',
    'http://user@localhost',
    'javascript:alert(1)',
    '//evil.example',
    '',
  ])('refuses %j with the error envelope and no redirect', async (url) => {
    const res = await start(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({ error: { code: 0, message: expect.any(String) } });
  });

  it('accepts an origin on one of the brand hosts, on any port', async () => {
    const res = await start('http://localhost:4173/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^http:\/\/localhost\/sandbox-idp\/auth\?/);
    const auth = new URL(res.headers.location as string);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('redirect_uri')).toBe('http://localhost/oidc/2/callback');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown or disabled provider with the not-found envelope', async () => {
    for (const id of ['3', '99', '1', 'abc']) {
      const res = await app.inject({
        method: 'GET',
        url: `/oidc/${id}/start?url=${encodeURIComponent('http://localhost')}`,
        headers: { host: 'localhost' },
      });
      expect(res.json(), id).toHaveProperty('error.code', 0);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('the sandbox pages', () => {
  it('are localized forms with no script and nothing from elsewhere, under our CSP', async () => {
    const browser = new Browser(app);
    const [provider] = listIdentityProviders(
      brand,
      'http://localhost',
      'http://localhost/',
      'en-US',
    );
    const page = await browser.follow(provider!.url!);
    expect(page.res.headers['content-type']).toMatch(/text\/html/);
    expect(String(page.res.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = page.res.body;
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('Test identity provider');
    expect(html).toContain(`value="${SANDBOX_DEMO.email}"`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toMatch(/<label for="email">/);
  });

  it('shows the form again with an error for a bad e-mail', async () => {
    const browser = new Browser(app);
    const [provider] = listIdentityProviders(brand, 'http://localhost', 'http://localhost/');
    const page = await browser.follow(provider!.url!);
    const action = /<form method="post" action="([^"]+)"/.exec(page.res.body)![1]!;
    const res = await browser.request('POST', action, { email: 'not-an-email', action: 'login' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('Informe um e-mail válido.');
  });
});

describe('logout at the provider', () => {
  it('gives the end-session URL returning to the site, and the sandbox signs out there', async () => {
    const browser = new Browser(app);
    const email = 'logout@example.com';
    const back = await providerLogin({ email }, { browser });
    expect(back.searchParams.get('access_token')).toBeTruthy();
    const [p] = await personsWith(email);

    const url = await providerLogoutUrl(brand, p!.id, 'http://localhost', 'en-US');
    expect(url).not.toBeNull();
    const end = new URL(url!);
    expect(end.origin + end.pathname).toBe('http://localhost/sandbox-idp/session/end');
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost/');
    expect(end.searchParams.get('client_id')).toBe('test-sandbox');

    const question = await browser.request('GET', url!);
    expect(question.statusCode).toBe(200);
    expect(question.body).not.toMatch(/<script/i);
    expect(question.body).toContain('Sign out of the test provider');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(
      question.body,
    )![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.body)![1]!;
    const done = await browser.request('POST', action, { xsrf, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost/');
  });

  it('is null for a person without a provider identity', async () => {
    const p = await ensurePessoa(tdb.db, {
      brand: 'test-a',
      email: 'local.only@example.com',
      password: 'Teste@1234',
      nome: 'Local',
      idpessoaTipo: 1,
    });
    expect(await providerLogoutUrl(brand, p.id, 'http://localhost')).toBeNull();
  });
});

describe('without SANDBOX_IDP', () => {
  it('neither serves the sandbox nor offers it', async () => {
    const plainBrand = testBrand('test-a', { identityProviders: [SANDBOX] });
    const plain = await build([plainBrand], false);
    try {
      expect(listIdentityProviders(plainBrand, 'http://localhost', 'http://localhost/')).toEqual(
        [],
      );
      const discovery = await plain.inject({
        method: 'GET',
        url: '/sandbox-idp/.well-known/openid-configuration',
        headers: { host: 'localhost' },
      });
      expect(discovery.statusCode).toBe(404);
      const start = await plain.inject({
        method: 'GET',
        url: `/oidc/2/start?url=${encodeURIComponent('http://localhost')}`,
        headers: { host: 'localhost' },
      });
      expect(start.json()).toHaveProperty('error');
    } finally {
      await plain.close();
    }
  });

  it('refuses to start with a provider id that is the local login or repeated', async () => {
    const bad = testBrand('test-a', {
      identityProviders: [{ ...SANDBOX, id: 1 }, SANDBOX, SANDBOX],
    });
    await expect(build([bad], false)).rejects.toThrow(/idLoginSI[\s\S]*used by another provider/);
  });
});

describe('over a real socket', () => {
  it('runs the round trip against the app listening on an ephemeral port', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const jar = new Map<string, string>();
    const get = async (url: string, init: RequestInit = {}) => {
      const u = new URL(url, origin);
      expect(u.origin).toBe(origin);
      const res = await fetch(u, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      return res;
    };
    const [provider] = listIdentityProviders(brand, origin, `${origin}/`);
    let res = await get(provider!.url!);
    let url = provider!.url!;
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await get(url);
    }
    const html = await res.text();
    expect(html).toContain(SANDBOX_DEMO.email);
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    res = await get(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'socket@example.com',
        email_verified: '1',
        action: 'login',
      }).toString(),
    });
    url = origin;
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      if (new URL(url).pathname === '/') break;
      res = await get(url);
    }
    const back = new URL(url);
    expect(back.origin).toBe(origin);
    const token = back.searchParams.get('access_token');
    expect(token).toBeTruthy();
    const cart = await get('/tickets/cart?status=RE&page=1&results_per_page=5&fetch_items=true', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await cart.json()).toHaveProperty('result');
  });
});
