/**
 * The database schema (Drizzle, PostgreSQL dialect). The same tables run on embedded PGlite and
 * on PostgreSQL. Money is integer cents; every timestamp is `timestamptz`.
 *
 * Migrations are generated from this file with `npx drizzle-kit generate` into
 * `server/db/migrations/` and applied at start by the driver's migrator.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import type { Localized } from '#schemas/contract.ts';
import type { MailAttachmentRef } from '#server/mail/attachment-ref.ts';

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
    /**
     * The block (sector) this stock is of, for events with `blocos`; 0 for an event without
     * blocks (one stock per product and session). A block is its own stock row, so a hold still
     * takes room with one conditional UPDATE of one row per product.
     */
    idbloco: integer('idbloco').notNull().default(0),
    capacidade: integer('capacidade').notNull(),
    blockQtd: integer('block_qtd').notNull(),
    precoCents: integer('preco_cents').notNull(),
    taxaCents: integer('taxa_cents').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /**
     * Units that count against `capacidade`: the items not removed (CA) of orders RE, TP, AP or
     * PA, kept in the same transaction as the units by server/orders/lifecycle.ts. A hold whose
     * `dthr_exp` has passed still counts here until something marks it EX (which decrements it
     * once); a hold that finds no room releases those first, so expiry never waits for the
     * sweeper. A hold takes room with one conditional UPDATE of this row, O(1).
     */
    reservados: integer('reservados').notNull().default(0),
    syncedAt: tstz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estoque_apresentacao_produto_bloco_uq').on(
      t.idapresentacao,
      t.idproduto,
      t.idbloco,
    ),
    check('estoque_capacidade_ck', sql`${t.capacidade} >= 0`),
    // A negative count would mean a release ran twice.
    check('estoque_reservados_ck', sql`${t.reservados} >= 0`),
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
    /** `scrypt$N$r$p$salt$hash` (node:crypto scrypt); a never-matching hash when `temSenha` is false. */
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
    celular: text('celular'),
    telefone: text('telefone'),
    celularComCodigoPais: text('celular_com_codigo_pais'),
    telefoneComCodigoPais: text('telefone_com_codigo_pais'),
    /** Birth date as typed in the form's locale order, normalised to `YYYY-MM-DD`. */
    dtNascimento: text('dt_nascimento'),
    empresaFantasia: text('empresa_fantasia'),
    empresaObs: text('empresa_obs'),
    endCep: text('end_cep'),
    endCidade: text('end_cidade'),
    endBairro: text('end_bairro'),
    endNumero: text('end_numero'),
    endLogradouro: text('end_logradouro'),
    endComplemento: text('end_complemento'),
    /** First six card digits given for a card-brand campaign. */
    bin: text('bin'),
    /** The person's language (pt-BR, es-ES, en-US): mails are written in it. */
    idioma: text('idioma'),
    /** When the person proved the e-mail address (confirmation link); null until then. */
    emailConfirmadoEm: tstz('email_confirmado_em'),
    /** False for accounts made through an identity provider that never set a password. */
    temSenha: boolean('tem_senha').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pessoa_brand_email_uq').on(t.brand, t.email)],
);

/**
 * A single-use token mailed to a person: e-mail confirmation or password reset. Only the
 * SHA-256 of the token is stored; `usedAt` makes it single-use.
 */
export const pessoaToken = pgTable(
  'pessoa_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    /** confirm_email | reset_password | accept_term (a login that must accept a new term first) */
    kind: text('kind').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('pessoa_token_pessoa_idx').on(t.idpessoa, t.kind),
    check(
      'pessoa_token_kind_ck',
      sql`${t.kind} IN ('confirm_email','reset_password','accept_term')`,
    ),
  ],
);

/** A person's acceptance of one version of one type of the brand's terms. */
export const termoAceite = pgTable(
  'termo_aceite',
  {
    id: serial('id').primaryKey(),
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    /** Term type (idtipo_termo): 1 registration/use, 2 purchase … as the brand's content names. */
    tipo: integer('tipo').notNull(),
    /** The version accepted (the file name of brands/<id>/content/terms/<tipo>/<version>.*). */
    versao: text('versao').notNull(),
    /** idtermo of that version, as the API answers it. */
    idtermo: integer('idtermo').notNull(),
    aceitoEm: tstz('aceito_em').notNull().defaultNow(),
    /** The address the acceptance came from (evidence, LGPD art. 8 §2). */
    ip: text('ip'),
  },
  (t) => [uniqueIndex('termo_aceite_pessoa_tipo_versao_uq').on(t.idpessoa, t.tipo, t.versao)],
);

/**
 * Counters for throttling and rate limits, shared by every server instance: failed logins per
 * account and per address, and sign-up / forgot-password / e-mail-check requests per address.
 * `key` names what is counted (`login:acct:<brand>:<email>`, `signup:ip:<addr>`…).
 */
export const throttle = pgTable(
  'throttle',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStart: tstz('window_start').notNull().defaultNow(),
    lastAt: tstz('last_at').notNull().defaultNow(),
  },
  (t) => [index('throttle_last_idx').on(t.lastAt)],
);

/**
 * Mail to send: written in the same transaction as what caused it, delivered from here (SMTP
 * when configured, else kept for the development mailbox).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    /** What the mail is (confirm_email, reset_password, agency_approved…). */
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /**
     * What to attach, made at delivery from the database (server/mail/attachments.ts), not
     * stored as bytes: e.g. `[{ kind: 'tickets', idmovimentacao }]`. Null: no attachment.
     */
    anexos: jsonb('anexos').$type<MailAttachmentRef[] | null>(),
    /** pending | sent | failed (gave up) | kept (no SMTP: stays for the mailbox page) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_status_next_idx').on(t.status, t.nextAttemptAt)],
);

/** A person's identity at an external provider (OpenID Connect `iss` + `sub`). */
export const pessoaIdentidade = pgTable(
  'pessoa_identidade',
  {
    id: serial('id').primaryKey(),
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pessoa_identidade_provider_subject_uq').on(t.provider, t.subject)],
);

/** An OpenID Connect login in flight: state → PKCE verifier, nonce and where to return. */
export const oidcState = pgTable('oidc_state', {
  state: text('state').primaryKey(),
  brand: text('brand').notNull(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/** Captcha solutions already used (a proof-of-work solution is accepted once). */
export const captchaUsado = pgTable('captcha_usado', {
  signature: text('signature').primaryKey(),
  expiresAt: tstz('expires_at').notNull(),
});

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
/**
 * A delivery address of a person (spec "Delivery address": idendereco), saved when chosen for an
 * order (setEnderecoEntrega). The same address once per person (`chave`: its fields normalised).
 */
export const enderecoEntrega = pgTable(
  'endereco_entrega',
  {
    id: serial('id').primaryKey(),
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    pais: text('pais').notNull(),
    cep: text('cep').notNull(),
    estado: text('estado').notNull(),
    cidade: text('cidade').notNull(),
    bairro: text('bairro').notNull().default(''),
    logradouro: text('logradouro').notNull(),
    numero: text('numero').notNull(),
    complemento: text('complemento').notNull().default(''),
    /** The fields upper-cased, spaces collapsed and joined: one row per address and person. */
    chave: text('chave').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    usadoEm: tstz('usado_em').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('endereco_entrega_pessoa_chave_uq').on(t.idpessoa, t.chave)],
);

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
    /** Times the person extended the hold (prorrogarReserva); the brand sets the most. */
    prorrogacoes: integer('prorrogacoes').notNull().default(0),
    /** The coupon applied (its `codigo` as the catalogue writes it), if any. */
    cupom: text('cupom'),
    /**
     * The refundable-ticket option: null until the buyer chooses (when the brand offers it),
     * then taken or declined; its price is kept per unit in `movimentacao_item.garantia_cents`.
     */
    garantia: boolean('garantia'),
    /**
     * The delivery address chosen for the order's units that need delivery (spec
     * `entrega_end`: an `endereco_entrega` id); null when none is chosen or none is needed.
     */
    entregaEnd: integer('entrega_end').references(() => enderecoEntrega.id),
    /** The delivery fee (spec `entrega_valor`), fixed when the address is chosen; in every total. */
    entregaValorCents: integer('entrega_valor_cents').notNull().default(0),
    /** Working days the carrier takes to that address (the brand's rule at that time). */
    entregaDias: integer('entrega_dias'),
    /**
     * Card interest of the payment that sold the order (spec `valor_juros`): its total charged
     * less the units' total; 0 interest-free or not paid by card in instalments.
     */
    jurosCents: integer('juros_cents').notNull().default(0),
    /** Instalments of that card payment (spec `parcelas_gtw`); null until one is approved. */
    parcelasGtw: integer('parcelas_gtw'),
    /**
     * When the order was paid (concluded PA): the right of withdrawal's days run from here
     * (server/orders/cancellation.ts); null before, and for orders paid before it was kept.
     */
    dthrPagamento: tstz('dthr_pagamento'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('movimentacao_localizador_uq').on(t.localizador),
    index('movimentacao_brand_cupom_idx').on(t.brand, t.cupom).where(sql`${t.cupom} IS NOT NULL`),
    index('movimentacao_pessoa_status_idx').on(t.idpessoa, t.status),
    index('movimentacao_status_exp_idx').on(t.status, t.dthrExp),
    check('movimentacao_status_ck', sql`${t.status} IN ('RE','TP','AP','PA','EX','CA')`),
  ],
);

/**
 * One unit (ticket) of an order. `status`: RE while held, PA once paid, CP while its
 * cancellation (`idestorno`) awaits the gateway's refund, CA when removed or cancelled.
 */
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
    /** List price, without fee; what is paid is this less `combo_cents` and `desconto_cents`. */
    valorCents: integer('valor_cents').notNull(),
    taxaCents: integer('taxa_cents').notNull(),
    /** Off the price by a combo this unit is part of (`idcombo`), kept by server/cart/offers.ts. */
    comboCents: integer('combo_cents').notNull().default(0),
    idcombo: integer('idcombo'),
    /** Off the price by the order's coupon, kept by server/cart/offers.ts. */
    descontoCents: integer('desconto_cents').notNull().default(0),
    /** The refundable-ticket option's price on this unit (0 unless the order took it). */
    garantiaCents: integer('garantia_cents').notNull().default(0),
    status: text('status').notNull(),
    /** The buyer's cancellation of this paid unit (CP until its refund is confirmed, then CA). */
    idestorno: integer('idestorno').references((): AnyPgColumn => estorno.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('movimentacao_item_estoque_idx').on(t.idestoque),
    index('movimentacao_item_mov_idx').on(t.idmovimentacao),
    index('movimentacao_item_estorno_idx').on(t.idestorno),
    check('movimentacao_item_status_ck', sql`${t.status} IN ('RE','PA','CP','CA')`),
  ],
);

/**
 * A buyer's cancellation of paid units (cancelaCompra) and its refund at the gateway: `pending`
 * until the gateway confirms the refund (`confirmed`: the units CA, back on sale) or refuses it
 * (`failed`: the units PA again). `idempotency_key` names the refund at the gateway and in its
 * notification.
 */
export const estorno = pgTable(
  'estorno',
  {
    id: serial('id').primaryKey(),
    idmovimentacao: integer('idmovimentacao')
      .notNull()
      .references(() => movimentacao.id),
    /** The payment refunded (null when nothing was charged for the units). */
    idpagamento: integer('idpagamento').references(() => pagamento.id),
    gateway: text('gateway'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The gateway's reference of the refund, once asked. */
    gatewayRef: text('gateway_ref'),
    /** What is given back, in cents. */
    valorCents: integer('valor_cents').notNull(),
    /** pending | confirmed | failed */
    status: text('status').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estorno_idempotency_key_uq').on(t.idempotencyKey),
    index('estorno_mov_idx').on(t.idmovimentacao),
    check('estorno_status_ck', sql`${t.status} IN ('pending','confirmed','failed')`),
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
    /**
     * processing | approved | declined | pending | error, and for a bank slip or Pix: expired
     * (its due date or expiry passed unpaid) | cancelled (cancelarBoleto). Crash safety
     * (payments/recovery.ts): unknown (the gateway did not answer in time; recovery asks it) |
     * refunding (charged but its units were gone: the refund is due) | refunded.
     */
    status: text('status').notNull(),
    /** cartao | boleto | pix */
    forma: text('forma').notNull().default('cartao'),
    gateway: text('gateway').notNull(),
    parcelas: integer('parcelas').notNull(),
    /** What is charged: the units' total plus `juros_cents`. */
    valorCents: integer('valor_cents').notNull(),
    /** The card interest of the instalment option chosen (server/payments/installments.ts). */
    jurosCents: integer('juros_cents').notNull().default(0),
    /** The gateway's card token (a reference; no card data); null for a bank slip or Pix. */
    tokenRef: text('token_ref'),
    bandeira: text('bandeira'),
    ultimosDigitos: text('ultimos_digitos'),
    gatewayRef: text('gateway_ref'),
    /** The hold's expiry before the attempt, restored when the attempt fails. */
    movDthrExp: tstz('mov_dthr_exp'),
    /** Bank slip / Pix: the instant it stops being payable (the order is released after it). */
    expiraEm: tstz('expira_em'),
    /** Bank slip: its due date as printed (`YYYY-MM-DD`, Sao Paulo calendar). */
    boletoVencimento: text('boleto_vencimento'),
    /** Bank slip: the 44-digit barcode (the linha digitável is computed from it). */
    boletoBarcode: text('boleto_barcode'),
    /** Pix: the BR Code "copia e cola" text. */
    pixPayload: text('pix_payload'),
    /** Unguessable id of the printable slip page (`/payments/boleto/<token>`). */
    documentoToken: text('documento_token'),
    /**
     * When the buyer was mailed that this slip / Pix charge was paid or released; null while a
     * mail is due (an `expired` payment with no mail yet is mailed by the sweeper, once).
     */
    avisadoEm: tstz('avisado_em'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pagamento_idempotency_key_uq').on(t.idempotencyKey),
    index('pagamento_mov_idx').on(t.idmovimentacao),
    index('pagamento_gateway_ref_idx').on(t.gateway, t.gatewayRef),
    uniqueIndex('pagamento_documento_token_uq').on(t.documentoToken),
    // Never two live slips (or Pix charges) for one order, whatever the keys.
    uniqueIndex('pagamento_one_live_slip_uq')
      .on(t.idmovimentacao)
      .where(sql`${t.forma} <> 'cartao' AND ${t.status} IN ('processing','pending','approved')`),
    check('pagamento_forma_ck', sql`${t.forma} IN ('cartao','boleto','pix')`),
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
    /** The short code a person can type at the gate (the QR carries the signed code). */
    codigo: text('codigo').notNull(),
    /**
     * The version of the ticket's signed code (server/tickets/codes.ts): a re-issue (a holder
     * change) adds one, and a code of an older version is refused.
     */
    versao: integer('versao').notNull().default(1),
    /** When the ticket stopped being valid (its unit cancelled and refunded); null while valid. */
    revogadoEm: tstz('revogado_em'),
    /** When it was let in at the gate (set once, by a conditional UPDATE); null until then. */
    usadoEm: tstz('usado_em'),
    /** The gate that let it in and the staff user there. */
    usadoPortao: text('usado_portao'),
    usadoPor: text('usado_por'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ingresso_iditem_uq').on(t.iditem),
    uniqueIndex('ingresso_codigo_uq').on(t.codigo),
  ],
);

/**
 * A brand's Ed25519 key pair that signs ticket codes: made at first start unless the operator
 * configures one (TICKET_SIGNING_KEY_<BRAND>). Keys are DER, base64url (SPKI / PKCS#8).
 */
export const ticketChave = pgTable('ticket_chave', {
  brand: text('brand').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A check-in staff session (a user of the brand's `checkin.staff`). Only the token's SHA-256. */
export const checkinSessao = pgTable(
  'checkin_sessao',
  {
    tokenHash: text('token_hash').primaryKey(),
    brand: text('brand').notNull(),
    usuario: text('usuario').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('checkin_sessao_expires_idx').on(t.expiresAt)],
);

/** The sandbox gateway's side: a tokenized test card and the outcome its number asks for. */
export const sandboxToken = pgTable('sandbox_token', {
  token: text('token').primaryKey(),
  last4: text('last4').notNull(),
  /** The card's first six digits (the BIN), as gateways answer them with a token. */
  bin: text('bin'),
  bandeira: text('bandeira').notNull(),
  /** approved | declined | pending | timeout (charged, but the answer is lost) */
  outcome: text('outcome').notNull(),
  /** The account (public key) the token was made for: only that account may charge it. */
  publicKey: text('public_key'),
  /**
   * The idempotency key of the one charge this token may make: set by the first charge, a
   * token is single-use (the same key again answers that charge; any other key is refused).
   */
  chargedKey: text('charged_key'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * The sandbox gateway's side of a bank slip or Pix charge: what it issued and whether it was
 * paid. The operator command (`npm run sandbox`) changes `status` here and the sandbox then
 * notifies our webhook, as a real gateway would.
 */
export const sandboxCobranca = pgTable(
  'sandbox_cobranca',
  {
    ref: text('ref').primaryKey(),
    /** boleto | pix */
    forma: text('forma').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    valorCents: integer('valor_cents').notNull(),
    /** pending | paid | expired | cancelled | refunded */
    status: text('status').notNull().default('pending'),
    expiraEm: tstz('expira_em').notNull(),
    /** What the payer sees: the slip's 44-digit barcode, or the Pix "copia e cola" text. */
    documento: text('documento').notNull(),
    /** Our order's locator, so the operator can name the order instead of the reference. */
    localizador: text('localizador').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_cobranca_idempotency_key_uq').on(t.idempotencyKey),
    index('sandbox_cobranca_localizador_idx').on(t.localizador),
  ],
);

/**
 * The sandbox gateway's side of a card charge: one per idempotency key (a repeated key answers
 * the charge already made, never charges again), so crash recovery can ask what happened to an
 * attempt whose answer our server lost, and refund it.
 */
export const sandboxCobrancaCartao = pgTable(
  'sandbox_cobranca_cartao',
  {
    ref: text('ref').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    token: text('token').notNull(),
    valorCents: integer('valor_cents').notNull(),
    parcelas: integer('parcelas').notNull(),
    /** approved | declined | pending | refunded */
    status: text('status').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_cobranca_cartao_idempotency_key_uq').on(t.idempotencyKey)],
);

/**
 * The sandbox gateway's side of a refund (partial or whole) of a card charge, slip or Pix: asked
 * `pending`, then `refunded` by the operator command (`npm run sandbox -- refund`) or after
 * SANDBOX_REFUND_DELAY_MS, and notified to our webhook with the merchant's `idempotency_key`.
 */
export const sandboxEstorno = pgTable(
  'sandbox_estorno',
  {
    ref: text('ref').primaryKey(),
    chargeRef: text('charge_ref').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    valorCents: integer('valor_cents').notNull(),
    /** Our order's locator, so the operator can name the order. */
    localizador: text('localizador').notNull(),
    /** pending | refunded | failed */
    status: text('status').notNull().default('pending'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_estorno_idempotency_key_uq').on(t.idempotencyKey),
    index('sandbox_estorno_localizador_idx').on(t.localizador),
  ],
);

/**
 * The holder (portador) bound to one unit of an order: the holder form's fields
 * (schemas/forms/holder.schema.json) plus `documento_chave`, the document reduced to upper-case
 * letters and digits. One holder per unit (`iditem`), and one live ticket per document and
 * session (`portador_sessao_documento_uq`): the index is the guard, so two concurrent binds of the
 * same person to one match cannot both commit. A row whose unit no longer counts (removed, its
 * hold expired or cancelled) is stale: a bind of the same document to that session deletes it
 * first, in the same transaction (server/cart/holders.ts).
 */
export const portador = pgTable(
  'portador',
  {
    id: serial('id').primaryKey(),
    iditem: integer('iditem')
      .notNull()
      .references(() => movimentacaoItem.id),
    brand: text('brand').notNull(),
    /** The buyer who bound it: their saved holders (getPortadoresSalvos) come from here. */
    idpessoa: integer('idpessoa')
      .notNull()
      .references(() => pessoa.id),
    idapresentacao: integer('idapresentacao')
      .notNull()
      .references(() => apresentacao.id),
    documentoChave: text('documento_chave').notNull(),
    nome: text('nome').notNull(),
    sobrenome: text('sobrenome').notNull(),
    documento: text('documento').notNull(),
    nacionalidade: text('nacionalidade').notNull(),
    /** `YYYY-MM-DD`. */
    dtNascimento: text('dt_nascimento').notNull(),
    celular: text('celular'),
    cep: text('cep'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    estado: text('estado'),
    pais: text('pais'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portador_iditem_uq').on(t.iditem),
    uniqueIndex('portador_sessao_documento_uq').on(t.brand, t.idapresentacao, t.documentoChave),
    index('portador_pessoa_idx').on(t.idpessoa, t.createdAt),
  ],
);

/**
 * A voucher of a partner's batch (brands/<id>/vouchers/*.json), loaded by the catalogue sync
 * (server/vouchers/sync.ts) by natural key (brand, localizador). Swapped once
 * (server/vouchers/swap.ts): `usado_em`, the person and the paid order it became are set in the
 * swap's transaction, under the row's lock, and a sync never touches them again. `sessao`
 * (dated) or the `valido_*` range (open-dated: the buyer picks a session).
 */
export const voucher = pgTable(
  'voucher',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    /** 16 digits. */
    localizador: text('localizador').notNull(),
    /** The partner's name and the batch file (`<batch>` of `vouchers/<batch>.json`). */
    parceiro: text('parceiro').notNull(),
    lote: text('lote').notNull(),
    idevento: integer('idevento').notNull(),
    idproduto: integer('idproduto').notNull(),
    qtd: integer('qtd').notNull(),
    /** Dated: the session's instant; null for an open-dated voucher. */
    sessao: tstz('sessao'),
    /** Open-dated: the first and last Sao Paulo day (`YYYY-MM-DD`) of the sessions it is good for. */
    validoDe: text('valido_de'),
    validoAte: text('valido_ate'),
    /** False when the brand's files no longer list it (an unused voucher stops being valid). */
    ativo: boolean('ativo').notNull().default(true),
    usadoEm: tstz('usado_em'),
    idpessoa: integer('idpessoa').references(() => pessoa.id),
    idmovimentacao: integer('idmovimentacao').references(() => movimentacao.id),
    syncedAt: tstz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_brand_localizador_uq').on(t.brand, t.localizador),
    index('voucher_movimentacao_idx').on(t.idmovimentacao),
    check('voucher_qtd_ck', sql`${t.qtd} BETWEEN 1 AND 10`),
    // Used means all three, set together.
    check(
      'voucher_uso_ck',
      sql`(${t.usadoEm} IS NULL) = (${t.idmovimentacao} IS NULL) AND (${t.usadoEm} IS NULL) = (${t.idpessoa} IS NULL)`,
    ),
  ],
);

/**
 * A message of the contact form (CustomUserApps/Contato): stored in the same transaction as the
 * mail to the brand's support inbox and the acknowledgement to the sender (server/contact).
 */
export const contatoMensagem = pgTable(
  'contato_mensagem',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    email: text('email').notNull(),
    nome: text('nome').notNull(),
    assunto: text('assunto').notNull(),
    mensagem: text('mensagem').notNull(),
    /** The brand's own fields of the form (brands/<id>/forms/contact.json), by name; null: none. */
    campos: jsonb('campos').$type<Record<string, string | number | boolean> | null>(),
    /** The sender's language: the acknowledgement went out in it. */
    locale: text('locale').notNull(),
    ip: text('ip').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contato_mensagem_brand_idx').on(t.brand, t.createdAt)],
);

/**
 * A newsletter subscription (CustomUserApps/Newsletter, server/newsletter): one row per brand
 * and e-mail. Double opt-in: `pendente` until the mailed link confirms it (`confirmada`), then
 * `cancelada` by any newsletter mail's unsubscribe link. The consent (LGPD art. 8) is kept as
 * given: when, from which address, which version of the text, and the text itself.
 */
export const newsletterInscricao = pgTable(
  'newsletter_inscricao',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    email: text('email').notNull(),
    /** pendente | confirmada | cancelada */
    status: text('status').notNull(),
    /** The subscriber's language: every newsletter mail goes out in it. */
    locale: text('locale').notNull(),
    consentAt: tstz('consent_at').notNull(),
    consentIp: text('consent_ip').notNull(),
    consentVersion: text('consent_version').notNull(),
    /** The consent text as it was shown, in the subscriber's language. */
    consentText: text('consent_text').notNull(),
    /** SHA-256 of the confirmation link's token (the token itself is only in the mail). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: tstz('confirm_expires_at'),
    confirmedAt: tstz('confirmed_at'),
    confirmIp: text('confirm_ip'),
    /** The unsubscribe links' random token: in every newsletter mail, valid without a login. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    unsubscribedAt: tstz('unsubscribed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_inscricao_brand_email_uq').on(t.brand, t.email),
    uniqueIndex('newsletter_inscricao_confirm_uq').on(t.confirmTokenHash),
    uniqueIndex('newsletter_inscricao_unsubscribe_uq').on(t.unsubscribeToken),
    index('newsletter_inscricao_status_idx').on(t.brand, t.status),
    check(
      'newsletter_inscricao_status_ck',
      sql`${t.status} IN ('pendente', 'confirmada', 'cancelada')`,
    ),
  ],
);

/**
 * A slot of a product that needs a scheduled slot (catalogue `agendamento`): a day and time of
 * one product of one event, made the first time a ticket books it. `ocupadas` counts the
 * bookings of live tickets in it; a booking takes a place with one conditional UPDATE
 * (`ocupadas < vagas`, the catalogue's places), so two bookings can never both take the last
 * one (server/trail).
 */
export const agendaVaga = pgTable(
  'agenda_vaga',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    idevento: integer('idevento').notNull(),
    idproduto: integer('idproduto').notNull(),
    dthr: tstz('dthr').notNull(),
    ocupadas: integer('ocupadas').notNull().default(0),
  },
  (t) => [
    uniqueIndex('agenda_vaga_produto_dthr_uq').on(t.brand, t.idevento, t.idproduto, t.dthr),
    // A negative count would mean a place was freed twice.
    check('agenda_vaga_ocupadas_ck', sql`${t.ocupadas} >= 0`),
  ],
);

/**
 * The slot a paid ticket (unit) booked (CustomUserApps/InsereRioBoi): one per unit (the unique
 * index), moved in place when the booking changes; deleted when the unit's cancellation is
 * confirmed, which frees its place in the same transaction.
 */
export const agendamento = pgTable(
  'agendamento',
  {
    id: serial('id').primaryKey(),
    iditem: integer('iditem')
      .notNull()
      .references(() => movimentacaoItem.id),
    idvaga: integer('idvaga')
      .notNull()
      .references(() => agendaVaga.id),
    /** Times the booking moved to another slot. */
    alteracoes: integer('alteracoes').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agendamento_iditem_uq').on(t.iditem),
    index('agendamento_idvaga_idx').on(t.idvaga),
  ],
);
