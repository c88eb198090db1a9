/**
 * Login sessions. The bearer token is 32 random bytes (base64url); only its SHA-256 is stored,
 * so a leaked database does not hand out sessions. A token is valid for the brand of its person
 * until it expires.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pessoa, sessao } from '../db/schema';
import type { Pessoa } from './repository';

/** How long a session lasts. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

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
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const [row] = await db
    .select({ p: pessoa })
    .from(sessao)
    .innerJoin(pessoa, eq(pessoa.id, sessao.idpessoa))
    .where(
      and(
        eq(sessao.tokenHash, hashToken(token)),
        gt(sessao.expiresAt, new Date()),
        eq(pessoa.brand, brand),
      ),
    );
  return row?.p ?? null;
}

/** The bearer token of an `Authorization` header value, if it has one. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/** Ends the session of `token` (logout). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessao).where(eq(sessao.tokenHash, hashToken(token)));
}

/** Ends every session of a person (password changed or reset). */
export async function revokeAllSessions(db: Db | Tx, idpessoa: number): Promise<void> {
  await db.delete(sessao).where(eq(sessao.idpessoa, idpessoa));
}
