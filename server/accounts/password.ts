/**
 * Password hashing: argon2id at OWASP's current minimum (m = 19 MiB, t = 2, p = 1) through
 * @node-rs/argon2, stored in the PHC string format. Hashes made before (node:crypto scrypt,
 * `scrypt$N$r$p$salt$hash`) still verify and are replaced at the next successful login
 * ({@link needsRehash}).
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id (a const enum, not importable with verbatimModuleSyntax).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const PARAMS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

/** Passwords are compared after Unicode normalisation, so the same typed text always matches. */
const normalize = (password: string): string => password.normalize('NFC');

/** A new salted argon2id hash of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2_OPTIONS);
}

/** Whether `password` matches `stored` (argon2id, or a legacy scrypt hash). Never throws. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    if (stored.startsWith('$argon2')) return await verify(stored, normalize(password));
    if (stored.startsWith('scrypt$')) return await verifyScrypt(normalize(password), stored);
    return false;
  } catch {
    return false;
  }
}

/** Whether a stored hash is weaker than today's parameters (re-hash it after a good login). */
export function needsRehash(stored: string): boolean {
  return !(stored.startsWith('$argon2id$') && stored.includes(`$${PARAMS}$`));
}

/**
 * A real argon2id hash of a random password: verified against when the e-mail is unknown, so
 * that answer takes as long as a wrong password.
 */
export const DUMMY_HASH: string = await hashPassword(randomBytes(18).toString('base64url'));

function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, expectedB64] = stored.split('$');
  if (!salt || !expectedB64) return Promise.resolve(false);
  const expected = Buffer.from(expectedB64, 'base64url');
  const opts: ScryptOptions = {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  };
  return new Promise((resolve) => {
    scrypt(password, Buffer.from(salt, 'base64url'), expected.length, opts, (err, key) => {
      resolve(!err && key.length === expected.length && timingSafeEqual(key, expected));
    });
  });
}
