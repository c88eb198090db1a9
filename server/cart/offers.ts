/**
 * Combos and the coupon in the database: the discounts of an order's units are kept in
 * `movimentacao_item.combo_cents` / `desconto_cents` (so every total, the payment's amount and
 * the orders list read one number), recomputed by {@link repriceOrder} whenever the order's
 * units or coupon change and checked again when the payment begins. A coupon's uses are counted
 * in orders with it that are paid, pending or being paid, under a per-coupon lock.
 */
import { sql } from 'drizzle-orm';
import type { CatalogCoupon, LoadedBrand } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import {
  type CouponRefusal,
  findCoupon,
  type PricingUnit,
  priceUnits,
  warrantyCents,
} from './pricing';

interface UnitRow {
  iditem: number;
  idevento: number;
  idproduto: number;
  idapresentacao: number;
  data: string;
  hora: string;
  valor_cents: number;
  combo_cents: number;
  idcombo: number | null;
  desconto_cents: number;
  garantia_cents: number;
  /** The order's coupon (the same on every row). */
  cupom: string | null;
  /** The order's refundable-ticket choice (the same on every row). */
  garantia: boolean | null;
}

/** The order's units not removed, as pricing sees them, with their current discounts. */
export async function orderUnits(
  tx: Db,
  idmovimentacao: number,
): Promise<(PricingUnit & UnitRow)[]> {
  const found = await rows<UnitRow>(
    tx,
    sql`SELECT i.id AS iditem, a.idevento, e.idproduto, a.id AS idapresentacao,
          to_char(a.dthr AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS data,
          to_char(a.dthr AT TIME ZONE 'America/Sao_Paulo', 'HH24:MI') AS hora,
          i.valor_cents, i.combo_cents, i.idcombo, i.desconto_cents, i.garantia_cents, m.cupom,
          m.garantia
        FROM movimentacao_item i
        JOIN movimentacao m ON m.id = i.idmovimentacao
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE i.idmovimentacao = ${idmovimentacao} AND i.status <> 'CA'
        ORDER BY i.id`,
  );
  return found.map((r) => ({
    ...r,
    iditem: Number(r.iditem),
    valorCents: Number(r.valor_cents),
    combo_cents: Number(r.combo_cents),
    desconto_cents: Number(r.desconto_cents),
    garantia_cents: Number(r.garantia_cents),
  }));
}

/** The coupon definition an order names, if the catalogue still has it. */
export function couponOf(brand: LoadedBrand, cupom: string | null): CatalogCoupon | null {
  return cupom ? (findCoupon(brand.catalog, cupom) ?? null) : null;
}

/**
 * Recomputes and stores the discounts of an order's units (the caller holds the order's row
 * lock) from the catalogue's combos and the order's coupon, as of now.
 * @returns whether any unit's discount changed.
 */
export async function repriceOrder(
  tx: Db,
  brand: LoadedBrand,
  idmovimentacao: number,
): Promise<boolean> {
  const units = await orderUnits(tx, idmovimentacao);
  const cupom = couponOf(brand, units[0]?.cupom ?? null);
  const priced = priceUnits(brand.catalog, cupom, units, new Date());
  const refundable = brand.brand.payments.refundable;
  const warranty = (u: (typeof units)[number]) => {
    const d = priced.get(u.iditem)!;
    return refundable && u.garantia === true
      ? warrantyCents(refundable, u.valorCents - d.comboCents - d.cupomCents)
      : 0;
  };
  const changed = units.filter((u) => {
    const d = priced.get(u.iditem)!;
    return (
      d.comboCents !== u.combo_cents ||
      d.cupomCents !== u.desconto_cents ||
      d.idcombo !== (u.idcombo === null ? null : Number(u.idcombo)) ||
      warranty(u) !== u.garantia_cents
    );
  });
  if (changed.length === 0) return false;
  const values = sql.join(
    changed.map((u) => {
      const d = priced.get(u.iditem)!;
      return sql`(${u.iditem}::int, ${d.comboCents}::int, ${d.idcombo}::int, ${d.cupomCents}::int,
        ${warranty(u)}::int)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`UPDATE movimentacao_item i
    SET combo_cents = v.combo, idcombo = v.idcombo, desconto_cents = v.desconto,
      garantia_cents = v.garantia
    FROM (VALUES ${values}) AS v(id, combo, idcombo, desconto, garantia)
    WHERE i.id = v.id`);
  return true;
}

/** What the refundable-ticket option would cost on the order's units now (cents). */
export async function warrantyOffer(
  tx: Db,
  brand: LoadedBrand,
  idmovimentacao: number,
): Promise<number> {
  const refundable = brand.brand.payments.refundable;
  if (!refundable) return 0;
  const units = await orderUnits(tx, idmovimentacao);
  return units.reduce(
    (sum, u) => sum + warrantyCents(refundable, u.valorCents - u.combo_cents - u.desconto_cents),
    0,
  );
}

/**
 * Whether one more use of `cupom` by the person is within its limits: uses are orders with it
 * that are paid (PA), pending (AP) or being paid (TP), other than `idmovimentacao`. Takes a
 * transaction-long lock on the coupon first, so two payments cannot both take its last use.
 */
export async function couponUseRefusal(
  tx: Db,
  brand: LoadedBrand,
  cupom: CatalogCoupon,
  idpessoa: number,
  idmovimentacao: number,
): Promise<CouponRefusal | null> {
  if (cupom.limiteTotal === undefined && cupom.limitePorPessoa === undefined) return null;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`cupom:${brand.id}:${cupom.codigo}`}))`,
  );
  const used = await firstRow<{ total: number; mine: number }>(
    tx,
    sql`SELECT count(*)::int AS total,
          (count(*) FILTER (WHERE idpessoa = ${idpessoa}))::int AS mine
        FROM movimentacao
        WHERE brand = ${brand.id} AND cupom = ${cupom.codigo} AND id <> ${idmovimentacao}
          AND status IN ('TP','AP','PA')`,
  );
  if (cupom.limiteTotal !== undefined && Number(used?.total ?? 0) >= cupom.limiteTotal) {
    return { id: 'error.couponUsedUp' };
  }
  if (cupom.limitePorPessoa !== undefined && Number(used?.mine ?? 0) >= cupom.limitePorPessoa) {
    return { id: 'error.couponPersonLimit' };
  }
  return null;
}

/** Sets (or, with null, removes) the order's coupon; the caller reprices. */
export async function setOrderCoupon(
  tx: Db,
  idmovimentacao: number,
  cupom: CatalogCoupon | null,
): Promise<void> {
  await tx.execute(sql`UPDATE movimentacao SET cupom = ${cupom?.codigo ?? null}, updated_at = now()
                       WHERE id = ${idmovimentacao}`);
}

/** Records the order's refundable-ticket choice (its units' prices follow by repriceOrder). */
export async function setOrderWarranty(
  tx: Db,
  idmovimentacao: number,
  garantia: boolean,
): Promise<void> {
  await tx.execute(sql`UPDATE movimentacao SET garantia = ${garantia}, updated_at = now()
                       WHERE id = ${idmovimentacao}`);
}
