/**
 * Property-based fuzzing of the whole API through `app.inject()`: every REST route the app
 * registers (found at test time, so routes added later are fuzzed too; the static and SPA
 * wildcards are left out) and every RPC method of the contract get generated bad requests —
 * bodies derived from the contract's JSON Schemas with one mutation each (wrong types,
 * missing/extra fields, NUL and unpaired surrogates, huge strings, deep nesting, arrays for
 * strings), hostile query strings (repeated names, malformed escapes), bad path parameters and
 * malformed percent-encoding in the path — anonymously (with no, or a garbage, Authorization
 * header) and logged in as the demo person.
 *
 * Each route and method first gets a fixed corpus (every form's valid sample, and each RPC
 * method's params made of ids that exist, with a NUL in every string; the same with every value
 * an object whose keys shadow Object.prototype's, `{"toString":1,"valueOf":1,...}`, so the
 * fields a form compares are both such objects; every known query name repeated; a broken
 * escape in the path), then FUZZ_RUNS generated requests, whose mutations include such objects
 * at one field or at every field.
 *
 * Every answer must be: below 500; with the security headers; `no-store` when the request
 * carried Authorization; JSON in the error envelope or a result (a generated payload may happen
 * to be valid), or else something that is neither JSON nor an error (a page, a script, a
 * redirect). An answer that is not a result must leave every row as it was, unless the RPC
 * payload was valid by the contract (a declined card is an error answer that records the
 * attempt). The `throttle` table is left out of that comparison: counting a failed attempt (per
 * account, per address) is what a rejected login or a rate-limited call is supposed to do; the
 * outbox is compared (a rejected request must not send mail).
 *
 * FUZZ_SEED (default fixed) and FUZZ_RUNS (runs per route or method and mode) replay or widen a
 * run; a failure names its seed. The tests are fuzz-rest.int.test.ts and fuzz-rpc.int.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC_METHOD_LIST } from '#schemas/rpc/methods.ts';
import { type EdgeRoute, edgeRoutes, isCleanInput } from '#server/plugins/edge.ts';
import { compileParamValidators, readParamsSchema } from '#server/rpc/validators.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';
import {
  badBody,
  badPathSuffix,
  badQuery,
  badSegment,
  everyLeaf,
  fromSchema,
  type KnownValues,
  PROTOTYPE_NAMES,
  REPEATED_QUERY,
  type SchemaNode,
  stringPaths,
  withNul,
  withNulAt,
} from './arbitraries';
import { changedTables, type Fingerprint, fingerprinter } from './snapshot';

const SEED = Number(process.env.FUZZ_SEED ?? 20260923);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Tables a rejected request may change (see the file comment). */
const IGNORED_TABLES = ['throttle'];

const FORMS_DIR = new URL('../../schemas/forms/', import.meta.url);

/** The form schemas and their valid samples (with e-mails that are nobody's). */
function readForms(): { schema: SchemaNode; sample: unknown }[] {
  const out: { schema: SchemaNode; sample: unknown }[] = [];
  for (const file of readdirSync(FORMS_DIR).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(new URL(file, FORMS_DIR), 'utf8')) as SchemaNode;
    let sample: unknown;
    try {
      const text = readFileSync(
        new URL(file.replace('.schema.json', '.samples.json'), FORMS_DIR),
        'utf8',
      );
      const valid = (JSON.parse(text) as { valid?: unknown }).valid;
      // Nobody's address: a generated wrong password must not slow down the demo person's login.
      if (valid !== undefined) {
        sample = JSON.parse(
          JSON.stringify(valid).replace(/"[^"@\s]+@[^"\s]+"/g, '"fuzz@nobody.example"'),
        );
      }
    } catch {
      // A form without samples has its schema-derived bases only.
    }
    out.push({ schema, sample });
  }
  return out;
}
const FORMS = readForms();

/**
 * An object with every name of Object.prototype's as its own key but `__proto__` (refused as a
 * poisoning key long before; without it the body reaches whatever calls the others).
 */
const SHADOWING = Object.fromEntries(
  PROTOTYPE_NAMES.filter((n) => n !== '__proto__').map((n) => [n, 1]),
);

/**
 * Every form's sample fields, as they are and with the `_` prefix, in one object, each value
 * {@link SHADOWING}: one body that has every form compare two such objects (an e-mail and its
 * confirmation, a password and its repetition).
 */
const SHADOWED_FORMS = everyLeaf(
  Object.assign({}, ...FORMS.flatMap(({ sample }) => [sample ?? {}, underscored(sample ?? {})])),
  SHADOWING,
);

/**
 * What a REST body is derived from: every form schema, its fields as they are or with the `_`
 * prefix of POST cadastro, and each form's valid sample.
 */
const formBase: fc.Arbitrary<unknown> = fc.oneof(
  ...FORMS.map(({ schema, sample }) => {
    const base = fromSchema(schema);
    return fc.oneof(
      base,
      base.map(underscored),
      ...(sample === undefined ? [] : [fc.constant(sample)]),
    );
  }),
);

/**
 * The storefront's not-found page: a generated path whose dot segments (`%2e%2e`) resolve, as
 * in a browser, outside the API lands on a page path no screen has, which is HTML with a 404.
 */
function isStorefrontNotFound(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): boolean {
  return (
    res.statusCode === 404 &&
    /^text\/html/.test(String(res.headers['content-type'])) &&
    res.body.includes('id="brand-config"')
  );
}

function underscored(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k.startsWith('_') ? k : `_${k}`, x]),
  );
}

type Mode = 'anonymous' | 'logged-in';

interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  authorization?: string;
  remoteAddress: string;
  /**
   * The payload happens to be valid by the contract (clean text, params that pass the method's
   * schema): its call may run, and a business answer (a declined card) may write rows.
   */
  valid?: boolean;
}

let s: TestServer;
let dist: string;
let fingerprint: () => Promise<Fingerprint>;
let baseline: Fingerprint;
let token: string;
const failures: string[] = [];
/** Answers by kind, reported at the end (to see the fuzzer reaches past the edge). */
const tally: Record<string, number> = {};

const isJson = (res: LightMyRequestResponse) =>
  String(res.headers['content-type'] ?? '').startsWith('application/json');

/** What is wrong with the answer to `req`, or null. */
async function check(req: FuzzRequest, where: string): Promise<string | null> {
  const res = await s.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: {
      host: 'localhost',
      ...(req.contentType ? { 'content-type': req.contentType } : {}),
      ...(req.authorization === undefined ? {} : { authorization: req.authorization }),
    },
    ...(req.body === undefined ? {} : { payload: req.body }),
    remoteAddress: req.remoteAddress,
  });
  const shown = `${where}: ${req.method} ${req.url.slice(0, 200)} ${req.body?.slice(0, 300) ?? ''}`;
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no security headers');
  if (req.authorization !== undefined && !/no-store/.test(String(res.headers['cache-control']))) {
    problems.push(`cache-control ${String(res.headers['cache-control'])} with Authorization`);
  }
  let isResult = false;
  if (isJson(res)) {
    const body = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
    isResult = body !== null && typeof body === 'object' && 'result' in body;
    const isError =
      typeof body?.error?.code === 'number' &&
      typeof body.error.message === 'string' &&
      body.error.message !== '';
    if (!isResult && !isError) problems.push(`not the envelope: ${res.body.slice(0, 200)}`);
  } else if (res.statusCode >= 400 && !isStorefrontNotFound(res)) {
    problems.push(
      `HTTP ${res.statusCode} ${String(res.headers['content-type'])} outside the envelope`,
    );
  }
  const kind = isResult
    ? 'result'
    : isJson(res)
      ? ((JSON.parse(res.body) as { error?: { message?: string } }).error?.message ?? '?')
      : `HTTP ${res.statusCode}`;
  tally[kind] = (tally[kind] ?? 0) + 1;
  const after = await fingerprint();
  const changed = changedTables(baseline, after);
  if (!isResult && !req.valid && changed.length > 0) {
    problems.push(`rows changed in ${changed.join(', ')}`);
  }
  baseline = after;
  // A call that ended the session (logout, a password change) must not make the rest anonymous.
  if (req.authorization === `Bearer ${token}` && !res.headers.authorization) {
    token = await s.login();
    baseline = await fingerprint();
  }
  return problems.length > 0 ? `${shown}\n    → ${problems.join('; ')}` : null;
}

const authFor = (mode: Mode): fc.Arbitrary<string | undefined> =>
  mode === 'logged-in'
    ? fc.constant('LOGGED_IN')
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'Bearer ',
            'Bearer x',
            'Basic ZGVtbzpkZW1v',
            'Bearer a b',
            'x'.repeat(500),
          ),
        },
      );

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    ),
  },
);

/** Runs `arb` through {@link check} and collects what failed. */
async function fuzz(
  arb: fc.Arbitrary<FuzzRequest>,
  examples: FuzzRequest[],
  where: string,
  seed: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      const real =
        req.authorization === 'LOGGED_IN' ? { ...req, authorization: `Bearer ${token}` } : req;
      const problem = await check(real, `${where} (seed ${seed})`);
      if (problem) failures.push(problem);
    }),
    { seed, numRuns: RUNS + examples.length, examples: examples.map((e) => [e] as [FuzzRequest]) },
  );
}

/** The REST routes to fuzz: every registered one but the RPC router, HEAD twins and wildcards. */
function restRoutes(): EdgeRoute[] {
  const seen = new Set<string>();
  return edgeRoutes(s.app).filter((r) => {
    const key = `${r.method} ${r.url.toLowerCase()}`;
    if (seen.has(key) || r.method === 'HEAD' || r.method === 'OPTIONS') return false;
    seen.add(key);
    return r.url !== '/' && !r.url.includes('*') && r.url.toLowerCase() !== '/router.php';
  });
}

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';
const withParams = (url: string, segments: readonly string[]) => {
  let i = 0;
  return url.replace(/:[A-Za-z0-9_]+/g, () => segments[i++] ?? 'x');
};
const auth = (mode: Mode) => (mode === 'logged-in' ? { authorization: 'LOGGED_IN' } : {});

/**
 * Requests every REST route gets first: each form's sample with a NUL in every string, every
 * known query name repeated, and a broken escape in the path; path parameters are a known id.
 */
function restCorpus(route: EdgeRoute, mode: Mode): FuzzRequest[] {
  const pathname = withParams(route.url, ['1', '1', '1']);
  const common = { method: route.method, remoteAddress: '10.9.9.9', ...auth(mode) };
  const out: FuzzRequest[] = [
    { ...common, url: `${pathname}?${REPEATED_QUERY}` },
    { ...common, url: `${pathname}%E0%A4%A` },
  ];
  if (hasBody(route.method)) {
    out.push({
      ...common,
      url: pathname,
      body: JSON.stringify(SHADOWED_FORMS),
      contentType: 'application/json',
    });
    for (const { sample } of FORMS) {
      if (sample === undefined) continue;
      for (const body of [sample, underscored(sample)]) {
        out.push({
          ...common,
          url: pathname,
          body: JSON.stringify(withNul(body as never)),
          contentType: 'application/json',
        });
      }
    }
  }
  return out;
}

function restRequest(route: EdgeRoute, mode: Mode, ids: KnownValues): fc.Arbitrary<FuzzRequest> {
  const params = route.url.split('/').filter((p) => p.startsWith(':'));
  const segment = fc.oneof(badSegment, fc.constantFrom(...someIds(ids)));
  return fc
    .record({
      segments: fc.array(segment, { minLength: params.length, maxLength: params.length }),
      suffix: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: badPathSuffix },
      ),
      query: fc.option(badQuery, { freq: 4, nil: '' }),
      body: hasBody(route.method)
        ? fc.option(badBody(formBase as never), { freq: 8 })
        : fc.constant(null),
      contentType,
      authorization: authFor(mode),
      remoteAddress: fc.ipV4(),
    })
    .map((r) => {
      const pathname = withParams(route.url, r.segments);
      return {
        method: route.method,
        url: `${pathname}${r.suffix ?? ''}${r.query ? `?${r.query}` : ''}`,
        ...(r.body === null ? {} : { body: r.body, contentType: r.contentType }),
        ...(r.authorization === undefined ? {} : { authorization: r.authorization }),
        remoteAddress: r.remoteAddress,
      };
    });
}

/** Every scalar field of a JSON value (strings up to 100 characters), by name. */
function valuesIn(v: unknown, out: Record<string, Set<number | string>> = {}, key = '') {
  if (Number.isInteger(v) || (typeof v === 'string' && v.length <= 100)) {
    const seen = out[key] ?? new Set();
    seen.add(v as number | string);
    out[key] = seen;
  } else if (Array.isArray(v)) for (const c of v) valuesIn(c, out, key);
  else if (v !== null && typeof v === 'object') {
    for (const [k, c] of Object.entries(v)) valuesIn(c, out, k);
  }
  return out;
}

/**
 * Values that exist, by name (the catalogue's; logged in, also the demo person's cart and its
 * ways to pay), so generated params reach past "not found" into the code that reads their other
 * fields. Logged in, the demo person gets a cart first if they can (again, if a generated call
 * cancelled it).
 */
async function knownValues(mode: Mode): Promise<KnownValues> {
  const opts = { token };
  const found: Record<string, Set<number | string>> = {};
  valuesIn(await s.ok('SuperIngresso', 'getEventos', []), found);
  const apresentacoes = await s.ok('SuperIngresso', 'getApresentacoes', [E.visita]);
  valuesIn(apresentacoes, found);
  const idapresentacao = apresentacoes.apresentacoes[0]!.idapresentacao;
  valuesIn(await s.ok('SuperIngresso', 'getProdutos', [idapresentacao]), found);
  if (mode === 'logged-in') {
    let cart = await s.ok('SuperIngresso', 'getCarrinhoPage', [], opts);
    if (!cart) {
      // Best effort: without a cart the payment methods are fuzzed from their schemas alone.
      const produtos = [{ idproduto: P.inteira, qtd: 1 }];
      await s.rpc('SuperIngresso', 'iniciarReserva', [produtos, idapresentacao, []], opts);
      cart = await s.ok('SuperIngresso', 'getCarrinhoPage', [], opts);
    }
    valuesIn(cart, found);
    const id = (cart as { idmovimentacao?: number } | null)?.idmovimentacao;
    if (id) valuesIn(await s.ok('SuperIngresso', 'getGatewayPagamento', [id], opts), found);
    baseline = await fingerprint();
  }
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v]]));
}

/** A few ids for path parameters. */
const someIds = (known: KnownValues): string[] => [
  '1',
  ...Object.entries(known)
    .filter(([k]) => k.startsWith('id'))
    .flatMap(([, v]) => v.slice(0, 2).map(String)),
];

const validators = compileParamValidators();

/** Whether an RPC body is valid by the contract for `cls.method` (see {@link FuzzRequest.valid}). */
function validRpc(cls: string, method: string, body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (!isCleanInput(parsed) || parsed === null || typeof parsed !== 'object') return false;
  const params = (parsed as { params?: unknown }).params ?? [];
  return validators.get(`${cls}.${method}`)?.(params) === true;
}

/**
 * Requests every RPC method gets first: params made of known ids with a NUL in every string,
 * and the same with every known query name (class and method too) given twice.
 */
function rpcCorpus(cls: string, method: string, mode: Mode, ids: KnownValues): FuzzRequest[] {
  const schema = readParamsSchema(cls as never, method) as SchemaNode;
  const [sampled] = fc.sample(fromSchema(schema, { known: ids, onlyKnown: true }), {
    seed: SEED,
    numRuns: 1,
  });
  const params = sampled ?? [];
  const common = {
    method: 'POST',
    remoteAddress: '10.9.9.9',
    contentType: 'application/json',
    ...auth(mode),
  };
  const url = `/router.php?method=${method}&class=${cls}`;
  return [
    // A NUL in each string alone (the others valid, so it gets as far as it can), then in all.
    ...[...stringPaths(params), undefined].map((at) => ({
      ...common,
      url,
      body: JSON.stringify({ class: cls, method, params: withNulAt(params, at) }),
    })),
    {
      ...common,
      url: `/router.php?method=getEventos&class=SuperIngresso&method=${method}&class=${cls}&${REPEATED_QUERY}`,
      body: JSON.stringify({ class: cls, method, params }),
    },
    {
      ...common,
      url,
      body: JSON.stringify({ class: cls, method, params: everyLeaf(params, SHADOWING) }),
    },
  ].map((r) => ({ ...r, valid: validRpc(cls, method, r.body) }));
}

function rpcRequest(
  cls: string,
  method: string,
  mode: Mode,
  ids: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  const params = fromSchema(readParamsSchema(cls as never, method) as SchemaNode, { known: ids });
  const base = fc.record({
    class: fc.constant(cls),
    method: fc.constant(method),
    params,
  });
  return fc
    .record({
      body: badBody(base as never),
      query: fc.option(badQuery, { freq: 4, nil: '' }),
      contentType,
      authorization: authFor(mode),
      remoteAddress: fc.ipV4(),
    })
    .map((r) => ({
      method: 'POST',
      url: `/router.php?method=${method}&class=${cls}${r.query ? `&${r.query}` : ''}`,
      body: r.body,
      valid: validRpc(cls, method, r.body),
      contentType: r.contentType,
      ...(r.authorization === undefined ? {} : { authorization: r.authorization }),
      remoteAddress: r.remoteAddress,
    }));
}

/** The server the requests go to, its database's fingerprint and the demo person's token. */
function setUp(): void {
  beforeAll(async () => {
    // A built storefront, so paths outside the API get the page (without one they answer 503).
    dist = await mkdtemp(path.join(os.tmpdir(), 'sf-fuzz-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="pt-BR"><head><!--brand-head--></head><body><!--brand-config--></body></html>',
    );
    s = await startTestServer({ distDir: dist });
    fingerprint = await fingerprinter(s.db, IGNORED_TABLES);
    token = await s.login();
    baseline = await fingerprint();
  });
  afterAll(async () => {
    console.info(`fuzz: ${Object.values(tally).reduce((a, b) => a + b, 0)} requests`, tally);
    await s?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });
}

/**
 * Registers the fuzzing of the REST routes or of the RPC methods, anonymous and logged in, each
 * kind in its own test file (fuzz-rest, fuzz-rpc) so the two run side by side.
 */
export function fuzzSuite(kind: 'rest' | 'rpc'): void {
  setUp();
  describe.each<Mode>(['anonymous', 'logged-in'])('fuzz (%s)', (mode) => {
    if (kind === 'rest') {
      it('every REST route answers bad input with the envelope, no 5xx, no row changed', async () => {
        failures.length = 0;
        const routes = restRoutes();
        expect(routes.length).toBeGreaterThan(3);
        console.info(`fuzz ${mode}: ${routes.map((r) => `${r.method} ${r.url}`).join(', ')}`);
        const ids = await knownValues(mode);
        let n = 0;
        for (const route of routes) {
          const where = `${route.method} ${route.url} ${mode}`;
          await fuzz(restRequest(route, mode, ids), restCorpus(route, mode), where, SEED + n++);
        }
        expect(failures, failures.join('\n')).toEqual([]);
      }, 120_000);
    } else {
      it('every RPC method answers bad params with the envelope, no 5xx, no row changed', async () => {
        failures.length = 0;
        let n = 1000;
        for (const { cls, method } of RPC_METHOD_LIST) {
          const ids = await knownValues(mode);
          const where = `${cls}.${method} ${mode}`;
          const corpus = rpcCorpus(cls, method, mode, ids);
          await fuzz(rpcRequest(cls, method, mode, ids), corpus, where, SEED + n++);
        }
        expect(failures, failures.join('\n')).toEqual([]);
      }, 120_000);
    }
  });
}
