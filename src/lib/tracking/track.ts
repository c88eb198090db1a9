/**
 * The one tracking module: every page view and e-commerce event of the storefront goes through
 * here, and nothing goes anywhere without the visitor's consent (./consent.ts). Without a choice
 * allowing analytics or marketing, each call returns at once: no script is loaded, nothing is
 * queued, nothing is sent. With one, the trackers' code (./trackers.ts, its own chunk) loads and
 * hands each event to the brand's trackers as the choice allows.
 *
 * Callers: the shell (the start, {@link startTracking}, and the page views: it loads this module
 * only once a choice allows tracking), the event page
 * (view_item, add_to_cart), the checkout (begin_checkout, remove_from_cart, add_payment_info),
 * and the payment machine's success, through the app's `paymentSucceeded` action (purchase).
 */
import type {
  CarrinhoItem,
  Evento,
  FormaPagamento,
  GetCarrinhoPageItensResult,
  Produto,
} from '#schemas/contract.ts';
import { type AnalyticsIds, hasTrackers } from '#schemas/trackers.ts';
import { getCurrentLocale } from '../locale';
import { type ConsentChoice, getConsent, subscribeConsent } from './consent';
import type { TrackEvent } from './events';

type Trackers = typeof import('./trackers');
/** Makes the event from what the page gave (./events.ts, loaded with the trackers). */
type Build = (events: Trackers['events']) => TrackEvent;

/** The brand's trackers once the shell started tracking; null: none (nothing is ever sent). */
let ids: AnalyticsIds | null = null;
let trackers: Promise<Trackers> | null = null;
const loadTrackers = () => {
  trackers ??= import('./trackers');
  return trackers;
};

/** The choice, when it allows a tracker of this brand something. */
function allowed(): ConsentChoice | null {
  const c = getConsent();
  return ids && c && (c.analytics || c.marketing) ? c : null;
}

function send(build: Build): void {
  const consent = allowed();
  const brandIds = ids;
  if (!consent || !brandIds) return;
  void loadTrackers().then((t) => t.send(brandIds, build(t.events), consent));
}

/**
 * Starts tracking for a brand (the shell, once a choice allows it): applies the stored choice
 * and every later one (the banner, the footer's preferences, another tab). A brand without
 * trackers starts nothing. Returns the stop.
 */
export function startTracking(analytics: AnalyticsIds): () => void {
  if (!hasTrackers(analytics)) return () => {};
  ids = analytics;
  let told = false;
  const apply = () => {
    const consent = getConsent();
    // Nothing allowed and nothing started: the trackers' code is not even downloaded.
    if (!consent || (!consent.analytics && !consent.marketing && !told)) return;
    told = true;
    void loadTrackers().then((t) => t.applyConsent(analytics, consent));
  };
  apply();
  const unsubscribe = subscribeConsent(apply);
  return () => {
    unsubscribe();
    ids = null;
  };
}

/** Where a page view was: the address's parts and the page's title. */
export interface PageSeen {
  origin: string;
  pathname: string;
  search: string;
  title: string;
}

/** page_view of a page (the shell calls it for each new path: see its timing there). */
export function trackPageView(page: PageSeen): void {
  if (!allowed()) return;
  const language = getCurrentLocale();
  send((e) => ({ name: 'page_view', params: e.pageViewParams(page, page.title, language) }));
}

/** view_item: an attraction's page is shown. */
export function trackViewItem(evento: Pick<Evento, 'idevento' | 'dscevento' | 'a_partir_de'>) {
  send((e) => ({ name: 'view_item', params: e.viewItemParams(evento) }));
}

/** add_to_cart: tickets were held (or kept in a guest's local cart). */
export function trackAddToCart(
  evento: Pick<Evento, 'idevento' | 'dscevento'>,
  produtos: readonly Pick<Produto, 'idproduto' | 'dscproduto' | 'preco_ctaxa'>[],
  selection: readonly { idproduto: number; qtd: number }[],
): void {
  if (selection.length === 0) return;
  send((e) => ({ name: 'add_to_cart', params: e.selectionParams(evento, produtos, selection) }));
}

/** remove_from_cart: units taken out of the held order. */
export function trackRemoveFromCart(itens: readonly CarrinhoItem[]): void {
  if (itens.length > 0) send((e) => ({ name: 'remove_from_cart', params: e.removedParams(itens) }));
}

/**
 * The order the checkout shows, kept (consent or not) for its payment and purchase events;
 * begin_checkout once per order and visit, as soon as consent allows it.
 */
let order: GetCarrinhoPageItensResult | null = null;
const checkoutsBegun = new Set<number>();

/** The checkout shows an order (called with each new answer about it). */
export function trackCheckout(cart: GetCarrinhoPageItensResult): void {
  order = cart;
  const id = cart.movimentacao.idmovimentacao;
  if (checkoutsBegun.has(id) || cart.itens.length === 0 || !allowed()) return;
  checkoutsBegun.add(id);
  send((e) => ({ name: 'begin_checkout', params: e.orderParams(cart) }));
}

const orderOf = (idmovimentacao: number) =>
  order?.movimentacao.idmovimentacao === idmovimentacao ? order : null;

const paymentInfoSent = new Set<string>();

/** add_payment_info: the person pays the order this way (once per order and way, a retry is not). */
export function trackPaymentInfo(idmovimentacao: number, forma: FormaPagamento): void {
  const cart = orderOf(idmovimentacao);
  const key = `${idmovimentacao}:${forma}`;
  if (!cart || paymentInfoSent.has(key) || !allowed()) return;
  paymentInfoSent.add(key);
  send((e) => ({ name: 'add_payment_info', params: e.paymentInfoParams(cart, forma) }));
}

/**
 * purchase: the order was paid (the payment machine's success). Reported once per order, in
 * this browser, even across reloads and tabs (./trackers.ts remembers the locators sent).
 */
export function trackPurchase(idmovimentacao: number): void {
  const cart = orderOf(idmovimentacao);
  if (cart) send((e) => ({ name: 'purchase', params: e.purchaseParams(cart) }));
}
