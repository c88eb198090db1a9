/**
 * Login sessions. The bearer token is 32 random bytes (base64url); only its SHA-256 is stored,
 * so a leaked database does not hand out sessions. A token is valid for the brand of its person
 * until it expires.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { pessoa, sessao } from '#server/db/schema.ts';
import type { Pessoa } from './repository';
import { forgetSessionPessoa, forgetSessionToken } from './session-forget';

/** How long a session lasts. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000;

/** The stored form of a token. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether a string can be a token at all (anything else is refused without a query). */
export const isTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{16,128}$/.test(token);

/** Opens a session for a person and returns its bearer token. */
export async function createSession(db: Db | Tx, idpessoa: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessao).values({
    tokenHash: hashToken(token),
    idpessoa,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** The person of a valid, unexpired token of `brand`, or null. */
export async function resolveSession(db: Db, brand: string, token: string): Promise<Pessoa | null> {
  if (!isTokenShaped(token)) return null;
  return (await lookupSession(db, brand, hashToken(token)))?.pessoa ?? null;
}

/**
 * The session lookup, built once per database and prepared (on node-postgres a named statement
 * per connection): it runs for every token not cached, so its SQL is not rebuilt each time. It
 * takes several token hashes at once ({@link lookupSessions}).
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({ p: pessoa, tokenHash: sessao.tokenHash, expiresAt: sessao.expiresAt })
    .from(sessao)
    .innerJoin(pessoa, eq(pessoa.id, sessao.idpessoa))
    .where(
      and(
        sql`${sessao.tokenHash} = ANY (${sql.placeholder('tokenHashes')}::text[])`,
        gt(sessao.expiresAt, sql`now()`),
      ),
    )
    .prepare('sf_lookup_sessions');
}

/** A valid session: its person and its end. */
export interface FoundSession {
  pessoa: Pessoa;
  expiresAt: Date;
}

/**
 * The sessions of several token hashes (hex, as {@link hashToken} makes them) valid now, of any
 * brand, in one query: by token hash, those found.
 */
export async function lookupSessions(
  db: Db,
  tokenHashes: readonly string[],
): Promise<Map<string, FoundSession>> {
  for (const h of tokenHashes) if (!/^[0-9a-f]{64}$/.test(h)) throw new TypeError('not a hash');
  let query = prepared.get(db);
  if (!query) {
    query = prepareLookup(db);
    prepared.set(db, query);
  }
  const found = new Map<string, FoundSession>();
  // Hex only (checked above): the array's text needs no quoting.
  for (const row of await query.execute({ tokenHashes: `{${tokenHashes.join(',')}}` })) {
    found.set(row.tokenHash, { pessoa: row.p, expiresAt: row.expiresAt });
  }
  return found;
}

/** The session of a token hash of `brand` (its person and end), if valid now. */
export async function lookupSession(
  db: Db,
  brand: string,
  tokenHash: string,
): Promise<FoundSession | null> {
  const found = (await lookupSessions(db, [tokenHash])).get(tokenHash);
  return found?.pessoa.brand === brand ? found : null;
}

/** The bearer token of an `Authorization` header value, if it has one. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/** Ends the session of `token` (logout). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  forgetSessionToken(tokenHash);
  await db.delete(sessao).where(eq(sessao.tokenHash, tokenHash));
}

/** Ends every session of a person (password changed or reset). */
export async function revokeAllSessions(db: Db | Tx, idpessoa: number): Promise<void> {
  forgetSessionPessoa(idpessoa);
  await db.delete(sessao).where(eq(sessao.idpessoa, idpessoa));
}
