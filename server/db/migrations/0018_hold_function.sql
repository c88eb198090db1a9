-- The hold (server/orders/lifecycle.ts holdUnits) as functions of the schema, written once here
-- and versioned with it: a change is a new migration with CREATE OR REPLACE. Until this
-- migration the server created a function named sf_hold_v<hash> from TypeScript at run time;
-- those are dropped at the end.
--
-- Counted units: items not removed (CA) of orders RE, TP, AP, PA; estoque.reservados counts
-- them and moves in the same statement as the status (see lifecycle.ts). An order RE/TP whose
-- dthr_exp passed still counts until marked EX. Every function here is VOLATILE (the default),
-- so each of its statements sees what committed before it, as a statement sent by the server
-- would; none of them waits on a row another transaction holds, except the hold's own locks.

-- Marks EX those of orders p_ids whose hold ran out (RE/TP, dthr_exp passed) and gives their
-- units back to the counters; returns how many it marked. Rows another transaction holds are
-- skipped (SKIP LOCKED, so the sweeper and requests never wait on each other), a row changed
-- meanwhile is re-checked under its lock, and only the orders this statement moved give their
-- units back; the units are read with a row lock, so an item removed just before is not given
-- back twice.
CREATE OR REPLACE FUNCTION sf_expire_orders(p_ids int[]) RETURNS int
LANGUAGE plpgsql AS $fn$
DECLARE
  v_n int;
BEGIN
  WITH ex AS (
    UPDATE movimentacao SET status = 'EX', updated_at = now()
    WHERE id IN (
      SELECT m.id FROM movimentacao m
      WHERE m.id = ANY (p_ids)
        AND m.status IN ('RE','TP') AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now()
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
  SELECT count(*)::int INTO v_n FROM ex;
  RETURN v_n;
END
$fn$;
--> statement-breakpoint

-- Releases the pending (AP) orders whose slip or Pix charge ran out (dthr_exp passed): EX, their
-- units given back, their charges marked expired; returns their ids in order. Same locking as
-- sf_expire_orders (a webhook resolving one of them, or another sweep, is skipped). A card
-- payment left pending has no dthr_exp and is not touched.
CREATE OR REPLACE FUNCTION sf_expire_pending() RETURNS int[]
LANGUAGE plpgsql AS $fn$
DECLARE
  v_ids int[];
BEGIN
  WITH ex AS (
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
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO v_ids FROM ex;
  RETURN v_ids;
END
$fn$;
--> statement-breakpoint

-- The hold's read of the request's stock rows: how many are on sale (stock and session active),
-- whether all fit (the per-product limit block_qtd with what the open cart p_open already has of
-- it; several products: each counter too, which the hold reads again once their rows are
-- locked), and the refusal if not: the first row in stock order that does not fit names it (its
-- own limit, else no room). One product (nearly every hold): its row read alone, no aggregate to
-- set up. The open cart's units are counted through the order's own index: with generic plans,
-- a count by order and stock row was planned from the stock's index, i.e. through every unit
-- sold of that product.
CREATE OR REPLACE FUNCTION sf_hold_stock(
  p_apres int, p_products int[], p_qtds int[], p_bloco int, p_open int,
  OUT o_on_sale int, OUT o_fits boolean, OUT o_reason text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_stock int;
  v_stock_on_sale boolean;
  v_block int;
  v_in_cart int := 0;
BEGIN
  IF cardinality(p_products) = 1 THEN
    SELECT e.id, e.ativo AND a.ativo, e.block_qtd INTO v_stock, v_stock_on_sale, v_block
      FROM estoque e JOIN apresentacao a ON a.id = e.idapresentacao
      WHERE e.idapresentacao = p_apres AND e.idproduto = p_products[1] AND e.idbloco = p_bloco;
    IF p_open IS NOT NULL AND v_stock IS NOT NULL THEN
      SELECT count(*) FILTER (WHERE i.idestoque = v_stock)::int INTO v_in_cart
        FROM movimentacao_item i WHERE i.idmovimentacao = p_open AND i.status <> 'CA';
    END IF;
    o_on_sale := CASE WHEN v_stock_on_sale THEN 1 ELSE 0 END;
    o_fits := coalesce(v_in_cart + p_qtds[1] <= v_block, false);
    o_reason := CASE WHEN v_stock IS NULL THEN NULL
      WHEN v_in_cart + p_qtds[1] > v_block THEN 'error.purchaseLimit'
      ELSE 'error.ticketsUnavailable' END;
    RETURN;
  END IF;
  WITH in_cart AS MATERIALIZED (
    SELECT i.idestoque, count(*)::int AS n FROM movimentacao_item i
    WHERE i.idmovimentacao = p_open AND i.status <> 'CA' GROUP BY i.idestoque),
  stock AS (
    SELECT e.id, w.qtd, e.block_qtd, e.reservados, e.capacidade, e.ativo AND a.ativo AS on_sale,
      coalesce((SELECT c.n FROM in_cart c WHERE c.idestoque = e.id), 0) AS in_cart
    FROM unnest(p_products, p_qtds) AS w(idproduto, qtd)
    JOIN estoque e ON e.idapresentacao = p_apres AND e.idproduto = w.idproduto
      AND e.idbloco = p_bloco
    JOIN apresentacao a ON a.id = e.idapresentacao)
  SELECT count(*) FILTER (WHERE s.on_sale)::int,
    coalesce(bool_and(s.in_cart + s.qtd <= s.block_qtd)
      AND bool_and(s.reservados + s.qtd <= s.capacidade), false),
    (array_agg(CASE WHEN s.in_cart + s.qtd > s.block_qtd THEN 'error.purchaseLimit'
        ELSE 'error.ticketsUnavailable' END ORDER BY s.id)
      FILTER (WHERE s.in_cart + s.qtd > s.block_qtd OR s.reservados + s.qtd > s.capacidade))[1]
  INTO o_on_sale, o_fits, o_reason
  FROM stock s;
END
$fn$;
--> statement-breakpoint

-- Holds units p_qtds of products p_products of session p_apres (block p_bloco, 0 without
-- blocks) for person p_pessoa, in the caller's one statement (one transaction, one round trip).
-- Statement by statement: lock the person (one open cart per person) and their open carts;
-- refuse without the terms of use in force (p_term_*, none when null); mark their expired holds
-- EX; refuse a payment in progress, the per-order limit p_max_items, the event's per-person
-- limits (units of the person's orders that count, of the session p_por_sessao and of the event
-- p_por_evento, plus the request; none when null) and stock not on sale; lock several products'
-- stock rows in id order; then, last, take the units from the counters with one conditional
-- UPDATE per stock row (reservados + qtd <= capacidade, decided by PostgreSQL under the row's
-- lock) and, only if every product fitted, open or re-clock the cart (p_hold_seconds from now;
-- a new one gets locator p_localizador) and insert the units. A refusal returns at once, as a
-- row with r_refusal set (raising an error costs far more than a row), and writes nothing of the
-- hold. When the counter says the stock is full, holds of that stock whose time ran out (and
-- slips or Pix charges past theirs) are released and the hold is tried once more.
-- p_without_lock is a test switch: the counter read from the statement's snapshot instead of
-- under the lock (server/cart/concurrency.int.test.ts shows it oversells).
CREATE OR REPLACE FUNCTION sf_hold(
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
  v_stale_holds boolean;
  v_stale_slips boolean;
BEGIN
  FOREACH v_q IN ARRAY p_qtds LOOP
    v_requested := v_requested + v_q;
  END LOOP;
  PERFORM 1 FROM pessoa WHERE id = p_pessoa FOR UPDATE;
  -- One statement, after the person's lock (so its snapshot sees what a hold of the same person
  -- committed while this one waited): it locks the person's holds, counts their expired ones (a
  -- person with none, nearly every buyer of a sale, skips the expiry below), finds their open
  -- cart (the latest open hold of the brand: marking the expired ones EX cannot change which,
  -- and the locks keep the others as they are) and checks the terms of use.
  SELECT count(*) FILTER (WHERE l.dthr_exp IS NOT NULL AND l.dthr_exp <= now()),
      max(l.id) FILTER (WHERE l.brand = p_brand AND (l.dthr_exp IS NULL OR l.dthr_exp > now())),
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
    v_n := sf_expire_orders(ARRAY(SELECT m.id FROM movimentacao m
      WHERE m.idpessoa = p_pessoa
        AND m.status IN ('RE','TP') AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now()));
  END IF;

  -- The open cart's status and units, when there is one.
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
  -- Each count in a condition of its own: an event without a limit (and a hold already past the
  -- per-order one) neither runs nor sets up the joins that count. A unit counts as against
  -- capacity: not removed, of an order sold (PA, AP) or held and not expired (RE/TP).
  v_limited := v_units + v_requested > p_max_items;
  IF NOT v_limited AND p_por_sessao IS NOT NULL THEN
    v_limited := (SELECT count(*) FROM movimentacao m
        JOIN movimentacao_item i ON i.idmovimentacao = m.id
        JOIN estoque e ON e.id = i.idestoque
        WHERE m.idpessoa = p_pessoa AND m.brand = p_brand AND i.status <> 'CA'
          AND (m.status IN ('PA','AP')
            OR (m.status IN ('RE','TP') AND (m.dthr_exp IS NULL OR m.dthr_exp > now())))
          AND e.idapresentacao = p_apres) + v_requested > p_por_sessao;
  END IF;
  IF NOT v_limited AND p_por_evento IS NOT NULL THEN
    v_limited := (SELECT count(*) FROM movimentacao m
        JOIN movimentacao_item i ON i.idmovimentacao = m.id
        JOIN estoque e ON e.id = i.idestoque
        WHERE m.idpessoa = p_pessoa AND m.brand = p_brand AND i.status <> 'CA'
          AND (m.status IN ('PA','AP')
            OR (m.status IN ('RE','TP') AND (m.dthr_exp IS NULL OR m.dthr_exp > now())))
          AND e.idapresentacao IN (SELECT x.id FROM apresentacao x
            WHERE x.brand = p_brand AND x.idevento = p_evento)) + v_requested > p_por_evento;
  END IF;
  IF v_limited THEN
    RETURN QUERY SELECT 'error.purchaseLimit', 0, NULL::timestamptz, 0, 0, NULL::text;
    RETURN;
  END IF;

  SELECT * INTO v_on_sale, v_fits, v_reason
    FROM sf_hold_stock(p_apres, p_products, p_qtds, p_bloco, v_open);
  IF v_on_sale <> v_w THEN
    RETURN QUERY SELECT 'error.ticketsUnavailable', 0, NULL::timestamptz, 0, 0, NULL::text;
    RETURN;
  END IF;
  IF v_w > 1 THEN
    PERFORM 1 FROM estoque
      WHERE idapresentacao = p_apres AND idproduto = ANY (p_products) AND idbloco = p_bloco
      ORDER BY id FOR UPDATE;
    -- Their counters again, now that they are locked (all or none fit).
    SELECT * INTO v_on_sale, v_fits, v_reason
      FROM sf_hold_stock(p_apres, p_products, p_qtds, p_bloco, v_open);
  END IF;

  -- Last: the counters, then (all fitted) the cart and its units. When there is no room, holds
  -- of that stock whose time ran out, and slips or Pix charges past theirs, are released (other
  -- transactions' locked rows skipped) and the hold is tried once more. A refusal touches no
  -- counter and skips the writes of the cart altogether.
  FOR v_attempt IN 1..2 LOOP
    IF v_fits THEN
      -- The counter as the lock holder sees it, or (test switch) as the statement's snapshot
      -- saw it, i.e. without the lock's protection. One product: one row, no aggregate.
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
      -- Only the test switch (or a partial take that the locks above rule out) gets here having
      -- taken units: nothing of a refusal may stay.
      IF cardinality(v_ids) > 0 THEN
        RAISE EXCEPTION 'hold took % of % stock rows', cardinality(v_ids), v_w;
      END IF;
    END IF;
    EXIT WHEN v_reason IS DISTINCT FROM 'error.ticketsUnavailable' OR v_attempt = 2;
    -- Looked up first (a cheap index probe): the statements that release them are long to set
    -- up, and a sold-out sale refuses most holds with nothing to release. Orders with units of
    -- this stock: OFFSET 0 keeps the test a per-order check (flattened into a join, it may be
    -- planned from the stock's units, i.e. every unit sold).
    v_n := 0;
    v_m := 0;
    SELECT EXISTS (SELECT 1 FROM movimentacao m
        WHERE m.status IN ('RE','TP') AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now()
          AND EXISTS (SELECT 1 FROM movimentacao_item i JOIN estoque e ON e.id = i.idestoque
            WHERE i.idmovimentacao = m.id AND e.idapresentacao = p_apres
              AND e.idproduto = ANY (p_products) OFFSET 0)),
      EXISTS (SELECT 1 FROM movimentacao m
        WHERE m.status = 'AP' AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now())
      INTO v_stale_holds, v_stale_slips;
    IF v_stale_holds THEN
      v_n := sf_expire_orders(ARRAY(SELECT m.id FROM movimentacao m
        WHERE m.status IN ('RE','TP') AND m.dthr_exp IS NOT NULL AND m.dthr_exp <= now()
          AND EXISTS (SELECT 1 FROM movimentacao_item i JOIN estoque e ON e.id = i.idestoque
            WHERE i.idmovimentacao = m.id AND e.idapresentacao = p_apres
              AND e.idproduto = ANY (p_products) OFFSET 0)));
    END IF;
    IF v_stale_slips THEN
      v_m := cardinality(sf_expire_pending());
    END IF;
    EXIT WHEN v_n + v_m = 0;
    SELECT * INTO v_on_sale, v_fits, v_reason
      FROM sf_hold_stock(p_apres, p_products, p_qtds, p_bloco, v_open);
  END LOOP;
  r_refusal := coalesce(v_reason, 'error.ticketsUnavailable');
  r_id := 0;
  r_count_exp := 0;
  r_qtd := 0;
  RETURN NEXT;
END
$fn$;
--> statement-breakpoint

-- The functions the server created at run time before this migration (sf_hold_v<hash>).
DO $do$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname ~ '^sf_hold_v[0-9a-f]{10}$' LOOP
    EXECUTE format('DROP FUNCTION %s', f);
  END LOOP;
END
$do$;
