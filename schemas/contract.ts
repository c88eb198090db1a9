/**
 * The one contract between storefront and server (spec §7).
 *
 * Every RPC call posts `POST router.php?method=<m>&class=<c>` with body
 * `{ class, method, params: [...positional] }`; every REST and RPC response body is an
 * {@link Envelope}. The params of each RPC method are also described as JSON Schema in
 * `schemas/rpc/<Class>.<method>.params.schema.json`; the server validates with those, and
 * `schemas/rpc-contract.test.ts` keeps the schemas and these types in step.
 *
 * Money is a number of reais (BRL, two decimals). Timestamps are strings in
 * America/Sao_Paulo local time, `YYYY-MM-DD HH:MM:SS` (dates `YYYY-MM-DD`, times `HH:MM`).
 */

/** Locales the product speaks. The URL prefix is the first two letters. */
export const LOCALES = ['pt-BR', 'es-ES', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
/** A text in every locale. */
export type Localized = Record<Locale, string>;

/** The `lang` query parameter every request carries: the locale in underscore form. */
export const langParam = (locale: Locale): string => locale.replace('-', '_');

// ---------------------------------------------------------------------------------------------
// Envelope and errors (spec §8)

export interface ApiErrorBody {
  code: number;
  message: string;
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
  /** Show the message and reject. */
  Rejected: 13087,
} as const;

/** Message ids (in locales/) of the errors the server produces. */
export const ServerMessage = {
  ticketsUnavailable: 'error.ticketsUnavailable', // 'Ingressos indisponíveis!'
  purchaseLimit: 'error.purchaseLimit', // 'Limite de compra atingido'
  agencyMinimum: 'error.agencyMinimum', // 'Limite mínimo de compra de 10 itens'
  wrongCredentials: 'error.wrongCredentials', // 'Usuário ou senha incorreta'
  sessionInvalid: 'error.sessionInvalid',
  badParams: 'error.badParams',
  unknownMethod: 'error.unknownMethod',
  notFound: 'error.notFound', // 'Página não encontrada'
  cartNotFound: 'error.cartNotFound',
  reservationExpired: 'error.reservationExpired',
  gatewayError: 'error.gateway', // 'Erro no gateway'
  paymentDeclined: 'error.paymentDeclined',
  cardBrandNotAccepted: 'error.cardBrandNotAccepted',
  paymentPending: 'payment.pendingMessage',
  paymentApproved: 'payment.approvedMessage',
  paymentNotApproved: 'error.paymentNotApproved',
  internal: 'error.internal',
} as const;
export type ServerMessageId = (typeof ServerMessage)[keyof typeof ServerMessage];

// ---------------------------------------------------------------------------------------------
// Brand configuration (POST CustomUserApps/Configs, also inlined in index.html)

export interface BrandTheme {
  colors: { primary: string; secondary: string; tertiary: string; quaternary: string };
  /** CSS font-family stacks; fonts are local/system (nothing is downloaded at run time). */
  font: { heading: string; body: string };
}

export interface BrandConfig {
  id: string;
  /** Application version; a change clears client caches (spec §4). */
  version: string;
  title: Localized;
  description: Localized;
  keywords: Localized;
  /** URL path of the favicon, served by the server from the brand's assets. */
  favicon: string;
  logos: { header: string; footer: string; alt: Localized };
  theme: BrandTheme;
  multiLanguage: boolean;
  locales: Locale[];
  defaultLocale: Locale;
  captcha: {
    login: boolean;
    register: boolean;
    contact: boolean;
    payment: boolean;
    siteKey: string;
  };
  analytics: { googleAnalyticsId: string; googleTagManagerId: string; metaPixelId: string };
  regrasDoNegocio: { idagencia: number; idagenciaaguardando: number; idLoginSI: number };
  carrinhoLocal: boolean;
  editarEndereco: boolean;
  editarEnderecoCadastro: boolean;
  support: {
    email: string;
    phone: string;
    whatsapp: string;
    chat: boolean;
    hours: Localized;
  };
}

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
}

export interface TipoProduto {
  idtipo: number;
  dsctipo: string;
  produtos: Produto[];
}

export interface GetProdutosResult {
  idapresentacao: number;
  tipo_produtos: TipoProduto[];
}

// ---------------------------------------------------------------------------------------------
// Cart and orders

export type StatusMovimentacao = 'RE' | 'AP' | 'TP' | 'EX' | 'PA' | 'CA';

/** One unit held or sold: the cart keeps one item per ticket so a holder can be bound to each. */
export interface CarrinhoItem {
  iditem: number;
  idproduto: number;
  idapresentacao: number;
  idevento: number;
  dscevento: string;
  dt_apre: string;
  dthr_apresentacao: string;
  dscapre: string;
  dscproduto: string;
  dsctipo: string;
  status: StatusMovimentacao;
  valor: number;
  taxa: number;
  total: number;
  dthr_exp: string;
  count_exp: number;
  /** Present on paid items: the ticket code. */
  codigo?: string;
}

export interface CarrinhoResumo {
  qtd: number;
  subtotal: number;
  valor_taxa: number;
  valor_cupom: number;
  valor: number;
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
  total: number;
}

/** SuperIngresso.getCarrinhoPage → the open cart, or null when there is none. */
export type GetCarrinhoPageResult = Movimentacao | null;

export interface GetCarrinhoPageItensResult {
  movimentacao: Movimentacao;
  itens: CarrinhoItem[];
  resumo: CarrinhoResumo;
}

/** iniciarReserva params[0]: the products to hold in one session. */
export interface ReservaProduto {
  idproduto: number;
  qtd: number;
}

export interface IniciarReservaResult {
  idmovimentacao: number;
  dthr_exp: string;
  count_exp: number;
  qtd: number;
}

export interface CancelarReservaResult {
  idmovimentacao: number;
  status: StatusMovimentacao;
}

// ---------------------------------------------------------------------------------------------
// Payment (spec §3 "Payment gateway")

export interface GatewayPagamento {
  nome: string;
  /** Public key of the gateway account, handed to the tokenizer. */
  id_criptografado: string;
  idformapag: number;
  parcelas: { parcela: number; valor: number }[];
  bandeiras_aceitas: string[];
  ambiente: 'dev' | 'sandbox' | 'live';
  /** Scripts the browser loads to tokenize the card (the gateway's own). */
  files_include: string[];
}

/** iniciarPagamento params[3]: what the tokenizer gave; card data itself never reaches us. */
export interface CartaoToken {
  token: string;
  bandeira: string;
  ultimos_digitos: string;
}

/** iniciarPagamento params[4]. */
export interface PagamentoOpcoes {
  parcelas: number;
  /** One key per payment attempt; a repeated call with the same key returns the same result. */
  idempotencyKey: string;
  captcha?: string;
}

export interface IniciarPagamentoResult {
  idpagamento: number;
  status: 'approved' | 'declined' | 'pending';
  /** Localized message for declined/pending. */
  mensagem: string;
}

export interface ConcluirPagamentoResult {
  idmovimentacao: number;
  status: StatusMovimentacao;
  ingressos: { iditem: number; codigo: string }[];
}

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
// Accounts (demo accounts now; full accounts in a later issue)

export interface LoginProvider {
  id: number;
  nome: string;
  /** 'local': e-mail and password posted to login/{id}; others redirect to a provider. */
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

/** GET tickets/cart?status=&page=&results_per_page=&fetch_items=true */
export interface TicketsCartResult {
  tickets: (Movimentacao & { itens: CarrinhoItem[] })[];
  total_pages: number;
  page_summary: { page: number; results_per_page: number; total: number };
}

// ---------------------------------------------------------------------------------------------
// The RPC table: class → method → [params tuple, result]

export interface RpcContract {
  SuperIngresso: {
    getEventos: [[], Evento[]];
    getApresentacoes: [[idevento: number], GetApresentacoesResult];
    getApresentacao: [[idapresentacao: number], Apresentacao];
    getApresentacoesHorarios: [[idevento: number, data: string], ApresentacaoResumo[]];
    getProdutos: [[idapresentacao: number], GetProdutosResult];
    iniciarReserva: [
      [produtos: ReservaProduto[], idapresentacao: number, blocos: number[]],
      IniciarReservaResult,
    ];
    getCarrinhoPage: [[], GetCarrinhoPageResult];
    getCarrinhoPageItens: [
      [idmovimentacao: number, filtro: null, opcoes: { api: boolean }],
      GetCarrinhoPageItensResult,
    ];
    removeProdutoCarrinho: [
      [idmovimentacao: number, itens: number[], a: boolean, b: boolean],
      GetCarrinhoPageResult,
    ];
    cancelarReserva: [
      [idmovimentacao: number, itens: null, a: boolean, b: boolean],
      CancelarReservaResult,
    ];
    getGatewayPagamento: [[idmovimentacao: number], GatewayPagamento];
    iniciarPagamento: [
      [
        idmovimentacao: number,
        idformapag: number,
        returnUrl: string,
        cartao: CartaoToken,
        opcoes: PagamentoOpcoes,
      ],
      IniciarPagamentoResult,
    ];
    concluirPagamento: [[{ idmovimentacao: number }], ConcluirPagamentoResult];
  };
  SuperIngressoWeb: {
    getCarrinhoQtdReservados: [[], { qtd: number }];
  };
}

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
  ticketsCart: 'tickets/cart',
  rpc: 'router.php',
} as const;
