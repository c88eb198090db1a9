/**
 * The cart: holds with an expiry (movimentacao RE) and their units. See README.md for the
 * invariants. Every status change goes through server/orders/lifecycle.ts, which keeps the
 * capacity counters and decides availability inside SQL under row locks (lock order: pessoa →
 * movimentacao → estoque), never by reading then checking in JavaScript.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CatalogCoupon, CatalogEvent } from '#schemas/brand.types.ts';
import { binInCampaign } from '#schemas/card-campaign.ts';
import type {
  CancelarReservaResult,
  CarrinhoItem,
  EnderecoEntregaEscolha,
  GetCarrinhoPageItensResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  ProrrogarReservaResult,
  ReservaProduto,
  StatusMovimentacao,
} from '#schemas/contract.ts';
import type { Pessoa } from '#server/accounts/repository.ts';
import { purchaseBlock, termsBlock } from '#server/accounts/rules.ts';
import { canBuy, catalogOf, onSaleNow, toCents, toReais } from '#server/catalog/lookup.ts';
import { onCatalogSynced } from '#server/catalog/sync.ts';
import { currentVersion, TERMO_USO } from '#server/content/terms.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, toDate } from '#server/db/sql.ts';
import { type MessageId, t } from '#server/i18n.ts';
import {
  cancelOrder,
  EXPIRED_HOLD,
  expireHolds,
  extendHold,
  holdUnits,
  OPEN_CART,
  refuse,
  removeUnits,
} from '#server/orders/lifecycle.ts';
import { resumoOf, selectItens, selectMovimentacoes, toMovimentacao } from '#server/orders/view.ts';
import { spDateTime } from '#server/time.ts';
import {
  couponOf,
  couponUseRefusal,
  orderUnits,
  repriceOrder,
  setOrderCoupon,
  setOrderWarranty,
  warrantyOffer,
} from './offers';
import type { CartScope } from './cart-scope';
import {
  clearDeliveryIfUnneeded,
  deliveryChoice,
  orderDelivery,
  setOrderDelivery,
} from './delivery';
import { couponRefusal, findCoupon } from './pricing';

const LOCATOR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new order locator: 10 characters without look-alikes (0/O, 1/I). */
export function newLocalizador(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += LOCATOR_ALPHABET[randomInt(LOCATOR_ALPHABET.length)];
  return s;
}

/** What a hold needs of a session; fixed for its id except `ativo` (see {@link sessionOf}). */
interface SessionRow {
  idevento: number;
  dthr: number;
  ativo: boolean;
}

/**
 * Sessions already looked up, per database. A session's event and time never change for its id
 * (the catalogue sync upserts by brand, event and time); `ativo` changes only at a sync, which
 * empties this cache, and the hold checks it again in SQL anyway.
 */
const sessions = new WeakMap<Db, Map<string, SessionRow>>();
onCatalogSynced((db) => sessions.get(db)?.clear());

async function sessionOf(db: Db, brand: string, id: number): Promise<SessionRow | undefined> {
  let known = sessions.get(db);
  if (!known) {
    known = new Map();
    sessions.set(db, known);
  }
  const key = `${brand}:${id}`;
  const hit = known.get(key);
  if (hit) return hit;
  const row = await firstRow<{ idevento: number; dthr: unknown; ativo: boolean }>(
    db,
    sql`SELECT idevento, dthr, ativo FROM apresentacao WHERE id = ${id} AND brand = ${brand}`,
  );
  if (!row) return undefined;
  const found = { idevento: row.idevento, dthr: toDate(row.dthr).getTime(), ativo: row.ativo };
  if (known.size > 10_000) known.clear();
  known.set(key, found);
  return found;
}

/**
 * The block a hold takes its units from: for an event with blocks, the one block named (a block
 * of the event selling every product asked); 0 for an event without blocks, which names none.
 * Null when the request names no block, several, an unknown one, or one not selling a product.
 * Whether the block has units left is decided by the hold itself, in SQL.
 */
export function blockOf(
  event: CatalogEvent | undefined,
  blocos: number[],
  idprodutos: number[],
): number | null {
  const named = [...new Set(blocos)];
  if (!event?.blocos) return named.length === 0 ? 0 : null;
  if (named.length !== 1) return null;
  const bloco = event.blocos.find((b) => b.idbloco === named[0]);
  if (!bloco) return null;
  const sells = bloco.produtos;
  return !sells || idprodutos.every((id) => sells.includes(id)) ? bloco.idbloco : null;
}

/**
 * Holds units of products of one session for the person, in one transaction: all or nothing.
 * Appends to the person's open hold (its expiry stays) or opens a new one expiring in
 * `holdSeconds`. An event with blocks takes the units from the one block named in `blocos`
 * ({@link blockOf}); one without blocks takes `[]`.
 * @throws AppError ticketsUnavailable (no stock, session not on sale, product not offered),
 *   purchaseLimit (per product, per order, or the event's per-person limits), notFound (unknown session), paymentInProgress.
 */
export async function iniciarReserva(
  s: CartScope,
  produtos: ReservaProduto[],
  idapresentacao: number,
  blocos: number[],
  holdSeconds: number,
): Promise<IniciarReservaResult> {
  const wanted = new Map<number, number>();
  for (const p of produtos) wanted.set(p.idproduto, (wanted.get(p.idproduto) ?? 0) + p.qtd);
  const requested = [...wanted.values()].reduce((a, b) => a + b, 0);
  const { db, brand, pessoa } = s;
  // An agency awaiting approval, or a profile without what the brand needs, cannot hold yet.
  const blocked = purchaseBlock(brand, pessoa);
  if (blocked) throw blocked;
  // Nor can a person who has not accepted the terms of use in force. That is checked in the
  // hold's own round trip (not a query of its own); a refusal before the hold checks it first,
  // so the terms still come before any other answer.
  const requiredTerm = await currentVersion(brand, TERMO_USO);
  const refuseAfterTerms = async (
    id: MessageId,
    values?: Record<string, string>,
  ): Promise<never> => {
    const terms = await termsBlock(db, brand, pessoa);
    if (terms) throw terms;
    refuse(id, values);
  };

  const session = await sessionOf(db, brand.id, idapresentacao);
  if (!session) return refuseAfterTerms('error.notFound');
  if (!session.ativo || session.dthr <= Date.now()) {
    return refuseAfterTerms('error.ticketsUnavailable');
  }
  const cat = catalogOf(brand);
  for (const idproduto of wanted.keys()) {
    const entry = cat.product(session.idevento, idproduto);
    if (!entry || !canBuy(brand, entry.product, pessoa.idpessoaTipo)) {
      return refuseAfterTerms('error.ticketsUnavailable');
    }
    if (!onSaleNow(brand, entry.product)) return refuseAfterTerms('error.ticketsUnavailable');
    // A campaign product goes only to a person who gave a participating card's six digits.
    const campaign = brand.brand.payments.cardCampaign;
    if (entry.product.campanhaCartao && campaign && !binInCampaign(campaign, pessoa.bin)) {
      return refuseAfterTerms('error.cardCampaignOnly', { campanha: campaign.name[s.locale] });
    }
  }
  const event = cat.event(session.idevento);
  const idbloco = blockOf(event, blocos, [...wanted.keys()]);
  if (idbloco === null) return refuseAfterTerms('error.ticketsUnavailable');
  if (requested > brand.brand.maxItemsPerOrder) return refuseAfterTerms('error.purchaseLimit');
  // The event's limits per person: a request past them alone is refused here; what the person
  // already holds or bought is counted in the hold's round trip.
  const limite = event?.limitePorPessoa;
  if (requested > Math.min(limite?.porSessao ?? Infinity, limite?.porEvento ?? Infinity)) {
    return refuseAfterTerms('error.purchaseLimit');
  }

  const held = await holdUnits(db, {
    brand: brand.id,
    idpessoa: pessoa.id,
    idapresentacao,
    units: [...wanted].map(([idproduto, qtd]) => ({ idproduto, qtd })),
    idbloco,
    holdSeconds,
    maxItemsPerOrder: brand.brand.maxItemsPerOrder,
    personLimit: limite ? { idevento: session.idevento, ...limite } : null,
    localizador: newLocalizador(),
    requiredTerm: requiredTerm ? { tipo: requiredTerm.tipo, versao: requiredTerm.versao } : null,
  });
  // New units may complete a combo or be eligible for the cart's coupon: price them (a cart
  // without either needs nothing more, so the hold stays one round trip).
  if (held.cupom !== null || cat.hasCombos(session.idevento)) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM movimentacao WHERE id = ${held.idmovimentacao} FOR UPDATE`,
      );
      await repriceOrder(tx, brand, held.idmovimentacao);
    });
  }
  return {
    idmovimentacao: held.idmovimentacao,
    dthr_exp: spDateTime(toDate(held.dthrExp)),
    count_exp: held.countExp,
    qtd: held.qtd,
  };
}

/**
 * The person's cart as the checkout loads it (spec §4: statuses RE, AP and TP): the open hold
 * (RE/TP, not expired), else the latest order whose payment awaits the gateway (AP), else
 * null. Expired holds are marked EX first.
 */
export async function getCarrinhoPage(s: CartScope): Promise<GetCarrinhoPageResult> {
  await expireHolds(s.db, { idpessoa: s.pessoa.id });
  const [mov] = await selectMovimentacoes(
    s.db,
    s.brand.id,
    sql`m.idpessoa = ${s.pessoa.id} AND (${OPEN_CART} OR m.status = 'AP')`,
    { limit: 1, offset: 0 },
    sql`(m.status = 'AP')`,
  );
  return mov ? toMovimentacao(mov) : null;
}

/** Units held in the person's open hold (RE/TP, not expired; 0 for a guest). */
export async function qtdReservados(s: Omit<CartScope, 'pessoa'> & { pessoa: Pessoa | null }) {
  if (!s.pessoa) return { qtd: 0 };
  await expireHolds(s.db, { idpessoa: s.pessoa.id });
  const [mov] = await selectMovimentacoes(
    s.db,
    s.brand.id,
    sql`m.idpessoa = ${s.pessoa.id} AND ${OPEN_CART}`,
    { limit: 1, offset: 0 },
  );
  return { qtd: mov?.qtd ?? 0 };
}

/**
 * One of the person's orders with its units and summary.
 * @throws cartNotFound (not the person's, cancelled), reservationExpired (hold ran out).
 */
export async function getCarrinhoPageItens(
  s: CartScope,
  idmovimentacao: number,
): Promise<GetCarrinhoPageItensResult> {
  await expireHolds(s.db, { idpessoa: s.pessoa.id });
  const [mov] = await selectMovimentacoes(
    s.db,
    s.brand.id,
    sql`m.id = ${idmovimentacao} AND m.idpessoa = ${s.pessoa.id}`,
  );
  if (!mov || mov.status === 'CA') refuse('error.cartNotFound');
  if (mov.status === 'EX') refuse('error.reservationExpired');
  const itens =
    (await selectItens(s.db, s.brand, s.locale, [mov.idmovimentacao])).get(mov.idmovimentacao) ??
    [];
  const result: GetCarrinhoPageItensResult = {
    movimentacao: toMovimentacao(mov),
    itens,
    resumo: resumoOf(itens, couponNote(s, itens), toCents(mov.entrega_valor)),
  };
  const entrega = await orderDelivery(
    s.db,
    s.brand,
    s.locale,
    mov.idmovimentacao,
    itens.some((i) => i.entrega),
  );
  if (entrega) result.entrega = entrega;
  const refundable = s.brand.brand.payments.refundable;
  if (refundable && (mov.status === 'RE' || mov.status === 'TP')) {
    const choice = await firstRow<{ garantia: boolean | null }>(
      s.db,
      sql`SELECT garantia FROM movimentacao WHERE id = ${mov.idmovimentacao}`,
    );
    result.garantia = {
      valor: toReais(await warrantyOffer(s.db, s.brand, mov.idmovimentacao)),
      percentual: refundable.percent,
      escolhida: choice?.garantia ?? null,
    };
  }
  return result;
}

/** Why the cart's coupon takes nothing off now (localized), if it does not. */
function couponNote(s: CartScope, itens: CarrinhoItem[]): string | undefined {
  const cupom = itens[0]?.cupom ?? '';
  if (cupom === '' || itens.some((i) => i.tem_cupom)) return undefined;
  const def = couponOf(s.brand, cupom);
  if (!def) return t(s.locale, 'error.couponNotFound');
  const units = itens.map((i) => ({
    iditem: i.iditem,
    idevento: i.idevento,
    idproduto: i.idproduto,
    idapresentacao: i.idapresentacao,
    data: i.dthr_apresentacao.slice(0, 10),
    hora: i.dthr_apresentacao.slice(11, 16),
    valorCents: toCents(i.valor_sem_desconto),
  }));
  const refusal = couponRefusal(def, units, new Date());
  return refusal ? t(s.locale, refusal.id, refusal.values) : undefined;
}

/**
 * Applies a coupon to the person's open cart (RE), or removes it when `cupom` is blank; the
 * discount shows per ticket and in the summary. A coupon is refused (code 0) when the catalogue
 * has no such code, it is outside its validity, none of the cart's tickets is in its scope,
 * there are fewer than its minimum, or its total or per-person uses are taken.
 * @returns the cart as getCarrinhoPageItens answers it.
 */
export async function aplicarCupom(
  s: CartScope,
  idmovimentacao: number,
  cupom: string,
): Promise<GetCarrinhoPageItensResult> {
  await expireHolds(s.db, { idpessoa: s.pessoa.id, idmovimentacao });
  await s.db.transaction(async (tx) => {
    const mov = await lockOpenCart(tx, s, idmovimentacao);
    let def: CatalogCoupon | null = null;
    if (cupom.trim() !== '') {
      def = findCoupon(s.brand.catalog, cupom) ?? refuse('error.couponNotFound');
      const refusal =
        couponRefusal(def, await orderUnits(tx, mov.id), new Date()) ??
        (await couponUseRefusal(tx, s.brand, def, s.pessoa.id, mov.id));
      if (refusal) refuse(refusal.id, refusal.values);
    }
    await setOrderCoupon(tx, mov.id, def);
    await repriceOrder(tx, s.brand, mov.id);
  });
  return getCarrinhoPageItens(s, idmovimentacao);
}

/**
 * Takes (`garantia` true) or declines the refundable-ticket option on the person's open cart
 * (RE): its price is kept per unit and counted in every total; paying is refused while the
 * brand offers it and no choice was made.
 * @returns the cart as getCarrinhoPageItens answers it.
 */
export async function escolherGarantia(
  s: CartScope,
  idmovimentacao: number,
  garantia: boolean,
): Promise<GetCarrinhoPageItensResult> {
  if (!s.brand.brand.payments.refundable) refuse('error.refundableNotOffered');
  await expireHolds(s.db, { idpessoa: s.pessoa.id, idmovimentacao });
  await s.db.transaction(async (tx) => {
    const mov = await lockOpenCart(tx, s, idmovimentacao);
    await setOrderWarranty(tx, mov.id, garantia);
    await repriceOrder(tx, s.brand, mov.id);
  });
  return getCarrinhoPageItens(s, idmovimentacao);
}

/**
 * BasePessoaEnderecoEntregaClass.setEnderecoEntrega [idmovimentacao, { idendereco } | address]:
 * the delivery address of the person's open cart (RE) holding a product delivered to an
 * address. A new address is checked with the address form's schema and saved for the person
 * (once: the same address again reuses its row); the carrier must deliver there
 * (`error.deliveryCountry`). The order keeps the address, the fee and the days: the fee is in
 * every total from then on (delivery.ts).
 * @returns the cart as getCarrinhoPageItens answers it.
 */
export async function setEnderecoEntrega(
  s: CartScope,
  idmovimentacao: number,
  escolha: EnderecoEntregaEscolha,
): Promise<GetCarrinhoPageItensResult> {
  const choice = await deliveryChoice(s, escolha);
  await expireHolds(s.db, { idpessoa: s.pessoa.id, idmovimentacao });
  await s.db.transaction(async (tx) => {
    const mov = await lockOpenCart(tx, s, idmovimentacao);
    await setOrderDelivery(tx, s, mov.id, choice);
  });
  return getCarrinhoPageItens(s, idmovimentacao);
}

type LockedMov = { id: number; status: StatusMovimentacao; expired: boolean };

/**
 * The person's open cart (RE, its hold running), locked for the rest of the transaction; else
 * the refusal a change to it gets: reservationExpired, paymentInProgress or cartNotFound.
 */
export async function lockOpenCart(
  tx: Db,
  s: CartScope,
  idmovimentacao: number,
): Promise<LockedMov> {
  const mov = await lockMov(tx, s, idmovimentacao);
  if (!mov) refuse('error.cartNotFound');
  if (mov.expired || mov.status === 'EX') refuse('error.reservationExpired');
  if (mov.status === 'TP' || mov.status === 'AP') refuse('error.paymentInProgress');
  if (mov.status !== 'RE') refuse('error.cartNotFound');
  return mov;
}

async function lockMov(tx: Db, s: CartScope, idmovimentacao: number): Promise<LockedMov | null> {
  const row = await firstRow<LockedMov>(
    tx,
    sql`SELECT m.id, m.status, ${EXPIRED_HOLD} AS expired
        FROM movimentacao m
        WHERE m.id = ${idmovimentacao} AND m.idpessoa = ${s.pessoa.id} AND m.brand = ${s.brand.id}
        FOR UPDATE`,
  );
  return row ?? null;
}

/**
 * Removes units from the person's open cart. When none are left the cart is cancelled (CA) and
 * the result is null.
 */
export async function removeProdutoCarrinho(
  s: CartScope,
  idmovimentacao: number,
  itens: number[],
): Promise<GetCarrinhoPageResult> {
  // A hold past its time is marked EX first (committed), so the refusal below leaves it so.
  await expireHolds(s.db, { idpessoa: s.pessoa.id, idmovimentacao });
  const left = await s.db.transaction(async (tx) => {
    const mov = await lockOpenCart(tx, s, idmovimentacao);
    const left = await removeUnits(tx, mov.id, itens);
    // A combo may be broken, or the coupon's share change.
    if (left > 0) await repriceOrder(tx, s.brand, mov.id);
    // The last unit delivered to an address gone: no delivery, no fee.
    await clearDeliveryIfUnneeded(tx, s.brand, mov.id);
    return left;
  });
  if (left === 0) return null;
  const [mov] = await selectMovimentacoes(s.db, s.brand.id, sql`m.id = ${idmovimentacao}`);
  return toMovimentacao(mov!);
}

/** Extensions of a hold when the brand does not say (WCAG 2.2.1 asks for at least 10). */
export const DEFAULT_HOLD_EXTENSIONS = 10;

/**
 * More time on the person's live hold (prorrogarReserva, WCAG 2.2.1): `holdSeconds` more,
 * never past its session's start, at most the brand's `holdExtensions` times.
 */
export async function prorrogarReserva(
  s: CartScope,
  idmovimentacao: number,
  holdSeconds: number,
): Promise<ProrrogarReservaResult> {
  const max = s.brand.brand.holdExtensions ?? DEFAULT_HOLD_EXTENSIONS;
  const extended = await s.db.transaction(async (tx) => {
    const mov = await lockMov(tx, s, idmovimentacao);
    if (!mov) refuse('error.cartNotFound');
    return extendHold(tx, mov.id, holdSeconds, max);
  });
  return {
    idmovimentacao,
    dthr_exp: spDateTime(extended.dthrExp),
    count_exp: extended.countExp,
    prorrogacoes_restantes: extended.left,
  };
}

/**
 * Cancels the person's reservation (CA): its units are released at once. Cancelling an order
 * already expired or cancelled answers its status; a payment in progress cannot be cancelled.
 */
export async function cancelarReserva(
  s: CartScope,
  idmovimentacao: number,
): Promise<CancelarReservaResult> {
  const status = await s.db.transaction(async (tx): Promise<StatusMovimentacao> => {
    const mov = await lockMov(tx, s, idmovimentacao);
    if (!mov) refuse('error.cartNotFound');
    if (mov.status === 'EX' || mov.status === 'CA') return mov.status;
    if (mov.status === 'RE' || (mov.status === 'TP' && mov.expired)) {
      await cancelOrder(tx, mov.id);
      return 'CA';
    }
    if (mov.status === 'TP' || mov.status === 'AP') refuse('error.paymentInProgress');
    refuse('error.cartNotFound');
  });
  return { idmovimentacao, status };
}
