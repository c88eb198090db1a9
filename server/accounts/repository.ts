/**
 * Persons (pessoa). The seam for full accounts (registration, profile, password reset): they
 * add functions here and routes beside `routes.ts`.
 */
import { and, eq } from 'drizzle-orm';
import type { SessaoPessoa } from '../../schemas/contract';
import type { Db } from '../db/client';
import { pessoa } from '../db/schema';
import { hashPassword } from './password';

/** A person row. */
export type Pessoa = typeof pessoa.$inferSelect;

/** What creating a person needs. */
export interface NewPessoa {
  brand: string;
  email: string;
  password: string;
  nome: string;
  sobrenome?: string;
  idpessoaTipo: number;
  cpf?: string | null;
  passaporte?: string | null;
  empresaCnpj?: string | null;
  empresaRazao?: string | null;
  endEstado?: string | null;
  endPais?: string | null;
  nacionalidade?: string | null;
}

/** The canonical form of an e-mail: trimmed, lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Creates a person, or leaves an existing one of the same brand and e-mail untouched.
 * @returns the person (new or existing).
 */
export async function ensurePessoa(db: Db, p: NewPessoa): Promise<Pessoa> {
  const email = normalizeEmail(p.email);
  const senhaHash = await hashPassword(p.password);
  await db
    .insert(pessoa)
    .values({
      brand: p.brand,
      email,
      senhaHash,
      nome: p.nome,
      sobrenome: p.sobrenome ?? '',
      idpessoaTipo: p.idpessoaTipo,
      cpf: p.cpf ?? null,
      passaporte: p.passaporte ?? null,
      empresaCnpj: p.empresaCnpj ?? null,
      empresaRazao: p.empresaRazao ?? null,
      endEstado: p.endEstado ?? null,
      endPais: p.endPais ?? null,
      nacionalidade: p.nacionalidade ?? null,
    })
    .onConflictDoNothing({ target: [pessoa.brand, pessoa.email] });
  const found = await findPessoaByEmail(db, p.brand, email);
  if (!found) throw new Error('ensurePessoa: the person vanished');
  return found;
}

/** The person of `brand` with `email`, if any. */
export async function findPessoaByEmail(
  db: Db,
  brand: string,
  email: string,
): Promise<Pessoa | undefined> {
  const [row] = await db
    .select()
    .from(pessoa)
    .where(and(eq(pessoa.brand, brand), eq(pessoa.email, normalizeEmail(email))));
  return row;
}

/** The session view of a person (spec §3 "Session/person"). */
export function sessaoPessoa(p: Pessoa): SessaoPessoa {
  return {
    idpessoa: p.id,
    nome: p.sobrenome ? `${p.nome} ${p.sobrenome}` : p.nome,
    email: p.email,
    idpessoa_tipo: p.idpessoaTipo,
    cpf: p.cpf,
    passaporte: p.passaporte,
    empresa_cnpj: p.empresaCnpj,
    empresa_razao: p.empresaRazao,
    end_estado: p.endEstado,
    end_pais: p.endPais,
    nacionalidade: p.nacionalidade,
  };
}
