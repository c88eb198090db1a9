/**
 * The database schema (Drizzle, PostgreSQL dialect). The same tables run on embedded PGlite and
 * on PostgreSQL. Money is integer cents; every timestamp is `timestamptz`.
 *
 * Migrations are generated from this file with `npx drizzle-kit generate` into
 * `server/db/migrations/` and applied at start by the driver's migrator.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Localized } from '../../schemas/contract';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A session (presentation) of a brand's event, on sale while `ativo` and in the future. */
export const apresentacao = pgTable(
  'apresentacao',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    idevento: integer('idevento').notNull(),
    dthr: tstz('dthr').notNull(),
    /** Title override of this session (a `dates` schedule entry's `title`). */
    dscapre: jsonb('dscapre').$type<Localized | null>(),
    ativo: boolean('ativo').notNull().default(true),
    /** Stamp of the catalogue sync that last saw this session in the brand's files. */
    syncedAt: tstz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apresentacao_brand_evento_dthr_uq').on(t.brand, t.idevento, t.dthr),
    index('apresentacao_brand_dthr_idx').on(t.brand, t.dthr),
  ],
);

/** Stock of one product in one session: capacity and the price in force. */
export const estoque = pgTable(
  'estoque',
  {
    id: serial('id').primaryKey(),
    idapresentacao: integer('idapresentacao')
      .notNull()
      .references(() => apresentacao.id),
    idproduto: integer('idproduto').notNull(),
    capacidade: integer('capacidade').notNull(),
    blockQtd: integer('block_qtd').notNull(),
    precoCents: integer('preco_cents').notNull(),
    taxaCents: integer('taxa_cents').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    syncedAt: tstz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estoque_apresentacao_produto_uq').on(t.idapresentacao, t.idproduto),
    check('estoque_capacidade_ck', sql`${t.capacidade} >= 0`),
  ],
);

/** A customer or agency account of one brand. */
export const pessoa = pgTable(
  'pessoa',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    /** Lower-case e-mail, unique per brand. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (node:crypto scrypt). */
    senhaHash: text('senha_hash').notNull(),
    nome: text('nome').notNull(),
    sobrenome: text('sobrenome').notNull().default(''),
    cpf: text('cpf'),
    passaporte: text('passaporte'),
    idpessoaTipo: integer('idpessoa_tipo').notNull(),
    empresaCnpj: text('empresa_cnpj'),
    empresaRazao: text('empresa_razao'),
    endEstado: text('end_estado'),
    endPais: text('end_pais'),
    nacionalidade: text('nacionalidade'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pessoa_brand_email_uq').on(t.brand, t.email)],
);

/** A login session. Only the SHA-256 of the bearer token is stored. */
export const sessao = pgTable(
  'sessao',
  {
    tokenHash: text('token_hash').primaryKey(),
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('sessao_pessoa_idx').on(t.idpessoa)],
);

/**
 * An order/cart. Status: RE reserved, TP payment attempt (or approved and awaiting conclusion
 * when `dthr_exp` is null), AP payment pending, PA paid, EX expired, CA cancelled.
 */
export const movimentacao = pgTable(
  'movimentacao',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    status: text('status').notNull(),
    localizador: text('localizador').notNull(),
    dthrReserva: tstz('dthr_reserva').notNull().defaultNow(),
    /** End of the hold; null once the units are sold (approved, pending or paid). */
    dthrExp: tstz('dthr_exp'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('movimentacao_localizador_uq').on(t.localizador),
    index('movimentacao_pessoa_status_idx').on(t.idpessoa, t.status),
    index('movimentacao_status_exp_idx').on(t.status, t.dthrExp),
    check('movimentacao_status_ck', sql`${t.status} IN ('RE','TP','AP','PA','EX','CA')`),
  ],
);

/** One unit (ticket) of an order. `status`: RE while held, PA once paid, CA when removed. */
export const movimentacaoItem = pgTable(
  'movimentacao_item',
  {
    id: serial('id').primaryKey(),
    idmovimentacao: integer('idmovimentacao')
      .notNull()
      .references(() => movimentacao.id),
    idestoque: integer('idestoque')
      .notNull()
      .references(() => estoque.id),
    valorCents: integer('valor_cents').notNull(),
    taxaCents: integer('taxa_cents').notNull(),
    status: text('status').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('movimentacao_item_estoque_idx').on(t.idestoque),
    index('movimentacao_item_mov_idx').on(t.idmovimentacao),
    check('movimentacao_item_status_ck', sql`${t.status} IN ('RE','PA','CA')`),
  ],
);

/** One payment attempt, unique per idempotency key. */
export const pagamento = pgTable(
  'pagamento',
  {
    id: serial('id').primaryKey(),
    idmovimentacao: integer('idmovimentacao')
      .notNull()
      .references(() => movimentacao.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** processing | approved | declined | pending | error */
    status: text('status').notNull(),
    gateway: text('gateway').notNull(),
    parcelas: integer('parcelas').notNull(),
    valorCents: integer('valor_cents').notNull(),
    /** The gateway's card token (a reference; no card data). */
    tokenRef: text('token_ref').notNull(),
    bandeira: text('bandeira'),
    ultimosDigitos: text('ultimos_digitos'),
    gatewayRef: text('gateway_ref'),
    /** The hold's expiry before the attempt, restored when the attempt fails. */
    movDthrExp: tstz('mov_dthr_exp'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pagamento_idempotency_key_uq').on(t.idempotencyKey),
    index('pagamento_mov_idx').on(t.idmovimentacao),
  ],
);

/** An issued ticket: one per paid unit, with an unguessable code. */
export const ingresso = pgTable(
  'ingresso',
  {
    id: serial('id').primaryKey(),
    iditem: integer('iditem')
      .notNull()
      .references(() => movimentacaoItem.id),
    codigo: text('codigo').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ingresso_iditem_uq').on(t.iditem),
    uniqueIndex('ingresso_codigo_uq').on(t.codigo),
  ],
);

/** The sandbox gateway's side: a tokenized test card and the outcome its number asks for. */
export const sandboxToken = pgTable('sandbox_token', {
  token: text('token').primaryKey(),
  last4: text('last4').notNull(),
  bandeira: text('bandeira').notNull(),
  /** approved | declined | pending */
  outcome: text('outcome').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
