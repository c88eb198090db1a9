/**
 * Small helpers that make raw SQL answer the same on PGlite and node-postgres: both return
 * `{ rows }`, but int8 arrives as a number on one and a string on the other, and Drizzle hands
 * timestamptz over as text. Raw queries cast counts to `int` and read timestamps with
 * {@link toDate}.
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/** Runs a raw query and returns its rows. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Runs a raw query and returns its first row, if any. */
export async function firstRow<T>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

/**
 * A timestamp from a raw row: a Date, or PostgreSQL text such as `2026-01-02 13:00:00.5+00`.
 */
export function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'number') return new Date(v);
  if (typeof v === 'string') {
    const iso = v
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00')
      .replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const d = new Date(iso);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new TypeError(`not a timestamp: ${String(v)}`);
}

/** Like {@link toDate} but keeps null. */
export function toDateOrNull(v: unknown): Date | null {
  return v === null || v === undefined ? null : toDate(v);
}

/** Seconds left until `m.dthr_exp`, never negative, computed by the database clock (SQL text). */
export const COUNT_EXP_TEXT = `(CASE WHEN m.dthr_exp IS NULL THEN 0 ELSE greatest(0, floor(extract(epoch FROM (m.dthr_exp - now()))))::int END)`;

/** {@link COUNT_EXP_TEXT} as a Drizzle fragment. */
export const COUNT_EXP = sql.raw(COUNT_EXP_TEXT);

/** SQLSTATEs of a transaction PostgreSQL aborted so that it may be retried. */
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error (also when a driver wraps it in `cause`). */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `fn` (a whole transaction) again when PostgreSQL aborted it for a deadlock or a
 * serialization failure; other errors pass through.
 */
export async function retryTransaction<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const state = sqlState(err);
      if (i >= attempts || !state || !RETRYABLE.has(state)) throw err;
    }
  }
}

/**
 * Runs several statements in one round trip (the simple query protocol, as one implicit
 * transaction: an error in any statement rolls all of them back and skips the rest) and returns
 * the rows of the last one. No parameters can travel this way, so values are written into the
 * text with {@link lit}. Goes to the driver under Drizzle (`$client`): a PGlite instance (`exec`)
 * or a node-postgres pool (`query` without values).
 */
export async function runScript<T>(db: Db, statements: string[]): Promise<T[]> {
  const client = clientOf(db);
  const text = statements.join(';\n');
  if (isPglite(client)) {
    const results = await client.exec(text);
    return (results.at(-1)?.rows ?? []) as T[];
  }
  const res = await (client as PoolClient).query(text);
  const last = Array.isArray(res) ? res.at(-1) : res;
  return (last?.rows ?? []) as T[];
}

type PgliteClient = { exec(text: string): Promise<{ rows: unknown[] }[]> };
type ScriptClient =
  | PgliteClient
  | { query(text: string): Promise<{ rows: unknown[] } | { rows: unknown[] }[]> };

/** The driver under Drizzle: a PGlite instance or a node-postgres pool. */
const clientOf = (db: Db) => (db as unknown as { $client: ScriptClient }).$client;

const isPglite = (client: ScriptClient): client is PgliteClient =>
  'exec' in client && typeof client.exec === 'function';
type PoolClient = { query(text: string): Promise<{ rows: unknown[] } | { rows: unknown[] }[]> };

/**
 * A value written into SQL text for {@link runScript}: a safe integer, or text quoted with
 * standard-conforming quotes (both drivers run with standard_conforming_strings on). Anything
 * else throws, so nothing from a request reaches the text unchecked.
 */
export function lit(v: number | string): string {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new TypeError(`not an integer: ${v}`);
    return String(v);
  }
  if (v.includes('\0')) throw new TypeError('NUL in a literal');
  return `'${v.replaceAll("'", "''")}'`;
}

/**
 * A PL/pgSQL function the server defines from its own code: `name` is suffixed with a hash of
 * the definition, so a database always runs the version of the code that calls it (a new
 * version is a new function; old ones are left to be dropped by a later migration). The
 * function is created on first use by each process, under a transaction-level advisory lock so
 * servers starting together do not race; a call then travels as a short parameterized
 * statement, prepared once per connection, instead of the whole text it replaces.
 */
export interface Routine {
  /** The versioned function name. */
  readonly name: string;
  /** `CREATE OR REPLACE FUNCTION …` of that name. */
  readonly create: string;
}

/** Defines a routine: `define(name)` returns the full `CREATE OR REPLACE FUNCTION` text. */
export function routine(base: string, define: (name: string) => string): Routine {
  const probe = define(`${base}_vx`);
  const name = `${base}_v${createHash('sha256').update(probe).digest('hex').slice(0, 10)}`;
  return { name, create: define(name) };
}

const ensured = new WeakMap<object, Map<string, Promise<void>>>();

/** Creates routine `r` in the database unless it is there (once per process). */
export async function ensureRoutine(db: Db, r: Routine): Promise<void> {
  const client = (db as unknown as { $client: object }).$client;
  let mine = ensured.get(client);
  if (!mine) {
    mine = new Map();
    ensured.set(client, mine);
  }
  let done = mine.get(r.name);
  if (!done) {
    done = (async () => {
      const found = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_proc WHERE proname = ${r.name}`,
      );
      if (Number(found[0]?.n) > 0) return;
      await retryTransaction(() =>
        runScript(db, ['SELECT pg_advisory_xact_lock(727274002)', r.create]),
      );
    })();
    const settled = mine;
    settled.set(r.name, done);
    done.catch(() => settled.delete(r.name));
  }
  await done;
}

/**
 * Calls routine `r` as `SELECT * FROM name($1, …)` with `values` (numbers, text, booleans,
 * null; arrays are passed as PostgreSQL array text and cast in `args`), and returns its rows.
 * On node-postgres the statement is prepared once per connection (a named statement); on PGlite
 * the values are written into the text ({@link lit}) and it runs as one simple-protocol message.
 */
export async function callRoutine<T>(
  db: Db,
  r: Routine,
  args: string,
  values: unknown[],
): Promise<T[]> {
  await ensureRoutine(db, r);
  const client = clientOf(db);
  // A parameterized query on PGlite is six trips into the database (parse, describe, bind,
  // describe, execute, sync), each through its JavaScript wire-protocol code; a script is two.
  if (isPglite(client)) return runScript<T>(db, [pgliteCall(r, args, values)]);
  const text = `SELECT * FROM ${r.name}(${args})`;
  const res = await (client as unknown as PoolQuery).query({ name: r.name, text, values });
  return res.rows as T[];
}

/** The call of routine `r` as PGlite runs it: the values written into the text. */
const pgliteCall = (r: Routine, args: string, values: unknown[]) =>
  `SELECT * FROM ${r.name}(${withValues(args, values)})`;

/** `args` with each `$n` replaced by `values[n - 1]` as a literal ({@link lit}; null, booleans). */
function withValues(args: string, values: unknown[]): string {
  return args.replace(/\$(\d+)/g, (_, n: string) => {
    const v = values[Number(n) - 1];
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'number' || typeof v === 'string') return lit(v);
    throw new TypeError(`no literal for a ${typeof v}`);
  });
}

/**
 * Readies the database's connections for routine `r`: each one (every connection of a
 * node-postgres pool, opened now) compiles the routine, prepares its call and plans the
 * statements a call with `values` runs, so the first calls of a burst (a sale's first buyers)
 * do not pay for it. The call runs in a transaction rolled back: it must write nothing anyway.
 */
export async function warmRoutine(
  db: Db,
  r: Routine,
  args: string,
  values: unknown[],
): Promise<void> {
  await ensureRoutine(db, r);
  const client = clientOf(db);
  // PGlite: the call as callRoutine makes it, in a transaction rolled back.
  if (isPglite(client)) {
    await runScript(db, ['BEGIN', pgliteCall(r, args, values), 'ROLLBACK']);
    return;
  }
  const text = `SELECT * FROM ${r.name}(${args})`;
  const pool = client as unknown as WarmPool;
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  try {
    await Promise.all(
      clients.map(async (c) => {
        await c.query('BEGIN');
        try {
          await c.query({ name: r.name, text, values });
        } finally {
          await c.query('ROLLBACK');
        }
      }),
    );
  } finally {
    for (const c of clients) c.release();
  }
}

type PoolQuery = {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type WarmPool = {
  options: { max: number };
  connect(): Promise<{
    query: PoolQuery['query'] & ((text: string) => Promise<unknown>);
    release(): void;
  }>;
};

/** A list of integers as PostgreSQL array text (`{1,2}`), for a `$n::int[]` parameter. */
export function intArray(xs: readonly number[]): string {
  for (const x of xs) if (!Number.isSafeInteger(x)) throw new TypeError(`not an integer: ${x}`);
  return `{${xs.join(',')}}`;
}
