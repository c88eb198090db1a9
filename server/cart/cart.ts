/**
 * The cart: holds with an expiry (movimentacao RE) and their units. See README.md for the
 * invariants. Every status change goes through server/orders/lifecycle.ts, which keeps the
 * capacity counters and decides availability inside SQL under row locks (lock order: pessoa →
 * movimentacao → estoque), never by reading then checking in JavaScript.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '../../schemas/brand.types';
import type {
  CancelarReservaResult,
  GetCarrinhoPageItensResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  Locale,
  ProrrogarReservaResult,
  ReservaProduto,
  StatusMovimentacao,
} from '../../schemas/contract';
import type { Pessoa } from '../accounts/repository';
import { purchaseBlock, termsBlock } from '../accounts/rules';
import { canBuy, catalogOf } from '../catalog/lookup';
import { onCatalogSynced } from '../catalog/sync';
import { currentVersion, TERMO_USO } from '../content/terms';
import type { Db } from '../db/client';
import { firstRow, toDate } from '../db/sql';
import type { MessageId } from '../i18n';
import {
  cancelOrder,
  EXPIRED_HOLD,
  expireHolds,
  extendHold,
  holdUnits,
  OPEN_CART,
  refuse,
  removeUnits,
} from '../orders/lifecycle';
import { resumoOf, selectItens, selectMovimentacoes, toMovimentacao } from '../orders/view';
import { spDateTime } from '../time';

/** A person's cart request in one brand and language. */
export interface CartScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  pessoa: Pessoa;
}

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
 * Holds units of products of one session for the person, in one transaction: all or nothing.
 * Appends to the person's open hold (its expiry stays) or opens a new one expiring in
 * `holdSeconds`.
 * @throws AppError ticketsUnavailable (no stock, session not on sale, product not offered),
 *   purchaseLimit (per product or per order), notFound (unknown session), paymentInProgress.
 */
export async function iniciarReserva(
  s: CartScope,
  produtos: ReservaProduto[],
  idapresentacao: number,
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
  const refuseAfterTerms = async (id: MessageId): Promise<never> => {
    const terms = await termsBlock(db, brand, pessoa);
    if (terms) throw terms;
    refuse(id);
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
  }
  if (requested > brand.brand.maxItemsPerOrder) return refuseAfterTerms('error.purchaseLimit');

  const held = await holdUnits(db, {
    brand: brand.id,
    idpessoa: pessoa.id,
    idapresentacao,
    units: [...wanted].map(([idproduto, qtd]) => ({ idproduto, qtd })),
    holdSeconds,
    maxItemsPerOrder: brand.brand.maxItemsPerOrder,
    localizador: newLocalizador(),
    requiredTerm: requiredTerm ? { tipo: requiredTerm.tipo, versao: requiredTerm.versao } : null,
  });
  return {
    idmovimentacao: held.idmovimentacao,
    dthr_exp: spDateTime(toDate(held.dthrExp)),
    count_exp: held.countExp,
    qtd: held.qtd,
  };
}

/** The person's open cart (RE/TP, not expired), or null. Expired holds are marked EX first. */
export async function getCarrinhoPage(s: CartScope): Promise<GetCarrinhoPageResult> {
  await expireHolds(s.db, { idpessoa: s.pessoa.id });
  const [mov] = await selectMovimentacoes(
    s.db,
    s.brand.id,
    sql`m.idpessoa = ${s.pessoa.id} AND ${OPEN_CART}`,
    { limit: 1, offset: 0 },
  );
  return mov ? toMovimentacao(mov) : null;
}

/** Units held in the person's open cart (0 for a guest). */
export async function qtdReservados(s: Omit<CartScope, 'pessoa'> & { pessoa: Pessoa | null }) {
  if (!s.pessoa) return { qtd: 0 };
  const cart = await getCarrinhoPage({ ...s, pessoa: s.pessoa });
  return { qtd: cart?.qtd ?? 0 };
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
  const itens = (await selectItens(s.db, s.brand, s.locale, [mov.idmovimentacao])).get(
    mov.idmovimentacao,
  );
  return { movimentacao: toMovimentacao(mov), itens: itens ?? [], resumo: resumoOf(itens ?? []) };
}

type LockedMov = { id: number; status: StatusMovimentacao; expired: boolean };

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
    const mov = await lockMov(tx, s, idmovimentacao);
    if (!mov) refuse('error.cartNotFound');
    if (mov.expired || mov.status === 'EX') refuse('error.reservationExpired');
    if (mov.status === 'TP' || mov.status === 'AP') refuse('error.paymentInProgress');
    if (mov.status !== 'RE') refuse('error.cartNotFound');
    return removeUnits(tx, mov.id, itens);
  });
  if (left === 0) return null;
  const [mov] = await selectMovimentacoes(s.db, s.brand.id, sql`m.id = ${idmovimentacao}`);
  return toMovimentacao(mov!);
}

/**
 * Cancels the person's reservation (CA): its units are released at once. Cancelling an order
 * already expired or cancelled answers its status; a payment in progress cannot be cancelled.
 */
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
