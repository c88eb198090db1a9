/**
 * What a cart's tickets cost after combos and the coupon: pure rules over the catalogue, so the
 * checkout, the payment and the tests compute the same cents. Fees are never discounted; a
 * combo's price replaces the list prices of the units it takes; the coupon then applies to
 * what is left of each eligible unit's price.
 */
import type { CatalogCombo, CatalogCoupon, CatalogFile } from '#schemas/brand.types.ts';
import type { MessageId } from '#server/i18n.ts';

/** A held unit as pricing sees it. */
export interface PricingUnit {
  iditem: number;
  idevento: number;
  idproduto: number;
  idapresentacao: number;
  /** The session's local date (YYYY-MM-DD) and time (HH:MM), America/Sao_Paulo. */
  data: string;
  hora: string;
  /** List price, without fee. */
  valorCents: number;
}

/** The discounts of one unit. */
export interface UnitDiscount {
  comboCents: number;
  idcombo: number | null;
  cupomCents: number;
}

/** Why a coupon does not apply to a cart (code 0 with this message). */
export interface CouponRefusal {
  id: MessageId;
  values?: Record<string, number>;
}

/** The coupon of `codigo` (any case), if the catalogue defines it. */
export function findCoupon(catalog: CatalogFile, codigo: string): CatalogCoupon | undefined {
  const wanted = codigo.trim().toUpperCase();
  return catalog.cupons?.find((c) => c.codigo.toUpperCase() === wanted);
}

function eligible(cupom: CatalogCoupon, u: PricingUnit): boolean {
  if (cupom.idevento !== undefined && u.idevento !== cupom.idevento) return false;
  if (cupom.sessao?.data !== undefined && u.data !== cupom.sessao.data) return false;
  if (cupom.sessao?.hora !== undefined && u.hora !== cupom.sessao.hora) return false;
  if (cupom.idprodutos && !cupom.idprodutos.includes(u.idproduto)) return false;
  return true;
}

/**
 * Why `cupom` does not apply now to these units, or null: out of its validity window, no
 * eligible ticket, fewer eligible tickets than its minimum. (Usage limits are counted in the
 * database: see coupons.ts.)
 */
export function couponRefusal(
  cupom: CatalogCoupon,
  units: readonly PricingUnit[],
  now: Date,
): CouponRefusal | null {
  const t = now.getTime();
  if (cupom.validoDe !== undefined && t < Date.parse(cupom.validoDe)) {
    return { id: 'error.couponExpired' };
  }
  if (cupom.validoAte !== undefined && t > Date.parse(cupom.validoAte)) {
    return { id: 'error.couponExpired' };
  }
  const n = units.filter((u) => eligible(cupom, u)).length;
  if (n === 0) return { id: 'error.couponNotApplicable' };
  if (cupom.qtdMinima !== undefined && n < cupom.qtdMinima) {
    return { id: 'error.couponMinimum', values: { n: cupom.qtdMinima } };
  }
  return null;
}

/**
 * Splits `total` cents over `weights` in proportion (largest remainder: the parts add up to
 * `total` exactly; ties go to the earlier weight). All-zero weights get nothing.
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** Takes the catalogue's combos from each session's units, in file order, as often as they fit. */
function applyCombos(
  combos: readonly CatalogCombo[],
  units: readonly PricingUnit[],
  out: Map<number, UnitDiscount>,
): void {
  const bySession = new Map<number, PricingUnit[]>();
  for (const u of units)
    bySession.set(u.idapresentacao, [...(bySession.get(u.idapresentacao) ?? []), u]);
  for (const sessionUnits of bySession.values()) {
    const free = [...sessionUnits].sort((a, b) => a.iditem - b.iditem);
    for (const combo of combos) {
      if (combo.idevento !== sessionUnits[0]!.idevento) continue;
      for (;;) {
        const taken: PricingUnit[] = [];
        for (const item of combo.itens) {
          const ofProduct = free.filter(
            (u) => u.idproduto === item.idproduto && !taken.includes(u),
          );
          if (ofProduct.length < item.qtd) break;
          taken.push(...ofProduct.slice(0, item.qtd));
        }
        const size = combo.itens.reduce((a, i) => a + i.qtd, 0);
        if (taken.length !== size) break;
        const full = taken.reduce((a, u) => a + u.valorCents, 0);
        const off = Math.max(0, full - Math.round(combo.preco * 100));
        const parts = splitCents(
          off,
          taken.map((u) => u.valorCents),
        );
        taken.forEach((u, i) => {
          out.set(u.iditem, { comboCents: parts[i]!, idcombo: combo.idcombo, cupomCents: 0 });
          free.splice(free.indexOf(u), 1);
        });
      }
    }
  }
}

/**
 * The discounts of every unit: combos first, then the coupon (when it applies now) on what is
 * left of each eligible unit's price.
 */
export function priceUnits(
  catalog: CatalogFile,
  cupom: CatalogCoupon | null,
  units: readonly PricingUnit[],
  now: Date,
): Map<number, UnitDiscount> {
  const out = new Map<number, UnitDiscount>(
    units.map((u) => [u.iditem, { comboCents: 0, idcombo: null, cupomCents: 0 }]),
  );
  applyCombos(catalog.combos ?? [], units, out);
  if (!cupom || couponRefusal(cupom, units, now)) return out;
  const targets = units.filter((u) => eligible(cupom, u));
  const base = targets.map((u) => u.valorCents - out.get(u.iditem)!.comboCents);
  const off =
    cupom.tipo === 'percentual'
      ? base.map((b) => Math.round((b * cupom.valor) / 100))
      : splitCents(
          Math.min(
            Math.round(cupom.valor * 100),
            base.reduce((a, b) => a + b, 0),
          ),
          base,
        );
  targets.forEach((u, i) => {
    out.get(u.iditem)!.cupomCents = Math.min(off[i]!, base[i]!);
  });
  return out;
}

/**
 * The refundable-ticket option's price on one unit whose price after discounts is `netCents`:
 * `percent` % of it rounded to the cent, at least `minValue` reais; 0 for a free ticket.
 */
export function warrantyCents(
  refundable: { percent: number; minValue: number },
  netCents: number,
): number {
  if (netCents <= 0) return 0;
  return Math.max(
    Math.round((netCents * refundable.percent) / 100),
    Math.round(refundable.minValue * 100),
  );
}
