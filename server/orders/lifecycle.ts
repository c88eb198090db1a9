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
import { type SQL, sql } from 'drizzle-orm';
import { ErrorCode, type StatusMovimentacao } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import {
  callRoutine,
  intArray,
  lit,
  retryTransaction,
  routine,
  rows,
  runScript,
  toDate,
  warmRoutine,
} from '#server/db/sql.ts';
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
 * Orders `m` with units of products `products` (an int[] expression) of session `apres`.
 * `OFFSET 0` keeps the test a per-order check: flattened into a join, PostgreSQL may plan it
 * from the stock's units, i.e. every unit sold (8 ms for 3,000 sold, at every refusal of a
 * flash sale), instead of from the few expired holds the status/expiry index finds.
 */
function holdsOfStock(apres: string, products: string): string {
  return `EXISTS (SELECT 1 FROM movimentacao_item i JOIN estoque e ON e.id = i.idestoque
      WHERE i.idmovimentacao = m.id AND e.idapresentacao = ${apres}
        AND e.idproduto = ANY (${products}) OFFSET 0)`;
}

function expiryWhere(who: ExpiryScope): string {
  const parts: string[] = [];
  if (who.idpessoa !== undefined) parts.push(`m.idpessoa = ${lit(who.idpessoa)}`);
  if (who.idmovimentacao !== undefined) parts.push(`m.id = ${lit(who.idmovimentacao)}`);
  return parts.map((p) => ` AND ${p}`).join('');
}

/**
 * Marks EX the holds whose time ran out (of a person, an order, or all) and gives their
 * units back to the counter, in one statement. Each order moves RE/TP → EX once: `SKIP LOCKED`
 * leaves a row another transaction holds for a later pass (so the sweeper and requests never wait
 * on each other), a row changed meanwhile is re-checked under its lock, and only the orders this
 * statement moved are counted back. The units are read with a row lock too, so an item removed
 * just before is not given back twice.
 * @returns how many orders it marked.
 */
export async function expireHolds(db: Db, who: ExpiryScope = {}): Promise<number> {
  const [r] = await retryTransaction(() =>
    runScript<{ n: number }>(db, [`${expiryStatement(expiryWhere(who))} AS n`]),
  );
  return Number(r?.n ?? 0);
}

/**
 * The CTEs (`units`, `released`) that give back to the counters the units of the orders a
 * statement's `ex` CTE just moved out of the counted statuses: their items are locked first, so
 * an item removed meanwhile is not given back twice, and only orders this statement moved count.
 */
const RELEASE_UNITS_OF_EX = `units AS (
        SELECT i.idestoque FROM movimentacao_item i
        WHERE i.idmovimentacao IN (SELECT id FROM ex) AND i.status <> 'CA' FOR UPDATE),
      released AS (
        UPDATE estoque e SET reservados = e.reservados - c.n
        FROM (SELECT idestoque, count(*)::int AS n FROM units GROUP BY idestoque) c
        WHERE e.id = c.idestoque RETURNING e.id)`;

/**
 * The statement of {@link expireHolds} for the orders `m` matching `where` (SQL text starting
 * with ` AND`, empty for all), ending in `SELECT <count of orders marked>` for the caller to
 * name or store.
 */
function expiryStatement(where: string): string {
  return `WITH ex AS (
        UPDATE movimentacao SET status = 'EX', updated_at = now()
        WHERE id IN (
          SELECT m.id FROM movimentacao m WHERE ${EXPIRED_HOLD_TEXT}${where}
          ORDER BY m.id FOR UPDATE SKIP LOCKED)
          AND status IN ('RE','TP')
        RETURNING id),
      ${RELEASE_UNITS_OF_EX}
      SELECT (SELECT count(*) FROM ex)::int`;
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
 * Holds units for a person in one round trip: one call of the hold routine
 * ({@link HOLD_ROUTINE}), one transaction. The stock row is locked from the counter's UPDATE,
 * near the routine's end, to the commit that follows the call at once on the database server,
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

/**
 * The hold routine's read of the request's stock rows (PL/pgSQL, `INTO` its variables): how
 * many are on sale (stock and session active), whether all fit (the per-product limit
 * `block_qtd` with what the open cart already has of it; several products: each counter too,
 * read after their rows are locked), and the refusal if not: the first row in stock order that
 * does not fit names it (its own limit, else no room). The open cart's units are counted through
 * the order's own index: with generic plans, a count by order and stock row was planned from the
 * stock's index, i.e. through every unit sold of that product.
 */
const HOLD_STOCK_STATEMENT = `WITH in_cart AS MATERIALIZED (
        SELECT i.idestoque, count(*)::int AS n FROM movimentacao_item i
        WHERE i.idmovimentacao = v_open AND i.status <> 'CA' GROUP BY i.idestoque),
      stock AS (
        SELECT e.id, w.qtd, e.block_qtd, e.reservados, e.capacidade, e.ativo AND a.ativo AS on_sale,
          coalesce((SELECT c.n FROM in_cart c WHERE c.idestoque = e.id), 0) AS in_cart
        FROM unnest(p_products, p_qtds) AS w(idproduto, qtd)
        JOIN estoque e ON e.idapresentacao = p_apres AND e.idproduto = w.idproduto
          AND e.idbloco = p_bloco
        JOIN apresentacao a ON a.id = e.idapresentacao)
      SELECT count(*) FILTER (WHERE s.on_sale)::int,
        coalesce(bool_and(s.in_cart + s.qtd <= s.block_qtd)
          AND (v_w = 1 OR bool_and(s.reservados + s.qtd <= s.capacidade)), false),
        (array_agg(CASE WHEN s.in_cart + s.qtd > s.block_qtd THEN 'error.purchaseLimit'
            ELSE 'error.ticketsUnavailable' END ORDER BY s.id)
          FILTER (WHERE v_w = 1 OR s.in_cart + s.qtd > s.block_qtd
            OR s.reservados + s.qtd > s.capacidade))[1]
      INTO v_on_sale, v_fits, v_reason
      FROM stock s`;

/**
 * {@link HOLD_STOCK_STATEMENT} for one product (nearly every hold), with the same results: its
 * stock row read alone, and the open cart's units of it counted (through the order's index) only
 * when there is an open cart. No aggregate to set up: a statement's set-up is most of what it
 * costs here, and a sale's refusals run this one too.
 */
const HOLD_STOCK_ONE = `SELECT e.id, e.ativo AND a.ativo, e.block_qtd INTO v_stock, v_stock_on_sale, v_block
        FROM estoque e JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE e.idapresentacao = p_apres AND e.idproduto = p_products[1] AND e.idbloco = p_bloco;
      v_in_cart := 0;
      IF v_open IS NOT NULL AND v_stock IS NOT NULL THEN
        SELECT count(*) FILTER (WHERE i.idestoque = v_stock)::int INTO v_in_cart
          FROM movimentacao_item i WHERE i.idmovimentacao = v_open AND i.status <> 'CA';
      END IF;
      v_on_sale := CASE WHEN v_stock_on_sale THEN 1 ELSE 0 END;
      v_fits := coalesce(v_in_cart + p_qtds[1] <= v_block, false);
      v_reason := CASE WHEN v_stock IS NULL THEN NULL
        WHEN v_in_cart + p_qtds[1] > v_block THEN 'error.purchaseLimit'
        ELSE 'error.ticketsUnavailable' END`;

/** The read of the request's stock rows: {@link HOLD_STOCK_ONE} for one product, else the general one. */
const HOLD_STOCK_CHECK = `IF v_w = 1 THEN
      ${HOLD_STOCK_ONE};
    ELSE
      ${HOLD_STOCK_STATEMENT};
    END IF`;

/**
 * The hold as a PL/pgSQL function ({@link routine}): one short parameterized call instead of
 * several kilobytes of SQL text parsed and planned at every hold. Statement by statement, in one
 * transaction: lock the person (one open cart per person) and their open carts; refuse without
 * the terms of use in force; mark their expired holds EX; refuse a payment in progress, the
 * per-order limit, the event's per-person limits (units of the person's orders that count, as
 * against capacity: {@link UNIT_COUNTS_TEXT}, of the session and of the event, plus the request)
 * and stock not on sale; lock several products' stock rows in id order; then, last, take the
 * units from the counters with one conditional UPDATE per stock row (`reservados + qtd <=
 * capacidade`, re-checked by PostgreSQL under the row lock) and, only if every product fitted,
 * open or re-clock the cart and insert the units. A refusal returns at once and writes nothing
 * of the hold.
 *
 * A hold commits durably, like everything else: a hold the shopper was told about survives a
 * PostgreSQL crash (server/cart/README.md has the measured cost of the flush).
 */
const HOLD_ROUTINE = routine(
  'sf_hold',
  (name) => `CREATE OR REPLACE FUNCTION ${name}(
    p_brand text, p_pessoa int, p_apres int, p_products int[], p_qtds int[], p_bloco int,
    p_hold_seconds int, p_max_items int, p_evento int, p_por_sessao int, p_por_evento int,
    p_localizador text, p_term_tipo int, p_term_versao text, p_without_lock boolean)
  RETURNS TABLE (r_refusal text, r_id int, r_dthr_exp timestamptz, r_count_exp int, r_qtd int,
    r_cupom text)
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
  DECLARE
    v_requested int := 0;
    v_q int;
    v_w int := cardinality(p_products);
    v_open int;
    v_open_status text;
    v_units int := 0;
    v_expired int;
    v_limited boolean;
    v_on_sale int;
    v_fits boolean;
    v_reason text;
    v_ids int[];
    v_qs int[];
    v_precos int[];
    v_taxas int[];
    v_n int;
    v_m int;
    v_attempt int;
    v_terms boolean;
    v_stock int;
    v_stock_on_sale boolean;
    v_block int;
    v_in_cart int;
    v_stale_holds boolean;
    v_stale_slips boolean;
  BEGIN
    FOREACH v_q IN ARRAY p_qtds LOOP
      v_requested := v_requested + v_q;
    END LOOP;
    PERFORM 1 FROM pessoa WHERE id = p_pessoa FOR UPDATE;
    -- One statement, after the person's lock (so its snapshot sees what a hold of the same
    -- person committed while this one waited): it locks the person's holds, counts their
    -- expired ones (a person with none, nearly every buyer of a sale, skips the expiry
    -- statement below), finds their open cart (the latest open hold of the brand: marking the
    -- expired ones EX cannot change which, and the locks keep the others as they are) and
    -- checks the terms of use.
    SELECT count(*) FILTER (WHERE l.dthr_exp IS NOT NULL AND l.dthr_exp <= now()),
        max(l.id) FILTER (WHERE l.brand = p_brand AND ${OPEN_CART_TEXT.replaceAll('m.', 'l.')}),
        p_term_tipo IS NULL OR EXISTS (SELECT 1 FROM termo_aceite t
          WHERE t.idpessoa = p_pessoa AND t.tipo = p_term_tipo AND t.versao = p_term_versao)
      INTO v_expired, v_open, v_terms
      FROM (SELECT m.id, m.brand, m.status, m.dthr_exp FROM movimentacao m
        WHERE m.idpessoa = p_pessoa AND m.status IN ('RE','TP') FOR UPDATE) l;
    IF NOT v_terms THEN
      RETURN QUERY SELECT 'error.termsRequired', 0, NULL::timestamptz, 0, 0, NULL::text;
      RETURN;
    END IF;

    IF v_expired > 0 THEN
      ${expiryStatement(' AND m.idpessoa = p_pessoa')} INTO v_n;
    END IF;

    -- The open cart's status and units, when there is one.
    v_units := 0;
    IF v_open IS NOT NULL THEN
      SELECT m.status, (SELECT count(*) FROM movimentacao_item i
          WHERE i.idmovimentacao = m.id AND i.status <> 'CA')::int
        INTO v_open_status, v_units
        FROM movimentacao m WHERE m.id = v_open;
      IF v_open_status <> 'RE' THEN
        RETURN QUERY SELECT 'error.paymentInProgress', 0, NULL::timestamptz, 0, 0, NULL::text;
        RETURN;
      END IF;
    END IF;
    -- Each count in a condition of its own: an event without a limit (and a hold already past
    -- the per-order one) neither runs nor sets up the joins that count.
    v_limited := v_units + v_requested > p_max_items;
    IF NOT v_limited AND p_por_sessao IS NOT NULL THEN
      v_limited := (SELECT count(*) FROM movimentacao m
          JOIN movimentacao_item i ON i.idmovimentacao = m.id
          JOIN estoque e ON e.id = i.idestoque
          WHERE m.idpessoa = p_pessoa AND m.brand = p_brand AND ${UNIT_COUNTS_TEXT}
            AND e.idapresentacao = p_apres) + v_requested > p_por_sessao;
    END IF;
    IF NOT v_limited AND p_por_evento IS NOT NULL THEN
      v_limited := (SELECT count(*) FROM movimentacao m
          JOIN movimentacao_item i ON i.idmovimentacao = m.id
          JOIN estoque e ON e.id = i.idestoque
          WHERE m.idpessoa = p_pessoa AND m.brand = p_brand AND ${UNIT_COUNTS_TEXT}
            AND e.idapresentacao IN (SELECT x.id FROM apresentacao x
              WHERE x.brand = p_brand AND x.idevento = p_evento)) + v_requested > p_por_evento;
    END IF;
    IF v_limited THEN
      RETURN QUERY SELECT 'error.purchaseLimit', 0, NULL::timestamptz, 0, 0, NULL::text;
      RETURN;
    END IF;

    ${HOLD_STOCK_CHECK};
    IF v_on_sale <> v_w THEN
      RETURN QUERY SELECT 'error.ticketsUnavailable', 0, NULL::timestamptz, 0, 0, NULL::text;
      RETURN;
    END IF;
    IF v_w > 1 THEN
      PERFORM 1 FROM estoque
        WHERE idapresentacao = p_apres AND idproduto = ANY (p_products) AND idbloco = p_bloco
        ORDER BY id FOR UPDATE;
      -- Their counters again, now that they are locked (all or none fit).
      ${HOLD_STOCK_STATEMENT};
    END IF;

    -- Last: the counters, then (all fitted) the cart and its units. When there is no room,
    -- holds of that stock whose time ran out, and slips or Pix charges past theirs, are
    -- released (other transactions' locked rows skipped) and the hold is tried once more.
    -- A refusal touches no counter and skips the writes of the cart altogether (a plan that
    -- also held them cost each refusal the set-up of two inserts).
    FOR v_attempt IN 1..2 LOOP
      IF v_fits THEN
        -- The counter as the lock holder sees it, or (test switch) as the statement's
        -- snapshot saw it, i.e. without the lock's protection. One product: one row, no
        -- aggregate to set up.
        IF v_w = 1 AND NOT p_without_lock THEN
          UPDATE estoque e SET reservados = e.reservados + p_qtds[1]
          WHERE e.idapresentacao = p_apres AND e.idproduto = p_products[1]
            AND e.idbloco = p_bloco AND e.reservados + p_qtds[1] <= e.capacidade
          RETURNING ARRAY[e.id], ARRAY[p_qtds[1]], ARRAY[e.preco_cents], ARRAY[e.taxa_cents]
          INTO v_ids, v_qs, v_precos, v_taxas;
        ELSE
        WITH taken AS (
          UPDATE estoque e SET reservados = (CASE WHEN p_without_lock
              THEN (SELECT x.reservados FROM estoque x WHERE x.id = e.id) ELSE e.reservados END)
              + w.qtd
          FROM unnest(p_products, p_qtds) AS w(idproduto, qtd)
          WHERE e.idapresentacao = p_apres AND e.idproduto = w.idproduto AND e.idbloco = p_bloco
            AND (CASE WHEN p_without_lock
              THEN (SELECT x.reservados FROM estoque x WHERE x.id = e.id) ELSE e.reservados END)
              + w.qtd <= e.capacidade
          RETURNING e.id, w.qtd, e.preco_cents, e.taxa_cents)
        SELECT array_agg(t.id), array_agg(t.qtd), array_agg(t.preco_cents), array_agg(t.taxa_cents)
          INTO v_ids, v_qs, v_precos, v_taxas
          FROM taken t;
        END IF;
        IF coalesce(cardinality(v_ids), 0) = v_w THEN
          IF v_open IS NULL THEN
            INSERT INTO movimentacao (brand, idpessoa, status, localizador, dthr_exp)
            VALUES (p_brand, p_pessoa, 'RE', p_localizador,
              now() + p_hold_seconds * interval '1 second')
            RETURNING id, dthr_exp INTO r_id, r_dthr_exp;
          ELSIF v_units = 0 THEN
            UPDATE movimentacao m SET dthr_exp = now() + p_hold_seconds * interval '1 second',
              updated_at = now()
            WHERE m.id = v_open
            RETURNING m.id, m.dthr_exp, m.cupom INTO r_id, r_dthr_exp, r_cupom;
          ELSE
            SELECT m.id, m.dthr_exp, m.cupom INTO r_id, r_dthr_exp, r_cupom
              FROM movimentacao m WHERE m.id = v_open;
          END IF;
          INSERT INTO movimentacao_item (idmovimentacao, idestoque, valor_cents, taxa_cents, status)
          SELECT r_id, u.id, u.preco, u.taxa, 'RE'
          FROM unnest(v_ids, v_qs, v_precos, v_taxas) AS u(id, qtd, preco, taxa),
            generate_series(1, u.qtd);
          r_count_exp := greatest(0, floor(extract(epoch FROM (r_dthr_exp - now()))))::int;
          r_qtd := v_units + v_requested;
          RETURN NEXT;
          RETURN;
        END IF;
        -- Only the test switch (or a partial take that the locks above rule out) gets here
        -- having taken units: nothing of a refusal may stay.
        IF cardinality(v_ids) > 0 THEN
          RAISE EXCEPTION 'hold took % of % stock rows', cardinality(v_ids), v_w;
        END IF;
      END IF;
      EXIT WHEN v_reason IS DISTINCT FROM 'error.ticketsUnavailable' OR v_attempt = 2;
      -- Looked up first (a cheap index probe): the statements that release them are long to
      -- set up, and a sold-out sale refuses most holds with nothing to release.
      -- Slips and Pix charges past their time give their units back too (their buyers are
      -- mailed by the sweeper's next pass). Both probes in one statement.
      v_n := 0;
      v_m := 0;
      SELECT EXISTS (SELECT 1 FROM movimentacao m
          WHERE ${EXPIRED_HOLD_TEXT} AND ${holdsOfStock('p_apres', 'p_products')}),
        EXISTS (SELECT 1 FROM movimentacao m
          WHERE m.status = 'AP' AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now())
        INTO v_stale_holds, v_stale_slips;
      IF v_stale_holds THEN
        ${expiryStatement(` AND ${holdsOfStock('p_apres', 'p_products')}`)} INTO v_n;
      END IF;
      IF v_stale_slips THEN
        ${pendingExpiryStatement('(SELECT count(*) FROM ex)::int')} INTO v_m;
      END IF;
      EXIT WHEN v_n + v_m = 0;
      ${HOLD_STOCK_CHECK};
    END LOOP;
    r_refusal := coalesce(v_reason, 'error.ticketsUnavailable');
    r_id := 0;
    r_count_exp := 0;
    r_qtd := 0;
    RETURN NEXT;
  END
  $fn$`,
);

/** The hold routine's arguments, as {@link holdValues} lists them. */
const HOLD_ARGS = '$1, $2, $3, $4::int[], $5::int[], $6, $7, $8, $9, $10, $11, $12, $13, $14, $15';

/** The values of a call of the hold routine for `req`. */
function holdValues(req: HoldRequest): unknown[] {
  const limit = req.personLimit;
  return [
    req.brand,
    req.idpessoa,
    req.idapresentacao,
    intArray(req.units.map((u) => u.idproduto)),
    intArray(req.units.map((u) => u.qtd)),
    req.idbloco ?? 0,
    req.holdSeconds,
    req.maxItemsPerOrder,
    limit?.idevento ?? null,
    limit?.porSessao ?? null,
    limit?.porEvento ?? null,
    req.localizador,
    req.requiredTerm?.tipo ?? null,
    req.requiredTerm?.versao ?? null,
    holdTesting.withoutLock,
  ];
}

/**
 * Creates the order routines at start, so the first holds of a sale do not wait for it (they
 * would create it themselves otherwise), and readies every connection for the hold with a hold
 * of nobody (person 0, session 0: refused as not on sale, rolled back).
 */
export async function prepareOrderRoutines(db: Db): Promise<void> {
  await warmRoutine(
    db,
    HOLD_ROUTINE,
    HOLD_ARGS,
    holdValues({
      brand: '',
      idpessoa: 0,
      idapresentacao: 0,
      units: [{ idproduto: 0, qtd: 1 }],
      holdSeconds: 0,
      maxItemsPerOrder: 1,
      localizador: '',
    }),
  );
}

async function runHold(
  db: Db,
  req: HoldRequest,
): Promise<HeldOrder & { refusal: MessageId | null }> {
  const [held] = await callRoutine<{
    r_refusal: MessageId | null;
    r_id: number;
    r_dthr_exp: unknown;
    r_count_exp: number;
    r_qtd: number;
    r_cupom: string | null;
  }>(db, HOLD_ROUTINE, HOLD_ARGS, holdValues(req));
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
    const mine = `SELECT idestoque FROM movimentacao_item
      WHERE idmovimentacao = ${lit(idmovimentacao)} AND status <> 'CA'`;
    await tx.execute(
      sql.raw(
        expiryStatement(` AND EXISTS (SELECT 1 FROM movimentacao_item x
          WHERE x.idmovimentacao = m.id AND x.status <> 'CA' AND x.idestoque IN (${mine}))`),
      ),
    );
    await tx.execute(sql.raw(pendingExpiryStatement('(SELECT count(*) FROM ex)::int')));
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
  const [r] = await retryTransaction(() =>
    runScript<{ ids: string | null }>(db, [
      pendingExpiryStatement(`(SELECT string_agg(id::text, ',' ORDER BY id) FROM ex) AS ids`),
    ]),
  );
  return r?.ids ? r.ids.split(',').map(Number) : [];
}

/** The statement of {@link expirePendingPayments}, ending in `SELECT <select>` (over `ex`). */
function pendingExpiryStatement(select: string): string {
  return `WITH ex AS (
        UPDATE movimentacao SET status = 'EX', updated_at = now()
        WHERE id IN (
          SELECT m.id FROM movimentacao m
          WHERE m.status = 'AP' AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now()
          ORDER BY m.id FOR UPDATE SKIP LOCKED)
          AND status = 'AP' AND dthr_exp <= now()
        RETURNING id),
      ${RELEASE_UNITS_OF_EX},
      charges AS (
        UPDATE pagamento SET status = 'expired', updated_at = now()
        WHERE idmovimentacao IN (SELECT id FROM ex) AND status = 'pending' AND forma <> 'cartao'
        RETURNING id)
      SELECT ${select}`;
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
    const products = `ARRAY[${lit(req.idproduto)}]::int[]`;
    await tx.execute(
      sql.raw(expiryStatement(` AND ${holdsOfStock(lit(req.idapresentacao), products)}`)),
    );
    await tx.execute(sql.raw(pendingExpiryStatement('(SELECT count(*) FROM ex)::int')));
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
