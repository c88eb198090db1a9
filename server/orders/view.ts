/**
 * Read models of orders (movimentacao) and their units, shaped as the contract's
 * {@link Movimentacao} and {@link CarrinhoItem}: money in reais, dates as Sao Paulo local text,
 * `count_exp` computed by the database clock at response time, texts in the request language.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type {
  CarrinhoItem,
  CarrinhoResumo,
  Locale,
  Movimentacao,
  StatusMovimentacao,
} from '#schemas/contract.ts';
import { priceLines, ticketPriceCents } from '#schemas/price-lines.ts';
import { holderChangeOpen, holdersOf } from '#server/cart/holders.ts';
import { catalogOf, toCents, toReais } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { COUNT_EXP, rows, toDate, toDateOrNull } from '#server/db/sql.ts';
import { boletoUrl } from '#server/payments/issued.ts';
import { spDate, spDateTime, spDateTimeMinutes } from '#server/time.ts';
import { bookingsOf } from '#server/trail/trail.ts';
import { cancelVerdict } from './cancel-rules';

/**
 * What a unit `i` costs in cents: its price less its combo and coupon discounts, plus its fee
 * and the refundable-ticket option's price when the order took it.
 */
export const ITEM_TOTAL_CENTS = sql.raw(
  '(i.valor_cents - i.combo_cents - i.desconto_cents + i.taxa_cents + i.garantia_cents)',
);

interface MovRow {
  id: number;
  localizador: string;
  status: StatusMovimentacao;
  dthr_reserva: unknown;
  dthr_exp: unknown;
  count_exp: number;
  qtd: number;
  total_cents: number;
  juros_cents: number;
  parcelas_gtw: number | null;
  entrega_end: number | null;
  entrega_valor_cents: number;
  estornado_cents: number;
  estorno_pendente_cents: number;
  devolvido_cents: number;
  devolvendo_cents: number;
}

/** An order as the contract shows it, plus its row id in cents for internal use. */
export interface MovimentacaoView extends Movimentacao {
  totalCents: number;
}

/**
 * Orders of `brand` matching `where` (a condition on alias `m`), newest first (after `first`).
 * Units removed from the cart (CA) are not counted in `qtd`/`total`.
 */
export async function selectMovimentacoes(
  db: Db,
  brand: string,
  where: SQL,
  page?: { limit: number; offset: number },
  /** Sorted by this first (false before true), then newest first. */
  first?: SQL,
): Promise<MovimentacaoView[]> {
  const paging = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  const found = await rows<MovRow>(
    db,
    sql`
      SELECT m.id, m.localizador, m.status, m.dthr_reserva, m.dthr_exp, ${COUNT_EXP} AS count_exp,
        m.juros_cents, m.parcelas_gtw, m.entrega_end, m.entrega_valor_cents,
        (count(i.id) FILTER (WHERE i.status <> 'CA'))::int AS qtd,
        (coalesce(sum(${ITEM_TOTAL_CENTS}) FILTER (WHERE i.status <> 'CA'), 0)
          + m.entrega_valor_cents)::int AS total_cents,
        (SELECT coalesce(sum(x.valor_cents), 0) FROM estorno x
          WHERE x.idmovimentacao = m.id AND x.status = 'confirmed')::int AS estornado_cents,
        (SELECT coalesce(sum(x.valor_cents), 0) FROM estorno x
          WHERE x.idmovimentacao = m.id AND x.status = 'pending')::int AS estorno_pendente_cents,
        (SELECT coalesce(sum(p.valor_cents), 0) FROM pagamento p
          WHERE p.idmovimentacao = m.id AND p.status = 'refunded')::int AS devolvido_cents,
        (SELECT coalesce(sum(p.valor_cents), 0) FROM pagamento p
          WHERE p.idmovimentacao = m.id AND p.status = 'refunding')::int AS devolvendo_cents
      FROM movimentacao m
      LEFT JOIN movimentacao_item i ON i.idmovimentacao = m.id
      WHERE m.brand = ${brand} AND ${where}
      GROUP BY m.id
      ORDER BY ${first ? sql`${first}, ` : sql``}m.dthr_reserva DESC, m.id DESC
      ${paging}`,
  );
  return found.map((r) => {
    const exp = toDateOrNull(r.dthr_exp);
    const open = r.status === 'RE' || r.status === 'TP';
    return {
      idmovimentacao: r.id,
      localizador: r.localizador,
      status: r.status,
      dthr_reserva: spDateTime(toDate(r.dthr_reserva)),
      dthr_exp: open && exp ? spDateTime(exp) : null,
      count_exp: open ? Number(r.count_exp) : 0,
      qtd: Number(r.qtd),
      total: toReais(Number(r.total_cents)),
      valor_juros: toReais(Number(r.juros_cents)),
      parcelas_gtw: r.parcelas_gtw === null ? null : Number(r.parcelas_gtw),
      entrega_end: r.entrega_end === null ? null : Number(r.entrega_end),
      entrega_valor: toReais(Number(r.entrega_valor_cents)),
      ...(Number(r.estornado_cents) > 0
        ? { valor_estornado: toReais(Number(r.estornado_cents)) }
        : {}),
      ...(Number(r.estorno_pendente_cents) > 0
        ? { valor_estorno_pendente: toReais(Number(r.estorno_pendente_cents)) }
        : {}),
      ...lateRefund(Number(r.devolvido_cents), Number(r.devolvendo_cents)),
      totalCents: Number(r.total_cents),
    };
  });
}

/** A payment given back because it came after the order closed ({@link Movimentacao}). */
function lateRefund(done: number, pending: number): Pick<Movimentacao, 'pagamento_devolvido'> {
  if (done + pending === 0) return {};
  return { pagamento_devolvido: { valor: toReais(done + pending), concluido: pending === 0 } };
}

/** The contract view of an order (drops internal fields). */
export function toMovimentacao(v: MovimentacaoView): Movimentacao {
  const { totalCents: _totalCents, ...mov } = v;
  return mov;
}

interface ItemRow {
  id: number;
  idmovimentacao: number;
  item_status: string;
  mov_status: StatusMovimentacao;
  valor_cents: number;
  taxa_cents: number;
  combo_cents: number;
  idcombo: number | null;
  desconto_cents: number;
  garantia_cents: number;
  cupom: string | null;
  idproduto: number;
  idapresentacao: number;
  idevento: number;
  dthr: unknown;
  dscapre: Record<Locale, string> | null;
  dthr_exp: unknown;
  count_exp: number;
  codigo: string | null;
  boleto_token: string | null;
  mov_juros_cents: number;
  idestorno: number | null;
  estorno_status: string | null;
  paid_at: unknown;
  db_now: unknown;
}

/**
 * The units of the given orders (removed ones excluded unless `withRemoved`; `'cancelled'`:
 * only those the buyer cancelled after paying), in order of creation, with their ticket code
 * once paid, and whether (and for how much) a paid one may be cancelled now (cancel-rules.ts).
 */
export async function selectItens(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idmovimentacoes: number[],
  withRemoved: boolean | 'cancelled' = false,
): Promise<Map<number, CarrinhoItem[]>> {
  const out = new Map<number, CarrinhoItem[]>();
  if (idmovimentacoes.length === 0) return out;
  const ids = sql.join(
    idmovimentacoes.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const found = await rows<ItemRow>(
    db,
    sql`
      SELECT i.id, i.idmovimentacao, i.status AS item_status, m.status AS mov_status,
        i.valor_cents, i.taxa_cents, i.combo_cents, i.idcombo, i.desconto_cents, m.cupom,
        i.garantia_cents,
        e.idproduto, a.id AS idapresentacao, a.idevento, a.dthr,
        a.dscapre, m.dthr_exp, ${COUNT_EXP} AS count_exp, g.codigo,
        (SELECT p.documento_token FROM pagamento p
          WHERE p.idmovimentacao = m.id AND p.forma = 'boleto'
            AND p.status IN ('pending','approved')
          ORDER BY p.id DESC LIMIT 1) AS boleto_token,
        m.juros_cents AS mov_juros_cents, i.idestorno,
        (SELECT x.status FROM estorno x WHERE x.id = i.idestorno) AS estorno_status,
        coalesce(m.dthr_pagamento, m.dthr_reserva) AS paid_at, now() AS db_now
      FROM movimentacao_item i
      JOIN movimentacao m ON m.id = i.idmovimentacao
      JOIN estoque e ON e.id = i.idestoque
      JOIN apresentacao a ON a.id = e.idapresentacao
      LEFT JOIN ingresso g ON g.iditem = i.id
      WHERE m.brand = ${brand.id} AND i.idmovimentacao IN (${ids})
        ${
          withRemoved === true
            ? sql``
            : withRemoved === 'cancelled'
              ? sql`AND (i.status <> 'CA' OR i.idestorno IS NOT NULL)`
              : sql`AND i.status <> 'CA'`
        }
      ORDER BY i.idmovimentacao, i.id`,
  );
  const cat = catalogOf(brand);
  const holders = await holdersOf(
    db,
    found.map((r) => r.id),
  );
  // Only units of products booked in slots (server/trail) can have a booking: no query otherwise.
  const bookings = await bookingsOf(
    db,
    found.filter((r) => cat.product(r.idevento, r.idproduto)?.product.agendamento).map((r) => r.id),
  );
  // Units that were paid for (not removed from the cart before paying): the card interest is
  // spread over them, so a cancelled one keeps the share it was refunded with.
  const paidFor = new Set<number>();
  // Paid units that may be cancelled now, and whether by the refundable option only.
  const cancellable = new Map<number, boolean>();
  const rules = brand.brand.cancellation;
  // The database's clock, as every other rule of orders.
  const now = found[0] ? toDate(found[0].db_now) : new Date();
  for (const r of found) {
    const entry = cat.product(r.idevento, r.idproduto);
    const event = entry?.event ?? cat.event(r.idevento);
    const dthr = toDate(r.dthr);
    const exp = toDateOrNull(r.dthr_exp);
    const open = r.mov_status === 'RE' || r.mov_status === 'TP';
    const removable = r.mov_status === 'RE' && r.item_status !== 'CA';
    const combo = r.idcombo === null ? undefined : cat.combo(Number(r.idcombo));
    const valor = r.valor_cents - r.combo_cents - r.desconto_cents;
    const dscproduto = entry?.product.nome[locale] ?? '';
    const dthrExp = open && exp ? spDateTime(exp) : '';
    const item: CarrinhoItem = {
      iditem: r.id,
      idproduto: r.idproduto,
      idprod: r.idproduto,
      idapresentacao: r.idapresentacao,
      idapre: r.idapresentacao,
      idevento: r.idevento,
      dscevento: event?.nome[locale] ?? '',
      dt_apre: spDate(dthr),
      dthr_apresentacao: spDateTimeMinutes(dthr),
      dscapre: (r.dscapre ?? event?.dscapre)?.[locale] ?? '',
      dscproduto,
      produto: dscproduto,
      dsctipo: entry?.tipo.nome[locale] ?? '',
      status: r.item_status === 'CA' ? 'CA' : r.mov_status,
      valor: toReais(valor),
      valor_sem_desconto: toReais(r.valor_cents),
      valor_cupom: toReais(r.desconto_cents),
      cupom: r.cupom ?? '',
      tem_cupom: r.desconto_cents > 0,
      combo: combo?.nome[locale] ?? '',
      valor_combo: toReais(r.combo_cents),
      taxa: toReais(r.taxa_cents),
      preco: toReais(ticketPriceCents(r.valor_cents, r.taxa_cents)),
      juros: 0,
      valor_garantia: toReais(r.garantia_cents),
      total: toReais(valor + r.taxa_cents + r.garantia_cents),
      dthr_exp: dthrExp,
      dt_exp: dthrExp,
      count_exp: open ? Number(r.count_exp) : 0,
      qtd: 1,
      cancel: removable,
      tp_cancel: removable ? 'remover' : '',
      msg_info_carrinho: entry?.product.info?.[locale] ?? '',
      portador: holders.get(r.id) ?? null,
      portador_regra: event?.portador ?? null,
      entrega: entry?.product.entrega === true,
    };
    if (entry?.product.agendamento) item.agendamento = bookings.get(r.id) ?? null;
    if (r.item_status !== 'CA' || r.idestorno !== null) paidFor.add(r.id);
    if (r.item_status === 'CP') item.cancelamento = 'pendente';
    else if (r.item_status === 'PA' && r.estorno_status === 'failed') item.cancelamento = 'erro';
    if (r.item_status === 'PA' && r.mov_status === 'PA') {
      const verdict = cancelVerdict(rules, now, toDate(r.paid_at), dthr, r.garantia_cents > 0);
      if (verdict.ok) {
        item.cancel = true;
        item.tp_cancel = 'estornar';
        cancellable.set(r.id, verdict.byWarranty);
      } else {
        item.cancel_motivo = verdict.motivo;
      }
    }
    if (
      r.item_status === 'PA' &&
      r.mov_status === 'PA' &&
      event?.portador &&
      holderChangeOpen(brand, dthr, now.getTime())
    ) {
      item.portador_alteravel = true;
    }
    if (r.codigo && r.item_status !== 'CA') item.codigo = r.codigo;
    if (r.boleto_token && r.item_status !== 'CA') item.boleto_url = boletoUrl(r.boleto_token);
    const list = out.get(r.idmovimentacao) ?? [];
    list.push(item);
    out.set(r.idmovimentacao, list);
  }
  const juros = new Map(found.map((r) => [r.idmovimentacao, Number(r.mov_juros_cents)]));
  for (const [id, list] of out) {
    spreadJuros(list, juros.get(id) ?? 0, (i) => paidFor.has(i.iditem));
    for (const i of list) {
      const byWarranty = cancellable.get(i.iditem);
      if (byWarranty === undefined) continue;
      i.valor_estorno = toReais(toCents(i.total) - (byWarranty ? toCents(i.valor_garantia) : 0));
    }
  }
  return out;
}

/**
 * Spreads an order's card interest over its units (not the removed ones), in proportion to what
 * each costs, in whole cents; the cents left by rounding go one each to the first units. Each
 * unit's `juros` is its share and its `total` grows by it, so the units add up to what was
 * charged.
 */
export function spreadJuros(
  itens: CarrinhoItem[],
  jurosCents: number,
  /** The units it is spread over (default: those not removed). */
  over: (i: CarrinhoItem) => boolean = (i) => i.status !== 'CA',
): void {
  const live = itens.filter(over);
  if (live.length === 0 || jurosCents <= 0) return;
  const weights = live.map((i) => toCents(i.total));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) =>
    sum > 0 ? Math.floor((jurosCents * w) / sum) : Math.floor(jurosCents / live.length),
  );
  const left = jurosCents - shares.reduce((a, b) => a + b, 0);
  live.forEach((i, k) => {
    // The cents left by rounding (fewer than the units) go one each to the first units.
    const share = (shares[k] ?? 0) + (k < left ? 1 : 0);
    i.juros = toReais(share);
    i.total = toReais(toCents(i.total) + share);
  });
}

/**
 * The cart summary of one order's units (their coupon is the order's; `msgCupom`: why it gives
 * nothing now) and its delivery fee (`entregaCents`, once per order).
 */
export function resumoOf(
  itens: CarrinhoItem[],
  msgCupom?: string,
  entregaCents = 0,
): CarrinhoResumo {
  const cupom = itens[0]?.cupom ?? '';
  let subtotal = 0;
  let taxa = 0;
  let combo = 0;
  let desconto = 0;
  let garantia = 0;
  for (const i of itens) {
    subtotal += toCents(i.valor_sem_desconto);
    taxa += toCents(i.taxa);
    combo += toCents(i.valor_combo);
    desconto += toCents(i.valor_cupom);
    garantia += toCents(i.valor_garantia);
  }
  const valor = toReais(priceLines(itens, toReais(entregaCents), 0).totalCents);
  const resumo: CarrinhoResumo = {
    qtd: itens.length,
    quantity: itens.length,
    subtotal: toReais(subtotal),
    valor_taxa: toReais(taxa),
    valor_combo: toReais(combo),
    valor_cupom: toReais(desconto),
    valor_garantia: toReais(garantia),
    entrega_valor: toReais(entregaCents),
    cupom,
    valor,
    total: valor,
  };
  if (msgCupom) resumo.msg_cupom = msgCupom;
  return resumo;
}
