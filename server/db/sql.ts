/**
 * Small helpers that make raw SQL answer the same on PGlite and node-postgres: both return
 * `{ rows }`, but int8 arrives as a number on one and a string on the other, and Drizzle hands
 * timestamptz over as text. Raw queries cast counts to `int` and read timestamps with
 * {@link toDate}.
 */
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
