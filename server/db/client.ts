/**
 * The client chooser: embedded PGlite (a data directory that persists across restarts) unless a
 * PostgreSQL URL is given, then a node-postgres pool. Both are wrapped by Drizzle into one
 * {@link Db} type, so repositories write the same queries for both.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './dir-lock';
import * as schema from './schema';

/** The schema object handed to Drizzle. */
export type Schema = typeof schema;

/** The database every repository uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle; it is also a {@link Db}, so helpers accept either. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** An open database and how to close it. */
export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs the committed migrations (server/db/migrations) with the driver's migrator. */
  migrate(): Promise<void>;
  /** Closes the connection(s); PGlite flushes its data directory. */
  close(): Promise<void>;
}

/** Where the generated migrations live. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Options of {@link openDb}: a PostgreSQL URL wins over the PGlite data directory. */
export interface OpenDbOptions {
  databaseUrl?: string;
  /** PGlite data directory (created if missing); omitted = in-memory. */
  pgliteDir?: string;
  /** In memory only: starts as this dump of a data directory (PGlite's `dumpDataDir`). */
  pgliteDump?: Blob;
  /** Pool size for PostgreSQL (default 10). */
  poolMax?: number;
}

/** Opens the database chosen by the options. */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 10);
  return openPglite(opts.pgliteDir, opts.pgliteDump);
}

async function openPglite(dataDir: string | undefined, dump?: Blob): Promise<DbHandle> {
  let unlock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = dataDir ? new PGlite(dataDir) : new PGlite(dump ? { loadDataDir: dump } : {});
    await client.waitReady;
    takeTurns(client);
  } catch (err) {
    await unlock();
    throw err;
  }
  const orm = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db: orm as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

/**
 * Makes PGlite's calls (query, exec, transaction: the ones Drizzle and server/db/sql.ts make)
 * take turns with the event loop: one call at a time, each started in a loop turn of its own
 * (`setImmediate`), so the loop polls its sockets between two calls.
 *
 * PGlite runs in this thread, and a call runs from start to end in promise callbacks: without
 * turns, the requests read in one poll ran all their queries in that same loop turn (a burst of
 * 100 holds: ~150 ms). Node 20 (libuv ≥ 1.45, libuv#3696) accepts one new connection per turn,
 * so a sale's buyers on new connections waited one such turn each (1–3.6 s for the last of 80).
 * PGlite runs one call at a time anyway (its own lock), so nothing waits longer for the
 * database. A call made inside a transaction's callback on the client itself, not on the
 * transaction, would wait for that transaction as it did on PGlite's lock.
 */
function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => {
    return (...args: A): Promise<R> => {
      const run = last.then(() => new Promise<void>(setImmediate)).then(() => call(...args));
      last = run.catch(() => {});
      return run;
    };
  };
  client.query = inTurn(client.query.bind(client)) as PGlite['query'];
  client.exec = inTurn(client.exec.bind(client));
  client.transaction = inTurn(client.transaction.bind(client)) as PGlite['transaction'];
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  // Connections stay open while idle: a new one costs its set-up and the hold function's
  // compilation and plans to whichever request meets it, e.g. the first
  // buyers of a sale after a quiet hour. They do not keep a process from exiting.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const orm = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db: orm as unknown as Db,
    driver: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274001)');
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), {
            migrationsFolder: MIGRATIONS_DIR,
          });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727274001)');
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
