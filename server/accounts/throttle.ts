/**
 * Throttling of failed logins and rate limits per address, counted in PostgreSQL (table
 * `throttle`) so every server instance sees the same counts.
 *
 * Failed logins are counted three ways, each with a delay that grows with the count and is
 * capped, so nobody can lock an account out (a stranger's failures slow the real owner by at
 * most {@link ACCOUNT_POLICY}'s cap):
 * - per account and address: the guesser at one address slows down quickly;
 * - per account from anywhere: a spread-out guesser slows down, but only to one try in 30 s;
 * - per address over every account: one address spraying many accounts slows down.
 * A try inside a delay is answered exactly like a wrong password (same text, same work).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';

/** How failures turn into a delay: none up to `free`, then 2^(n − free) seconds, up to `cap`. */
export interface DelayPolicy {
  free: number;
  capSeconds: number;
}

export const PAIR_POLICY: DelayPolicy = { free: 3, capSeconds: 900 };
export const ACCOUNT_POLICY: DelayPolicy = { free: 10, capSeconds: 30 };
export const ADDRESS_POLICY: DelayPolicy = { free: 30, capSeconds: 3600 };

/** Counters older than this start again from zero. */
const FORGET_AFTER_HOURS = 24;

/** The delay (seconds) after `failures` failures under `policy`. */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  if (failures <= policy.free) return 0;
  return Math.min(2 ** (failures - policy.free - 1), policy.capSeconds);
}

/**
 * The keys a login of `email` from `ip` is counted under, each with its policy. From an address
 * the account has logged in from before (`known`), the account-wide count does not apply: a
 * stranger failing on purpose from elsewhere cannot slow the owner down at home.
 */
export function loginKeys(
  brand: string,
  email: string,
  ip: string,
  known = false,
): [string, DelayPolicy][] {
  return [
    [`login:pair:${brand}:${email}:${ip}`, PAIR_POLICY],
    ...(known
      ? []
      : ([[`login:acct:${brand}:${email}`, ACCOUNT_POLICY]] as [string, DelayPolicy][])),
    [`login:ip:${ip}`, ADDRESS_POLICY],
  ];
}

const knownKey = (brand: string, email: string, ip: string) =>
  `login:known:${brand}:${email}:${ip}`;

/** Whether the account logged in from this address in the last 90 days. */
export async function isKnownAddress(db: Db, brand: string, email: string, ip: string) {
  const found = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM throttle WHERE key = ${knownKey(brand, email, ip)}
        AND last_at > now() - interval '90 days'`,
  );
  return (found[0]?.n ?? 0) > 0;
}

/** Remembers that the account logged in from this address. */
export async function rememberAddress(db: Db, brand: string, email: string, ip: string) {
  await db.execute(sql`
    INSERT INTO throttle (key, count, window_start, last_at)
    VALUES (${knownKey(brand, email, ip)}, 1, now(), now())
    ON CONFLICT (key) DO UPDATE SET last_at = now()`);
}

/** Seconds still to wait before the next try counts (0: go ahead). */
export async function waitSeconds(db: Db, keys: [string, DelayPolicy][]): Promise<number> {
  const names = keys.map(([k]) => k);
  const found = await rows<{ key: string; count: number; age: number }>(
    db,
    sql`SELECT key, count, EXTRACT(EPOCH FROM now() - last_at)::float8 AS age
        FROM throttle WHERE key IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) AND last_at > now() - make_interval(hours => ${FORGET_AFTER_HOURS})`,
  );
  let wait = 0;
  for (const row of found) {
    const policy = keys.find(([k]) => k === row.key)?.[1];
    if (!policy) continue;
    wait = Math.max(wait, delayAfter(row.count, policy) - Number(row.age));
  }
  return Math.max(0, Math.ceil(wait));
}

/** Counts one failure under every key. */
export async function recordFailure(db: Db, keys: [string, DelayPolicy][]): Promise<void> {
  for (const [key] of keys) {
    await db.execute(sql`
      INSERT INTO throttle (key, count, window_start, last_at) VALUES (${key}, 1, now(), now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN throttle.last_at < now() - make_interval(hours => ${FORGET_AFTER_HOURS})
                     THEN 1 ELSE throttle.count + 1 END,
        window_start = CASE WHEN throttle.last_at < now() - make_interval(hours => ${FORGET_AFTER_HOURS})
                     THEN now() ELSE throttle.window_start END,
        last_at = now()`);
  }
}

/** Forgets the failures of an account after a good login (the per-address count stays). */
export async function clearFailures(db: Db, keys: [string, DelayPolicy][]): Promise<void> {
  const names = keys.filter(([k]) => !k.startsWith('login:ip:')).map(([k]) => k);
  if (names.length === 0) return;
  await db.execute(
    sql`DELETE FROM throttle WHERE key IN (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
}

/** A fixed-window rate limit: `limit` requests per `windowSeconds` under `key`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Sign-ups one address may make per hour, unless the operator sets SIGNUPS_PER_HOUR. */
const SIGNUPS_PER_HOUR = 10;

/** Rate limits per address of the account calls that anyone can make. */
export const RATE_LIMITS = {
  signup: { limit: SIGNUPS_PER_HOUR, windowSeconds: 3600 } as RateLimit,
  forgot: { limit: 5, windowSeconds: 900 },
  /** Per e-mail: at most this many reset mails, whoever asks. */
  forgotEmail: { limit: 3, windowSeconds: 3600 },
  emailCheck: { limit: 60, windowSeconds: 600 },
  confirm: { limit: 20, windowSeconds: 600 },
  /** The contact form (CustomUserApps/Contato), per caller's address. */
  contact: { limit: 5, windowSeconds: 3600 },
  /** Per sender's e-mail: the acknowledgement must not become a way to flood someone's inbox. */
  contactEmail: { limit: 3, windowSeconds: 3600 },
  /** Newsletter sign-ups (CustomUserApps/Newsletter), per caller's address. */
  newsletter: { limit: 10, windowSeconds: 3600 },
  /** Confirmation mails per e-mail: a sign-up form must not flood someone's inbox. */
  newsletterEmail: { limit: 3, windowSeconds: 3600 },
  /** Confirm and unsubscribe links tried per address (a token cannot be guessed by trying). */
  newsletterLink: { limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

/** The operator's SIGNUPS_PER_HOUR (server/main.ts sets it at start). */
export function setSignupsPerHour(limit: number): void {
  RATE_LIMITS.signup = { limit, windowSeconds: 3600 };
}

/** Counts one request under `key`; false when it is over the limit of the current window. */
export async function allowRequest(db: Db, key: string, rule: RateLimit): Promise<boolean> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`
      INSERT INTO throttle (key, count, window_start, last_at) VALUES (${key}, 1, now(), now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN throttle.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                     THEN 1 ELSE throttle.count + 1 END,
        window_start = CASE WHEN throttle.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                     THEN now() ELSE throttle.window_start END,
        last_at = now()
      RETURNING count`,
  );
  return (row?.count ?? 0) <= rule.limit;
}
