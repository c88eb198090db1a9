// Written by `npm run schemas:types` (scripts/schema-types.ts) from schemas/brand.schema.json:
// edit the schemas, not this file.

/**
 * a date YYYY-MM-DD
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Date".
 */
export type Date = string;
/**
 * Sessions relative to the day the server starts (America/Sao_Paulo).
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogSchedule".
 */
export type CatalogSchedule = DailySchedule | DatesSchedule;
/**
 * a text that is not blank
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Text".
 */
export type Text = string;
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Locale".
 */
export type Locale = 'pt-BR' | 'es-ES' | 'en-US';
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Id".
 */
export type Id = number;
/**
 * Reais, at most two decimals (the loader checks the decimals).
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Money".
 */
export type Money = number;
/**
 * a colour such as #0A3D62
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "HexColor".
 */
export type HexColor = string;
/**
 * a CSS font-family list such as "Georgia, serif" (local fonts only, no url())
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "FontStack".
 */
export type FontStack = string;
/**
 * a URL path such as /brand-assets/logo.svg, naming a file in the brand's assets/ folder
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "AssetUrl".
 */
export type AssetUrl = string;
/**
 * a path inside the brand's assets/ folder such as events/visit.svg
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "AssetPath".
 */
export type AssetPath = string;
/**
 * a host name or IP address without port, such as shop.example.com
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Host".
 */
export type Host = string;
/**
 * a phone number such as +55 11 3000-0000
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Phone".
 */
export type Phone = string;
/**
 * a time HH:MM between 00:00 and 23:59
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Time".
 */
export type Time = string;
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CardBrand".
 */
export type CardBrand =
  | 'aura'
  | 'cabal'
  | 'elo'
  | 'discover'
  | 'diners'
  | 'amex'
  | 'jcb'
  | 'hipercard'
  | 'visa'
  | 'mastercard';

/**
 * The files of a brand folder, brands/<id>/.
 */
export interface BrandFolder {
  /**
   * brand.json
   */
  brand: BrandFile;
  /**
   * catalog.json
   */
  catalog: CatalogFile;
  /**
   * vouchers/*.json
   */
  vouchers?: VoucherBatchFile[];
  /**
   * rates.json
   */
  rates?: RatesFile;
}
/**
 * brands/<id>/brand.json: identity, theme, SEO, captcha, analytics, business rules, support, payments.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "BrandFile".
 */
export interface BrandFile {
  $schema?: string;
  /**
   * Page title per locale.
   */
  title: Localized;
  /**
   * Meta description per locale.
   */
  description: Localized;
  /**
   * Meta keywords per locale, comma separated.
   */
  keywords: Localized;
  favicon: AssetUrl;
  logos: {
    header: AssetUrl;
    footer: AssetUrl;
    alt: Localized;
  };
  theme: {
    colors: {
      primary: HexColor;
      secondary: HexColor;
      tertiary: HexColor;
      quaternary: HexColor;
    };
    font: {
      heading: FontStack;
      body: FontStack;
    };
  };
  multiLanguage: boolean;
  locales: Locale[];
  defaultLocale: Locale;
  captcha: {
    login: boolean;
    register: boolean;
    contact: boolean;
    payment: boolean;
    /**
     * reCAPTCHA public site key; required when provider is recaptcha.
     */
    siteKey: string;
    /**
     * altcha (self-hosted proof of work, the default) or recaptcha (needs siteKey and the server's RECAPTCHA_SECRET; without the secret the server falls back to altcha). Absent: recaptcha when siteKey is set, else altcha.
     */
    provider?: 'altcha' | 'recaptcha';
  };
  analytics: {
    /**
     * empty, or a Google Analytics id such as G-ABC123
     */
    googleAnalyticsId: string;
    /**
     * empty, or a Tag Manager id such as GTM-ABC123
     */
    googleTagManagerId: string;
    /**
     * empty, or a Meta pixel id (digits only)
     */
    metaPixelId: string;
  };
  regrasDoNegocio: {
    /**
     * idpessoa_tipo of an approved agency.
     */
    idagencia: Id;
    /**
     * idpessoa_tipo of an agency awaiting approval.
     */
    idagenciaaguardando: Id;
    /**
     * Id of the product's own login provider.
     */
    idLoginSI: Id;
    /**
     * Travel agencies may sign up (the agency sign-up is offered, ?agencia opens it, the API accepts it). Absent: true. false: no agency sign-up; products marked somenteAgencia are refused.
     */
    agencias?: boolean;
    /**
     * Items an approved agency buys at least per order: the event page and the checkout say how many are missing, the pay button waits, and the server refuses less. Absent: 10 (spec §9).
     */
    compraMinimaAgencia?: number;
  };
  /**
   * Guests keep a cart in the browser.
   */
  carrinhoLocal: boolean;
  /**
   * The profile asks for an address.
   */
  editarEndereco: boolean;
  /**
   * Registration asks for an address.
   */
  editarEnderecoCadastro: boolean;
  support: {
    /**
     * The customer-service address visitors see (footer, the mails' closing line); also where contact messages go unless `contactInbox` says otherwise.
     */
    email: string;
    /**
     * The customer-service phone.
     */
    phone: Phone;
    /**
     * The WhatsApp number (messages).
     */
    whatsapp: Phone;
    /**
     * Offer the fixed chat-help button (spec §2).
     */
    chat: boolean;
    /**
     * When customer service answers, as visitors read it (footer, support panel); `openingHours` is the same rule for the clock.
     */
    hours: Localized;
    /**
     * When customer service answers, for the clock: the support panel says "open now" or when it opens next, in America/Sao_Paulo time. Absent: the panel shows `hours` only.
     */
    openingHours?: {
      /**
       * The week's opening intervals; a day may have several that do not overlap.
       */
      weekly: OpeningInterval[];
      /**
       * Days closed whatever the week says (holidays), YYYY-MM-DD in America/Sao_Paulo.
       */
      closedDates?: Date[];
    };
    /**
     * A third-party chat offered in the support panel ("Start chat"). Its script is loaded only when the visitor asks for it, and only this brand's Content-Security-Policy allows its hosts (script, connect incl. wss, frame, img). Absent: no third-party chat.
     */
    chatWidget?: {
      /**
       * The chat service's name, as visitors read it ("Start chat (Provider)").
       */
      provider: string;
      /**
       * an https:// address of the widget's script, on one of `hosts`
       */
      scriptUrl: string;
      /**
       * Every host the widget loads from or talks to, allowed by this brand's CSP (https:// and wss://).
       */
      hosts: Host[];
    };
    /**
     * Where the contact form's messages go (CustomUserApps/Contato), when not to `email`; never shown to visitors.
     */
    contactInbox?: string;
  };
  /**
   * Host names (without port) this brand answers on; unique across all brands.
   */
  hosts: Host[];
  /**
   * Served when no host matches; at most one brand.
   */
  default?: boolean;
  /**
   * The brand's public origin (scheme, host, optional port; no path), e.g. https://shop.example: every link the server writes for the brand (mails, PDFs, wallet passes, sitemaps, canonical links) starts with it, never with the request's Host. https in production. Overridden by the variable publicOriginEnv names and, for the default brand, by PUBLIC_ORIGIN; absent outside production: http://<first host>:<PORT>.
   */
  publicOrigin?: string;
  /**
   * name of the environment variable that overrides publicOrigin for this brand (a deployment sets it without editing the brand)
   */
  publicOriginEnv?: string;
  /**
   * OpenID Connect identity providers offered besides the local login.
   */
  identityProviders?: IdentityProvider[];
  holdMinutes: number;
  /**
   * How many times a person warned that the hold runs out may extend it by holdMinutes (never past the session's start). WCAG 2.2.1 asks for at least 10; 0 turns the offer off.
   */
  holdExtensions?: number;
  maxItemsPerOrder: number;
  /**
   * A paid ticket's holder (portador) may be changed from My orders until this many hours before its session (and removed, when its event's holders are optional): the ticket then gets new codes and its old QR code and short code stop working at the gate. Absent: holders are fixed once the order is paid.
   */
  holderChangeHours?: number;
  /**
   * Which paid tickets the buyer may cancel from My orders (SuperIngresso.cancelaCompra), refunded through the gateway. A ticket may be cancelled within `withdrawalDays` days of its payment (the right of withdrawal of online purchases; Brazil: 7, Código de Defesa do Consumidor art. 49), or at any time when it carries the refundable-ticket option, and never later than `beforeSessionHours` hours before its session starts (never once it started). Absent: no cancellation from My orders.
   */
  cancellation?: {
    withdrawalDays: number;
    beforeSessionHours: number;
  };
  /**
   * The gate: the staff who may log in to the check-in page and API. Each password is stored as an argon2id hash (PHC string, e.g. made with `npx tsx scripts/checkin-hash.ts <password>`).
   */
  checkin?: {
    staff: {
      user: string;
      passwordHash: string;
    }[];
    sessionHours?: number;
  };
  /**
   * The carrier's rules for products with `entrega`: the countries delivered to, and the fee (reais, once per order) and working days, by state (`regions`, first match) or else the defaults.
   */
  delivery?: {
    countries: string[];
    /**
     * Fee in reais where no region applies.
     */
    fee: Money;
    days: number;
    regions?: {
      states: string[];
      fee: Money;
      days: number;
    }[];
  };
  payments: {
    gateway: 'sandbox';
    maxInstallments: number;
    /**
     * Smallest card instalment in reais (at most two decimals): an option is offered while its instalment is at least this.
     */
    minInstallmentValue: number;
    /**
     * Card instalments up to this many carry no interest (absent: 1). Must not exceed maxInstallments; needs monthlyInterestRate.
     */
    interestFreeInstallments?: number;
    /**
     * Monthly interest rate in percent (at most two decimals, e.g. 1.99) of the instalments past interestFreeInstallments, by the Price (PMT) formula; each instalment is rounded to the cent and the total charged is n × the instalment. Absent: every option interest-free.
     */
    monthlyInterestRate?: number;
    acceptedBrands: CardBrand[];
    /**
     * The payment methods offered, each switched on or off; absent: card only. At least one must be on.
     */
    methods?: {
      card?: {
        enabled: boolean;
      };
      boleto?: {
        enabled: boolean;
        /**
         * Calendar days (Sao Paulo) from issue to the due date; the order is released when the due date has passed unpaid.
         */
        dueDays: number;
        /**
         * FEBRABAN code of the collecting bank printed on the slip.
         */
        banco: string;
      };
      pix?: {
        enabled: boolean;
        /**
         * The receiver's Pix key (CPF, CNPJ, e-mail, +55 mobile or random key).
         */
        key: string;
        merchantName: string;
        merchantCity: string;
        expiryMinutes: number;
      };
    };
    /**
     * The refundable-ticket option (a warranty): offered on every ticket when present; the buyer must choose it or decline it before paying. Its price per ticket is `percent` % of what the ticket costs (after discounts, before fees), at least `minValue` reais.
     */
    refundable?: {
      percent: number;
      minValue: number;
    };
    /**
     * A card-brand campaign (a presale for the holders of a bank's or card brand's cards). While it runs (from `from` until `until`; absent: always), the login and the registration ask for the first six digits of the person's card; products marked `campanhaCartao` in catalog.json are sold only to a person whose six digits start with one of `bins`, and paid only by card with a card of those six digits.
     */
    cardCampaign?: {
      /**
       * The campaign's card, as the buyer knows it ("cartões Aurora Visa").
       */
      name: Localized;
      /**
       * BIN prefixes (1 to 6 digits) of the participating cards.
       */
      bins: string[];
      from?: string;
      until?: string;
    };
  };
}
/**
 * brands/<id>/catalog.json: events, their schedules and products.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogFile".
 */
export interface CatalogFile {
  $schema?: string;
  events: CatalogEvent[];
  cupons?: CatalogCoupon[];
  combos?: CatalogCombo[];
}
/**
 * brands/<id>/rates.json (optional): the exchange rates of the currency modal (config state cotacao). A visitor who picks one of these currencies sees approximate prices beside the BRL ones, with the rate's date; payment stays in BRL. Edit by hand or with `npm run rates -- set USD 5.32`.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "RatesFile".
 */
export interface RatesFile {
  $schema?: string;
  /**
   * One rate per currency, in the order the currency modal lists them (after BRL).
   */
  cotacoes: Rate[];
}
/**
 * One currency's rate: one unit of `moeda` costs `reais` BRL, taken on `data`.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Rate".
 */
export interface Rate {
  /**
   * an ISO 4217 currency code in capitals other than BRL (USD, EUR, ARS)
   */
  moeda: string;
  /**
   * Reais per unit of the currency: 5.32 means US$ 1 = R$ 5,32.
   */
  reais: number;
  /**
   * The day the rate was taken (YYYY-MM-DD), shown beside every approximate price; not in the future.
   */
  data: Date;
}
/**
 * brands/<id>/vouchers/<batch>.json: one external partner's batch of vouchers, each swapped once for tickets (SuperIngresso.iniciarTrocaVoucher).
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "VoucherBatchFile".
 */
export interface VoucherBatchFile {
  $schema?: string;
  /**
   * The partner that sold or gave the vouchers (a travel agency, a sponsor); noted on the orders.
   */
  parceiro: string;
  vouchers: Voucher[];
}
/**
 * A voucher: qtd tickets of a product of an event. Dated (sessao: that session) or open-dated (no sessao: the buyer picks a session on sale between validoDe and validoAte when swapping).
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Voucher".
 */
export interface Voucher {
  /**
   * 16 digits, unique in the brand
   */
  localizador: string;
  idevento: Id;
  /**
   * A product of that event.
   */
  idproduto: Id;
  /**
   * Tickets it stands for (absent: 1).
   */
  qtd?: number;
  /**
   * Dated voucher: the session (Sao Paulo date and time) of the event.
   */
  sessao?: {
    data: Date;
    hora: Time;
  };
  /**
   * Open-dated: first session day (absent: today).
   */
  validoDe?: Date;
  /**
   * Open-dated: last session day (absent: no bound).
   */
  validoAte?: Date;
}
/**
 * A discount code typed in the checkout. percentual: valor % off each eligible ticket's price; valor: valor reais off the eligible tickets together. Fees are never discounted. A use counts when an order with it is paid.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogCoupon".
 */
export interface CatalogCoupon {
  /**
   * What the buyer types; compared without regard to case.
   */
  codigo: string;
  tipo: 'percentual' | 'valor';
  valor: number;
  /**
   * Only this event's tickets.
   */
  idevento?: Id;
  /**
   * Only sessions at this local time and/or on this date.
   */
  sessao?: {
    data?: string;
    hora?: Time;
  };
  idprodutos?: Id[];
  validoDe?: string;
  validoAte?: string;
  limiteTotal?: number;
  limitePorPessoa?: number;
  qtdMinima?: number;
}
/**
 * Products of one event sold together for preco (reais, without fees) when held in the same session.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogCombo".
 */
export interface CatalogCombo {
  idcombo: Id;
  nome: Localized;
  idevento: Id;
  itens: {
    idproduto: Id;
    qtd: number;
  }[];
  preco: Money;
}
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogEvent".
 */
export interface CatalogEvent {
  idevento: Id;
  tipo: 'visit' | 'tour' | 'match';
  nome: Localized;
  descricao: Localized;
  local: Localized;
  imagem: AssetPath;
  /**
   * Title of each session.
   */
  dscapre: Localized;
  schedule: CatalogSchedule;
  tipo_produtos: CatalogProductType[];
  limitePorPessoa?: CatalogPersonLimit;
  /**
   * Holders (portador) of this event's tickets: obrigatorio (every ticket needs one before payment), opcional (may be bound). Absent: the tickets take no holder.
   */
  portador?: 'obrigatorio' | 'opcional';
  /**
   * Blocks (sectors): each session sells each product per block, capacidade units in each block that sells it.
   */
  blocos?: CatalogBlock[];
  /**
   * The block map: its help text is the block picker's description.
   */
  mapa?: {
    help: Localized;
  };
}
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogBlock".
 */
export interface CatalogBlock {
  idbloco: Id;
  nome: Localized;
  /**
   * The products this block sells (ids of the event's products); absent: all.
   */
  produtos?: Id[];
}
/**
 * Most units of the event one person may hold or have bought (orders RE/TP not expired, AP, PA; removed items not): per session and across all its sessions.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogPersonLimit".
 */
export interface CatalogPersonLimit {
  /**
   * Units of one session.
   */
  porSessao?: number;
  /**
   * Units of all the event's sessions together.
   */
  porEvento?: number;
}
/**
 * Every day from fromDay for days days at each of times; weekdays (0 = Sunday) filters the days.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "DailySchedule".
 */
export interface DailySchedule {
  kind: 'daily';
  fromDay: number;
  days: number;
  times: Time[];
  weekdays?: number[];
}
/**
 * Single sessions offsetDays from today.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "DatesSchedule".
 */
export interface DatesSchedule {
  kind: 'dates';
  sessions: {
    offsetDays: number;
    time: Time;
    /**
     * Overrides the event's dscapre.
     */
    title?: Localized;
  }[];
}
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogProductType".
 */
export interface CatalogProductType {
  idtipo: Id;
  nome: Localized;
  produtos: CatalogProduct[];
}
/**
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogProduct".
 */
export interface CatalogProduct {
  idproduto: Id;
  nome: Localized;
  /**
   * Price in reais, without fee.
   */
  preco: Money;
  /**
   * Fee in reais per unit.
   */
  taxa: Money;
  /**
   * Units per session.
   */
  capacidade: number;
  /**
   * Most units per reservation.
   */
  block_qtd: number;
  /**
   * Only agencies see and buy it.
   */
  somenteAgencia?: boolean;
  /**
   * A note shown with the ticket in the cart (msg_info_carrinho), e.g. the proof it needs.
   */
  info?: Localized;
  /**
   * Sold only to the card-brand campaign's card holders (brand.json `payments.cardCampaign`), paid by card with that card; not on sale when the brand runs no campaign now.
   */
  campanhaCartao?: boolean;
  /**
   * Delivered to an address (a printed ticket, a kit): the order needs a delivery address before payment and pays brand.json's delivery fee once. Needs `delivery` in brand.json.
   */
  entrega?: boolean;
  agendamento?: CatalogSlots;
}
/**
 * The product needs a scheduled slot (a guided trail, a stadium tour): after the purchase each paid ticket books one slot in My orders (CustomUserApps/DiasCompra, InsereRioBoi, ConsultaRioBoi; server/trail). A day has slots when it is not in fechado and is in datas or on one of diasSemana (neither given: every day).
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "CatalogSlots".
 */
export interface CatalogSlots {
  /**
   * The activity booked (the trail's or tour's name), in My orders and on the ticket.
   */
  nome: Localized;
  /**
   * Where it starts (the meeting point).
   */
  local?: Localized;
  /**
   * Weekdays with slots (0 = Sunday).
   */
  diasSemana?: number[];
  /**
   * Days with slots whatever their weekday (Sao Paulo calendar).
   */
  datas?: Date[];
  /**
   * Days without slots whatever the rest says (holidays, maintenance).
   */
  fechado?: Date[];
  /**
   * The start time of each slot of a day (Sao Paulo).
   */
  horarios: Time[];
  /**
   * Places per slot (one per ticket).
   */
  vagas: number;
  /**
   * How far ahead: slots from today up to this many days after today.
   */
  antecedenciaDias: number;
  /**
   * A slot may be booked until this many hours before it starts (absent: until it starts).
   */
  antecedenciaMinimaHoras?: number;
  /**
   * A booking may be changed to another slot (its place freed in the same transaction) until this many hours before the booked slot starts. Absent: a booking is final.
   */
  alteracaoAteHoras?: number;
}
/**
 * An OpenID Connect provider (authorization code flow with PKCE). Secrets are never in brand files.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "IdentityProvider".
 */
export interface IdentityProvider {
  /**
   * Login id, unique in the brand; 1 is the local login (idLoginSI).
   */
  id: number;
  /**
   * The name on the button, one text or one per locale.
   */
  nome: Localized | Text;
  /**
   * the issuer URL (https://accounts.google.com), or sandbox: this server's test provider
   */
  issuer: string;
  clientId: Text;
  /**
   * name of the environment variable holding the client secret; absent: a public client
   */
  clientSecretEnv?: string;
  /**
   * space-separated scopes, including openid (default "openid email profile")
   */
  scopes?: string;
  /**
   * Logging out of the shop also ends the session at the provider.
   */
  logout?: boolean;
}
/**
 * A text in every locale.
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "Localized".
 */
export interface Localized {
  'pt-BR': Text;
  'es-ES': Text;
  'en-US': Text;
}
/**
 * Customer service answers on `days` from `open` until `close` (America/Sao_Paulo).
 *
 * This interface was referenced by `BrandFolder`'s JSON-Schema
 * via the `definition` "OpeningInterval".
 */
export interface OpeningInterval {
  days: ('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[];
  open: Time;
  close: Time;
}
