/**
 * ALTCHA, the self-hosted proof-of-work captcha (altcha-lib v2): the server signs a challenge,
 * the browser searches for the counter that derives the challenge's key prefix (PBKDF2 through
 * Web Crypto), and the server checks the solution against HMAC signatures (no key derivation,
 * so checking costs the server nothing) and then records it as used.
 *
 * Challenges are "deterministic": the server picks the counter, so the work is bounded (the
 * browser tries at most {@link COUNTER_MAX} keys) instead of a lottery whose slowest case is
 * several times its mean.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, lt, notLike, sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { captchaUsado } from '#server/db/schema.ts';
import { rows } from '#server/db/sql.ts';

/** Key derivation of every challenge; the browser solves it with Web Crypto. */
export const ALGORITHM = 'PBKDF2/SHA-256';
/**
 * PBKDF2 iterations per try, and the range of the counter the browser must reach. Measured in
 * Node 20 on the development machine with the browser's own (Web Crypto) solver: about 1.1 ms
 * per try, so 100–400 tries take about 0.1–0.45 s there, and roughly 0.4–1.5 s on a phone.
 */
export const COST = 5000;
export const COUNTER_MIN = 100;
export const COUNTER_MAX = 400;
/** How long a challenge may be solved and submitted. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

/** A token longer than this is not one of ours (a payload is about 700 characters). */
const MAX_TOKEN_LENGTH = 4096;
/** The row of captcha_usado that keeps the generated key (see {@link captchaKey}). */
const KEY_ROW_PREFIX = 'hmac-key:';
const KEY_ROW_EXPIRES = new Date('9999-12-31T00:00:00Z');
/** Any fixed number: serialises instances creating the key row. */
const KEY_LOCK_ID = 731_942_113;
const PURGE_EVERY_MS = 60_000;

const dbKeys = new WeakMap<Db, Promise<string>>();
const lastPurge = new WeakMap<Db, number>();

/**
 * The HMAC key: CAPTCHA_HMAC_KEY when set; otherwise a random key created once and kept in the
 * database (a `hmac-key:` row of captcha_usado that never expires), so several server instances
 * on one PostgreSQL — and restarts — agree on it without configuration.
 */
export function captchaKey(db: Db): Promise<string> {
  const fromEnv = process.env.CAPTCHA_HMAC_KEY?.trim();
  if (fromEnv) return Promise.resolve(fromEnv);
  let key = dbKeys.get(db);
  if (!key) {
    key = loadOrCreateKey(db);
    dbKeys.set(db, key);
    key.catch(() => dbKeys.delete(db));
  }
  return key;
}

async function loadOrCreateKey(db: Db): Promise<string> {
  return db.transaction(async (tx) => {
    // Without the lock two instances starting together could each create a different key.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_ID})`);
    const [row] = await rows<{ signature: string }>(
      tx,
      sql`SELECT signature FROM captcha_usado WHERE signature LIKE ${`${KEY_ROW_PREFIX}%`}
          ORDER BY signature LIMIT 1`,
    );
    if (row) return row.signature.slice(KEY_ROW_PREFIX.length);
    const key = randomBytes(32).toString('hex');
    await tx
      .insert(captchaUsado)
      .values({ signature: KEY_ROW_PREFIX + key, expiresAt: KEY_ROW_EXPIRES });
    return key;
  });
}

/** A second key, for the derived-key signature, so the two signatures never share a key. */
function keySignatureSecret(key: string): string {
  return createHmac('sha256', key).update('altcha-key-signature').digest('hex');
}

/** Deletes used solutions whose challenge has expired (they can no longer be replayed). */
export async function purgeExpired(db: Db, now = Date.now()): Promise<void> {
  lastPurge.set(db, now);
  await db
    .delete(captchaUsado)
    .where(
      and(
        lt(captchaUsado.expiresAt, new Date(now)),
        notLike(captchaUsado.signature, `${KEY_ROW_PREFIX}%`),
      ),
    );
}

/** {@link purgeExpired} at most once a minute per process; a failure only waits for the next. */
async function purgeNowAndThen(db: Db, now: number): Promise<void> {
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  try {
    await purgeExpired(db, now);
  } catch {
    // Cleaning is best effort: the rows are only ever compared, never trusted.
  }
}

/**
 * A signed challenge for `brand`, valid {@link CHALLENGE_TTL_SECONDS} from `now`. The brand id is
 * signed into it, so a solution is accepted only by the brand it was issued for.
 */
export async function issueChallenge(
  db: Db,
  brand: LoadedBrand,
  now = Date.now(),
): Promise<Challenge> {
  await purgeNowAndThen(db, now);
  const key = await captchaKey(db);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    data: { brand: brand.id },
    expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: keySignatureSecret(key),
  });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `{ challenge, solution }` of a base64 JSON token, or null when it is not that shape. */
function decodeToken(
  token: unknown,
): { challenge: Required<Pick<Challenge, 'parameters' | 'signature'>>; solution: unknown } | null {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    return null;
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(token)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isObject(payload) || !isObject(payload.challenge) || !isObject(payload.solution)) {
    return null;
  }
  const { parameters, signature } = payload.challenge;
  if (!isObject(parameters) || typeof signature !== 'string') return null;
  return {
    challenge: { parameters: parameters as unknown as Challenge['parameters'], signature },
    solution: payload.solution,
  };
}

/**
 * Whether `token` (base64 JSON `{ challenge, solution }`) solves a challenge this server issued
 * for `brand` that has not expired and was not used before; a valid one is marked used.
 */
export async function verifyAltcha(db: Db, brand: LoadedBrand, token: unknown): Promise<boolean> {
  const decoded = decodeToken(token);
  if (!decoded) return false;
  const { challenge, solution } = decoded;
  const p = challenge.parameters;
  // Ours always carry all three; refusing others keeps the check to the cheap HMAC path.
  if (typeof p.expiresAt !== 'number' || typeof p.keySignature !== 'string') return false;
  if (!isObject(p.data) || p.data.brand !== brand.id) return false;
  if (!/^[0-9a-f]{64}$/.test(challenge.signature)) return false;
  const key = await captchaKey(db);
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge,
      solution: solution as Parameters<typeof verifySolution>[0]['solution'],
      deriveKey,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: keySignatureSecret(key),
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  // Only after the check, so garbage never fills the table; the primary key makes a replay,
  // even a concurrent one, insert nothing.
  const inserted = await db
    .insert(captchaUsado)
    .values({ signature: challenge.signature, expiresAt: new Date(p.expiresAt * 1000) })
    .onConflictDoNothing({ target: captchaUsado.signature })
    .returning({ signature: captchaUsado.signature });
  return inserted.length === 1;
}
