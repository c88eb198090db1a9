/**
 * The storefront's tracking events in GA4's documented names and parameters (Google Analytics
 * "Measure ecommerce": view_item, add_to_cart, remove_from_cart, begin_checkout,
 * add_payment_info, purchase; and page_view). Pure: built from what the pages already have.
 *
 * An item is an attraction (the event: `item_id` its id, `item_name` its name) in one ticket
 * type (`item_variant`: full price, half price…), so the reports group the sales by attraction.
 * Prices are per ticket with the booking fee, after discounts (`discount`: what came off each);
 * `value` is what the tickets cost, or for an order what it costs in all (delivery and the
 * refundable-ticket option included, card interest not), always in reais.
 */
import type {
  CarrinhoItem,
  Evento,
  FormaPagamento,
  GetCarrinhoPageItensResult,
  Locale,
  Produto,
} from '#schemas/contract.ts';

export const CURRENCY = 'BRL';

/** GA4's item. */
export interface TrackItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
  discount?: number;
  coupon?: string;
}

export interface EcommerceParams {
  currency: typeof CURRENCY;
  value: number;
  items: TrackItem[];
  /** purchase: the order's locator. */
  transaction_id?: string;
  coupon?: string;
  shipping?: number;
  /** add_payment_info: `credit_card`, `boleto` or `pix`. */
  payment_type?: string;
}

export interface PageViewParams {
  page_location: string;
  page_title: string;
  language: Locale;
}

export type EcommerceEventName =
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'add_payment_info'
  | 'purchase';

export type TrackEvent =
  | { name: 'page_view'; params: PageViewParams }
  | { name: EcommerceEventName; params: EcommerceParams };

/** Reais to the cent (no 0.1 + 0.2 in a report). */
export const money = (n: number): number => Math.round(n * 100) / 100;

const totalOf = (items: TrackItem[]) =>
  money(items.reduce((sum, i) => sum + i.price * i.quantity, 0));

/** view_item: an attraction's page, priced from its lowest ticket. */
export function viewItemParams(evento: Pick<Evento, 'idevento' | 'dscevento' | 'a_partir_de'>) {
  const items: TrackItem[] = [
    {
      item_id: String(evento.idevento),
      item_name: evento.dscevento,
      price: money(evento.a_partir_de ?? 0),
      quantity: 1,
    },
  ];
  return { currency: CURRENCY, value: totalOf(items), items } satisfies EcommerceParams;
}

/** add_to_cart: the tickets chosen on an attraction's page (units per product). */
export function selectionParams(
  evento: Pick<Evento, 'idevento' | 'dscevento'>,
  produtos: readonly Pick<Produto, 'idproduto' | 'dscproduto' | 'preco_ctaxa'>[],
  selection: readonly { idproduto: number; qtd: number }[],
): EcommerceParams {
  const items = selection.flatMap(({ idproduto, qtd }): TrackItem[] => {
    const p = produtos.find((x) => x.idproduto === idproduto);
    if (!p || qtd <= 0) return [];
    return [
      {
        item_id: String(evento.idevento),
        item_name: evento.dscevento,
        item_variant: p.dscproduto,
        price: money(p.preco_ctaxa),
        quantity: qtd,
      },
    ];
  });
  return { currency: CURRENCY, value: totalOf(items), items };
}

/** The cart's units (one line per ticket) as items: alike tickets counted together. */
export function cartItems(itens: readonly CarrinhoItem[]): TrackItem[] {
  const byKey = new Map<string, TrackItem>();
  for (const i of itens) {
    const price = money(i.valor + i.taxa);
    const discount = money(i.valor_sem_desconto - i.valor);
    const coupon = i.tem_cupom && i.cupom ? i.cupom : undefined;
    const key = [i.idevento, i.idproduto, price, discount, coupon ?? ''].join('|');
    const seen = byKey.get(key);
    if (seen) {
      seen.quantity += 1;
      continue;
    }
    byKey.set(key, {
      item_id: String(i.idevento),
      item_name: i.dscevento,
      item_variant: i.dscproduto,
      price,
      quantity: 1,
      ...(discount > 0 ? { discount } : {}),
      ...(coupon ? { coupon } : {}),
    });
  }
  return [...byKey.values()];
}

/** remove_from_cart: the units taken out. */
export function removedParams(itens: readonly CarrinhoItem[]): EcommerceParams {
  const items = cartItems(itens);
  return { currency: CURRENCY, value: totalOf(items), items };
}

/** begin_checkout, add_payment_info, purchase: the whole order. */
export function orderParams(cart: GetCarrinhoPageItensResult): EcommerceParams {
  const { resumo } = cart;
  return {
    currency: CURRENCY,
    value: money(resumo.valor),
    items: cartItems(cart.itens),
    ...(resumo.cupom ? { coupon: resumo.cupom } : {}),
    ...(resumo.entrega_valor > 0 ? { shipping: money(resumo.entrega_valor) } : {}),
  };
}

/** purchase: the order, identified by its locator. */
export function purchaseParams(cart: GetCarrinhoPageItensResult): EcommerceParams {
  return { ...orderParams(cart), transaction_id: cart.movimentacao.localizador };
}

/** GA4's free-text payment_type for each way to pay. */
export const PAYMENT_TYPES: Record<FormaPagamento, string> = {
  cartao: 'credit_card',
  boleto: 'boleto',
  pix: 'pix',
};

/** add_payment_info: the order and how the person pays it. */
export function paymentInfoParams(
  cart: GetCarrinhoPageItensResult,
  forma: FormaPagamento,
): EcommerceParams {
  return { ...orderParams(cart), payment_type: PAYMENT_TYPES[forma] };
}

/**
 * Query parameters a page address may keep in a report: campaign tags and ad click ids. Every
 * other one goes (tokens of e-mail links, identity-provider returns, the visitor's choices).
 */
const KEPT_PARAMS = /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid)$/;

/** page_view: the address (without private parameters), the title and the language. */
export function pageViewParams(
  location: Pick<Location, 'origin' | 'pathname' | 'search'>,
  title: string,
  language: Locale,
): PageViewParams {
  const kept = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(location.search)) {
    if (KEPT_PARAMS.test(k)) kept.append(k, v);
  }
  const query = kept.toString();
  return {
    page_location: `${location.origin}${location.pathname}${query ? `?${query}` : ''}`,
    page_title: title,
    language,
  };
}
