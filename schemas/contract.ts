/**
 * The one contract between storefront and server (spec §7).
 *
 * Every RPC call posts `POST router.php?method=<m>&class=<c>` with body
 * `{ class, method, params: [...positional] }`; every REST and RPC response body is an
 * {@link Envelope}. The params of each RPC method are described as JSON Schema in
 * `schemas/rpc/<Class>.<method>.params.schema.json`; the server validates with those, and the
 * params' types are written from them (`schemas/rpc/params.generated.ts`, `npm run schemas:types`).
 *
 * Money is a number of reais (BRL, two decimals). Timestamps are strings in
 * America/Sao_Paulo local time, `YYYY-MM-DD HH:MM:SS` (dates `YYYY-MM-DD`, times `HH:MM`).
 */

import type { BrandFile, Localized, Rate } from './brand.generated';
import type { RpcParamsTable, SuperIngressoIniciarPagamentoParams } from './rpc/params.generated';

export type { AceiteTermoParams, PagamentoOpcoes, ReservaProduto } from './rpc/params.generated';

/** Locales the product speaks. The URL prefix is the first two letters. */
export const LOCALES = ['pt-BR', 'es-ES', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
/** A text in every locale (the brand schema's definition). */
export type { Localized };

/** The `lang` query parameter every request carries: the locale in underscore form. */
export const langParam = (locale: Locale): string => locale.replace('-', '_');

// ---------------------------------------------------------------------------------------------
// Envelope and errors (spec §8)

export interface ApiErrorBody {
  code: number;
  message: string;
  /**
   * Our server's addition for rejected input: the error of each field, by the form's field path
   * (`.email`), already localized; `message` is the first one. Another backend may leave it out.
   */
  fields?: ApiFieldError[];
}

/** One field's error in {@link ApiErrorBody.fields}. */
export interface ApiFieldError {
  /** The form's property path of the field (`.email`, `._recaptcha`). */
  field: string;
  message: string;
}

/**
 * The well-formed entries of an error's `fields` (anything a server sent), or undefined when
 * there are none: the API client and the flows keep them, the forms show them beside the fields.
 */
export function apiFieldErrors(fields: unknown): ApiFieldError[] | undefined {
  if (!Array.isArray(fields)) return undefined;
  const out: ApiFieldError[] = [];
  for (const f of fields as unknown[]) {
    if (typeof f !== 'object' || f === null) continue;
    const { field, message } = f as Record<string, unknown>;
    if (typeof field === 'string' && typeof message === 'string' && message !== '') {
      out.push({ field, message });
    }
  }
  return out.length > 0 ? out : undefined;
}
export type Envelope<T> = { result: T } | { error: ApiErrorBody };

/** Error codes the server answers with. The storefront's error policy maps each to a behaviour. */
export const ErrorCode = {
  /** Generic: show the message (unavailable tickets, declined input, not found…). */
  Generic: 0,
  /** Session invalid or missing where one is required: go home, clear session and cart. */
  SessionInvalid: 1,
  /** New terms must be accepted. */
  TermsRequired: 4,
  /** The message is JSON ({@link TermoPendente}): the term to accept before the login goes on. */
  TermsDetailed: 21001,
  /** Profile problems: go to the profile and show the message. */
  ProfileIncomplete: 13121,
  ProfileDocument: 13225,
  ProfileAddress: 13227,
  ProfileAgency: 13089,
  /** Show the message and reject. */
  Rejected: 13087,
} as const;

/** Message ids (in locales/) of the errors the server produces. */
export const ServerMessage = {
  ticketsUnavailable: 'error.ticketsUnavailable', // 'Ingressos indisponíveis!'
  purchaseLimit: 'error.purchaseLimit', // 'Limite de compra atingido'
  agencyMinimum: 'error.agencyMinimum', // 'Limite mínimo de compra de {minimum} itens'
  wrongCredentials: 'error.wrongCredentials', // 'Usuário ou senha incorreta'
  sessionInvalid: 'error.sessionInvalid',
  badParams: 'error.badParams',
  unknownMethod: 'error.unknownMethod',
  notFound: 'error.notFound', // 'Página não encontrada'
  cartNotFound: 'error.cartNotFound',
  reservationExpired: 'error.reservationExpired',
  holdExtensionLimit: 'error.holdExtensionLimit',
  holdExtensionSessionStart: 'error.holdExtensionSessionStart',
  gatewayError: 'error.gateway', // 'Erro no gateway'
  paymentDeclined: 'error.paymentDeclined',
  cardBrandNotAccepted: 'error.cardBrandNotAccepted',
  paymentPending: 'payment.pendingMessage',
  paymentApproved: 'payment.approvedMessage',
  paymentNotApproved: 'error.paymentNotApproved',
  internal: 'error.internal',
  captcha: 'error.captcha', // 'Recaptcha inválido!'
  // Accounts
  accountCreated: 'account.created', // 'Cadastro realizado com sucesso!'
  agencyCreated: 'account.agencyCreated',
  accountUpdated: 'account.updated', // 'Cadastro alterado com sucesso!'
  emailConfirmed: 'account.emailConfirmed', // 'E-mail confirmado com sucesso!'
  emailAlreadyConfirmed: 'account.emailAlreadyConfirmed', // 'E-mail já confirmado.'
  passwordChanged: 'account.passwordChanged',
  passwordReset: 'account.passwordReset',
  forgotSent: 'account.forgotSent',
  emailAvailable: 'account.emailAvailable',
  emailTaken: 'error.emailTaken', // 'E-mail já cadastrado'
  confirmToken: 'error.confirmToken', // 'Token de confirmação não identificado!'
  resetToken: 'error.resetToken',
  currentPassword: 'error.currentPassword', // 'Senha atual incorreta'
  tooManyRequests: 'error.tooManyRequests',
  /** A throttled try ({minutes}): 'Muitas tentativas. Tente novamente em N minutos.' */
  throttled: 'error.throttled',
  /** The address failed many logins: the login needs the brand's captcha (at `._recaptcha`). */
  captchaNeeded: 'error.captchaNeeded',
  termsRequired: 'error.termsRequired',
  termNotFound: 'error.termNotFound',
  agencyAwaiting: 'error.agencyAwaiting',
  agencyEmailUnconfirmed: 'error.agencyEmailUnconfirmed',
  agenciesClosed: 'error.agenciesClosed',
  profileIncomplete: 'error.profileIncomplete',
  profileDocument: 'error.profileDocument',
  profileAddress: 'error.profileAddress',
  profileAgency: 'error.profileAgency',
  // Coupons and prices
  couponNotFound: 'error.couponNotFound',
  couponExpired: 'error.couponExpired',
  couponNotApplicable: 'error.couponNotApplicable',
  couponMinimum: 'error.couponMinimum',
  couponUsedUp: 'error.couponUsedUp',
  couponPersonLimit: 'error.couponPersonLimit',
  cartRepriced: 'error.cartRepriced',
  // Holders (portador)
  holdersMissing: 'error.holdersMissing', // 'Erro na forma de pagamento, Você deve vincular os portadores ou contatar o SAC!'
  holderDuplicate: 'error.holderDuplicate',
  holderNotTaken: 'error.holderNotTaken',
  holderChangeClosed: 'error.holderChangeClosed',
  holderRequired: 'error.holderRequired',
  // The refundable-ticket option
  refundableChoice: 'error.refundableChoice',
  refundableNotOffered: 'error.refundableNotOffered',
  // Delivery of products sent to an address (catalogue `entrega`)
  deliveryAddressMissing: 'error.deliveryAddressMissing',
  deliveryAddressNotFound: 'error.deliveryAddressNotFound',
  deliveryAddressLocked: 'error.deliveryAddressLocked',
  deliveryCountry: 'error.deliveryCountry',
  deliveryNotNeeded: 'error.deliveryNotNeeded',
  deliveryNotOffered: 'error.deliveryNotOffered',
  // The card-brand campaign (brand.json payments.cardCampaign)
  cardCampaignOnly: 'error.cardCampaignOnly',
  cardCampaignCard: 'error.cardCampaignCard',
  // Purchase terms (BaseTermoClass type 2), accepted with each payment
  purchaseTermsRequired: 'error.purchaseTermsRequired',
  // Bank slip and Pix
  paymentMethodUnavailable: 'error.paymentMethodUnavailable',
  boletoPaid: 'error.boletoPaid',
  boletoNotFound: 'error.boletoNotFound',
  boletoPending: 'payment.boletoPendingMessage',
  pixPending: 'payment.pixPendingMessage',
  chargeClosed: 'payment.chargeClosed',
  methodCard: 'payment.method.card',
  methodBoleto: 'payment.method.boleto',
  methodPix: 'payment.method.pix',
  boletoPageTitle: 'payment.boletoPage.title',
  boletoPageBeneficiary: 'payment.boletoPage.beneficiary',
  boletoPagePayer: 'payment.boletoPage.payer',
  boletoPageDueDate: 'payment.boletoPage.dueDate',
  boletoPageAmount: 'payment.boletoPage.amount',
  boletoPageLine: 'payment.boletoPage.line',
  boletoPageOrder: 'payment.boletoPage.order',
  boletoPageHint: 'payment.boletoPage.hint',
  boletoPageSandbox: 'payment.boletoPage.sandbox',
  boletoPageStatusPaid: 'payment.boletoPage.statusPaid',
  boletoPageStatusClosed: 'payment.boletoPage.statusClosed',
  // Cancelling paid tickets (cancelaCompra)
  cancellationFailed: 'error.cancellationFailed', // 'Erro no cancelamento, por favor entre em contato com o SAC.'
  // The contact form (CustomUserApps/Contato)
  contactSent: 'contact.sent',
  // The newsletter (CustomUserApps/Newsletter)
  newsletterCheckInbox: 'newsletter.checkInbox',
  newsletterConfirmed: 'newsletter.confirmed',
  newsletterAlreadyConfirmed: 'newsletter.alreadyConfirmed',
  newsletterUnsubscribed: 'newsletter.unsubscribed',
  newsletterBadLink: 'error.newsletterLink',
  newsletterConsentVersion: 'error.newsletterConsentVersion',
  // Scheduled slots of paid tickets (CustomUserApps/DiasCompra, InsereRioBoi, ConsultaRioBoi)
  trailFull: 'error.trailFull',
  trailChangeClosed: 'error.trailChangeClosed',
  trailFinal: 'error.trailFinal',
  trailNotYours: 'error.trailNotYours',
  trailNotNeeded: 'error.trailNotNeeded',
  trailNotPaid: 'error.trailNotPaid',
  trailSlotUnavailable: 'error.trailSlotUnavailable',
} as const;
export type ServerMessageId = (typeof ServerMessage)[keyof typeof ServerMessage];

// ---------------------------------------------------------------------------------------------
// Brand configuration (POST CustomUserApps/Configs, also inlined in index.html)

/** brand.json `theme`: colours and CSS font-family stacks (fonts are local or system ones). */
export type BrandTheme = BrandFile['theme'];

/** A captcha implementation (server/captcha). */
export type CaptchaProvider = NonNullable<BrandFile['captcha']['provider']>;

/** The brand.json fields the storefront receives as they are in the file. */
type PublicBrandFields =
  | 'title'
  | 'description'
  | 'keywords'
  | 'favicon'
  | 'logos'
  | 'theme'
  | 'multiLanguage'
  | 'locales'
  | 'defaultLocale'
  | 'analytics'
  | 'regrasDoNegocio'
  | 'carrinhoLocal'
  | 'editarEndereco'
  | 'editarEnderecoCadastro';

/**
 * What the storefront knows of its brand (server/brands/config.ts `publicConfig`): the public
 * fields of brand.json (their shapes come from schemas/brand.schema.json through
 * brand.generated.ts) and what the server works out from the brand folder.
 */
export type BrandConfig = Pick<BrandFile, PublicBrandFields> & {
  id: string;
  /** Application version; a change clears client caches (spec §4). */
  version: string;
  captcha: Omit<BrandFile['captcha'], 'provider'> & {
    /**
     * The captcha the shop shows: ALTCHA (self-hosted proof of work, `GET captcha/challenge`)
     * unless the brand chose reCAPTCHA and the server has its secret.
     */
    provider: CaptchaProvider;
  };
  /** The brand swaps partners' vouchers (it has voucher batches): the footer offers the page. */
  vouchers?: boolean;
  /** brand.json `support` without the contact form's inbox (the operator's business). */
  support: Omit<BrandFile['support'], 'contactInbox'>;
  /**
   * The card instalments as the shop promises them (brand.json `payments`): at most `max`, each
   * at least `minValue` reais, the first `interestFree` without interest (the home page states
   * the rule, so "até 12x" is never promised for a cart that cannot have it).
   */
  installments: { max: number; minValue: number; interestFree: number };
  /** The card-brand campaign (brand.json `payments.cardCampaign`), when the brand has one. */
  cardCampaign?: BrandFile['payments']['cardCampaign'];
  /**
   * Config state `cotacao` (spec §3) for the currency modal: the brand's exchange rates
   * (brands/<id>/rates.json, `npm run rates`), absent when it sets none. Prices stay in BRL;
   * other currencies are shown as approximations beside them.
   */
  cotacao?: Cotacao[];
};

/** One exchange rate of {@link BrandConfig.cotacao} (rates.json): one `moeda` costs `reais` BRL. */
export type Cotacao = Rate;

/** The JSON inlined into index.html as `<script id="brand-config" type="application/json">`. */
export const BRAND_CONFIG_ELEMENT_ID = 'brand-config';

// ---------------------------------------------------------------------------------------------
// Catalogue (SuperIngresso.getEventos … getProdutos)

export interface Evento {
  idevento: number;
  /** 'visit' (timed museum visit), 'tour' or 'match'. */
  tipo: 'visit' | 'tour' | 'match';
  dscevento: string;
  descricao: string;
  local: string;
  /** Image URL path. */
  imagem: string;
  /** Lowest price with fees of any product in a future session; null when nothing is on sale. */
  a_partir_de: number | null;
  /** First and last session dates on sale (YYYY-MM-DD), null when none. */
  primeira_data: string | null;
  ultima_data: string | null;
  /**
   * Present (true) when the event sells by block (sector): a session's blocks come from
   * getApresentacao and a hold names one (ours).
   */
  blocos?: true;
}

export interface ApresentacaoResumo {
  idapresentacao: number;
  /** `YYYY-MM-DD HH:MM` */
  dthr_apresentacao: string;
  dt_apre: string;
  dt_hora: string;
  dscapre: string;
  /** Units still available across the session's products. */
  disponivel: number;
}

export interface GetApresentacoesResult {
  dates: { dia: string }[];
  apresentacoes: ApresentacaoResumo[];
}

export interface Apresentacao extends ApresentacaoResumo {
  idevento: number;
  dscevento: string;
  local: string;
  /**
   * Events with blocks (sectors) only: the blocks with units left for this person (spec's
   * `bloco_ids`). A hold names one of them (iniciarReserva's third param).
   */
  bloco_ids?: number[];
  /** Events with blocks only: every block the person may buy in, sold out or not (ours). */
  blocos?: Bloco[];
  /** Events with blocks only: the block map's help text (spec's `mapa.help`). */
  mapa?: { help: string };
}

/** A block (sector) of a session: {@link Apresentacao.blocos}. */
export interface Bloco {
  idbloco: number;
  nome: string;
  /** Units still available in this block, across its products the person may buy. */
  disponivel: number;
}

export interface Produto {
  idproduto: number;
  dscproduto: string;
  /** Price without fee. */
  preco: number;
  /** Price with fee (preco + taxa). */
  preco_ctaxa: number;
  taxa: number;
  /** Units still available in this session. */
  qtd: number;
  /** Most units of this product one reservation may hold (the stepper's upper bound). */
  block_qtd: number;
  /** Present (true) when only the card-brand campaign's card holders may buy it. */
  campanha?: true;
}

export interface TipoProduto {
  idtipo: number;
  dsctipo: string;
  produtos: Produto[];
}

export interface GetProdutosResult {
  idapresentacao: number;
  /** The block asked for (events with blocks); absent: availability summed over the blocks. */
  idbloco?: number;
  tipo_produtos: TipoProduto[];
}

// ---------------------------------------------------------------------------------------------
// Cart and orders

export type StatusMovimentacao = 'RE' | 'AP' | 'TP' | 'EX' | 'PA' | 'CA';

/** One unit held or sold: the cart keeps one item per ticket so a holder can be bound to each. */
export interface CarrinhoItem {
  iditem: number;
  idproduto: number;
  /** Same as idproduto (the spec names both). */
  idprod: number;
  idapresentacao: number;
  /** Same as idapresentacao. */
  idapre: number;
  idevento: number;
  dscevento: string;
  dt_apre: string;
  dthr_apresentacao: string;
  dscapre: string;
  dscproduto: string;
  /** Same as dscproduto. */
  produto: string;
  dsctipo: string;
  status: StatusMovimentacao;
  /** What the ticket costs without fee, after its combo and coupon discounts. */
  valor: number;
  /** The list price without fee, before any discount. */
  valor_sem_desconto: number;
  /** Taken off by the order's coupon. */
  valor_cupom: number;
  /** The order's coupon ('' when none). */
  cupom: string;
  /** Whether the coupon takes something off this ticket. */
  tem_cupom: boolean;
  /** The combo this ticket is part of ('' when none) and what the combo takes off it. */
  combo: string;
  valor_combo: number;
  taxa: number;
  /**
   * The ticket's price as the event page sells it (the product's `preco_ctaxa`: list price with
   * fee), before coupon, combo, refundable option and interest, which are the order's own lines
   * (schemas/price-lines.ts): the one price every screen, mail and PDF shows for the ticket.
   */
  preco: number;
  /** Card interest on this ticket (0 unless paid in instalments with interest). */
  juros: number;
  /** The refundable-ticket option's price on this ticket (0 unless the order took it). */
  valor_garantia: number;
  /** valor + taxa + valor_garantia + juros. */
  total: number;
  dthr_exp: string;
  /** Same as dthr_exp. */
  dt_exp: string;
  count_exp: number;
  /** Tickets this line stands for: always 1 (the cart keeps one item per ticket). */
  qtd: number;
  /**
   * Whether the buyer may give this ticket up now, and how (`remover`: drop it from the cart;
   * `estornar`: cancel a paid ticket, refunded through the gateway: cancelaCompra).
   */
  cancel: boolean;
  tp_cancel: 'remover' | 'estornar' | '';
  /**
   * A paid ticket's cancellation: `pendente` while the gateway's refund awaits confirmation (the
   * ticket still counts as sold), `erro` when the last one was refused (the ticket stays paid).
   * Absent otherwise; a confirmed one shows as `status` CA.
   */
  cancelamento?: 'pendente' | 'erro';
  /**
   * A paid ticket that cannot be cancelled now, and why: `prazo` (the withdrawal period is over),
   * `sessao` (its session starts too soon or started), `regra` (the brand offers no cancellation).
   */
  cancel_motivo?: 'prazo' | 'sessao' | 'regra';
  /** What cancelling this paid ticket gives back (reais), when it may be cancelled. */
  valor_estorno?: number;
  /** A note for the buyer about this ticket (e.g. the proof a half-price ticket needs), or ''. */
  msg_info_carrinho: string;
  /** Present on paid items: the ticket code. */
  codigo?: string;
  /** Present on items of an order paid (or to be paid) by bank slip: the printable slip. */
  boleto_url?: string;
  /** The holder bound to this ticket, or null (the server always sends it). */
  portador?: PortadorDados | null;
  /**
   * Whether this ticket takes a holder (its event's catalogue `portador`): `obrigatorio` before
   * payment, `opcional`, or null (none). The server always sends it.
   */
  portador_regra?: RegraPortador | null;
  /**
   * A paid ticket whose holder may still be changed from My orders (brand.json
   * `holderChangeHours` before its session); the change re-issues the ticket (new codes).
   */
  portador_alteravel?: boolean;
  /** The product is delivered to an address (catalogue `entrega`); the server always sends it. */
  entrega?: boolean;
  /**
   * Present only on units of a product that needs a scheduled slot (catalogue `agendamento`):
   * the slot the ticket booked (CustomUserApps/InsereRioBoi), or null while it has none.
   */
  agendamento?: AgendamentoHorario | null;
}

// ---------------------------------------------------------------------------------------------
// Delivery (spec §3 "Delivery address", movimentacao `entrega_end` / `entrega_valor`; class
// BasePessoaEnderecoEntregaClass and POST TransportadoraValidaEnderecoEntrega/)

/**
 * An address to deliver to: the fields of the address form (schemas/forms/address.schema.json),
 * validated with that schema on the server.
 */
export interface EnderecoEntregaDados {
  end_pais: string;
  end_cep: string;
  end_estado: string;
  end_cidade: string;
  end_bairro?: string;
  end_logradouro: string;
  end_numero: string;
  end_complemento?: string;
}

/** What the carrier answers for an address (the brand's `delivery` rules). */
export interface EntregaCotacao {
  entregavel: boolean;
  /** The fee in reais (once per order); 0 when not deliverable. */
  valor: number;
  /** Working days; null when not deliverable. */
  dias: number | null;
  /** Why it is not deliverable (localized), when it is not. */
  mensagem?: string;
}

/**
 * A delivery address of the person (spec `idendereco`). `origem: 'cadastro'` is the profile's own
 * address (`idendereco` 0 until it is first chosen, then the id of its saved copy); `'salvo'` one
 * the person added for an earlier delivery. Each comes with the carrier's answer for it.
 */
export interface EnderecoEntrega extends EnderecoEntregaDados, EntregaCotacao {
  idendereco: number;
  origem: 'cadastro' | 'salvo';
}

/** BasePessoaEnderecoEntregaClass.getEnderecosEntrega → the addresses the buyer may pick. */
export interface GetEnderecosEntregaResult {
  /** The profile's address first (when complete), then the saved ones, most recently used first. */
  enderecos: EnderecoEntrega[];
  /** The brand's `editarEndereco`: new addresses may be added (false: only the profile's). */
  editavel: boolean;
}

/**
 * setEnderecoEntrega params[1]: a listed address by id (`{ idendereco: 0 }`: the profile's), or a
 * new one (the address form's fields; saved for the person).
 */
export type EnderecoEntregaEscolha = { idendereco: number } | EnderecoEntregaDados;

/** getCarrinhoPageItens `entrega`: the order's delivery, when one of its products needs it. */
export interface EntregaPedido {
  /** The chosen address (null: none yet, and paying is refused until there is one). */
  endereco: EnderecoEntrega | null;
  /** The fee in reais (0 until an address is chosen); counted in every total. */
  valor: number;
  /** Working days to the chosen address. */
  dias: number | null;
}

/** POST TransportadoraValidaEnderecoEntrega/ → the carrier's answer for the address posted. */
export type TransportadoraValidaResult = EntregaCotacao;

/**
 * A ticket holder (portador): the data of the holder form, schemas/forms/holder.schema.json,
 * which both the browser and the server validate it with. `documento` is a CPF when
 * `nacionalidade` is BR, a passport otherwise; `dt_nascimento` is `YYYY-MM-DD`.
 */
export interface PortadorDados {
  nome: string;
  sobrenome: string;
  documento: string;
  nacionalidade: string;
  dt_nascimento: string;
  celular?: string;
  cep?: string;
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  cidade?: string;
  estado?: string;
  pais?: string;
}

/** Whether an event's tickets take a holder (catalogue `portador`). */
export type RegraPortador = 'obrigatorio' | 'opcional';

/** portadorSetItem / elevenWallet / removeElevenWallet: the unit and its holder now. */
export interface PortadorItemResult {
  iditem: number;
  portador: PortadorDados | null;
}

/**
 * A holder offered to fill a ticket in one tap: the buyer (from the profile; fields the profile
 * lacks are absent) or a holder the person bound before.
 */
export interface PortadorSalvo {
  origem: 'comprador' | 'anterior';
  portador: Partial<PortadorDados>;
}

/** getPortadoresSalvos: the buyer first (when the profile has a document), then up to 10 others. */
export interface GetPortadoresSalvosResult {
  portadores: PortadorSalvo[];
}

export interface CarrinhoResumo {
  qtd: number;
  /** Same as qtd. */
  quantity: number;
  /** The tickets' list prices together, without fees. */
  subtotal: number;
  valor_taxa: number;
  /** Taken off by combos. */
  valor_combo: number;
  /** Taken off by the coupon. */
  valor_cupom: number;
  /** The refundable-ticket option, when the order took it. */
  valor_garantia: number;
  /** The delivery fee (spec `entrega_valor`), once per order; 0 when none. */
  entrega_valor: number;
  /** The order's coupon ('' when none). */
  cupom: string;
  /** Why the order's coupon takes nothing off now (localized), when it does not. */
  msg_cupom?: string;
  /**
   * What the order costs: subtotal − valor_combo − valor_cupom + valor_taxa + valor_garantia +
   * entrega_valor.
   */
  valor: number;
  /** Same as valor. */
  total: number;
}

export interface Movimentacao {
  idmovimentacao: number;
  localizador: string;
  status: StatusMovimentacao;
  dthr_reserva: string;
  /** Expiry of the hold (RE/TP); null once paid. */
  dthr_exp: string | null;
  /** Seconds left on the hold, computed by the server at response time; 0 when expired/paid. */
  count_exp: number;
  qtd: number;
  /** What the tickets cost with the delivery fee (without card interest). */
  total: number;
  /** The delivery address chosen (an idendereco), or null. */
  entrega_end: number | null;
  /** The delivery fee in reais, in `total`; 0 when none. */
  entrega_valor: number;
  /** The delivery address itself, in the orders list (GET tickets/cart) when one was chosen. */
  entrega_endereco?: EnderecoEntregaDados;
  /** Card interest of the payment that sold the order (0 when none). */
  valor_juros: number;
  /** Instalments of that payment; null until a payment is approved (or pending). */
  parcelas_gtw: number | null;
  /** Given back for cancelled tickets, refund confirmed (reais; orders list only). */
  valor_estornado?: number;
  /** Asked back for tickets whose cancellation awaits the refund's confirmation (reais). */
  valor_estorno_pendente?: number;
  /**
   * A payment that arrived after the order had closed (expired or cancelled) when its tickets
   * were no longer available: given back whole, no ticket issued (orders list only). `concluido`
   * false while the gateway's refund is still being asked.
   */
  pagamento_devolvido?: { valor: number; concluido: boolean };
  /**
   * What the buyer still has to do to pay a pending (AP) order, in the orders list: the bank
   * slip or Pix charge issued (as iniciarPagamento answered it), or a card charge under review.
   */
  pagamento_pendente?: PagamentoPendente;
  /**
   * The voucher this order was swapped for (SuperIngresso.iniciarTrocaVoucher), in the orders
   * list: its 16-digit locator and the partner that issued it (the brand's voucher batch file).
   */
  voucher?: VoucherOrigem;
}

/** {@link Movimentacao.voucher}. */
export interface VoucherOrigem {
  localizador: string;
  parceiro: string;
}

/** {@link Movimentacao.pagamento_pendente}. */
export interface PagamentoPendente {
  forma: FormaPagamento;
  boleto?: BoletoEmitido;
  pix?: PixEmitido;
}

/** SuperIngresso.getCarrinhoPage → the open cart, or null when there is none. */
export type GetCarrinhoPageResult = Movimentacao | null;

export interface GetCarrinhoPageItensResult {
  movimentacao: Movimentacao;
  itens: CarrinhoItem[];
  resumo: CarrinhoResumo;
  /**
   * The refundable-ticket option, when the brand offers it: what it costs on these tickets
   * (reais) and the buyer's choice (null: not chosen yet, and paying is refused until it is).
   */
  garantia?: GarantiaOferta;
  /** The delivery, when a unit needs it (catalogue `entrega`). */
  entrega?: EntregaPedido;
}

/** The refundable-ticket option of an open cart (escolherGarantia). */
export interface GarantiaOferta {
  /** Its price on the cart's tickets together, in reais. */
  valor: number;
  /** Percent of each ticket's price after discounts. */
  percentual: number;
  escolhida: boolean | null;
}

export interface IniciarReservaResult {
  idmovimentacao: number;
  dthr_exp: string;
  count_exp: number;
  qtd: number;
}

/**
 * SuperIngresso.prorrogarReserva (ours; the spec has none): more time on a live hold, so a
 * person warned before it runs out can keep it (WCAG 2.2.1 Timing Adjustable).
 */
export interface ProrrogarReservaResult {
  idmovimentacao: number;
  dthr_exp: string;
  count_exp: number;
  /** How many more times this hold may be extended. */
  prorrogacoes_restantes: number;
}

export interface CancelarReservaResult {
  idmovimentacao: number;
  status: StatusMovimentacao;
}

// ---------------------------------------------------------------------------------------------
// Payment (spec §3 "Payment gateway")

/**
 * One instalment option (spec `parcelas (parcela, valor)` plus what is charged). Every amount
 * adds up: `primeira + (parcela − 1) × valor = total`; interest-free, `total` is the cart's
 * total and the first instalment carries the remainder of the division (under one cent per
 * instalment); with interest, every instalment is `valor` and `total = parcela × valor`.
 * This server always sends `primeira`, `total` and `juros`.
 */
export interface ParcelaOpcao {
  parcela: number;
  /** Each instalment (the 2nd on), in reais. */
  valor: number;
  /** The first instalment (`valor` plus the remainder of an interest-free division). */
  primeira?: number;
  /** What is charged for this option: the cart's total plus `juros`. */
  total?: number;
  /** The interest of this option (0 when interest-free). */
  juros?: number;
}

export interface GatewayPagamento {
  nome: string;
  /** Public key of the gateway account, handed to the tokenizer. */
  id_criptografado: string;
  idformapag: number;
  parcelas: ParcelaOpcao[];
  bandeiras_aceitas: string[];
  ambiente: 'dev' | 'sandbox' | 'live';
  /** Scripts the browser loads to tokenize the card (the gateway's own). */
  files_include: string[];
}

/** A way to pay (getGatewayPagamento `forma`): card, bank slip (boleto) or Pix. */
export type FormaPagamento = 'cartao' | 'boleto' | 'pix';

/** One payment method the brand offers: the spec §3 gateway fields and what the method needs. */
export interface GatewayFormaPagamento extends GatewayPagamento {
  forma: FormaPagamento;
  /** The instalment option selected at first (spec §3): 1. */
  parcelaSelect: number;
  /** Bank slip: calendar days from issue to the due date. */
  vencimento_dias?: number;
  /** Pix: minutes the code can be paid. */
  expira_minutos?: number;
}

/**
 * getGatewayPagamento: one entry per method the brand has on (`formas`, card first), and, at the
 * top level, the first of them (the card when it is on), so a client that knows only the card
 * keeps working.
 */
export type GetGatewayPagamentoResult = GatewayFormaPagamento & {
  formas: GatewayFormaPagamento[];
};

/** iniciarPagamento with a bank slip: the slip issued (or, for a repeated key, the same one). */
export interface BoletoEmitido {
  /** The 47 digits of the linha digitável. */
  linha_digitavel: string;
  /** The same, grouped for reading: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
  linha_formatada: string;
  /** The 44-digit barcode. */
  codigo_barras: string;
  /** Due date, `YYYY-MM-DD` (Sao Paulo calendar). */
  vencimento: string;
  /** When the order is released if unpaid (ISO 8601): the end of the due date in Sao Paulo. */
  expira_em: string;
  /** Amount in reais. */
  valor: number;
  /** The printable slip, served by our API (absolute path). */
  boleto_url: string;
}

/** iniciarPagamento with Pix: the charge issued. */
export interface PixEmitido {
  /** The BR Code text ("copia e cola"), CRC16 included. */
  copia_e_cola: string;
  /** The same text as a QR code: an SVG image as a `data:image/svg+xml;base64,…` URL. */
  qrcode: string;
  /** When the charge stops being payable and the order is released (ISO 8601). */
  expira_em: string;
  /** Amount in reais. */
  valor: number;
}

/** cancelarBoleto: the order after the slip was cancelled (RE: back in the cart; EX: released). */
export interface CancelarBoletoResult {
  idmovimentacao: number;
  status: StatusMovimentacao;
}

/**
 * cancelaCompra: the cancellation is asked (`aguarde`: its refund awaits the gateway's
 * confirmation; the tickets show `cancelamento: 'pendente'` until then).
 */
export interface CancelaCompraResult {
  aguarde: boolean;
  idmovimentacao: number;
  /** The tickets whose cancellation is pending. */
  itens: number[];
  /** What is being given back (reais). */
  valor_estorno: number;
}

/** iniciarPagamento params[3]: what the tokenizer gave; card data itself never reaches us. */
export type CartaoToken = NonNullable<SuperIngressoIniciarPagamentoParams[3]>;

export interface IniciarPagamentoResult {
  idpagamento: number;
  status: 'approved' | 'declined' | 'pending';
  /** Localized message for declined/pending. */
  mensagem: string;
  /** The method paid with (absent in answers of older servers: card). */
  forma?: FormaPagamento;
  /** Bank slip issued (status pending until it is paid). */
  boleto?: BoletoEmitido;
  /** Pix charge issued (status pending until it is paid). */
  pix?: PixEmitido;
}

export interface ConcluirPagamentoResult {
  idmovimentacao: number;
  status: StatusMovimentacao;
  ingressos: { iditem: number; codigo: string }[];
}

/**
 * SuperIngresso.getImpressao result: the tickets' PDF, made by this server in the request's
 * language, one page per ticket (QR code of the ticket's signed code).
 */
export interface ImpressaoResult {
  /**
   * URL path of the PDF, `/tickets/impressao/<idmovimentacao>.pdf?t=<token>[&item=<id>]&lang=`.
   * The token lets a plain link or a new tab open it without the session header until
   * `expira_em`; after that the same path answers with the owner's session header only.
   */
  url: string;
  /** The file name to save it as (`ingressos-<localizador>.pdf`, in the request's language). */
  arquivo: string;
  /** Tickets (pages) in it. */
  ingressos: number;
  /** When the token of `url` stops working (Sao Paulo, `YYYY-MM-DD HH:MM:SS`). */
  expira_em: string;
}

/**
 * SuperIngressoWeb.imprimirWallet result: where one paid ticket's wallet passes are. The passes
 * carry the ticket's signed code (the PDF's QR code); a new holder gives the ticket a new code,
 * so passes taken before then stop working at the gate.
 */
export interface WalletPassResult {
  /**
   * URL path of the Apple Wallet pass (`application/vnd.apple.pkpass`),
   * `/tickets/wallet/<idmovimentacaoitem>.pkpass?t=<token>&lang=`; the token lets a plain link
   * open it without the session header until `expira_em`.
   */
  apple: string;
  /** The "Save to Google Wallet" address, `https://pay.google.com/gp/v/save/<jwt>`. */
  google: string;
  /** The file name to save the Apple pass as (`ingresso-<localizador>-<codigo>.pkpass`). */
  arquivo: string;
  /** When the token of `apple` stops working (Sao Paulo, `YYYY-MM-DD HH:MM:SS`). */
  expira_em: string;
}

/**
 * What a voucher stands for (iniciarTrocaVoucher): `qtd` tickets of a product of an event,
 * from an external partner. Dated (`dthr_apresentacao`) or open-dated (the buyer picks a session
 * between `valido_de` and `valido_ate`).
 */
export interface VoucherResumo {
  localizador: string;
  parceiro: string;
  idevento: number;
  /** The event's and the product's names in the request's language. */
  evento: string;
  idproduto: number;
  produto: string;
  qtd: number;
  /** Dated: its session (Sao Paulo, `YYYY-MM-DD HH:MM`); null when open-dated. */
  dthr_apresentacao: string | null;
  /** Open-dated: the first and last session day (`YYYY-MM-DD`), null when unbounded. */
  valido_de: string | null;
  valido_ate: string | null;
}

/** A session an open-dated voucher may be swapped for. */
export interface VoucherSessao {
  idapresentacao: number;
  /** Sao Paulo, `YYYY-MM-DD HH:MM`. */
  dthr_apresentacao: string;
  /** Units left of the voucher's product (at least the voucher's `qtd`). */
  disponivel: number;
}

/**
 * iniciarTrocaVoucher: `escolher`, an open-dated voucher asked without a session (nothing swapped:
 * ask again with one of `apresentacoes`); `trocado`, swapped: the paid order (price 0) with its
 * tickets, in the person's orders.
 */
export type IniciarTrocaVoucherResult =
  | { status: 'escolher'; voucher: VoucherResumo; apresentacoes: VoucherSessao[] }
  | {
      status: 'trocado';
      voucher: VoucherResumo;
      idmovimentacao: number;
      /** The order's locator. */
      localizador: string;
      idapresentacao: number;
      dthr_apresentacao: string;
      ingressos: { iditem: number; codigo: string }[];
    };

/** The sandbox tokenizer script installs `window.SandboxGateway`. */
export interface SandboxCardInput {
  numero: string;
  titular: string;
  validade: string; // MM/YY
  cvv: string;
}
export interface SandboxGatewayApi {
  tokenize(publicKey: string, card: SandboxCardInput): Promise<CartaoToken>;
}

// ---------------------------------------------------------------------------------------------
// Accounts (spec §3 registration and session, §4 login, §7 REST calls)

export interface LoginProvider {
  id: number;
  nome: string;
  /** 'local': e-mail and password posted to login/{id}; 'oauth': the browser goes to `url`. */
  tipo: 'local' | 'oauth';
  url?: string;
}

export interface SessaoPessoa {
  idpessoa: number;
  nome: string;
  email: string;
  idpessoa_tipo: number;
  cpf: string | null;
  passaporte: string | null;
  empresa_cnpj: string | null;
  empresa_razao: string | null;
  end_estado: string | null;
  end_pais: string | null;
  nacionalidade: string | null;
  /** The first six digits of the card given for the card-brand campaign, if any. */
  bin: string | null;
}

/** POST login/{id} body. */
export interface LoginBody {
  _username: string;
  _password: string;
  _recaptcha?: string;
  _bin?: string;
}

export interface LoginResult {
  access_token: string;
  pessoa: SessaoPessoa;
}

/**
 * The registration entity (spec §3) as stored: what GET pessoa/cadastro/dados answers and POST
 * pessoa/cadastro/dados / BasePessoaClass.setPessoa take (passwords and the e-mail repeat are
 * only for sign-up). Dates are `YYYY-MM-DD`; absent values are empty strings on input, null on
 * output.
 */
export interface Cadastro {
  nome: string;
  sobrenome: string;
  email: string;
  celular: string | null;
  telefone: string | null;
  celularComCodigoPais: string | null;
  telefoneComCodigoPais: string | null;
  cpf: string | null;
  passaporte: string | null;
  nacionalidade: string | null;
  dt_nascimento: string | null;
  empresa_cnpj: string | null;
  empresa_razao: string | null;
  empresa_fantasia: string | null;
  empresa_obs: string | null;
  end_cep: string | null;
  end_pais: string | null;
  end_estado: string | null;
  end_cidade: string | null;
  end_bairro: string | null;
  end_numero: string | null;
  end_logradouro: string | null;
  end_complemento: string | null;
  bin: string | null;
  idioma: Locale | null;
  idpessoa_tipo: number;
  /** The e-mail was confirmed through the mailed link. */
  email_confirmado: boolean;
  /** False for accounts made through an identity provider (no password to change). */
  tem_senha: boolean;
  /**
   * The terms of use in force are accepted. False after a first login through an identity
   * provider, or when a new version was published since: the storefront shows the term.
   */
  termos: boolean;
}

/** GET pessoa/cadastro/dados result: the registration and the session view. */
export interface CadastroResult {
  cadastro: Cadastro;
  pessoa: SessaoPessoa;
}

/** POST cadastro/{loginId} result: signed up and logged in (agencies: awaiting approval). */
export interface CadastroCriadoResult extends LoginResult {
  mensagem: string;
  /** True for an agency: it cannot buy until an operator approves it. */
  aguardando_aprovacao: boolean;
}

/** A message-only success (profile saved, password changed, e-mail confirmed). */
export interface MensagemResult {
  mensagem: string;
}

/** POST pessoa/cadastro/recuperar/senha and recuperar/nova result. */
export interface RecuperarSenhaResult {
  sucesso: boolean;
  msg_sucesso: string;
}

/** POST pessoa/cadastro/trocar/senha body (spec §7 names). */
export interface TrocarSenhaBody {
  oldpassword: string;
  password: string;
  password2?: string;
}

/** POST pessoa/cadastro/recuperar/senha body (spec §7 names). */
export interface RecuperarSenhaBody {
  username: string;
  hashcaptcha?: string;
}

/** POST pessoa/cadastro/recuperar/nova body: the mailed token and the new password. */
export interface NovaSenhaBody {
  token: string;
  password: string;
  password2?: string;
}

/** CustomUserApps/ValidaEmail and SuperIngressoWeb.validaemail result. */
export interface ValidaEmailResult {
  /** True when no account of the brand uses the e-mail. */
  disponivel: boolean;
  mensagem?: string;
}

/**
 * POST CustomUserApps/Contato body: the contact form's fields (spec §3 "Contact form";
 * schemas/forms/contact.schema.json) as they are, plus the fields of the brand's override.
 */
export interface ContatoBody {
  email: string;
  nome: string;
  assunto: string;
  mensagem: string;
  /** The captcha's token, when the brand's `captcha.contact` is on. */
  _recaptcha?: string;
  [brandField: string]: unknown;
}

/** POST CustomUserApps/Contato result: the message was stored and mailed. */
export interface ContatoResult {
  /** The message's number, also in both mails. */
  protocolo: number;
  /** 'Mensagem enviada! Protocolo {protocolo}. …' in the request's language. */
  mensagem: string;
}

/**
 * The version of the newsletter's consent text (`form.field.newsletterConsent` in locales/):
 * a sign-up sends the version it showed and the server stores it, with the text, the time and
 * the address (LGPD art. 8). Change the text only with a new version (a unit test holds the
 * texts of this version).
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11-25';

/**
 * POST CustomUserApps/Newsletter body (spec §7 names the call, not its payload). One call, three
 * actions, told apart by `acao`:
 * - sign-up (`acao` absent or `'inscrever'`): the newsletter form's fields
 *   (schemas/forms/newsletter.schema.json: `email`, `consentimento: true`) and `versao`, the
 *   {@link NEWSLETTER_CONSENT_VERSION} of the consent text shown. Double opt-in: the answer only
 *   says a confirmation mail was sent; nothing else is mailed before it is confirmed.
 * - `'confirmar'` with the confirmation mail's `token`: confirms (once; a second time answers
 *   `ja_confirmado`).
 * - `'cancelar'` with the `token` of a newsletter mail's unsubscribe link: unsubscribes, no
 *   login needed; again is no error.
 */
export type NewsletterBody =
  | { acao?: 'inscrever'; email: string; consentimento: boolean; versao: string }
  | { acao: 'confirmar' | 'cancelar'; token: string };

/** POST CustomUserApps/Newsletter result. */
export interface NewsletterResult {
  /** What happened, in the request's language ('Enviamos um e-mail para …'). */
  mensagem: string;
  /** `confirmar` only: the link had been used already (nothing new happened). */
  ja_confirmado?: boolean;
}

/** A term (spec §3 "Term"): one version of one type of the brand's terms. */
export interface Termo {
  idtermo: number;
  idtipo_termo: number;
  /** The term's title. */
  dsctermo: string;
  /** Sanitised HTML. */
  termo: string;
  /** The version (publication date, YYYY-MM-DD). */
  versao: string;
}

/** The JSON in the message of error 21001: the term to accept before the login goes on. */
export interface TermoPendente {
  message: string;
  termo: Termo;
  /** Single-use ticket that lets {@link RpcContract} BasePessoaClass.aceiteTermo record the acceptance before there is a session. */
  aceite: string;
}

/** GET tickets/cart?status=&page=&results_per_page=&fetch_items=true */
export interface TicketsCartResult {
  tickets: (Movimentacao & { itens: CarrinhoItem[] })[];
  total_pages: number;
  page_summary: { page: number; results_per_page: number; total: number };
}

// ---------------------------------------------------------------------------------------------
// Scheduled slots of paid tickets (spec §7 CustomUserApps/InsereRioBoi, /DiasCompra,
// /ConsultaRioBoi; the spec shows no payloads, these are ours). A product the catalogue marks
// with `agendamento` (a guided trail, a stadium tour) is bought as any other; each of its paid
// tickets then books one slot (a day and a time) with a free place. Every body is validated by
// schemas/rest/CustomUserApps.<call>.body.schema.json; server/trail/README.md has the rules.

/** A slot: a day and a start time in America/Sao_Paulo. */
export interface AgendamentoHorario {
  /** `YYYY-MM-DD` */
  dia: string;
  /** `HH:MM` */
  hora: string;
}

/**
 * POST CustomUserApps/DiasCompra body: the days a paid ticket (`iditem`, a unit of the session's
 * person) may book; with `dia`, that day's times as well.
 */
export interface DiasCompraBody {
  iditem: number;
  /** `YYYY-MM-DD`: also answer this day's times. */
  dia?: string;
}

/** A day of {@link DiasCompraResult.dias}. */
export interface DiaVagas {
  /** `YYYY-MM-DD` */
  dia: string;
  /** Free places in the day's slots that may still be booked, together. */
  vagas: number;
}

/** A time of {@link DiasCompraResult.horarios}. */
export interface HorarioVagas {
  /** `HH:MM` */
  hora: string;
  /** Free places in this slot. */
  vagas: number;
}

/** POST CustomUserApps/DiasCompra result. */
export interface DiasCompraResult {
  iditem: number;
  /** The activity (catalogue `agendamento.nome`) in the request's language. */
  atividade: string;
  /**
   * Days from today to the brand's horizon with at least one slot that has a free place and may
   * still be booked, in order. The slot the ticket holds is not offered again.
   */
  dias: DiaVagas[];
  /** With `dia` in the body: that day's slots with a free place that may be booked ([] none). */
  horarios?: HorarioVagas[];
}

/** POST CustomUserApps/InsereRioBoi body: books a paid ticket's slot, or moves its booking. */
export interface InsereRioBoiBody {
  iditem: number;
  /** `YYYY-MM-DD` */
  dia: string;
  /** `HH:MM` */
  hora: string;
}

/** One ticket's booking: what InsereRioBoi answers, and each entry of ConsultaRioBoi. */
export interface AgendamentoIngresso {
  iditem: number;
  idmovimentacao: number;
  /** The activity (catalogue `agendamento.nome`) and where it starts ('' none), localized. */
  atividade: string;
  local: string;
  /** The slot booked, or null while the ticket has none. */
  agendamento: AgendamentoHorario | null;
  /**
   * Whether InsereRioBoi may be called for this ticket now: to book (no slot yet, the ticket
   * paid) or to move the booking (before the brand's cut-off; never when bookings are final).
   */
  alteravel: boolean;
  /** Until when the booking may be moved (Sao Paulo `YYYY-MM-DD HH:MM`); null: none, or final. */
  alteravel_ate: string | null;
}

/** POST CustomUserApps/InsereRioBoi result: the booking as it stands now. */
export type InsereRioBoiResult = AgendamentoIngresso;

/** POST CustomUserApps/ConsultaRioBoi body: the bookings of an order, or of one ticket. */
export type ConsultaRioBoiBody = { idmovimentacao: number } | { iditem: number };

/**
 * POST CustomUserApps/ConsultaRioBoi result: each ticket of the session's person that needs a
 * slot and is paid (or its cancellation pending), with its booking, in unit order.
 */
export interface ConsultaRioBoiResult {
  agendamentos: AgendamentoIngresso[];
}

// ---------------------------------------------------------------------------------------------
// The RPC table: class → method → [params tuple, result]. The params are written once, in
// schemas/rpc/<Class>.<method>.params.schema.json; their types come from there
// (rpc/params.generated.ts, `npm run schemas:types`). The results are written here.

/** The result of each RPC method, class by class. */
export interface RpcResults {
  SuperIngresso: {
    getEventos: Evento[];
    getApresentacoes: GetApresentacoesResult;
    getApresentacao: Apresentacao;
    getApresentacoesHorarios: ApresentacaoResumo[];
    /** `idbloco`: the products of one block (events with blocks); absent: of all blocks. */
    getProdutos: GetProdutosResult;
    /** `blocos`: `[]` for an event without blocks; `[idbloco]` (exactly one) for one with. */
    iniciarReserva: IniciarReservaResult;
    getCarrinhoPage: GetCarrinhoPageResult;
    getCarrinhoPageItens: GetCarrinhoPageItensResult;
    removeProdutoCarrinho: GetCarrinhoPageResult;
    prorrogarReserva: ProrrogarReservaResult;
    /** Applies a coupon to the open cart, or removes it with ''; answers the cart. */
    aplicarCupom: GetCarrinhoPageItensResult;
    /** Ours: takes (true) or declines (false) the refundable-ticket option; answers the cart. */
    escolherGarantia: GetCarrinhoPageItensResult;
    cancelarReserva: CancelarReservaResult;
    getGatewayPagamento: GetGatewayPagamentoResult;
    /** `cartao`: the card token for the card's idformapag; null for a bank slip or Pix. */
    iniciarPagamento: IniciarPagamentoResult;
    /** Cancels the order's unpaid bank slip: back to the cart while the hold lasts, else released. */
    cancelarBoleto: CancelarBoletoResult;
    /**
     * Cancels paid tickets (`itens`: their iditem) of the person's paid order, as the brand's
     * rules allow: their refund is asked of the gateway; answers `{ aguarde }` at once.
     */
    cancelaCompra: CancelaCompraResult;
    concluirPagamento: ConcluirPagamentoResult;
    /** Binds a holder to a unit of the person's open cart (same as SuperIngressoWeb.elevenWallet). */
    portadorSetItem: PortadorItemResult;
    /**
     * The paid tickets as a PDF: `[idmovimentacao]` every printable ticket of the order,
     * `[idmovimentacaoitem, 'item']` the ticket of one unit. Answers where to download it; a
     * cancelled or unpaid order answers an error (code 0).
     */
    getImpressao: ImpressaoResult;
    /**
     * Swaps a partner's voucher (16 digits) for its tickets into the person's (`idpessoa`, the
     * session's) orders, once. An open-dated voucher without `idapresentacao` answers the
     * sessions to pick from (nothing swapped). Refusals (code 0): malformed or unknown, already
     * used (with when), sold out (the voucher stays unused).
     */
    iniciarTrocaVoucher: IniciarTrocaVoucherResult;
  };
  SuperIngressoWeb: {
    getCarrinhoQtdReservados: { qtd: number };
    validaemail: ValidaEmailResult;
    /** Binds a holder to a unit of the person's open cart: an alias of portadorSetItem. */
    elevenWallet: PortadorItemResult;
    /** Unbinds the holder of a unit of the person's open cart. */
    removeElevenWallet: PortadorItemResult;
    /**
     * The wallet passes of a paid ticket of the session's person. `ticketToken` is the ticket's
     * code as My orders shows it (`codigo`) or its signed code (the QR's): a code the ticket no
     * longer has (a new holder re-issued it) is refused, as are unpaid, cancelled and other
     * people's tickets.
     */
    imprimirWallet: WalletPassResult;
    /** Ours: the buyer and the holders the person bound before, to fill a ticket in one tap. */
    getPortadoresSalvos: GetPortadoresSalvosResult;
  };
  BasePessoaClass: {
    setPessoa: MensagemResult & { pessoa: SessaoPessoa };
    aceiteTermo: { aceito: true };
  };
  BasePessoaEnderecoEntregaClass: {
    /** The buyer's delivery addresses, with the carrier's fee and days for each. */
    getEnderecosEntrega: GetEnderecosEntregaResult;
    /**
     * Sets the delivery address (and fee) of the person's open cart (RE), which must hold a
     * product that needs delivery; answers the cart.
     */
    setEnderecoEntrega: GetCarrinhoPageItensResult;
  };
  BaseTermoClass: {
    get: Termo[];
    getTermoCorrente: Termo;
  };
}

/** `T`, which must be one of the cases `U` allows. */
type Within<T extends U, U> = T;

/**
 * Params whose schema bounds only an object's size and leaves its fields to a form's schema, which
 * the server checks them with (schemas/forms/): typed as the form's fields, each still within the
 * schema's tuple.
 */
interface FormCheckedParams {
  BasePessoaClass: {
    setPessoa: Within<[dados: Partial<Cadastro>], RpcParamsTable['BasePessoaClass']['setPessoa']>;
  };
  BasePessoaEnderecoEntregaClass: {
    setEnderecoEntrega: Within<
      [idmovimentacao: number, endereco: EnderecoEntregaEscolha],
      RpcParamsTable['BasePessoaEnderecoEntregaClass']['setEnderecoEntrega']
    >;
  };
  SuperIngresso: {
    portadorSetItem: Within<
      [iditem: number, portador: PortadorDados],
      RpcParamsTable['SuperIngresso']['portadorSetItem']
    >;
  };
  SuperIngressoWeb: {
    elevenWallet: Within<
      [idmovimentacaoitem: number, portador: PortadorDados],
      RpcParamsTable['SuperIngressoWeb']['elevenWallet']
    >;
  };
}

type ParamsOf<C extends keyof RpcParamsTable, M> = C extends keyof FormCheckedParams
  ? M extends keyof FormCheckedParams[C]
    ? FormCheckedParams[C][M]
    : RpcParamsTable[C][M & keyof RpcParamsTable[C]]
  : RpcParamsTable[C][M & keyof RpcParamsTable[C]];

/** class → method → [params tuple, result]. */
export type RpcContract = {
  [C in keyof RpcResults]: { [M in keyof RpcResults[C]]: [ParamsOf<C, M>, RpcResults[C][M]] };
};

export type RpcClass = keyof RpcContract;
export type RpcMethod<C extends RpcClass> = keyof RpcContract[C] & string;
export type RpcParams<C extends RpcClass, M extends RpcMethod<C>> = RpcContract[C][M] extends [
  infer P,
  unknown,
]
  ? P
  : never;
export type RpcResult<C extends RpcClass, M extends RpcMethod<C>> = RpcContract[C][M] extends [
  unknown,
  infer R,
]
  ? R
  : never;

/** REST paths (relative to the API base URL). */
export const RestPath = {
  configs: 'CustomUserApps/Configs',
  logins: 'logins',
  login: (id: number) => `login/${id}`,
  logout: 'logout',
  cadastro: (loginId: number) => `cadastro/${loginId}`,
  dados: 'pessoa/cadastro/dados',
  termo: 'pessoa/cadastro/termo',
  trocarSenha: 'pessoa/cadastro/trocar/senha',
  recuperarSenha: 'pessoa/cadastro/recuperar/senha',
  novaSenha: 'pessoa/cadastro/recuperar/nova',
  confirmarEmail: 'pessoa/cadastro/confirmar/email',
  validaEmail: 'CustomUserApps/ValidaEmail',
  /** Scheduled slots of paid tickets: days and times, booking, bookings (ours: see above). */
  diasCompra: 'CustomUserApps/DiasCompra',
  insereRioBoi: 'CustomUserApps/InsereRioBoi',
  consultaRioBoi: 'CustomUserApps/ConsultaRioBoi',
  contato: 'CustomUserApps/Contato',
  newsletter: 'CustomUserApps/Newsletter',
  ticketsCart: 'tickets/cart',
  rpc: 'router.php',
  /** GET: the tickets PDF (see {@link ImpressaoResult.url}). */
  impressao: (idmovimentacao: number) => `tickets/impressao/${idmovimentacao}.pdf`,
  captchaChallenge: 'captcha/challenge',
  /** Address lookups (spec §7), served from bundled data; see the section at the end. */
  paises: 'BuscaEnderecos/paises',
  estados: (pais: string) => `BuscaEnderecos/estados/${encodeURIComponent(pais)}`,
  cidades: (estado: string | number) => `BuscaEnderecos/cidades/${encodeURIComponent(estado)}`,
  cep: (cep: string) => `ws/${encodeURIComponent(cep)}/json/`,
  /** The brand's content (spec §7): pages and pop-ups, one of them, the FAQ. */
  conteudos: 'cms/conteudos',
  conteudo: (id: string) => `cms/conteudo/${encodeURIComponent(id)}`,
  faq: 'SAC/perguntas-frequentes',
  /** The carrier's answer for an address: body the address form's fields. */
  transportadoraValida: 'TransportadoraValidaEnderecoEntrega/',
} as const;

// ---------------------------------------------------------------------------------------------
// The brand's content (brands/<id>/content/: pages, FAQ, pop-ups as Markdown with front matter).

/** The sections of the site that list content pages (routes Informacoes and Politicas). */
export const CONTENT_SECTIONS = ['informacoes', 'politicas'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** A page or pop-up of `GET cms/conteudos`, in the request's language. */
export interface ConteudoResumo {
  id: string;
  tipo: 'pagina' | 'popup';
  titulo: string;
  /** Pages: the sections listing it; pop-ups: none. */
  secoes: ContentSection[];
  /** Pages: the URL segment in each language (the language switch keeps the page). */
  slugs: Record<Locale, string> | null;
  /** Pop-ups: the site path where it shows once. */
  link: string | null;
}

/** `GET cms/conteudo/{id}`: the text as sanitised HTML. */
export interface Conteudo extends ConteudoResumo {
  /** One sentence for search engines (pages). */
  descricao: string;
  html: string;
  /** Pages: the date of the last change (YYYY-MM-DD). */
  atualizado: string | null;
}

/** `GET SAC/perguntas-frequentes`: questions by category, answers as sanitised HTML. */
export interface Faq {
  titulo: string;
  descricao: string;
  atualizado: string;
  categorias: Array<{ titulo: string; perguntas: Array<{ pergunta: string; resposta: string }> }>;
}

/** The FAQ's URL segment under Informacoes in each language. */
export const FAQ_SLUGS: Record<Locale, string> = {
  'pt-BR': 'perguntas-frequentes',
  'es-ES': 'preguntas-frecuentes',
  'en-US': 'faq',
};

// ---------------------------------------------------------------------------------------------
// Address lookups (spec §7 "External lookups"): GET BuscaEnderecos/paises, estados/{pais},
// cidades/{estado} and ws/{cep}/json/, each with `lang`. Every answer is an {@link Envelope}.

/** A country of `GET BuscaEnderecos/paises`: ISO 3166-1 alpha-2 code, name in the request's language. */
export interface EnderecoPais {
  sigla: string;
  nome: string;
}

/** A state of `GET BuscaEnderecos/estados/{pais}` (Brazil: the 27 UFs with their IBGE codes). */
export interface EnderecoEstado {
  sigla: string;
  nome: string;
  /** IBGE code of the state (two digits, e.g. 35 for SP). */
  ibge: number;
}

/** A municipality of `GET BuscaEnderecos/cidades/{estado}`. */
export interface EnderecoCidade {
  nome: string;
  /** IBGE code of the municipality (seven digits, e.g. 3550308 for São Paulo). */
  ibge: number;
}

/** An address of `GET ws/{cep}/json/`, in ViaCEP's shape (every field a string). */
export interface CepEndereco {
  /** `01310-100`. */
  cep: string;
  logradouro: string;
  complemento: string;
  unidade: string;
  bairro: string;
  /** The municipality. */
  localidade: string;
  uf: string;
  estado: string;
  regiao: string;
  /** IBGE code of the municipality, seven digits. */
  ibge: string;
  gia: string;
  ddd: string;
  siafi: string;
}

/** The result of `GET ws/{cep}/json/`: the address, or `{ erro: true }` for an unknown CEP. */
export type CepResult = CepEndereco | { erro: true };
