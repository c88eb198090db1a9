/**
 * Global setup of the `server` test project. Without DATABASE_URL it creates, once, a migrated
 * PGlite database and its dump (.tmp/pglite-template-<hash of the migrations>.tar) that every
 * test file loads into an in-memory database: well under a second, a fresh initdb several (and
 * a database in memory spares the disk every write). With DATABASE_URL
 * it checks the server answers; each test file then makes its own database (harness.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDb } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's dump, a tar file ('' when testing on PostgreSQL). */
    pgliteTemplate: string;
    /** The PostgreSQL server to test on ('' for PGlite). */
    databaseUrl: string;
    /**
     * A PostgreSQL server for the tests that need real concurrency (several connections):
     * DATABASE_URL, else a local one at 127.0.0.1:5432 (database `test`) when it answers, else ''.
     */
    concurrencyDatabaseUrl: string;
  }
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else hash.update(e.name).update(await readFile(p));
    }
  };
  await walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** The local PostgreSQL the concurrency tests use when DATABASE_URL is not set. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` (within a second). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim() ?? '';
  project.provide('databaseUrl', databaseUrl);
  // On PGlite's single connection a race cannot happen, so a concurrency test could not fail:
  // those tests go to PostgreSQL whenever one is reachable.
  project.provide(
    'concurrencyDatabaseUrl',
    databaseUrl || ((await answers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : ''),
  );
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('SELECT 1');
    await client.end();
    project.provide('pgliteTemplate', '');
    return;
  }
  const root = path.resolve('.tmp');
  const dump = path.join(root, `pglite-template-${await migrationsHash()}.tar`);
  if (!existsSync(dump)) {
    const building = path.join(root, `pglite-template.building-${process.pid}`);
    await rm(building, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    const handle = await openDb({ pgliteDir: building });
    await handle.migrate();
    await handle.close();
    const pglite = new PGlite(building);
    await pglite.waitReady;
    const file = await pglite.dumpDataDir('none');
    await pglite.close();
    await writeFile(`${dump}.part`, Buffer.from(await file.arrayBuffer()));
    await rename(`${dump}.part`, dump);
    await rm(building, { recursive: true, force: true });
    // Templates of older migrations are of no further use.
    for (const old of await readdir(root)) {
      if (old.startsWith('pglite-template-') && path.join(root, old) !== dump) {
        await rm(path.join(root, old), { recursive: true, force: true });
      }
    }
  }
  project.provide('pgliteTemplate', dump);
}
