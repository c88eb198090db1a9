/**
 * A fingerprint of every row of every table, to tell whether a request changed anything: per
 * table, the row count and an order-free sum of the rows' hashes (one query for all tables).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rows } from '#server/db/sql.ts';

/** Table name → `count:hashsum`. */
export type Fingerprint = Record<string, string>;

/** Takes fingerprints of the database's tables, leaving out `ignore`. */
export async function fingerprinter(
  db: Db,
  ignore: readonly string[],
): Promise<() => Promise<Fingerprint>> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !ignore.includes(name));
  const query = sql.join(
    tables.map(
      (name) =>
        sql`SELECT ${name}::text AS name, count(*)::int AS n,
              coalesce(sum(hashtext(t::text)::bigint), 0)::text AS h
            FROM ${sql.identifier(name)} t`,
    ),
    sql` UNION ALL `,
  );
  return async () => {
    const out: Fingerprint = {};
    for (const r of await rows<{ name: string; n: number; h: string }>(db, query)) {
      out[r.name] = `${r.n}:${r.h}`;
    }
    return out;
  };
}

/** The tables whose fingerprint differs between `a` and `b`. */
export function changedTables(a: Fingerprint, b: Fingerprint): string[] {
  return Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
}
