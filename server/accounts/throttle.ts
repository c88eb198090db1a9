/**
 * Throttling of failed tries and rate limits per address, counted in PostgreSQL (table
 * `throttle`) so every server instance sees the same counts (OWASP ASVS 5.0 V6).
 *
 * Failed logins are counted three ways:
 * - per account and address: the guesser at one address is delayed quickly;
 * - per account from anywhere but the addresses it logged in from: a spread-out guesser is
 *   delayed too, but at most {@link ACCOUNT_POLICY}'s cap, so strangers cannot lock the owner out;
 * - per address over every account: past {@link ADDRESS_CAPTCHA}'s count the address must solve
 *   the brand's captcha to try again. It never refuses: a school's or a carrier's shared address
 *   with one guesser behind it must not keep everyone else out, so an account with no failures of
 *   its own gets in with its right password (and the captcha; none for an account that logged
 *   in from that address before).
 * A try inside a delay is refused with how long to wait ("Muitas tentativas. Tente novamente em
 * N minutos."), never with "wrong password"; it is not counted, and no password is checked.
 * A body the login form refuses (malformed) is not a try: it counts nowhere.
 *
 * Voucher swaps and the single-use tokens (password reset, e-mail confirmation) are throttled the
 * same way, per person (the signed-in account) and per address: {@link guessKeys}.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rows } from '#server/db/sql.ts';

/**
 * How failures turn into a delay: none for the first `free`, then 2^(n − free − 1) minutes after
 * the n-th, up to `capSeconds`.
 */
export interface DelayPolicy {
  free: number;
  capSeconds: number;
}

export const PAIR_POLICY: DelayPolicy = { free: 4, capSeconds: 900 };
export const ACCOUNT_POLICY: DelayPolicy = { free: 10, capSeconds: 60 };

/** Failed logins of one address, over every account, in an hour, after which it needs the captcha. */
export const ADDRESS_CAPTCHA = { after: 20, windowSeconds: 3600 };

/** Counters older than this start again from zero. */
const FORGET_AFTER_HOURS = 24;

/** The delay (seconds) after `failures` failures under `policy`. */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  if (failures <= policy.free) return 0;
  return Math.min(60 * 2 ** (failures - policy.free - 1), policy.capSeconds);
}

/** A wait as the refusal says it: whole minutes, at least one. */
export function waitMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The keys the failed logins of `email` from `ip` are counted under, each with its policy (the
 * address's own count is {@link addressKey}'s). From an address the account has logged in from
 * before (`known`), the account-wide count does not apply: a stranger failing on purpose from
 * elsewhere cannot slow the owner down at home. `scope` keeps the gate's staff apart.
 */
export function loginKeys(
  brand: string,
  email: string,
  ip: string,
  known = false,
  scope: 'login' | 'checkin' = 'login',
): [string, DelayPolicy][] {
  return [
    [`${scope}:pair:${brand}:${email}:${ip}`, PAIR_POLICY],
    ...(known
      ? []
      : ([[`${scope}:acct:${brand}:${email}`, ACCOUNT_POLICY]] as [string, DelayPolicy][])),
  ];
}

/** The key of an address's failed logins over every account (shoppers' or the gate's). */
export const addressKey = (ip: string, scope: 'login' | 'checkin' = 'login') => `${scope}:ip:${ip}`;

/** Whether the address failed so many logins in the last hour that it must solve the captcha. */
export async function addressNeedsCaptcha(db: Db, key: string): Promise<boolean> {
  const found = await rows<{ count: number }>(
    db,
    sql`SELECT count FROM throttle WHERE key = ${key}
        AND window_start > now() - make_interval(secs => ${ADDRESS_CAPTCHA.windowSeconds})`,
  );
  return (found[0]?.count ?? 0) >= ADDRESS_CAPTCHA.after;
}

/** Counts one failed login of the address (in hour-long windows). */
export async function recordAddressFailure(db: Db, key: string): Promise<void> {
  await allowRequest(db, key, {
    limit: ADDRESS_CAPTCHA.after,
    windowSeconds: ADDRESS_CAPTCHA.windowSeconds,
  });
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

/**
 * What guessing a code is counted under: failed voucher swaps and failed reset / confirmation
 * tokens, per person (when the call has one: the signed-in account) and per address. A person
 * is delayed after a few failures, an address (a few people behind it) after more.
 */
export const GUESS_POLICY = {
  person: { free: 4, capSeconds: 900 } as DelayPolicy,
  address: { free: 19, capSeconds: 900 } as DelayPolicy,
};

/** The keys of guesses of `what` by person `idpessoa` (if known) from `ip`. */
export function guessKeys(
  what: 'voucher' | 'token',
  brand: string,
  ip: string,
  idpessoa?: number | null,
): [string, DelayPolicy][] {
  return [
    ...(idpessoa != null
      ? ([[`${what}:person:${brand}:${idpessoa}`, GUESS_POLICY.person]] as [string, DelayPolicy][])
      : []),
    [`${what}:ip:${brand}:${ip}`, GUESS_POLICY.address],
  ];
}

/** Seconds still to wait before the next try counts (0: go ahead). */
export async function waitSeconds(db: Db, keys: [string, DelayPolicy][]): Promise<number> {
  if (keys.length === 0) return 0;
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

/** Forgets the failures of an account after a good login (the address's count stays). */
export async function clearFailures(db: Db, keys: [string, DelayPolicy][]): Promise<void> {
  const names = keys.map(([k]) => k);
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
