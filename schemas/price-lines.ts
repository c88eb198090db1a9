/**
 * What an order or a cart costs, line by line, for every place that shows it (the checkout's
 * summary, My orders, the confirmation mail): shared by the server and the storefront so each
 * figure has one source. A ticket's price is what the event page sells it for (`preco_ctaxa`:
 * its price with its service fee), the same on every screen, mail and PDF; what changes the
 * order's total comes in lines of its own: combos and the coupon off, the refundable-ticket
 * option, the delivery fee and the card's instalment interest. Sums in integer cents.
 */
import type { CarrinhoItem } from './contract';
import { toCents } from './money';

/**
 * A ticket's price in cents: its list price with its service fee (the event page's figure); the
 * server sends it as each item's `preco`.
 */
export function ticketPriceCents(valorCents: number, taxaCents: number): number {
  return valorCents + taxaCents;
}

/** An order's lines, in cents (discounts as positive amounts taken off). */
export interface PriceLines {
  /** The tickets at their price, fees included. */
  ingressosCents: number;
  /** Of which service fees (said beside the tickets, as the event page does). */
  taxaCents: number;
  /** Taken off by combos. */
  comboCents: number;
  /** Taken off by the coupon. */
  cupomCents: number;
  /** The refundable-ticket option. */
  garantiaCents: number;
  /** The delivery fee, once per order. */
  entregaCents: number;
  /** The card's instalment interest. */
  jurosCents: number;
  /** What is charged: the tickets − combos − coupon + option + delivery + interest. */
  totalCents: number;
}

/**
 * The lines of an order of tickets `itens` (every ticket paid for or held; a cancelled one that
 * was charged counts), with its delivery fee and the interest of its instalments, in reais.
 */
export function priceLines(
  itens: readonly Pick<
    CarrinhoItem,
    'preco' | 'taxa' | 'valor_combo' | 'valor_cupom' | 'valor_garantia'
  >[],
  entrega: number,
  juros: number,
): PriceLines {
  let ingressosCents = 0;
  let taxaCents = 0;
  let comboCents = 0;
  let cupomCents = 0;
  let garantiaCents = 0;
  for (const i of itens) {
    ingressosCents += toCents(i.preco);
    taxaCents += toCents(i.taxa);
    comboCents += toCents(i.valor_combo);
    cupomCents += toCents(i.valor_cupom);
    garantiaCents += toCents(i.valor_garantia);
  }
  const entregaCents = toCents(entrega);
  const jurosCents = toCents(juros);
  return {
    ingressosCents,
    taxaCents,
    comboCents,
    cupomCents,
    garantiaCents,
    entregaCents,
    jurosCents,
    totalCents:
      ingressosCents - comboCents - cupomCents + garantiaCents + entregaCents + jurosCents,
  };
}
