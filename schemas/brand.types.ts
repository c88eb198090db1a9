/**
 * Shapes of the files an operator edits in `brands/<id>/`. `schemas/brand.schema.json` is the
 * JSON Schema of the same shapes (definitions `BrandFile` and `CatalogFile`); the brand loader
 * validates every folder against it at start.
 */
import type { BrandConfig, CaptchaProvider, Cotacao, Localized } from './contract';
import type { FormId, FormOverride } from './forms/compose';

/** brands/<id>/brand.json: the public config plus what only the server needs (the card campaign is under `payments`). */
export interface BrandFile
  extends Omit<
    BrandConfig,
    | 'id'
    | 'version'
    | 'captcha'
    | 'cardCampaign'
    | 'installments'
    | 'support'
    | 'cotacao'
    | 'vouchers'
  > {
  $schema?: string;
  /**
   * The public support contacts, plus `contactInbox`: where the contact form's messages go
   * (absent: `email`); server only.
   */
  support: BrandConfig['support'] & { contactInbox?: string };
  /**
   * The public config's switches and site key; `provider` is what the brand asks for (absent:
   * reCAPTCHA when a site key is set, else ALTCHA). The public config says what is really used.
   */
  captcha: Omit<BrandConfig['captcha'], 'provider'> & { provider?: CaptchaProvider };
  /** Host names (without port) this brand answers on. */
  hosts: string[];
  /** The brand served when no host matches. Exactly one brand may say true. */
  default?: boolean;
  /**
   * The brand's public origin (`https://shop.example`): every link the server writes for it
   * (mails, PDFs, wallet passes, sitemaps, canonical links) starts with it, never with the
   * request's Host. server/brands/origin.ts says what overrides it and its default.
   */
  publicOrigin?: string;
  /** The environment variable that overrides `publicOrigin` (e.g. `AQUARIO_PUBLIC_ORIGIN`). */
  publicOriginEnv?: string;
  /** Minutes a reservation holds its units (HOLD_SECONDS overrides it for all brands). */
  holdMinutes: number;
  /**
   * Times a warned person may extend a hold by its time (never past the session's start);
   * absent: 10, as WCAG 2.2.1 asks; 0: no offer.
   */
  holdExtensions?: number;
  /**
   * A paid ticket's holder may be changed (or removed, when optional) until this many hours
   * before its session; the ticket is re-issued (new codes, the old ones refused). Absent: fixed.
   */
  holderChangeHours?: number;
  /** Most units one person may hold across a reservation. */
  maxItemsPerOrder: number;
  /**
   * Which paid tickets the buyer may cancel (cancelaCompra): within `withdrawalDays` days of the
   * payment (right of withdrawal; Brazil: 7, CDC art. 49), or any time with the refundable-ticket
   * option, and never later than `beforeSessionHours` before the session. Absent: none.
   */
  cancellation?: CancellationRules;
  /**
   * OpenID Connect identity providers offered besides the local login (server only: GET logins
   * lists them). Secrets are never here: `clientSecretEnv` names the environment variable.
   */
  identityProviders?: IdentityProviderConfig[];
  /** The carrier's rules for products that need delivery (`entrega`); required when one does. */
  delivery?: DeliveryRules;
  /** The gate: staff who may check tickets in (server/tickets/checkin.ts). */
  checkin?: CheckinConfig;
  payments: {
    gateway: 'sandbox';
    /** Most instalments offered on card. */
    maxInstallments: number;
    /** Smallest instalment value in reais. */
    minInstallmentValue: number;
    /**
     * Card instalments up to this many carry no interest (absent: 1); more carry
     * `monthlyInterestRate`. Ignored when there is no rate (every option interest-free).
     */
    interestFreeInstallments?: number;
    /**
     * Monthly interest rate in percent (e.g. 1.99) of the instalments past
     * `interestFreeInstallments`, by the Price (PMT) formula; absent: no interest.
     */
    monthlyInterestRate?: number;
    acceptedBrands: string[];
    /** The payment methods offered; absent: card only. */
    methods?: PaymentMethodsConfig;
    /**
     * The refundable-ticket option (a warranty per ticket), offered when present: `percent` % of
     * each ticket's price after discounts, at least `minValue` reais.
     */
    refundable?: { percent: number; minValue: number };
    /** The card-brand campaign, when the brand runs one (see {@link CardCampaign}). */
    cardCampaign?: CardCampaign;
  };
}

/**
 * brand.json `payments.cardCampaign`: a presale for the holders of some cards. While it runs
 * (`from`..`until`, ISO date-times; absent: open-ended) the login and registration ask for the
 * card's first six digits; `campanhaCartao` products go only to a person whose digits start
 * with one of `bins`, paid by card with a card of those digits.
 */
export interface CardCampaign {
  name: Localized;
  bins: string[];
  from?: string;
  until?: string;
}

/** brand.json `checkin`: the staff of the gate. */
export interface CheckinConfig {
  /** Each user and the argon2id hash (PHC string) of their password; never the password. */
  staff: { user: string; passwordHash: string }[];
  /** Hours a staff login lasts (absent: 12). */
  sessionHours?: number;
}

/**
 * brand.json `delivery`: where the carrier delivers and what it costs, once per order. An
 * address is deliverable when its country is in `countries`; its fee and days are those of the
 * first region listing its state (Brazilian UF, or any state code), else `fee` and `days`.
 */
export interface DeliveryRules {
  /** ISO 3166-1 alpha-2 codes of the countries delivered to (`["BR"]`). */
  countries: string[];
  /** Fee in reais where no region applies. */
  fee: number;
  /** Working days where no region applies. */
  days: number;
  /** Fees and days by state. A state may be in one region only. */
  regions?: { states: string[]; fee: number; days: number }[];
}

/** brand.json `payments.methods`: each method switched on or off, with its settings. */
export interface PaymentMethodsConfig {
  card?: { enabled: boolean };
  boleto?: {
    enabled: boolean;
    /** Calendar days (Sao Paulo) from issue to the due date. */
    dueDays: number;
    /** FEBRABAN code of the collecting bank. */
    banco: string;
  };
  pix?: {
    enabled: boolean;
    /** The receiver's Pix key. */
    key: string;
    merchantName: string;
    merchantCity: string;
    /** Minutes a Pix charge can be paid. */
    expiryMinutes: number;
  };
}

/** One identity provider of brand.json `identityProviders` (OpenID Connect, code flow + PKCE). */
export interface IdentityProviderConfig {
  /** The login id (GET logins, `oidc/{id}/…`): 2 or more, unique; 1 is the local login. */
  id: number;
  /** The button's name: one text, or one per locale. */
  nome: Localized | string;
  /** The issuer URL (https), or `sandbox`: this server's own test provider (SANDBOX_IDP=1). */
  issuer: string;
  clientId: string;
  /** Name of the environment variable holding the client secret; absent: a public client. */
  clientSecretEnv?: string;
  /** Scopes asked for (default `openid email profile`). */
  scopes?: string;
  /** Logging out of the shop also ends the provider's session (RP-initiated logout). */
  logout?: boolean;
}

/**
 * How sessions of an event are laid out, relative to the day the server starts, so the demo
 * never goes stale. `daily`: every day from `fromDay` for `days` days at each of `times`
 * (weekdays 0 = Sunday; omitted = every day). `dates`: single sessions `offsetDays` from today.
 */
export type CatalogSchedule =
  | { kind: 'daily'; fromDay: number; days: number; times: string[]; weekdays?: number[] }
  | { kind: 'dates'; sessions: { offsetDays: number; time: string; title?: Localized }[] };

export interface CatalogProduct {
  idproduto: number;
  nome: Localized;
  /** Price in reais, without fee. */
  preco: number;
  /** Fee in reais per unit. */
  taxa: number;
  /** Units of this product per session. */
  capacidade: number;
  /** Most units of this product one reservation may hold. */
  block_qtd: number;
  /** Only agencies (idpessoa_tipo = regrasDoNegocio.idagencia) see and buy it. */
  somenteAgencia?: boolean;
  /** A note shown with the ticket in the cart (msg_info_carrinho), e.g. the proof it needs. */
  info?: Localized;
  /**
   * The product is delivered to an address (a printed ticket, a kit): an order holding it needs
   * a delivery address before payment, and pays the brand's `delivery` fee once.
   */
  entrega?: boolean;
  /** Sold only to the card-brand campaign's card holders (`payments.cardCampaign`). */
  campanhaCartao?: boolean;
  /**
   * The product needs a scheduled slot (a guided trail, a stadium tour): after the purchase each
   * paid ticket books one slot in My orders (server/trail).
   */
  agendamento?: CatalogSlots;
}

/**
 * {@link CatalogProduct.agendamento}: the slots a ticket of the product may book. A day (Sao
 * Paulo calendar) has slots when it is not in `fechado` and is in `datas` or on one of
 * `diasSemana` (neither given: every day); each such day has one slot at each of `horarios`,
 * with `vagas` places.
 */
export interface CatalogSlots {
  /** The activity booked (the trail's or tour's name). */
  nome: Localized;
  /** Where it starts (the meeting point). */
  local?: Localized;
  /** Weekdays with slots (0 = Sunday). */
  diasSemana?: number[];
  /** Days with slots whatever their weekday (`YYYY-MM-DD`). */
  datas?: string[];
  /** Days without slots whatever the rest says (`YYYY-MM-DD`). */
  fechado?: string[];
  /** Start times (`HH:MM`, Sao Paulo). */
  horarios: string[];
  /** Places per slot (one per ticket). */
  vagas: number;
  /** How far ahead: slots from today up to this many days after today. */
  antecedenciaDias: number;
  /** A slot may be booked until this many hours before it starts (absent: until it starts). */
  antecedenciaMinimaHoras?: number;
  /**
   * A booking may move to another slot until this many hours before the booked one starts (the
   * old place is freed in the same transaction). Absent: a booking is final.
   */
  alteracaoAteHoras?: number;
}

export interface CatalogProductType {
  idtipo: number;
  nome: Localized;
  produtos: CatalogProduct[];
}

export interface CatalogEvent {
  idevento: number;
  tipo: 'visit' | 'tour' | 'match';
  nome: Localized;
  descricao: Localized;
  local: Localized;
  /** Path under the brand's assets/ folder. */
  imagem: string;
  /** Title of each session (e.g. "Visita guiada"); a 'dates' session may override it. */
  dscapre: Localized;
  schedule: CatalogSchedule;
  tipo_produtos: CatalogProductType[];
  /**
   * Most units of this event one person may hold or have bought: per session (`porSessao`)
   * and across all its sessions (`porEvento`). Counted over the person's orders that hold or
   * sold units (RE/TP not expired, AP, PA; removed items not). Absent: no limit but the
   * per-product `block_qtd` and the brand's `maxItemsPerOrder`.
   */
  limitePorPessoa?: CatalogPersonLimit;
  /**
   * Holders (portador) of this event's tickets: `obrigatorio`, every ticket needs one before
   * payment (a match: one named person per ticket); `opcional`, one may be bound. Absent: the
   * tickets take no holder (a museum visit).
   */
  portador?: CatalogHolderRule;
  /**
   * Blocks (sectors) of the venue. With blocks, every session sells each product per block: a
   * hold names its block, and a product's `capacidade` is its units in each block that sells it.
   * Absent: one general-admission stock per product and session.
   */
  blocos?: CatalogBlock[];
  /** The block map's help text (the block picker's description). Required with `blocos`. */
  mapa?: { help: Localized };
}

/** {@link CatalogEvent.portador}. */
export type CatalogHolderRule = 'obrigatorio' | 'opcional';

/** {@link CatalogEvent.limitePorPessoa}: at least one of the two. */
export interface CatalogPersonLimit {
  /** Units of one session. */
  porSessao?: number;
  /** Units of all the event's sessions together. */
  porEvento?: number;
}

/** A block (sector) of an event: {@link CatalogEvent.blocos}. */
export interface CatalogBlock {
  /** Unique within the event; not 0 (0 is the stock of an event without blocks). */
  idbloco: number;
  nome: Localized;
  /** The products this block sells (ids of the event's products); absent: all of them. */
  produtos?: number[];
}

/**
 * A discount code the buyer types in the checkout (aplicarCupom). It takes `valor` percent off
 * each eligible ticket's price (`percentual`) or `valor` reais off the eligible tickets together
 * (`valor`, split over them in proportion to their price); fees are never discounted. Eligible:
 * tickets of `idevento` (any event when absent), of the sessions `sessao` names, of `idprodutos`.
 * A use counts when an order with it is paid (or its payment is under way).
 */
export interface CatalogCoupon {
  /** What the buyer types; compared without regard to case. */
  codigo: string;
  tipo: 'percentual' | 'valor';
  /** Percent (1–100) or reais. */
  valor: number;
  idevento?: number;
  /** Sessions at this local time ("HH:MM") and/or on this date ("YYYY-MM-DD"). */
  sessao?: { data?: string; hora?: string };
  idprodutos?: number[];
  /** ISO 8601 date-times with offset; absent: no bound. */
  validoDe?: string;
  validoAte?: string;
  /** Paid orders with this coupon, across all buyers. */
  limiteTotal?: number;
  /** Paid orders with this coupon, per buyer. */
  limitePorPessoa?: number;
  /** Eligible tickets the order must have. */
  qtdMinima?: number;
}

/**
 * A set of products of one event sold together for `preco` (reais, without fees) when held in
 * the same session: each complete set in a cart gets the difference as its discount.
 */
export interface CatalogCombo {
  idcombo: number;
  nome: Localized;
  idevento: number;
  itens: { idproduto: number; qtd: number }[];
  preco: number;
}

/** brands/<id>/catalog.json */
export interface CatalogFile {
  $schema?: string;
  events: CatalogEvent[];
  cupons?: CatalogCoupon[];
  combos?: CatalogCombo[];
}

/**
 * A voucher of a partner's batch: `qtd` tickets of product `idproduto` of event `idevento`,
 * swapped once (SuperIngresso.iniciarTrocaVoucher). Dated: `sessao` is its session (Sao Paulo
 * date and time). Open-dated (no `sessao`): the buyer picks a session on sale between
 * `validoDe` and `validoAte` (Sao Paulo days, inclusive; absent: no bound) when swapping.
 */
export interface Voucher {
  /** 16 digits, unique in the brand. */
  localizador: string;
  idevento: number;
  idproduto: number;
  /** Absent: 1. */
  qtd?: number;
  sessao?: { data: string; hora: string };
  validoDe?: string;
  validoAte?: string;
}

/** brands/<id>/vouchers/<batch>.json: one external partner's batch. */
export interface VoucherBatchFile {
  $schema?: string;
  /** The partner's name, noted on the orders its vouchers become. */
  parceiro: string;
  vouchers: Voucher[];
}

/** A loaded batch: the file's content and its name (`<batch>`, without `.json`). */
export interface VoucherBatch extends VoucherBatchFile {
  lote: string;
}

/** A brand folder after loading and validation. */
export interface LoadedBrand {
  id: string;
  dir: string;
  brand: BrandFile;
  catalog: CatalogFile;
  /** The brand's form overrides (`forms/<form>.json`), validated; absent when it has none. */
  forms?: Partial<Record<FormId, FormOverride>>;
  /** The partner batches of `vouchers/*.json`, validated; absent when it has none. */
  vouchers?: VoucherBatch[];
  /** The exchange rates of `rates.json`, validated; absent when it has none. */
  rates?: RatesFile;
}

/**
 * brands/<id>/rates.json: the operator's exchange rates for the currency modal (config state
 * `cotacao`), set by hand or with `npm run rates -- set USD 5.32`. Prices stay in BRL.
 */
export interface RatesFile {
  $schema?: string;
  cotacoes: Cotacao[];
}

/** {@link BrandConfig.cancellation}. */
export interface CancellationRules {
  withdrawalDays: number;
  beforeSessionHours: number;
}
