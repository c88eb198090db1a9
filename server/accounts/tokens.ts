/**
 * Single-use tokens mailed or handed to a person: e-mail confirmation, password reset, and the
 * ticket that lets a login accept a new term before it has a session. 32 random bytes; only the
 * SHA-256 is stored; a token is spent by one conditional UPDATE, so two uses at once cannot
 * both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { pessoaToken } from '#server/db/schema.ts';

export type TokenKind = 'confirm_email' | 'reset_password' | 'accept_term';

/** How long each kind of token lasts. */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  confirm_email: 7 * 24 * 3600_000,
  reset_password: 30 * 60_000,
  accept_term: 10 * 60_000,
};

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token of `kind` for a person. */
export async function issueToken(db: Db | Tx, idpessoa: number, kind: TokenKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(pessoaToken).values({
    tokenHash: hashToken(token),
    idpessoa,
    kind,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

/** Spends a valid, unused, unexpired token of `kind`; the person it was for, or null. */
export async function spendToken(
  db: Db | Tx,
  token: unknown,
  kind: TokenKind,
): Promise<number | null> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .update(pessoaToken)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(pessoaToken.tokenHash, hashToken(token)),
        eq(pessoaToken.kind, kind),
        isNull(pessoaToken.usedAt),
        gt(pessoaToken.expiresAt, new Date()),
      ),
    )
    .returning({ idpessoa: pessoaToken.idpessoa });
  return row?.idpessoa ?? null;
}

/** Spends every open token of `kind` of a person (a reset made the other reset links void). */
export async function spendAllTokens(
  db: Db | Tx,
  idpessoa: number,
  kind: TokenKind,
): Promise<void> {
  await db
    .update(pessoaToken)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(pessoaToken.idpessoa, idpessoa),
        eq(pessoaToken.kind, kind),
        isNull(pessoaToken.usedAt),
      ),
    );
}

/**
 * The person a token of `kind` was for once it has been spent (expired or not), or null: how a
 * link opened again is told from a link that never was.
 */
export async function spentTokenOwner(
  db: Db | Tx,
  token: unknown,
  kind: TokenKind,
): Promise<number | null> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ idpessoa: pessoaToken.idpessoa })
    .from(pessoaToken)
    .where(
      and(
        eq(pessoaToken.tokenHash, hashToken(token)),
        eq(pessoaToken.kind, kind),
        isNotNull(pessoaToken.usedAt),
      ),
    );
  return row?.idpessoa ?? null;
}
