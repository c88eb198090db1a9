/**
 * The cart: holds with an expiry (movimentacao RE) and their units. See README.md for the
 * invariants. Every write is one transaction; availability is decided inside SQL under row
 * locks (lock order: pessoa → movimentacao → estoque by id), never by reading then checking in
 * JavaScript.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LoadedBrand } from '../../schemas/brand.types';
import type {
  CancelarReservaResult,
  GetCarrinhoPageItensResult,
  GetCarrinhoPageResult,
  IniciarReservaResult,
  Locale,
  ReservaProduto,
  StatusMovimentacao,
} from '../../schemas/contract';
import type { Pessoa } from '../accounts/repository';
import { purchaseBlock, termsBlock } from '../accounts/rules';
import { canBuy, catalogOf } from '../catalog/lookup';
import type { Db } from '../db/client';
import { movimentacao, movimentacaoItem } from '../db/schema';
import { firstRow, OPEN_CART, retryTransaction, rows, UNIT_COUNTS } from '../db/sql';
import { AppError, generic } from '../errors';
import {
  expireHolds,
  resumoOf,
  selectItens,
  selectMovimentacoes,
  toMovimentacao,
} from '../orders/view';

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

/** Raised inside a transaction to roll it back with a business error. */
class Rollback extends AppError {}

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
  const blocked = purchaseBlock(brand, pessoa) ?? (await termsBlock(db, brand, pessoa));
  if (blocked) throw blocked;

  const session = await firstRow<{ idevento: number; on_sale: boolean }>(
    db,
    sql`SELECT idevento, (ativo AND dthr > now()) AS on_sale
        FROM apresentacao WHERE id = ${idapresentacao} AND brand = ${brand.id}`,
  );
  if (!session) throw generic('error.notFound');
  if (!session.on_sale) throw generic('error.ticketsUnavailable');
  const cat = catalogOf(brand);
  for (const idproduto of wanted.keys()) {
    const entry = cat.product(session.idevento, idproduto);
    if (!entry || !canBuy(brand, entry.product, pessoa.idpessoaTipo)) {
      throw generic('error.ticketsUnavailable');
    }
  }
  if (requested > brand.brand.maxItemsPerOrder) throw generic('error.purchaseLimit');

  const idmov = await retryTransaction(() =>
    db.transaction(async (tx) => {
      // Serializes the holds of one person (one open cart, the per-order limit).
      await tx.execute(sql`SELECT id FROM pessoa WHERE id = ${pessoa.id} FOR UPDATE`);
      await expireHolds(tx, pessoa.id);
      const open = await firstRow<{ id: number; status: StatusMovimentacao; units: number }>(
        tx,
        sql`SELECT m.id, m.status,
            (SELECT count(*) FROM movimentacao_item i
              WHERE i.idmovimentacao = m.id AND i.status <> 'CA')::int AS units
          FROM movimentacao m
          WHERE m.idpessoa = ${pessoa.id} AND m.brand = ${brand.id} AND ${OPEN_CART}
          ORDER BY m.id DESC LIMIT 1 FOR UPDATE OF m`,
      );
      if (open && open.status !== 'RE') throw new Rollback(0, 'error.paymentInProgress');
      const held = open?.units ?? 0;
      if (held + requested > brand.brand.maxItemsPerOrder) {
        throw new Rollback(0, 'error.purchaseLimit');
      }

      const ids = sql.join(
        [...wanted.keys()].map((id) => sql`${id}::int`),
        sql`, `,
      );
      const stock = await rows<{
        id: number;
        idproduto: number;
        block_qtd: number;
        ativo: boolean;
      }>(
        tx,
        sql`SELECT id, idproduto, block_qtd, ativo FROM estoque
          WHERE idapresentacao = ${idapresentacao} AND idproduto IN (${ids})
          ORDER BY id FOR UPDATE`,
      );
      if (stock.length !== wanted.size || stock.some((e) => !e.ativo)) {
        throw new Rollback(0, 'error.ticketsUnavailable');
      }

      let idmovimentacao: number;
      if (open) {
        idmovimentacao = open.id;
        // An empty hold gets a fresh clock; a hold with units keeps its expiry.
        if (held === 0) {
          await tx.execute(
            sql`UPDATE movimentacao SET dthr_exp = now() + ${holdSeconds}::int * interval '1 second',
                updated_at = now() WHERE id = ${open.id}`,
          );
        }
      } else {
        const created = await firstRow<{ id: number }>(
          tx,
          sql`INSERT INTO movimentacao (brand, idpessoa, status, localizador, dthr_exp)
            VALUES (${brand.id}, ${pessoa.id}, 'RE', ${newLocalizador()},
              now() + ${holdSeconds}::int * interval '1 second')
            RETURNING id`,
        );
        idmovimentacao = created!.id;
      }

      for (const e of stock) {
        const qtd = wanted.get(e.idproduto)!;
        const inCart = await firstRow<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM movimentacao_item
            WHERE idmovimentacao = ${idmovimentacao} AND idestoque = ${e.id} AND status <> 'CA'`,
        );
        if ((inCart?.n ?? 0) + qtd > e.block_qtd) throw new Rollback(0, 'error.purchaseLimit');
        // sold + active holds + requested <= capacity, decided by the database under the row lock.
        const inserted = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO movimentacao_item (idmovimentacao, idestoque, valor_cents, taxa_cents, status)
            SELECT ${idmovimentacao}, e.id, e.preco_cents, e.taxa_cents, 'RE'
            FROM estoque e CROSS JOIN generate_series(1, ${qtd}::int) AS g(n)
            WHERE e.id = ${e.id}
              AND e.capacidade - (
                SELECT count(*) FROM movimentacao_item i
                JOIN movimentacao m ON m.id = i.idmovimentacao
                WHERE i.idestoque = e.id AND ${UNIT_COUNTS}
              ) >= ${qtd}::int
            RETURNING id`,
        );
        if (inserted.length !== qtd) throw new Rollback(0, 'error.ticketsUnavailable');
      }
      return idmovimentacao;
    }),
  );

  const [mov] = await selectMovimentacoes(db, brand.id, sql`m.id = ${idmov}`);
  return {
    idmovimentacao: idmov,
    dthr_exp: mov!.dthr_exp ?? '',
    count_exp: mov!.count_exp,
    qtd: mov!.qtd,
  };
}

/** The person's open cart (RE/TP, not expired), or null. Expired holds are marked EX first. */
export async function getCarrinhoPage(s: CartScope): Promise<GetCarrinhoPageResult> {
  await expireHolds(s.db, s.pessoa.id);
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
  await expireHolds(s.db, s.pessoa.id);
  const [mov] = await selectMovimentacoes(
    s.db,
    s.brand.id,
    sql`m.id = ${idmovimentacao} AND m.idpessoa = ${s.pessoa.id}`,
  );
  if (!mov || mov.status === 'CA') throw generic('error.cartNotFound');
  if (mov.status === 'EX') throw generic('error.reservationExpired');
  const itens = (await selectItens(s.db, s.brand, s.locale, [mov.idmovimentacao])).get(
    mov.idmovimentacao,
  );
  return { movimentacao: toMovimentacao(mov), itens: itens ?? [], resumo: resumoOf(itens ?? []) };
}

type LockedMov = { id: number; status: StatusMovimentacao; expired: boolean };

async function lockMov(tx: Db, s: CartScope, idmovimentacao: number): Promise<LockedMov | null> {
  const row = await firstRow<LockedMov>(
    tx,
    sql`SELECT id, status,
          (status IN ('RE','TP') AND dthr_exp IS NOT NULL AND dthr_exp <= now()) AS expired
        FROM movimentacao
        WHERE id = ${idmovimentacao} AND idpessoa = ${s.pessoa.id} AND brand = ${s.brand.id}
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
  const outcome = await s.db.transaction(async (tx) => {
    const mov = await lockMov(tx, s, idmovimentacao);
    if (!mov) return 'error.cartNotFound' as const;
    if (mov.expired) {
      await tx.execute(sql`UPDATE movimentacao SET status = 'EX', updated_at = now()
                           WHERE id = ${mov.id}`);
      return 'error.reservationExpired' as const;
    }
    if (mov.status === 'EX') return 'error.reservationExpired' as const;
    if (mov.status === 'TP' || mov.status === 'AP') return 'error.paymentInProgress' as const;
    if (mov.status !== 'RE') return 'error.cartNotFound' as const;
    if (itens.length > 0) {
      await tx
        .update(movimentacaoItem)
        .set({ status: 'CA' })
        .where(
          and(
            eq(movimentacaoItem.idmovimentacao, mov.id),
            inArray(movimentacaoItem.id, itens),
            ne(movimentacaoItem.status, 'CA'),
          ),
        );
    }
    const left = await firstRow<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM movimentacao_item
          WHERE idmovimentacao = ${mov.id} AND status <> 'CA'`,
    );
    if ((left?.n ?? 0) === 0) {
      await tx
        .update(movimentacao)
        .set({ status: 'CA', updatedAt: sql`now()` })
        .where(eq(movimentacao.id, mov.id));
      return 'empty' as const;
    }
    return 'ok' as const;
  });
  if (outcome === 'empty') return null;
  if (outcome !== 'ok') throw generic(outcome);
  const [mov] = await selectMovimentacoes(s.db, s.brand.id, sql`m.id = ${idmovimentacao}`);
  return toMovimentacao(mov!);
}

/**
 * Cancels the person's reservation (CA): its units are released at once. Cancelling an order
 * already expired or cancelled answers its status; a payment in progress cannot be cancelled.
 */
export async function cancelarReserva(
  s: CartScope,
  idmovimentacao: number,
): Promise<CancelarReservaResult> {
  const outcome = await s.db.transaction(async (tx) => {
    const mov = await lockMov(tx, s, idmovimentacao);
    if (!mov) return 'error.cartNotFound' as const;
    if (mov.status === 'EX' || mov.status === 'CA') return mov.status;
    if (mov.status === 'RE' || (mov.status === 'TP' && mov.expired)) {
      await tx
        .update(movimentacao)
        .set({ status: 'CA', updatedAt: sql`now()` })
        .where(eq(movimentacao.id, mov.id));
      await tx
        .update(movimentacaoItem)
        .set({ status: 'CA' })
        .where(and(eq(movimentacaoItem.idmovimentacao, mov.id), ne(movimentacaoItem.status, 'CA')));
      return 'CA' as const;
    }
    if (mov.status === 'TP' || mov.status === 'AP') return 'error.paymentInProgress' as const;
    return 'error.cartNotFound' as const;
  });
  if (outcome.startsWith('error.')) throw generic(outcome as 'error.cartNotFound');
  return { idmovimentacao, status: outcome as StatusMovimentacao };
}
