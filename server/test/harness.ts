/**
 * Test harness: a fresh database per test file (the PGlite template loaded in memory, or a new
 * PostgreSQL database when DATABASE_URL is set) and the app built on it, driven with
 * `app.inject()` (no port).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type {
  CartaoToken,
  Envelope,
  LoginResult,
  RpcClass,
  RpcContract,
  RpcParams,
  RpcResult,
} from '#schemas/contract.ts';
import { ensurePessoa, type Pessoa } from '#server/accounts/repository.ts';
import { DEMO_PERSON, seedDemoAccounts } from '#server/accounts/seed.ts';
import { hashToken } from '#server/accounts/sessions.ts';
import { buildApp } from '#server/app.ts';
import { configureOrigins, defaultBrandIdOf } from '#server/brands/origin.ts';
import { syncCatalog } from '#server/catalog/sync.ts';
import { currentVersions } from '#server/content/terms.ts';
import { type Db, type DbHandle, openDb } from '#server/db/client.ts';
import { rows } from '#server/db/sql.ts';
import type { PaymentGateway } from '#server/payments/gateway.ts';
import { testBrands } from './test-brand';

/** A database for one test file. */
export interface TestDb {
  handle: DbHandle;
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Its PostgreSQL URL, for other processes (PostgreSQL only). */
  url?: string;
  /** Closes and deletes it. */
  drop(): Promise<void>;
}

/**
 * Opens a fresh, migrated database (PGlite copy, or a new PostgreSQL database). `concurrency`
 * asks for PostgreSQL whenever one is reachable (see global-setup.ts), PGlite otherwise.
 */
export async function openTestDb(opts: { concurrency?: boolean } = {}): Promise<TestDb> {
  const databaseUrl = inject(opts.concurrency ? 'concurrencyDatabaseUrl' : 'databaseUrl');
  if (databaseUrl) {
    const name = `sf_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    // A pool of 12 so concurrent requests really run on separate connections.
    const handle = await openDb({ databaseUrl: url.toString(), poolMax: 12 });
    await handle.migrate();
    return {
      handle,
      db: handle.db,
      driver: 'postgres',
      url: url.toString(),
      async drop() {
        await handle.close();
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const handle = await openDb({ pgliteDump: await pgliteTemplate() });
  await handle.migrate();
  return {
    handle,
    db: handle.db,
    driver: 'pglite',
    drop: () => handle.close(),
  };
}

let template: Promise<Blob> | undefined;

/** The migrated template's dump (global-setup.ts), read once per worker. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/** The secret test servers sign and check gateway notifications with. */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef';

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  brands?: LoadedBrand[];
  holdSeconds?: number;
  distDir?: string;
  /** Makes the gateway (e.g. the sandbox wrapped to count charges); default the sandbox. */
  gateway?: (db: Db) => PaymentGateway;
  /** A test of races: PostgreSQL whenever one is reachable, even in the PGlite suite. */
  concurrency?: boolean;
  /** Serve the operator endpoints with this secret (as `npm start` does). */
  operatorToken?: string;
  /** SANDBOX_PIX_AUTOPAY_SECONDS. */
  sandboxPixAutoPaySeconds?: number;
  /**
   * The environment the brands' public origins are read from (PUBLIC_ORIGIN, the brands'
   * `publicOriginEnv`); absent: none, so a brand's origin is brand.json `publicOrigin`, else
   * `http://<first host>` (port 80, as `app.inject()` pretends).
   */
  originEnv?: Record<string, string>;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* headers are believed. */
  trustProxy?: string[];
}

/** Per-request options of the helpers. */
export interface CallOptions {
  token?: string | null;
  lang?: string;
  host?: string;
}

/** An RPC answer. */
export interface RpcAnswer<T> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: Envelope<T>;
}

/** A running test app and its helpers. */
export interface TestServer {
  app: FastifyInstance;
  db: Db;
  tdb: TestDb;
  brands: LoadedBrand[];
  /** Calls an RPC method; the params are typed by the contract. */
  rpc<C extends RpcClass, M extends keyof RpcContract[C] & string>(
    cls: C,
    method: M,
    params: RpcParams<C, M>,
    opts?: CallOptions,
  ): Promise<RpcAnswer<RpcResult<C, M>>>;
  /** Calls an RPC method and returns its result, failing the test on an error answer. */
  ok<C extends RpcClass, M extends keyof RpcContract[C] & string>(
    cls: C,
    method: M,
    params: RpcParams<C, M>,
    opts?: CallOptions,
  ): Promise<RpcResult<C, M>>;
  /** Logs in and returns the token. */
  login(email?: string, password?: string, opts?: CallOptions): Promise<string>;
  /** Creates (or finds) a person of the default test brand and returns a token for them. */
  personToken(email: string, idpessoaTipo?: number): Promise<{ token: string; pessoa: Pessoa }>;
  close(): Promise<void>;
}

function query(opts: CallOptions | undefined): string {
  return opts?.lang ? `lang=${encodeURIComponent(opts.lang)}` : '';
}

function headers(opts: CallOptions | undefined): Record<string, string> {
  const h: Record<string, string> = { host: opts?.host ?? 'localhost' };
  if (opts?.token) h.authorization = `Bearer ${opts.token}`;
  return h;
}

/**
 * Sets the public origins (module state of server/brands/origin.ts) as a test app on `brands`
 * reads them: from `env` only (none: brand.json `publicOrigin`, else `http://<first host>`).
 * Test files share their worker's modules, so a file that builds its app without
 * {@link startTestServer} calls this first, or it would read the origins of the file before.
 */
export function configureTestOrigins(
  brands: readonly LoadedBrand[],
  env: Record<string, string> = {},
): void {
  configureOrigins({ env, port: 80, production: false, defaultBrandId: defaultBrandIdOf(brands) });
}

/** Builds the app on a fresh database with the catalogue synced and demo accounts seeded. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const tdb = await openTestDb({ concurrency: opts.concurrency ?? false });
  const brands = opts.brands ?? testBrands();
  await syncCatalog(tdb.db, brands);
  await seedDemoAccounts(tdb.db, brands);
  configureTestOrigins(brands, opts.originEnv);
  const app = await buildApp({
    db: tdb.db,
    brands,
    version: '0.0.0-test',
    distDir: opts.distDir ?? path.join(os.tmpdir(), 'sf-no-dist'),
    ...(opts.holdSeconds === undefined ? {} : { holdSeconds: opts.holdSeconds }),
    ...(opts.gateway ? { gateway: opts.gateway(tdb.db) } : {}),
    webhookSecret: TEST_WEBHOOK_SECRET,
    ...(opts.operatorToken ? { operator: { token: opts.operatorToken, port: 8080 } } : {}),
    sandboxPixAutoPaySeconds: opts.sandboxPixAutoPaySeconds ?? 0,
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
  });
  await app.ready();

  const server: TestServer = {
    app,
    db: tdb.db,
    tdb,
    brands,
    async rpc(cls, method, params, callOpts) {
      const q = query(callOpts);
      const res = await app.inject({
        method: 'POST',
        url: `/router.php?method=${method}&class=${cls}${q ? `&${q}` : ''}`,
        headers: { ...headers(callOpts), 'content-type': 'application/json' },
        payload: JSON.stringify({ class: cls, method, params }),
      });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    },
    async ok(cls, method, params, callOpts) {
      const res = await server.rpc(cls, method, params, callOpts);
      if (!('result' in res.body)) {
        throw new Error(`${cls}.${method} answered ${JSON.stringify(res.body)}`);
      }
      return res.body.result;
    },
    async login(email = DEMO_PERSON.email, password = DEMO_PERSON.password, callOpts) {
      const res = await app.inject({
        method: 'POST',
        url: `/login/1${query(callOpts) ? `?${query(callOpts)}` : ''}`,
        headers: { ...headers(callOpts), 'content-type': 'application/json' },
        payload: { _username: email, _password: password },
      });
      const body = res.json() as Envelope<LoginResult>;
      if (!('result' in body)) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.result.access_token;
    },
    async personToken(email, idpessoaTipo = 1) {
      const brand = brands[0]!;
      const pessoa = await ensurePessoa(tdb.db, {
        brand: brand.id,
        email,
        password: 'Teste@1234',
        nome: 'Pessoa',
        idpessoaTipo,
        // A complete profile (a document; agencies a CNPJ), so the person may buy.
        cpf: '52998224725',
        empresaCnpj: '11222333000181',
      });
      return { token: await server.login(email, 'Teste@1234'), pessoa };
    },
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
  return server;
}

/** Units of a stock row counted against capacity right now (sold + active holds), in SQL. */
export async function unitsTaken(
  db: Db,
  idapresentacao: number,
  idproduto: number,
): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    // The same rule as the reservation (UNIT_COUNTS), spelled out for the test.
    sql`
      SELECT count(*)::int AS n FROM movimentacao_item i
      JOIN movimentacao m ON m.id = i.idmovimentacao
      JOIN estoque e ON e.id = i.idestoque
      WHERE e.idapresentacao = ${idapresentacao} AND e.idproduto = ${idproduto}
        AND i.status <> 'CA'
        AND (m.status IN ('PA','AP') OR (m.status IN ('RE','TP') AND (m.dthr_exp IS NULL OR m.dthr_exp > now())))`,
  );
  return Number(r?.n ?? 0);
}

/** Asserts an RPC answer is the error object and returns it. */
export function errorOf<T>(a: RpcAnswer<T>): { code: number; message: string } {
  if (!('error' in a.body)) throw new Error(`expected an error, got ${JSON.stringify(a.body)}`);
  return a.body.error;
}

/**
 * `n` buyers of `brand` with a complete profile, the terms in force accepted and a session
 * each, written straight into the database (a login per buyer would hash n passwords).
 * @returns their bearer tokens, in order.
 */
export async function makeBuyers(db: Db, brand: LoadedBrand, n: number): Promise<string[]> {
  const tokens = Array.from({ length: n }, () => randomBytes(32).toString('base64url'));
  const tag = randomBytes(4).toString('hex');
  const emails = tokens.map((_, i) => `buyer-${tag}-${i}@example.com`);
  const made = await rows<{ id: number }>(
    db,
    sql`INSERT INTO pessoa (brand, email, senha_hash, nome, cpf, idpessoa_tipo, email_confirmado_em)
        SELECT ${brand.id}, e, 'x', 'Comprador', '52998224725', 1, now()
        FROM unnest(${sql.raw(pgTextArray(emails))}::text[]) WITH ORDINALITY AS u(e, n)
        ORDER BY n RETURNING id`,
  );
  const ids = made.map((r) => r.id);
  await db.execute(
    sql`INSERT INTO sessao (token_hash, idpessoa, expires_at)
        SELECT h, p, now() + interval '1 day'
        FROM unnest(${sql.raw(pgTextArray(tokens.map(hashToken)))}::text[],
          ${sql.raw(`ARRAY[${ids.join(',')}]`)}::int[]) AS u(h, p)`,
  );
  for (const v of await currentVersions(brand)) {
    await db.execute(
      sql`INSERT INTO termo_aceite (idpessoa, tipo, versao, idtermo)
          SELECT p, ${v.tipo}, ${v.versao}, ${v.idtermo}
          FROM unnest(${sql.raw(`ARRAY[${ids.join(',')}]`)}::int[]) AS u(p)`,
    );
  }
  return tokens;
}

/** A text[] literal of safe strings (e-mails, hex hashes, base64url tokens). */
function pgTextArray(values: string[]): string {
  for (const v of values) if (!/^[\w.@+-]*$/.test(v)) throw new TypeError(`unsafe: ${v}`);
  return `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;
}

/** The stock counter of a product in a session (`estoque.reservados`). */
export async function counterOf(
  db: Db,
  idapresentacao: number,
  idproduto: number,
): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT reservados AS n FROM estoque
        WHERE idapresentacao = ${idapresentacao} AND idproduto = ${idproduto}`,
  );
  return Number(r?.n ?? -1);
}

/** Sandbox test cards by the outcome their number asks for. */
export const SANDBOX_CARDS = {
  approved: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  pending: '4000 0000 0000 0341',
} as const;

/** Tokenizes a sandbox card for the brand (`test-a` by default) as the browser script would. */
export async function sandboxCard(
  s: TestServer,
  numero: string,
  brand = 'test-a',
): Promise<CartaoToken> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sandbox-gateway/v1/tokens',
    payload: {
      publicKey: `pk_sandbox_${brand}`,
      numero,
      titular: 'Demo Visitante',
      validade: '12/39',
      cvv: '123',
    },
  });
  const body = res.json() as Envelope<CartaoToken>;
  if (!('result' in body)) throw new Error(JSON.stringify(body));
  return body.result;
}

/**
 * Pays order `idmovimentacao` of `token` with the approved sandbox card in one instalment and
 * concludes it (status PA, tickets issued); throws when the card is not approved.
 */
export async function payApproved(
  s: TestServer,
  token: string,
  idmovimentacao: number,
): Promise<void> {
  const pay = await s.ok(
    'SuperIngresso',
    'iniciarPagamento',
    [
      idmovimentacao,
      1,
      '',
      await sandboxCard(s, SANDBOX_CARDS.approved),
      { parcelas: 1, idempotencyKey: `key-${randomBytes(12).toString('hex')}` },
    ],
    { token },
  );
  if (pay.status !== 'approved') throw new Error(`payment ${pay.status}: ${pay.mensagem}`);
  await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao }], { token });
}
