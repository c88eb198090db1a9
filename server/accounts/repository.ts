/**
 * Persons (pessoa). The seam for full accounts (registration, profile, password reset): they
 * add functions here and routes beside `routes.ts`.
 */
import { and, eq } from 'drizzle-orm';
import type { Cadastro, Locale, SessaoPessoa } from '#schemas/contract.ts';
import { LOCALES } from '#schemas/contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { pessoa } from '#server/db/schema.ts';
import { hashPassword } from './password';
import { forgetSessionPessoa } from './session-forget';

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
  celularComCodigoPais?: string | null;
  dtNascimento?: string | null;
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
      celularComCodigoPais: p.celularComCodigoPais ?? null,
      dtNascimento: p.dtNascimento ?? null,
    })
    .onConflictDoNothing({ target: [pessoa.brand, pessoa.email] });
  const found = await findPessoaByEmail(db, p.brand, email);
  if (!found) throw new Error('ensurePessoa: the person vanished');
  return found;
}

/** The person of `brand` with `email`, if any. */
export async function findPessoaByEmail(
  db: Db | Tx,
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
    bin: p.bin,
  };
}

/** The person with `id` of `brand`, if any. */
export async function findPessoaById(
  db: Db | Tx,
  brand: string,
  id: number,
): Promise<Pessoa | undefined> {
  const [row] = await db
    .select()
    .from(pessoa)
    .where(and(eq(pessoa.brand, brand), eq(pessoa.id, id)));
  return row;
}

/**
 * The registration fields a person may write (form name → column), in one place: sign-up, the
 * profile and setPessoa all go through it, so `idpessoa_tipo`, the e-mail or the password can
 * never be written through a form.
 */
export const CADASTRO_COLUMNS = {
  nome: 'nome',
  sobrenome: 'sobrenome',
  celular: 'celular',
  telefone: 'telefone',
  celularComCodigoPais: 'celularComCodigoPais',
  telefoneComCodigoPais: 'telefoneComCodigoPais',
  cpf: 'cpf',
  passaporte: 'passaporte',
  nacionalidade: 'nacionalidade',
  dt_nascimento: 'dtNascimento',
  empresa_cnpj: 'empresaCnpj',
  empresa_razao: 'empresaRazao',
  empresa_fantasia: 'empresaFantasia',
  empresa_obs: 'empresaObs',
  end_cep: 'endCep',
  end_pais: 'endPais',
  end_estado: 'endEstado',
  end_cidade: 'endCidade',
  end_bairro: 'endBairro',
  end_numero: 'endNumero',
  end_logradouro: 'endLogradouro',
  end_complemento: 'endComplemento',
  bin: 'bin',
  idioma: 'idioma',
} as const satisfies Partial<Record<keyof Cadastro, keyof Pessoa>>;

type CadastroField = keyof typeof CADASTRO_COLUMNS;
type Writable = { -readonly [K in (typeof CADASTRO_COLUMNS)[CadastroField]]?: Pessoa[K] };

/**
 * The columns of validated form data: only the registration fields, trimmed, documents kept as
 * digits/letters only, empty text stored as null (nome and sobrenome as empty strings).
 */
export function columnsOf(data: Record<string, unknown>): Writable {
  const out: Record<string, string | null> = {};
  for (const [field, column] of Object.entries(CADASTRO_COLUMNS)) {
    if (!Object.hasOwn(data, field)) continue;
    const raw = data[field];
    let value = typeof raw === 'string' ? raw.trim() : null;
    if (value && (field === 'cpf' || field === 'empresa_cnpj' || field === 'end_cep')) {
      value = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    }
    if (field === 'idioma' && value && !(LOCALES as readonly string[]).includes(value))
      value = null;
    out[column] = column === 'nome' || column === 'sobrenome' ? (value ?? '') : value || null;
  }
  return out as Writable;
}

/** What creating a person through sign-up needs. */
export interface SignUp {
  brand: string;
  email: string;
  senhaHash: string;
  idpessoaTipo: number;
  idioma: Locale;
  fields: Writable;
}

/** Inserts a person; null when the brand already has the e-mail. */
export async function insertPessoa(db: Db | Tx, p: SignUp): Promise<Pessoa | null> {
  const [row] = await db
    .insert(pessoa)
    .values({
      nome: '',
      ...p.fields,
      brand: p.brand,
      email: normalizeEmail(p.email),
      senhaHash: p.senhaHash,
      idpessoaTipo: p.idpessoaTipo,
      idioma: p.fields.idioma ?? p.idioma,
    })
    .onConflictDoNothing({ target: [pessoa.brand, pessoa.email] })
    .returning();
  return row ?? null;
}

/** What a write of a person's row may change (never who it is: id, brand, creation). */
type PessoaChange = Partial<Omit<typeof pessoa.$inferInsert, 'id' | 'brand' | 'createdAt'>>;

/**
 * Every write of a person's row goes through here: registration fields, password, card, e-mail
 * confirmation, approval. The updated row.
 */
export async function updatePessoa(db: Db | Tx, id: number, fields: PessoaChange): Promise<Pessoa> {
  // This server's next request of the person reads the new row (others hear it on commit).
  forgetSessionPessoa(id);
  const [row] = await db
    .update(pessoa)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(pessoa.id, id))
    .returning();
  if (!row) throw new Error('updatePessoa: no such person');
  return row;
}

/** The registration view of a person (GET pessoa/cadastro/dados). */
export function cadastroOf(p: Pessoa, termos: boolean): Cadastro {
  return {
    nome: p.nome,
    sobrenome: p.sobrenome,
    email: p.email,
    celular: p.celular,
    telefone: p.telefone,
    celularComCodigoPais: p.celularComCodigoPais,
    telefoneComCodigoPais: p.telefoneComCodigoPais,
    cpf: p.cpf,
    passaporte: p.passaporte,
    nacionalidade: p.nacionalidade,
    dt_nascimento: p.dtNascimento,
    empresa_cnpj: p.empresaCnpj,
    empresa_razao: p.empresaRazao,
    empresa_fantasia: p.empresaFantasia,
    empresa_obs: p.empresaObs,
    end_cep: p.endCep,
    end_pais: p.endPais,
    end_estado: p.endEstado,
    end_cidade: p.endCidade,
    end_bairro: p.endBairro,
    end_numero: p.endNumero,
    end_logradouro: p.endLogradouro,
    end_complemento: p.endComplemento,
    bin: p.bin,
    idioma: (LOCALES as readonly string[]).includes(p.idioma ?? '') ? (p.idioma as Locale) : null,
    idpessoa_tipo: p.idpessoaTipo,
    email_confirmado: p.emailConfirmadoEm !== null,
    tem_senha: p.temSenha,
    termos,
  };
}
