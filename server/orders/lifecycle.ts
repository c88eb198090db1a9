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
import { type SQL, sql } from 'drizzle-orm';
import { ErrorCode, type StatusMovimentacao } from '../../schemas/contract';
import type { Db } from '../db/client';
import { lit, retryTransaction, rows, runScript, toDate } from '../db/sql';
import { AppError, generic } from '../errors';
import type { MessageId } from '../i18n';

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
  /** Holds with units of these products of this session. */
  stock?: { idapresentacao: number; idprodutos: number[] };
}

function expiryWhere(who: ExpiryScope): string {
  const parts: string[] = [];
  if (who.idpessoa !== undefined) parts.push(`m.idpessoa = ${lit(who.idpessoa)}`);
  if (who.idmovimentacao !== undefined) parts.push(`m.id = ${lit(who.idmovimentacao)}`);
  if (who.stock) {
    const ids = who.stock.idprodutos.map((id) => lit(id)).join(', ');
    parts.push(`EXISTS (SELECT 1 FROM movimentacao_item i JOIN estoque e ON e.id = i.idestoque
      WHERE i.idmovimentacao = m.id AND e.idapresentacao = ${lit(who.stock.idapresentacao)}
        AND e.idproduto IN (${ids}))`);
  }
  return parts.map((p) => ` AND ${p}`).join('');
}

/**
 * Marks EX the holds whose time ran out (of a person, an order, a stock, or all) and gives their
 * units back to the counter, in one statement. Each order moves RE/TP → EX once: `SKIP LOCKED`
 * leaves a row another transaction holds for a later pass (so the sweeper and requests never wait
 * on each other), a row changed meanwhile is re-checked under its lock, and only the orders this
 * statement moved are counted back. The units are read with a row lock too, so an item removed
 * just before is not given back twice.
 * @returns how many orders it marked.
 */
export async function expireHolds(db: Db, who: ExpiryScope = {}): Promise<number> {
  const [r] = await retryTransaction(() =>
    runScript<{ n: number }>(db, [
      `WITH ex AS (
        UPDATE movimentacao SET status = 'EX', updated_at = now()
        WHERE id IN (
          SELECT m.id FROM movimentacao m WHERE ${EXPIRED_HOLD_TEXT}${expiryWhere(who)}
          ORDER BY m.id FOR UPDATE SKIP LOCKED)
          AND status IN ('RE','TP')
        RETURNING id),
      units AS (
        SELECT i.idestoque FROM movimentacao_item i
        WHERE i.idmovimentacao IN (SELECT id FROM ex) AND i.status <> 'CA' FOR UPDATE),
      released AS (
        UPDATE estoque e SET reservados = e.reservados - c.n
        FROM (SELECT idestoque, count(*)::int AS n FROM units GROUP BY idestoque) c
        WHERE e.id = c.idestoque RETURNING e.id)
      SELECT (SELECT count(*) FROM ex)::int AS n, (SELECT count(*) FROM released)::int AS r`,
    ]),
  );
  return Number(r?.n ?? 0);
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

/**
 * The CASE branches refusing a hold of `requested` units that would pass the person's limits:
 * units of the person's orders that count (as against capacity: {@link UNIT_COUNTS}), of the
 * session `A` and of the event, plus the request.
 */
function personLimitCases(
  limit: PersonLimit | null | undefined,
  P: string,
  B: string,
  A: string,
  requested: number,
): string {
  if (!limit || (limit.porSessao === undefined && limit.porEvento === undefined)) return '';
  const mine = (where: string) => `(SELECT count(*) FROM movimentacao m
        JOIN movimentacao_item i ON i.idmovimentacao = m.id
        JOIN estoque e ON e.id = i.idestoque
        WHERE m.idpessoa = ${P} AND m.brand = ${B} AND ${UNIT_COUNTS_TEXT} AND ${where})`;
  const cases: string[] = [];
  if (limit.porSessao !== undefined) {
    cases.push(`WHEN ${mine(`e.idapresentacao = ${A}`)} + ${lit(requested)} > ${lit(limit.porSessao)}
          THEN 'error.purchaseLimit'`);
  }
  if (limit.porEvento !== undefined) {
    cases.push(`WHEN ${mine(`e.idapresentacao IN (SELECT x.id FROM apresentacao x
          WHERE x.brand = ${B} AND x.idevento = ${lit(limit.idevento)})`)} + ${lit(requested)}
          > ${lit(limit.porEvento)} THEN 'error.purchaseLimit'`);
  }
  return cases.join('\n        ');
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
 * Holds units for a person in one round trip: the statements travel together and run as one
 * transaction ({@link runScript}): lock the person (one open cart per person), lock their open
 * carts, mark their expired holds EX, check the cart (payment in progress, per-order limit, the
 * event's per-person limits, stock on sale), then, last, take the units from the counters with one conditional UPDATE per
 * stock row (`reservados + qtd <= capacidade`, re-checked by PostgreSQL under the row lock) and,
 * only if every product fitted, open or re-clock the cart and insert the units. The stock row is
 * locked from that statement to the commit that follows it at once on the database server,
 * without a trip back to Node (several products are locked in id order one statement earlier, so
 * all or none fit).
 *
 * A refusal writes nothing of the hold: every write of the last statement depends on all units
 * fitting, and the refusal comes back as a value (raising an error in PostgreSQL costs far more
 * than a row). When the counter says the stock is full, holds of that stock whose time ran out
 * (and pending slips or Pix charges past their time) are released and the hold is tried once more.
 * @throws AppError paymentInProgress, purchaseLimit, ticketsUnavailable.
 */
export async function holdUnits(db: Db, req: HoldRequest): Promise<HeldOrder> {
  for (let attempt = 0; ; attempt++) {
    const held = await retryTransaction(() => runHold(db, req));
    if (!held.refusal) return held;
    if (held.refusal === 'error.termsRequired') {
      throw new AppError(ErrorCode.TermsRequired, 'error.termsRequired');
    }
    if (
      attempt === 0 &&
      held.refusal === 'error.ticketsUnavailable' &&
      (await expireHolds(db, {
        stock: {
          idapresentacao: req.idapresentacao,
          idprodutos: req.units.map((u) => u.idproduto),
        },
      })) +
        // Slips and Pix charges past their time give their units back too (their buyers are
        // mailed by the sweeper's next pass).
        (await expirePendingPayments(db)).length >
        0
    ) {
      continue;
    }
    refuse(held.refusal);
  }
}

async function runHold(
  db: Db,
  req: HoldRequest,
): Promise<HeldOrder & { refusal: MessageId | null }> {
  const P = lit(req.idpessoa);
  const B = lit(req.brand);
  const A = lit(req.idapresentacao);
  const W = lit(req.units.length);
  const BL = lit(req.idbloco ?? 0);
  const H = `now() + ${lit(req.holdSeconds)} * interval '1 second'`;
  const requested = req.units.reduce((a, u) => a + u.qtd, 0);
  const products = req.units.map((u) => lit(u.idproduto)).join(', ');
  const wanted = `w(idproduto, qtd) AS (VALUES ${req.units
    .map((u) => `(${lit(u.idproduto)}, ${lit(u.qtd)})`)
    .join(', ')})`;
  // The counter as the lock holder sees it, or (test switch) as the statement's snapshot saw it.
  const counter = holdTesting.withoutLock
    ? '(SELECT x.reservados FROM estoque x WHERE x.id = s.id)'
    : 'e.reservados';
  const statements = [
    // A hold is worth less than the wait for its commit to reach the disk: the stock row's lock
    // is held until the commit returns, so waiting for the flush would cap holds at one per
    // flush. If PostgreSQL crashes, the last fraction of a second of holds may be lost whole
    // (never half: capacity still holds); payments and conclusions commit durably as always.
    'SET LOCAL synchronous_commit = off',
    `SELECT id FROM pessoa WHERE id = ${P} FOR UPDATE`,
    `SELECT m.id FROM movimentacao m
      WHERE m.idpessoa = ${P} AND m.brand = ${B} AND m.status IN ('RE','TP') FOR UPDATE`,
    // The terms of use first: without them nothing else is done (as when checked apart).
    `SELECT set_config('sf.refusal', ${
      req.requiredTerm
        ? `CASE WHEN EXISTS (SELECT 1 FROM termo_aceite t WHERE t.idpessoa = ${P}
            AND t.tipo = ${lit(req.requiredTerm.tipo)} AND t.versao = ${lit(req.requiredTerm.versao)})
          THEN '' ELSE 'error.termsRequired' END`
        : "''"
    }, true)`,
    `WITH ex AS (
      UPDATE movimentacao m SET status = 'EX', updated_at = now()
      WHERE m.idpessoa = ${P} AND ${EXPIRED_HOLD_TEXT} AND current_setting('sf.refusal') = ''
      RETURNING id),
    released AS (
      UPDATE estoque e SET reservados = e.reservados - c.n
      FROM (SELECT i.idestoque, count(*)::int AS n FROM movimentacao_item i
            WHERE i.idmovimentacao IN (SELECT id FROM ex) AND i.status <> 'CA'
            GROUP BY i.idestoque) c
      WHERE e.id = c.idestoque RETURNING e.id)
    SELECT (SELECT count(*) FROM released)`,
    `WITH ${wanted},
    open AS (
      SELECT m.id, m.status,
        (SELECT count(*) FROM movimentacao_item i
          WHERE i.idmovimentacao = m.id AND i.status <> 'CA')::int AS units
      FROM movimentacao m
      WHERE m.idpessoa = ${P} AND m.brand = ${B} AND ${OPEN_CART_TEXT}
      ORDER BY m.id DESC LIMIT 1),
    stock AS (
      SELECT e.id FROM w
      JOIN estoque e ON e.idapresentacao = ${A} AND e.idproduto = w.idproduto AND e.idbloco = ${BL} AND e.ativo
      JOIN apresentacao a ON a.id = e.idapresentacao AND a.ativo)
    SELECT set_config('sf.refusal', coalesce(CASE
        WHEN current_setting('sf.refusal') <> '' THEN current_setting('sf.refusal')
        WHEN (SELECT status FROM open) <> 'RE' THEN 'error.paymentInProgress'
        WHEN coalesce((SELECT units FROM open), 0) + ${lit(requested)} > ${lit(req.maxItemsPerOrder)}
          THEN 'error.purchaseLimit'
        ${personLimitCases(req.personLimit, P, B, A, requested)}
        WHEN (SELECT count(*) FROM stock) <> ${W} THEN 'error.ticketsUnavailable'
      END, ''), true),
      set_config('sf.hold', coalesce((SELECT id FROM open), 0)::text, true)`,
  ];
  if (req.units.length > 1) {
    statements.push(`SELECT id FROM estoque
      WHERE idapresentacao = ${A} AND idproduto IN (${products}) AND idbloco = ${BL}
        AND current_setting('sf.refusal') = ''
      ORDER BY id FOR UPDATE`);
  }
  // Last: the counters, then (all fitted) the cart and its units. Per product, in stock order,
  // the first that does not fit names the refusal (its own limit, else no room), as always.
  statements.push(`WITH ${wanted},
    go AS (SELECT current_setting('sf.refusal') = '' AS ok),
    open AS (SELECT nullif(current_setting('sf.hold'), '0')::int AS id),
    stock AS (
      SELECT e.id, w.qtd, e.block_qtd, e.preco_cents, e.taxa_cents, e.reservados, e.capacidade,
        (SELECT count(*) FROM movimentacao_item i
          WHERE i.idmovimentacao = (SELECT id FROM open) AND i.idestoque = e.id
            AND i.status <> 'CA')::int AS in_cart
      FROM w JOIN estoque e ON e.idapresentacao = ${A} AND e.idproduto = w.idproduto AND e.idbloco = ${BL}),
    fits AS (
      SELECT (SELECT ok FROM go) AND bool_and(in_cart + qtd <= block_qtd)
        AND (${W} = 1 OR bool_and(reservados + qtd <= capacidade)) AS ok
      FROM stock),
    taken AS (
      UPDATE estoque e SET reservados = ${counter} + s.qtd
      FROM stock s
      WHERE e.id = s.id AND (SELECT ok FROM fits) AND ${counter} + s.qtd <= e.capacidade
      RETURNING e.id),
    done AS (SELECT count(*) = ${W} AS ok FROM taken),
    created AS (
      INSERT INTO movimentacao (brand, idpessoa, status, localizador, dthr_exp)
      SELECT ${B}, ${P}, 'RE', ${lit(req.localizador)}, ${H}
      WHERE (SELECT ok FROM done) AND (SELECT id FROM open) IS NULL
      RETURNING id, dthr_exp),
    cart AS (SELECT coalesce((SELECT id FROM created), (SELECT id FROM open)) AS id),
    reclocked AS (
      UPDATE movimentacao SET dthr_exp = ${H}, updated_at = now()
      WHERE id = (SELECT id FROM open) AND (SELECT ok FROM done)
        AND NOT EXISTS (SELECT 1 FROM movimentacao_item i
          WHERE i.idmovimentacao = (SELECT id FROM open) AND i.status <> 'CA')
      RETURNING dthr_exp),
    items AS (
      INSERT INTO movimentacao_item (idmovimentacao, idestoque, valor_cents, taxa_cents, status)
      SELECT (SELECT id FROM cart), s.id, s.preco_cents, s.taxa_cents, 'RE'
      FROM stock s JOIN taken t ON t.id = s.id, generate_series(1, s.qtd)
      WHERE (SELECT ok FROM done)
      RETURNING id),
    expiry AS (
      SELECT coalesce((SELECT dthr_exp FROM created), (SELECT dthr_exp FROM reclocked),
        (SELECT m.dthr_exp FROM movimentacao m WHERE m.id = (SELECT id FROM open))) AS at)
    SELECT
      CASE WHEN NOT (SELECT ok FROM go) THEN current_setting('sf.refusal')
        WHEN NOT (SELECT ok FROM done) THEN (
          SELECT CASE WHEN s.in_cart + s.qtd > s.block_qtd THEN 'error.purchaseLimit'
            ELSE 'error.ticketsUnavailable' END
          FROM stock s
          WHERE ${W} = 1 OR s.in_cart + s.qtd > s.block_qtd OR s.reservados + s.qtd > s.capacidade
          ORDER BY s.id LIMIT 1)
      END AS refusal,
      (SELECT id FROM cart) AS id,
      (SELECT at FROM expiry) AS dthr_exp,
      (SELECT greatest(0, floor(extract(epoch FROM (at - now()))))::int FROM expiry) AS count_exp,
      ((SELECT count(*) FROM movimentacao_item i
        WHERE i.idmovimentacao = (SELECT id FROM open) AND i.status <> 'CA')
        + (SELECT count(*) FROM items))::int AS qtd,
      (SELECT m.cupom FROM movimentacao m WHERE m.id = (SELECT id FROM open)) AS cupom`);
  const [held] = await runScript<{
    refusal: MessageId | null;
    id: number;
    dthr_exp: unknown;
    count_exp: number;
    qtd: number;
    cupom: string | null;
  }>(db, statements);
  return {
    refusal: held!.refusal || null,
    idmovimentacao: Number(held!.id),
    dthrExp: held!.dthr_exp,
    countExp: Number(held!.count_exp),
    qtd: Number(held!.qtd),
    cupom: held!.cupom ?? null,
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

/** A paid order is concluded: PA, no expiry, its units PA. */
export async function concludeOrder(tx: Db, idmovimentacao: number): Promise<void> {
  await setStatus(tx, idmovimentacao, 'PA', sql`NULL`);
  await tx.execute(sql`UPDATE movimentacao_item SET status = 'PA'
                       WHERE idmovimentacao = ${idmovimentacao} AND status <> 'CA'`);
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
  const [r] = await retryTransaction(() =>
    runScript<{ ids: string | null }>(db, [
      `WITH ex AS (
        UPDATE movimentacao SET status = 'EX', updated_at = now()
        WHERE id IN (
          SELECT m.id FROM movimentacao m
          WHERE m.status = 'AP' AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now()
          ORDER BY m.id FOR UPDATE SKIP LOCKED)
          AND status = 'AP' AND dthr_exp <= now()
        RETURNING id),
      units AS (
        SELECT i.idestoque FROM movimentacao_item i
        WHERE i.idmovimentacao IN (SELECT id FROM ex) AND i.status <> 'CA' FOR UPDATE),
      released AS (
        UPDATE estoque e SET reservados = e.reservados - c.n
        FROM (SELECT idestoque, count(*)::int AS n FROM units GROUP BY idestoque) c
        WHERE e.id = c.idestoque RETURNING e.id),
      charges AS (
        UPDATE pagamento SET status = 'expired', updated_at = now()
        WHERE idmovimentacao IN (SELECT id FROM ex) AND status = 'pending' AND forma <> 'cartao'
        RETURNING id)
      SELECT (SELECT string_agg(id::text, ',' ORDER BY id) FROM ex) AS ids,
        (SELECT count(*) FROM released)::int AS r, (SELECT count(*) FROM charges)::int AS c`,
    ]),
  );
  return r?.ids ? r.ids.split(',').map(Number) : [];
}
