/**
 * From a provider's claims to a person of the brand: the person already linked to the identity
 * (provider + subject); else the person with the same e-mail, linked only when the provider
 * vouches for the address (`email_verified`); else a new person without a password. One
 * transaction, so a person is never left without the identity that made them.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '#schemas/contract.ts';
import { DUMMY_HASH } from '#server/accounts/password.ts';
import { normalizeEmail, type Pessoa } from '#server/accounts/repository.ts';
import { forgetSessionPessoa } from '#server/accounts/session-forget.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { pessoa, pessoaIdentidade } from '#server/db/schema.ts';

/** What we take from the ID token and UserInfo. */
export interface ProviderClaims {
  sub: string;
  email?: string | undefined;
  emailVerified: boolean;
  givenName?: string | undefined;
  familyName?: string | undefined;
  name?: string | undefined;
}

/** Why a sign-in cannot go on (the storefront's `login_error`). */
export type IdentityRefusal =
  /** The provider gave no usable e-mail address. */
  | 'email'
  /** The e-mail belongs to an account and the provider did not verify it. */
  | 'emailTaken';

/** The outcome of {@link signInWithIdentity}. */
export type IdentityOutcome =
  | { ok: true; pessoa: Pessoa; how: 'known' | 'linked' | 'created' }
  | { ok: false; refusal: IdentityRefusal };

/** The individual person type (spec §6): people from a provider start as individuals. */
const ID_PESSOA_FISICA = 1;
const MAX_NAME = 100;

/** C0 controls and DEL: PostgreSQL refuses NUL in text, and none belongs in a name. */
const isControl = (c: string): boolean => {
  const n = c.codePointAt(0) ?? 0;
  return n < 0x20 || n === 0x7f;
};

/** A name from a provider, without control characters, spaces collapsed, trimmed. */
function cleanName(value: unknown): string {
  if (typeof value !== 'string') return '';
  return [...value]
    .map((c) => (isControl(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME);
}

function usableEmail(value: string | undefined): string | null {
  if (typeof value !== 'string') return null;
  const email = normalizeEmail(value);
  if (email.length > 254 || [...email].some(isControl) || /\s/.test(email)) return null;
  return /^[^@]+@[^@]+\.[^@]+$/.test(email) ? email : null;
}

/** nome and sobrenome from given/family name, else the full name split, else the address. */
function namesOf(claims: ProviderClaims, email: string): { nome: string; sobrenome: string } {
  const given = cleanName(claims.givenName);
  const family = cleanName(claims.familyName);
  if (given) return { nome: given, sobrenome: family };
  const full = cleanName(claims.name);
  if (full) {
    const space = full.indexOf(' ');
    return space === -1
      ? { nome: full, sobrenome: family }
      : { nome: full.slice(0, space), sobrenome: full.slice(space + 1) };
  }
  return { nome: cleanName(email.split('@')[0]) || email, sobrenome: family };
}

/** Thrown inside the transaction when a concurrent sign-in won a race: roll back, try again. */
class Raced extends Error {}

async function attempt(
  tx: Tx,
  brand: string,
  provider: string,
  claims: ProviderClaims,
  locale: Locale,
): Promise<IdentityOutcome> {
  const [known] = await tx
    .select({ p: pessoa })
    .from(pessoaIdentidade)
    .innerJoin(pessoa, eq(pessoa.id, pessoaIdentidade.idpessoa))
    .where(
      and(
        eq(pessoaIdentidade.provider, provider),
        eq(pessoaIdentidade.subject, claims.sub),
        eq(pessoa.brand, brand),
      ),
    );
  if (known) return { ok: true, pessoa: known.p, how: 'known' };

  const email = usableEmail(claims.email);
  if (!email) return { ok: false, refusal: 'email' };

  const link = async (p: Pessoa) => {
    const [row] = await tx
      .insert(pessoaIdentidade)
      .values({ idpessoa: p.id, provider, subject: claims.sub })
      .onConflictDoNothing({ target: [pessoaIdentidade.provider, pessoaIdentidade.subject] })
      .returning();
    if (!row) throw new Raced();
  };

  const [existing] = await tx
    .select()
    .from(pessoa)
    .where(and(eq(pessoa.brand, brand), eq(pessoa.email, email)));
  if (existing) {
    // Linking on an address the provider does not vouch for would let anyone who can make an
    // account there with our customer's address take over our customer's account.
    if (!claims.emailVerified) return { ok: false, refusal: 'emailTaken' };
    await link(existing);
    forgetSessionPessoa(existing.id);
    const [confirmed] = await tx
      .update(pessoa)
      .set({ emailConfirmadoEm: new Date(), updatedAt: new Date() })
      .where(and(eq(pessoa.id, existing.id), isNull(pessoa.emailConfirmadoEm)))
      .returning();
    return { ok: true, pessoa: confirmed ?? existing, how: 'linked' };
  }

  const [created] = await tx
    .insert(pessoa)
    .values({
      brand,
      email,
      ...namesOf(claims, email),
      // No password: the person logs in through the provider until they set one.
      senhaHash: DUMMY_HASH,
      temSenha: false,
      idpessoaTipo: ID_PESSOA_FISICA,
      idioma: locale,
      emailConfirmadoEm: claims.emailVerified ? new Date() : null,
    })
    .onConflictDoNothing({ target: [pessoa.brand, pessoa.email] })
    .returning();
  if (!created) throw new Raced();
  await link(created);
  return { ok: true, pessoa: created, how: 'created' };
}

/**
 * The person of `brand` for an identity at `provider` (see the module comment).
 * @param provider the identity key ({@link identityKey} in providers.ts).
 * @param locale the new person's language.
 */
export async function signInWithIdentity(
  db: Db,
  brand: string,
  provider: string,
  claims: ProviderClaims,
  locale: Locale,
): Promise<IdentityOutcome> {
  for (let i = 0; ; i++) {
    try {
      return await db.transaction((tx) => attempt(tx, brand, provider, claims, locale));
    } catch (err) {
      // The other sign-in has committed by now: the next attempt finds its rows.
      if (!(err instanceof Raced) || i >= 2) throw err;
    }
  }
}

/** A person's identities, the most recent first. */
export async function identitiesOf(
  db: Db,
  idpessoa: number,
): Promise<{ provider: string; subject: string }[]> {
  return db
    .select({ provider: pessoaIdentidade.provider, subject: pessoaIdentidade.subject })
    .from(pessoaIdentidade)
    .where(eq(pessoaIdentidade.idpessoa, idpessoa))
    .orderBy(desc(pessoaIdentidade.createdAt), desc(pessoaIdentidade.id));
}
