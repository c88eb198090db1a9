/**
 * What a person needs before buying (spec §4, §6, §8): used by the login and by the cart
 * before a hold.
 */

import { and, eq } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { ErrorCode } from '#schemas/contract.ts';
import { currentVersion, TERMO_USO, type TermVersion } from '#server/content/terms.ts';
import type { Db } from '#server/db/client.ts';
import { termoAceite } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { Pessoa } from './repository';

/** Whether the brand takes travel agencies (`regrasDoNegocio.agencias`, absent: true). */
export function agenciesOpen(brand: LoadedBrand): boolean {
  return brand.brand.regrasDoNegocio.agencias !== false;
}

/**
 * Why an agency cannot buy yet (spec §4: it confirms its e-mail and an operator approves it),
 * or null (also for a person who is not an agency): its e-mail unconfirmed (what it can do
 * itself, so said first), then awaiting approval. Checked at the hold and at the payment's start.
 */
export function agencyBlock(brand: LoadedBrand, p: Pessoa): AppError | null {
  const rules = brand.brand.regrasDoNegocio;
  const agency = p.idpessoaTipo === rules.idagencia || p.idpessoaTipo === rules.idagenciaaguardando;
  if (!agency) return null;
  if (!p.emailConfirmadoEm) return new AppError(ErrorCode.Rejected, 'error.agencyEmailUnconfirmed');
  if (p.idpessoaTipo === rules.idagenciaaguardando) {
    return new AppError(ErrorCode.Rejected, 'error.agencyAwaiting');
  }
  return null;
}

/**
 * Why a person cannot buy yet, as the error to answer (spec §8 codes 13087, 13225, 13227,
 * 13089), or null: an agency whose e-mail is unconfirmed or that awaits approval
 * ({@link agencyBlock}); an agency without CNPJ or company name; a person without CPF, passport
 * or CNPJ; no address where the brand requires one.
 */
export function purchaseBlock(brand: LoadedBrand, p: Pessoa): AppError | null {
  const rules = brand.brand.regrasDoNegocio;
  const agency = agencyBlock(brand, p);
  if (agency) return agency;
  if (p.idpessoaTipo === rules.idagencia) {
    if (!p.empresaCnpj && !p.empresaRazao) {
      return new AppError(ErrorCode.ProfileAgency, 'error.profileAgency');
    }
  } else if (!p.cpf && !p.passaporte && !p.empresaCnpj) {
    return new AppError(ErrorCode.ProfileDocument, 'error.profileDocument');
  }
  if (brand.brand.editarEnderecoCadastro && (!p.endPais || !p.endEstado || !p.endCidade)) {
    return new AppError(ErrorCode.ProfileAddress, 'error.profileAddress');
  }
  if (!p.nome) return new AppError(ErrorCode.ProfileIncomplete, 'error.profileIncomplete');
  return null;
}

/** Whether a person still has to accept the current version of the terms of use. */
export async function pendingTerm(
  db: Db,
  brand: LoadedBrand,
  idpessoa: number,
): Promise<TermVersion | null> {
  const current = await currentVersion(brand, TERMO_USO);
  if (!current) return null;
  const [row] = await db
    .select({ id: termoAceite.id })
    .from(termoAceite)
    .where(
      and(
        eq(termoAceite.idpessoa, idpessoa),
        eq(termoAceite.tipo, current.tipo),
        eq(termoAceite.versao, current.versao),
      ),
    );
  return row ? null : current;
}

/**
 * Code 4 (spec §8) when the person has not accepted the terms of use in force (published while
 * their session was open): the storefront shows the term and the call can be made again.
 */
export async function termsBlock(db: Db, brand: LoadedBrand, p: Pessoa): Promise<AppError | null> {
  return (await pendingTerm(db, brand, p.id))
    ? new AppError(ErrorCode.TermsRequired, 'error.termsRequired')
    : null;
}
