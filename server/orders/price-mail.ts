/**
 * The price part of an order's mail: each ticket at the price the event page sold it for, then
 * the order's lines (the tickets, combos and the coupon off, the refundable-ticket option, the
 * delivery fee, the instalment interest, the total charged), from the same read model and the
 * same lines (schemas/price-lines.ts) as My orders, so the mail says what the screens say.
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { toCents } from '#schemas/money.ts';
import { priceLines } from '#schemas/price-lines.ts';
import { SHOP_TIME_ZONE, shopInstant } from '#schemas/shop-time.ts';
import type { Db } from '#server/db/client.ts';
import { mailMessage } from '#server/mail/templates.ts';
import { brl } from '#server/tickets/pdf.ts';
import { selectItens, selectMovimentacoes } from './view';

/** A session's date and time in the shop's time zone, in `locale`'s short words. */
function sessionWhen(locale: Locale, text: string): string {
  const at = shopInstant(text);
  if (!at) return text;
  return new Intl.DateTimeFormat(locale, {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(at)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** The mail's lines of order `idmovimentacao`, in `locale` (none when it is not found). */
export async function orderPriceLines(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idmovimentacao: number,
): Promise<string[]> {
  const [mov] = await selectMovimentacoes(db, brand.id, sql`m.id = ${idmovimentacao}`);
  if (!mov) return [];
  const itens = (await selectItens(db, brand, locale, [idmovimentacao])).get(idmovimentacao) ?? [];
  const m = (id: string, values: Record<string, string> = {}) => mailMessage(locale, id, values);
  const line = (id: string, cents: number, minus = false) =>
    `${m(id)}: ${minus ? '−' : ''}${brl(cents)}`;
  const out = itens.map((i) =>
    m('mail.order.ticket', {
      evento: i.dscevento,
      sessao: sessionWhen(locale, i.dthr_apresentacao),
      produto: i.dsctipo ? `${i.dsctipo} · ${i.dscproduto}` : i.dscproduto,
      preco: brl(toCents(i.preco)),
    }),
  );
  const p = priceLines(itens, mov.entrega_valor, mov.valor_juros);
  out.push(
    p.taxaCents > 0
      ? `${line('order.subtotal', p.ingressosCents)} ${m('product.feeIncluded', { taxa: brl(p.taxaCents) })}`
      : line('order.subtotal', p.ingressosCents),
  );
  if (p.comboCents > 0) out.push(line('cart.comboDiscount', p.comboCents, true));
  if (p.cupomCents > 0) {
    out.push(`${m('cart.couponDiscount', { code: itens[0]?.cupom ?? '' })}: −${brl(p.cupomCents)}`);
  }
  if (p.garantiaCents > 0) out.push(line('order.refundable', p.garantiaCents));
  if (p.entregaCents > 0) out.push(line('order.deliveryFee', p.entregaCents));
  if (p.jurosCents > 0) out.push(line('order.interest', p.jurosCents));
  out.push(line('order.total', p.totalCents));
  return out;
}
