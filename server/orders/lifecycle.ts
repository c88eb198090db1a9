/**
 * The life of an order (movimentacao) and its units (movimentacao_item), in one place: every
 * status change, the SQL predicates of the rules, the capacity counter, and the one way a
 * business refusal leaves a transaction. server/cart and server/payments call it; nothing else
 * writes a status.
 *
 * ```
 *  RE ──pay──▶ TP ──approved──▶ TP, no expiry ──conclude──▶ PA      (items RE → PA)
 *   ▲           ├──pending────▶ AP
 *   └─declined──┘
 *  RE, TP ──dthr_exp passed──▶ EX        RE (or TP past dthr_exp) ──cancel / emptied──▶ CA
 *  item RE ──removed──▶ CA
 *  TP ──slip / Pix issued──▶ AP until dthr_exp ──paid (webhook)──▶ PA
 *                             ├──expired (webhook, or dthr_exp passed: sweep)──▶ EX
 *                             └──cancelarBoleto──▶ RE (hold time left) or CA
 *  crash recovery (payments/recovery.ts), an attempt whose answer was lost:
 *  TP, or EX with its units still free ──charged──▶ PA     EX, units gone ──charged──▶ EX (refund)
 *  TP ──not charged──▶ RE (hold time left) or EX
 *  cancelaCompra (orders/cancellation.ts), paid units chosen by the buyer:
 *  item PA ──cancel asked──▶ CP (still sold) ──refund confirmed──▶ CA (released; the order CA
 *                             │                                   when no unit is left)
 *                             └──refund refused──▶ PA
 *  voucher swap (vouchers/swap.ts): a new order ──▶ PA at once, price 0 (units PA, counted)
 * ```
 *
 * Capacity: `estoque.reservados` is the number of items not removed (CA) of orders in a
 * counted status (RE, TP, AP, PA). Every change that moves units into or out of that set
 * changes the counter in the same statement, under the order's row lock, so it moves exactly
 * once per unit. A hold past its `dthr_exp` still counts there until marked EX; expiry is
 * still decided by the timestamp, because a hold that finds no room first releases the holds
 * of that stock whose time ran out ({@link holdUnits}), and readers use {@link AVAILABLE}.
 *
 * Refusals: inside a transaction call {@link refuse} (it throws the typed AppError; the
 * transaction rolls back and the envelope answers it). The hold, decided in SQL in one round
 * trip, returns its refusal as a value and writes nothing; {@link holdUnits} then refuses the
 * same way.
 */
import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { ErrorCode, type StatusMovimentacao } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { retryTransaction, rows, toDate } from '#server/db/sql.ts';
import { AppError, generic } from '#server/errors.ts';
import type { MessageId } from '#server/i18n.ts';
import { releaseCancelledSlots } from '#server/trail/trail.ts';

/** Statuses whose units count against capacity. */
const COUNTED = `('RE','TP','AP','PA')`;

/**
 * The units that count against a stock row's capacity, for an item `i` of an order `m`:
 * sold (PA, AP), or held by an order whose hold has not expired (RE/TP with `dthr_exp` in the
 * future; TP with no expiry is an approved payment awaiting conclusion). Removed items (CA) never
 * count. Expiry is decided here by the timestamp, so nothing depends on the sweeper.
 */
const UNIT_COUNTS_TEXT = `(i.status <> 'CA' AND (m.status IN ('PA','AP') OR (m.status IN ('RE','TP') AND (m.dthr_exp IS NULL OR m.dthr_exp > now()))))`;
export const UNIT_COUNTS = sql.raw(UNIT_COUNTS_TEXT);

const OPEN_CART_TEXT = `(m.status IN ('RE','TP') AND (m.dthr_exp IS NULL OR m.dthr_exp > now()))`;

/** An order `m` that is an open cart: RE/TP and not expired. */
export const OPEN_CART = sql.raw(OPEN_CART_TEXT);

const EXPIRED_HOLD_TEXT = `(m.status IN ('RE','TP') AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now())`;

/** An order `m` whose hold has run out but is not yet marked EX. */
export const EXPIRED_HOLD = sql.raw(EXPIRED_HOLD_TEXT);

/**
 * Units of stock row `e` a new hold may take now: capacity less the counter, plus the units of
 * holds whose time ran out and that nothing has marked EX yet (found through the order's
 * status/expiry index, so it costs the few expired holds, not every unit sold).
 */
export const AVAILABLE = sql.raw(
  `greatest(0, e.capacidade - e.reservados + (
    SELECT count(*) FROM movimentacao m JOIN movimentacao_item i ON i.idmovimentacao = m.id
    WHERE ${EXPIRED_HOLD_TEXT} AND i.idestoque = e.id AND i.status <> 'CA'))::int`,
);

/** Throws the business refusal `id` (code 0); inside a transaction it rolls the transaction back. */
export function refuse(id: MessageId, values?: Record<string, string | number>): never {
  throw generic(id, values);
}

/** Which expired holds {@link expireHolds} looks at (all, when empty). */
export interface ExpiryScope {
  idpessoa?: number;
  idmovimentacao?: number;
}
/**
 * Orders `m` with units of product `idproduto` of session `idapresentacao`. `OFFSET 0` keeps the
 * test a per-order check: flattened into a join, PostgreSQL may plan it from the stock's units,
 * i.e. every unit sold, instead of from the few expired holds the status/expiry index finds.
 */
function holdsOfStock(idapresentacao: number, idproduto: number): SQL {
  return sql`EXISTS (SELECT 1 FROM movimentacao_item i JOIN estoque e ON e.id = i.idestoque
      WHERE i.idmovimentacao = m.id AND e.idapresentacao = ${idapresentacao}::int
        AND e.idproduto = ${idproduto}::int OFFSET 0)`;
}

/**
 * Marks EX the expired holds among the orders `m` that `where` picks (an SQL condition) and gives
 * their units back: `sf_expire_orders` (server/db/migrations/0018_hold_function.sql) locks each
 * with SKIP LOCKED, re-checks it and counts back only the orders it moved.
 * @returns how many orders it marked.
 */
async function expireOrdersWhere(db: Db, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT sf_expire_orders(ARRAY(
          SELECT m.id FROM movimentacao m WHERE ${EXPIRED_HOLD} AND ${where})) AS n`,
  );
  return Number(r?.n ?? 0);
}

/**
 * Marks EX the holds whose time ran out (of a person, an order, or all) and gives their units
 * back to the counter, in one statement. Each order moves RE/TP → EX once: rows another
 * transaction holds are left for a later pass (so the sweeper and requests never wait on each
 * other), and only the orders this statement moved are counted back.
 * @returns how many orders it marked.
 */
export async function expireHolds(db: Db, who: ExpiryScope = {}): Promise<number> {
  const where = sql.join(
    [
      sql`true`,
      ...(who.idpessoa === undefined ? [] : [sql`m.idpessoa = ${who.idpessoa}::int`]),
      ...(who.idmovimentacao === undefined ? [] : [sql`m.id = ${who.idmovimentacao}::int`]),
    ],
    sql` AND `,
  );
  return retryTransaction(() => expireOrdersWhere(db, where));
}

/** A hold to take: units of products of one session for a person. */
export interface HoldRequest {
  brand: string;
  idpessoa: number;
  idapresentacao: number;
  /** One entry per product. */
  units: { idproduto: number; qtd: number }[];
  /** The block (sector) the units are taken from; 0 (or absent) for an event without blocks. */
  idbloco?: number;
  /** A new (or emptied) hold expires this many seconds from now. */
  holdSeconds: number;
  maxItemsPerOrder: number;
  /** The locator of the order, if a new one is opened. */
  localizador: string;
  /**
   * The event's per-person limits (catalogue `limitePorPessoa`): the units of the session, and of
   * all the event's sessions, the person holds or bought (orders RE/TP not expired, AP, PA;
   * items not removed) plus this hold's may not pass them (`error.purchaseLimit`). Counted in
   * the hold's round trip under the person's row lock, so two holds of one person cannot both
   * pass.
   */
  personLimit?: PersonLimit | null;
  /**
   * The terms of use version the person must have accepted (checked in the hold's round trip,
   * before anything else): refused with code 4 (termsRequired) when not.
   */
  requiredTerm?: { tipo: number; versao: string } | null;
}

/** {@link HoldRequest.personLimit}: the event of the session and its limits. */
export interface PersonLimit {
  idevento: number;
  porSessao?: number | undefined;
  porEvento?: number | undefined;
}

/** The person's open hold after {@link holdUnits}. */
export interface HeldOrder {
  idmovimentacao: number;
  dthrExp: unknown;
  countExp: number;
  qtd: number;
  /** The coupon of the cart the units joined (a new cart has none). */
  cupom: string | null;
}

/**
 * Test-only: when true, {@link holdUnits} reads the counter from the statement's snapshot
 * instead of re-reading it under the row lock, i.e. without the lock's protection. The
 * concurrency tests turn it on to show they fail (oversell) on PostgreSQL without the lock.
 */
export const holdTesting = { withoutLock: false };

/**
 * Holds units for a person in one round trip: one statement calling the function `sf_hold`
 * (server/db/migrations/0018_hold_function.sql, where each step is explained), one
 * transaction. The stock row is locked from the counter's UPDATE, near the function's end, to the commit that follows the call at once on the database server,
 * without a trip back to Node (several products are locked in id order first, so all or none
 * fit).
 *
 * A refusal writes nothing of the hold: the cart is written only when every product's counter
 * took its units, and the refusal comes back as a value (raising an error in PostgreSQL costs far more
 * than a row). When the counter says the stock is full, holds of that stock whose time ran out
 * (and pending slips or Pix charges past their time) are released and the hold is tried once
 * more, in the same call.
 * @throws AppError paymentInProgress, purchaseLimit, ticketsUnavailable.
 */
export async function holdUnits(db: Db, req: HoldRequest): Promise<HeldOrder> {
  const held = await retryTransaction(() => runHold(db, req));
  if (held.refusal === 'error.termsRequired') {
    throw new AppError(ErrorCode.TermsRequired, 'error.termsRequired');
  }
  if (held.refusal) refuse(held.refusal);
  return held;
}

/** The hold of `req` as one call of `sf_hold` (server/db/migrations/0018_hold_function.sql). */
function holdCall(req: HoldRequest): SQL {
  const limit = req.personLimit;
  return sql`SELECT * FROM sf_hold(${req.brand}, ${req.idpessoa}::int, ${req.idapresentacao}::int,
    ${sql.param(req.units.map((u) => u.idproduto))}::int[],
    ${sql.param(req.units.map((u) => u.qtd))}::int[], ${req.idbloco ?? 0}::int,
    ${req.holdSeconds}::int, ${req.maxItemsPerOrder}::int, ${limit?.idevento ?? null}::int,
    ${limit?.porSessao ?? null}::int, ${limit?.porEvento ?? null}::int, ${req.localizador},
    ${req.requiredTerm?.tipo ?? null}::int, ${req.requiredTerm?.versao ?? null}::text,
    ${holdTesting.withoutLock}::boolean)`;
}

/**
 * Readies the hold at start, so the first holds of a sale do not pay for compiling it: a hold
 * of nobody (person 0, session 0: refused as not on sale, writes nothing), in a transaction
 * rolled back all the same.
 */
export async function prepareOrderRoutines(db: Db): Promise<void> {
  const nobody: HoldRequest = {
    brand: '',
    idpessoa: 0,
    idapresentacao: 0,
    units: [{ idproduto: 0, qtd: 1 }],
    holdSeconds: 0,
    maxItemsPerOrder: 1,
    localizador: '',
  };
  await db
    .transaction(async (tx) => {
      await tx.execute(holdCall(nobody));
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
}

async function runHold(
  db: Db,
  req: HoldRequest,
): Promise<HeldOrder & { refusal: MessageId | null }> {
  const [held] = await rows<{
    r_refusal: MessageId | null;
    r_id: number;
    r_dthr_exp: unknown;
    r_count_exp: number;
    r_qtd: number;
    r_cupom: string | null;
  }>(db, holdCall(req));
  return {
    refusal: held!.r_refusal || null,
    idmovimentacao: Number(held!.r_id),
    dthrExp: held!.r_dthr_exp,
    countExp: Number(held!.r_count_exp),
    qtd: Number(held!.r_qtd),
    cupom: held!.r_cupom ?? null,
  };
}

/** Where a status change may apply: the current status it requires, if any. */
type Guard = { from?: StatusMovimentacao };

/**
 * Moves an order to `to` (with its expiry set by `dthrExp`, when given) and keeps the counter:
 * out of the counted statuses gives its units back, into them takes them again (an approval that
 * arrives after the hold expired: the money is taken, the units are the buyer's). The caller
 * holds the order's row lock, so the status read here is the one being changed.
 * @returns whether the order moved (false when `guard.from` did not match).
 */
async function setStatus(
  tx: Db,
  idmovimentacao: number,
  to: StatusMovimentacao,
  dthrExp?: SQL,
  guard: Guard = {},
): Promise<boolean> {
  const [r] = await rows<{ moved: number }>(
    tx,
    sql`WITH before AS (
        SELECT status IN ${sql.raw(COUNTED)} AS counted FROM movimentacao
        WHERE id = ${idmovimentacao}),
      moved AS (
        UPDATE movimentacao SET status = ${to}, updated_at = now()
          ${dthrExp ? sql`, dthr_exp = ${dthrExp}` : sql``}
        WHERE id = ${idmovimentacao} ${guard.from ? sql`AND status = ${guard.from}` : sql``}
        RETURNING status IN ${sql.raw(COUNTED)} AS counted),
      delta AS (
        SELECT CASE WHEN m.counted AND NOT b.counted THEN 1
          WHEN b.counted AND NOT m.counted THEN -1 ELSE 0 END AS d
        FROM moved m, before b),
      units AS (
        SELECT idestoque, count(*)::int AS n FROM movimentacao_item
        WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA' GROUP BY idestoque),
      adjusted AS (
        UPDATE estoque e SET reservados = e.reservados + u.n * d.d
        FROM units u, delta d WHERE e.id = u.idestoque AND d.d <> 0 RETURNING e.id)
      SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM adjusted)::int`,
  );
  return Number(r?.moved ?? 0) > 0;
}

/**
 * Removes units from an open (RE) cart, locked by the caller, giving them back to the counter;
 * a cart left empty is cancelled (CA).
 * @returns how many units are left.
 */
export async function removeUnits(
  tx: Db,
  idmovimentacao: number,
  itens: number[],
): Promise<number> {
  const which =
    itens.length > 0
      ? sql`id IN (${sql.join(
          itens.map((id) => sql`${id}::int`),
          sql`, `,
        )})`
      : sql`false`;
  const [r] = await rows<{ left: number }>(
    tx,
    sql`WITH gone AS (
        UPDATE movimentacao_item SET status = 'CA'
        WHERE idmovimentacao = ${idmovimentacao} AND ${which} AND status <> 'CA'
        RETURNING idestoque),
      released AS (
        UPDATE estoque e SET reservados = e.reservados - c.n
        FROM (SELECT idestoque, count(*)::int AS n FROM gone GROUP BY idestoque) c
        WHERE e.id = c.idestoque RETURNING e.id),
      remaining AS (
        SELECT (SELECT count(*) FROM movimentacao_item
          WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA')
          - (SELECT count(*) FROM gone) AS n),
      emptied AS (
        UPDATE movimentacao SET status = 'CA', updated_at = now()
        WHERE id = ${idmovimentacao} AND (SELECT n FROM remaining) = 0 RETURNING id)
      SELECT (SELECT n FROM remaining)::int AS left, (SELECT count(*) FROM emptied),
        (SELECT count(*) FROM released)`,
  );
  return Number(r?.left ?? 0);
}

/** Cancels an order (CA) locked by the caller: its units are removed and released at once. */
export async function cancelOrder(tx: Db, idmovimentacao: number): Promise<void> {
  // The status first: it gives back the units still counted; then the units are marked removed.
  await setStatus(tx, idmovimentacao, 'CA');
  await tx.execute(sql`UPDATE movimentacao_item SET status = 'CA'
                       WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA'`);
}

/**
 * A payment attempt begins: RE → TP, the hold kept at least `graceSeconds` so an attempt begun
 * in time can finish.
 */
export async function beginPayment(
  tx: Db,
  idmovimentacao: number,
  graceSeconds: number,
): Promise<void> {
  await setStatus(
    tx,
    idmovimentacao,
    'TP',
    sql`greatest(dthr_exp, now() + ${graceSeconds}::int * interval '1 second')`,
  );
}

/**
 * The gateway answered: approved → TP with no expiry (awaiting conclusion), pending → AP (sold,
 * no expiry); declined or failed → back to RE with the hold's own expiry, if it is still TP.
 */
export async function settlePayment(
  tx: Db,
  idmovimentacao: number,
  outcome: 'approved' | 'pending' | 'declined' | 'error',
  holdExpiry: Date | null,
): Promise<void> {
  if (outcome === 'approved') await setStatus(tx, idmovimentacao, 'TP', sql`NULL`);
  else if (outcome === 'pending') await setStatus(tx, idmovimentacao, 'AP', sql`NULL`);
  else {
    await setStatus(
      tx,
      idmovimentacao,
      'RE',
      sql`${holdExpiry?.toISOString() ?? null}::timestamptz`,
      { from: 'TP' },
    );
  }
}

/**
 * A charge whose answer was lost (crash recovery) turned out approved or pending: may the order,
 * locked by the caller, still have its units? RE or TP: yes, they are still held (the counter
 * counts them until the order is marked EX). EX: yes when every unit still fits its stock's
 * capacity and its session has not started; they are then taken back (the order TP with no
 * expiry, counted again), under the stock rows' locks, after releasing the holds of those stocks
 * whose time ran out, as a hold would. Anything else (cancelled, or already paid or pending by
 * another payment): no, the charge is to be refunded.
 * @returns whether the order holds its units now.
 */
export async function retakeUnits(tx: Db, idmovimentacao: number): Promise<boolean> {
  const [m] = await rows<{ status: StatusMovimentacao }>(
    tx,
    sql`SELECT status FROM movimentacao WHERE id = ${idmovimentacao}`,
  );
  if (m?.status === 'RE' || m?.status === 'TP') return true;
  if (m?.status !== 'EX') return false;
  const fits = async () => {
    const [r] = await rows<{ fits: boolean | null }>(
      tx,
      sql`WITH need AS (
          SELECT idestoque, count(*)::int AS n FROM movimentacao_item
          WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA' GROUP BY idestoque),
        stock AS (
          SELECT e.id, e.reservados, e.capacidade, e.idapresentacao FROM estoque e
          WHERE e.id IN (SELECT idestoque FROM need) ORDER BY e.id FOR UPDATE)
        SELECT bool_and(s.reservados + need.n <= s.capacidade AND a.dthr > now()) AS fits
        FROM stock s JOIN need ON need.idestoque = s.id
        JOIN apresentacao a ON a.id = s.idapresentacao`,
    );
    return r?.fits === true;
  };
  if (!(await fits())) {
    await expireOrdersWhere(
      tx,
      sql`EXISTS (SELECT 1 FROM movimentacao_item x
          WHERE x.idmovimentacao = m.id AND x.status <> 'CA' AND x.idestoque IN (
            SELECT idestoque FROM movimentacao_item
            WHERE idmovimentacao = ${idmovimentacao}::int AND status <> 'CA'))`,
    );
    await expirePending(tx);
    if (!(await fits())) return false;
  }
  return setStatus(tx, idmovimentacao, 'TP', sql`NULL`, { from: 'EX' });
}

/**
 * A payment attempt whose answer was lost turned out not charged, and the hold it began in has
 * run out: TP → EX, its units given back. Only from TP.
 * @returns whether the order moved.
 */
export async function releaseUnpaid(tx: Db, idmovimentacao: number): Promise<boolean> {
  return setStatus(tx, idmovimentacao, 'EX', undefined, { from: 'TP' });
}

/** A paid order is concluded: PA, no expiry, its units PA; when it was paid is kept. */
export async function concludeOrder(tx: Db, idmovimentacao: number): Promise<void> {
  await setStatus(tx, idmovimentacao, 'PA', sql`NULL`);
  await tx.execute(sql`UPDATE movimentacao_item SET status = 'PA'
                       WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA'`);
  await tx.execute(sql`UPDATE movimentacao SET dthr_pagamento = coalesce(dthr_pagamento, now())
                       WHERE id = ${idmovimentacao}`);
}

/**
 * The buyer cancels paid units `itens` of a paid (PA) order, locked by the caller: PA → CP under
 * cancellation `idestorno`. They still count against capacity (sold) until the refund is
 * confirmed ({@link confirmCancellation}).
 * @returns the units moved (those of the order that were PA).
 */
export async function markCancellationPending(
  tx: Db,
  idmovimentacao: number,
  itens: number[],
  idestorno: number,
): Promise<number[]> {
  if (itens.length === 0) return [];
  const moved = await rows<{ id: number }>(
    tx,
    sql`UPDATE movimentacao_item SET status = 'CP', idestorno = ${idestorno}
        WHERE idmovimentacao = ${idmovimentacao} AND status = 'PA'
          AND id IN (${sql.join(
            itens.map((id) => sql`${id}::int`),
            sql`, `,
          )})
          AND EXISTS (SELECT 1 FROM movimentacao m WHERE m.id = ${idmovimentacao} AND m.status = 'PA')
        RETURNING id`,
  );
  return moved.map((r) => Number(r.id));
}

/**
 * The refund of cancellation `idestorno` of order `idmovimentacao` (locked by the caller) was
 * confirmed: its CP units become CA and leave the counters in the same statement, so each unit
 * goes back on sale exactly once (a second confirmation finds no CP unit); the order becomes CA
 * when no unit is left.
 * @returns how many units went back on sale.
 */
export async function confirmCancellation(
  tx: Db,
  idmovimentacao: number,
  idestorno: number,
): Promise<number> {
  const [r] = await rows<{ n: number; left: number }>(
    tx,
    sql`WITH gone AS (
        UPDATE movimentacao_item SET status = 'CA'
        WHERE idmovimentacao = ${idmovimentacao} AND idestorno = ${idestorno} AND status = 'CP'
        RETURNING idestoque),
      released AS (
        UPDATE estoque e SET reservados = e.reservados - c.n
        FROM (SELECT idestoque, count(*)::int AS n FROM gone GROUP BY idestoque) c
        WHERE e.id = c.idestoque RETURNING e.id)
      SELECT (SELECT count(*) FROM gone)::int AS n,
        ((SELECT count(*) FROM movimentacao_item
          WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA')
          - (SELECT count(*) FROM gone))::int AS left,
        (SELECT count(*) FROM released)`,
  );
  const n = Number(r?.n ?? 0);
  // Their booked slots (server/trail) are freed with them.
  if (n > 0) await releaseCancelledSlots(tx, idmovimentacao);
  // No unit left: the order is cancelled (nothing counted any more, so the counter stays).
  if (n > 0 && Number(r?.left ?? 0) === 0) {
    await setStatus(tx, idmovimentacao, 'CA', undefined, { from: 'PA' });
  }
  return n;
}

/**
 * The refund of cancellation `idestorno` was refused: its CP units are PA again (they never left
 * the counters).
 * @returns how many units are paid again.
 */
export async function revertCancellation(
  tx: Db,
  idmovimentacao: number,
  idestorno: number,
): Promise<number> {
  const back = await rows<{ id: number }>(
    tx,
    sql`UPDATE movimentacao_item SET status = 'PA'
        WHERE idmovimentacao = ${idmovimentacao} AND idestorno = ${idestorno} AND status = 'CP'
        RETURNING id`,
  );
  return back.length;
}

/** The outcome of {@link extendHold}: the new end and how many extensions are left. */
export interface ExtendedHold {
  dthrExp: Date;
  countExp: number;
  left: number;
}

/**
 * More time on a live hold (RE, not expired) locked by the caller: `seconds` more, but never
 * past the start of the earliest session it holds, and at most `maxExtensions` times. Units stay held: the counter does not move.
 * Refuses holdExtensionLimit when the extensions are used up, holdExtensionSessionStart when
 * the session starts too soon for any more time, reservationExpired when the hold is gone.
 */
export async function extendHold(
  tx: Db,
  idmovimentacao: number,
  seconds: number,
  maxExtensions: number,
): Promise<ExtendedHold> {
  const [row] = await rows<{
    status: StatusMovimentacao;
    live: boolean;
    prorrogacoes: number;
    dthr_exp: unknown;
    proposed: unknown;
  }>(
    tx,
    sql`SELECT m.status, (m.dthr_exp > now()) AS live, m.prorrogacoes, m.dthr_exp,
          least(m.dthr_exp + ${seconds}::int * interval '1 second',
                (SELECT min(a.dthr) FROM movimentacao_item i
                   JOIN estoque e ON e.id = i.idestoque
                   JOIN apresentacao a ON a.id = e.idapresentacao
                 WHERE i.idmovimentacao = m.id AND i.status <> 'CA')) AS proposed
        FROM movimentacao m WHERE m.id = ${idmovimentacao}`,
  );
  if (row?.status !== 'RE' || !row.live) refuse('error.reservationExpired');
  if (row.prorrogacoes >= maxExtensions) refuse('error.holdExtensionLimit');
  const current = toDate(row.dthr_exp).getTime();
  const proposed = row.proposed === null ? current : toDate(row.proposed).getTime();
  // A sliver of time is no help to anyone (less than a minute, or half the hold's own time
  // when holds are that short): the session is about to start.
  if (proposed - current < Math.min(60_000, (seconds * 1000) / 2)) {
    refuse('error.holdExtensionSessionStart');
  }
  const [done] = await rows<{ dthr_exp: unknown; count_exp: number }>(
    tx,
    sql`UPDATE movimentacao SET dthr_exp = ${new Date(proposed).toISOString()}::timestamptz,
          prorrogacoes = prorrogacoes + 1, updated_at = now()
        WHERE id = ${idmovimentacao}
        RETURNING dthr_exp, greatest(0, floor(extract(epoch FROM dthr_exp - now())))::int AS count_exp`,
  );
  return {
    dthrExp: toDate(done!.dthr_exp),
    countExp: Number(done!.count_exp),
    left: maxExtensions - row.prorrogacoes - 1,
  };
}

/**
 * A bank slip or Pix charge was issued: TP → AP (units stay sold) until `expiraEm`, after which
 * an unpaid order is released ({@link expirePendingPayments}).
 */
export async function awaitPayment(tx: Db, idmovimentacao: number, expiraEm: Date): Promise<void> {
  await setStatus(tx, idmovimentacao, 'AP', sql`${expiraEm.toISOString()}::timestamptz`);
}

/**
 * A pending (AP) order will not be paid (its slip or Pix charge expired or failed): EX, its
 * units given back. Only from AP, so a repeated notification releases nothing twice.
 * @returns whether the order moved.
 */
export async function releasePending(tx: Db, idmovimentacao: number): Promise<boolean> {
  return setStatus(tx, idmovimentacao, 'EX', undefined, { from: 'AP' });
}

/**
 * A pending (AP) order whose slip was cancelled goes back to the cart (RE) with the hold's own
 * expiry, its units still held (the counter does not move: AP and RE both count).
 * @returns whether the order moved.
 */
export async function returnToCart(
  tx: Db,
  idmovimentacao: number,
  holdExpiry: Date,
): Promise<boolean> {
  return setStatus(tx, idmovimentacao, 'RE', sql`${holdExpiry.toISOString()}::timestamptz`, {
    from: 'AP',
  });
}

/**
 * Releases the pending (AP) orders whose slip or Pix charge ran out (`dthr_exp` passed) and
 * marks those charges expired, in one statement, on any number of servers at once: rows
 * another transaction holds are skipped (`SKIP LOCKED`: a webhook resolving that order, or
 * another sweep), a row changed meanwhile is re-checked under its lock (`status = 'AP'`), and only
 * the orders this statement moved give their units back. A card payment left pending has no
 * `dthr_exp` and is not touched.
 * @returns the orders it released.
 */
export async function expirePendingPayments(db: Db): Promise<number[]> {
  return retryTransaction(() => expirePending(db));
}

/** The statement of {@link expirePendingPayments}: `sf_expire_pending` (migration 0018). */
async function expirePending(db: Db): Promise<number[]> {
  const [r] = await rows<{ ids: number[] | null }>(db, sql`SELECT sf_expire_pending() AS ids`);
  return (r?.ids ?? []).map(Number);
}

/** {@link sellFreeUnits}: units of one product of one session, given to a person. */
export interface FreeUnitsRequest {
  brand: string;
  idpessoa: number;
  idapresentacao: number;
  idproduto: number;
  qtd: number;
  /** The new order's locator. */
  localizador: string;
}

/**
 * A voucher swap (server/vouchers/swap.ts): a new paid order (PA, price and fee 0) of `qtd`
 * units of a product of a session on sale, for a person; the caller concludes it (tickets). The
 * units count against capacity like sold ones: taken with one conditional UPDATE of the stock
 * row (`reservados + qtd <= capacidade`, re-checked by PostgreSQL under the row's lock). With no
 * room, the holds of that stock whose time ran out (and slips or Pix charges past theirs) are
 * released first, as a hold does, and it is tried once more.
 * @returns the order's id, or null when the session has no room (nothing of the order written).
 */
export async function sellFreeUnits(tx: Db, req: FreeUnitsRequest): Promise<number | null> {
  const take = () =>
    rows<{ id: number }>(
      tx,
      sql`UPDATE estoque e SET reservados = e.reservados + ${req.qtd}::int
          WHERE e.id = (
            SELECT x.id FROM estoque x JOIN apresentacao a ON a.id = x.idapresentacao
            WHERE x.idapresentacao = ${req.idapresentacao} AND x.idproduto = ${req.idproduto}
              AND x.ativo AND a.ativo AND a.dthr > now() AND a.brand = ${req.brand}
              AND x.reservados + ${req.qtd}::int <= x.capacidade
            ORDER BY x.idbloco, x.id LIMIT 1)
            AND e.reservados + ${req.qtd}::int <= e.capacidade
          RETURNING e.id`,
    );
  let [stock] = await take();
  if (!stock) {
    await expireOrdersWhere(tx, holdsOfStock(req.idapresentacao, req.idproduto));
    await expirePending(tx);
    [stock] = await take();
  }
  if (!stock) return null;
  const [mov] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO movimentacao (brand, idpessoa, status, localizador, dthr_exp, dthr_pagamento)
        VALUES (${req.brand}, ${req.idpessoa}, 'PA', ${req.localizador}, NULL, now())
        RETURNING id`,
  );
  await tx.execute(
    sql`INSERT INTO movimentacao_item (idmovimentacao, idestoque, valor_cents, taxa_cents, status)
        SELECT ${mov!.id}::int, ${stock.id}::int, 0, 0, 'PA' FROM generate_series(1, ${req.qtd}::int)`,
  );
  return mov!.id;
}
