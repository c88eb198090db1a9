import { describe, expect, it } from 'vitest';
import type { CatalogCoupon, CatalogFile } from '#schemas/brand.types.ts';
import { couponRefusal, findCoupon, type PricingUnit, priceUnits, splitCents } from './pricing';

const L = { 'pt-BR': 'x', 'es-ES': 'x', 'en-US': 'x' };

const catalog: CatalogFile = {
  events: [],
  combos: [
    {
      idcombo: 7,
      nome: L,
      idevento: 2,
      itens: [
        { idproduto: 201, qtd: 2 },
        { idproduto: 202, qtd: 2 },
      ],
      preco: 230,
    },
  ],
  cupons: [{ codigo: 'Aurora10', tipo: 'percentual', valor: 10 }],
};

let next = 1;
function unit(over: Partial<PricingUnit> = {}): PricingUnit {
  return {
    iditem: next++,
    idevento: 1,
    idproduto: 101,
    idapresentacao: 10,
    data: '2026-12-01',
    hora: '10:00',
    valorCents: 5000,
    ...over,
  };
}

const now = new Date('2026-11-24T12:00:00Z');
const coupon = (c: Partial<CatalogCoupon>): CatalogCoupon => ({
  codigo: 'X',
  tipo: 'percentual',
  valor: 10,
  ...c,
});
const sum = (
  m: Map<number, { cupomCents: number; comboCents: number }>,
  k: 'cupomCents' | 'comboCents',
) => [...m.values()].reduce((a, d) => a + d[k], 0);

describe('splitCents', () => {
  it('splits in proportion and adds up exactly', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(2000, [5000, 2500])).toEqual([1333, 667]);
    expect(splitCents(7, [0, 0])).toEqual([0, 0]);
    expect(splitCents(0, [3, 4])).toEqual([0, 0]);
  });
});

describe('findCoupon', () => {
  it('matches the code whatever its case and trims it', () => {
    expect(findCoupon(catalog, ' aurora10 ')?.codigo).toBe('Aurora10');
    expect(findCoupon(catalog, 'AURORA11')).toBeUndefined();
  });
});

describe('couponRefusal', () => {
  const units = [unit(), unit({ idproduto: 102, valorCents: 2500 })];
  it('accepts a coupon without conditions', () => {
    expect(couponRefusal(coupon({}), units, now)).toBeNull();
  });
  it('refuses outside the validity window, on either side', () => {
    expect(couponRefusal(coupon({ validoAte: '2026-11-24T08:59:59-03:00' }), units, now)?.id).toBe(
      'error.couponExpired',
    );
    expect(couponRefusal(coupon({ validoDe: '2026-11-24T09:00:01-03:00' }), units, now)?.id).toBe(
      'error.couponExpired',
    );
    expect(couponRefusal(coupon({ validoDe: '2026-11-24T09:00:00-03:00' }), units, now)).toBeNull();
  });
  it('refuses when no ticket is in its scope (event, session, product)', () => {
    expect(couponRefusal(coupon({ idevento: 2 }), units, now)?.id).toBe(
      'error.couponNotApplicable',
    );
    expect(couponRefusal(coupon({ sessao: { hora: '09:00' } }), units, now)?.id).toBe(
      'error.couponNotApplicable',
    );
    expect(couponRefusal(coupon({ sessao: { data: '2026-12-02' } }), units, now)?.id).toBe(
      'error.couponNotApplicable',
    );
    expect(couponRefusal(coupon({ idprodutos: [103] }), units, now)?.id).toBe(
      'error.couponNotApplicable',
    );
    expect(
      couponRefusal(coupon({ idprodutos: [102], sessao: { hora: '10:00' } }), units, now),
    ).toBeNull();
  });
  it('counts only eligible tickets towards the minimum', () => {
    expect(couponRefusal(coupon({ qtdMinima: 2 }), units, now)).toBeNull();
    expect(couponRefusal(coupon({ qtdMinima: 2, idprodutos: [101] }), units, now)).toEqual({
      id: 'error.couponMinimum',
      values: { n: 2 },
    });
  });
});

describe('priceUnits', () => {
  it('takes a percentage off each eligible price, never off other tickets', () => {
    const a = unit();
    const b = unit({ idevento: 2, idproduto: 201, valorCents: 9000 });
    const d = priceUnits(catalog, coupon({ idevento: 1, valor: 15 }), [a, b], now);
    expect(d.get(a.iditem)!.cupomCents).toBe(750);
    expect(d.get(b.iditem)!.cupomCents).toBe(0);
  });

  it('splits a fixed amount over eligible tickets in proportion, never beyond their price', () => {
    const a = unit();
    const b = unit({ idproduto: 102, valorCents: 2500 });
    const d = priceUnits(catalog, coupon({ tipo: 'valor', valor: 20 }), [a, b], now);
    expect([d.get(a.iditem)!.cupomCents, d.get(b.iditem)!.cupomCents]).toEqual([1333, 667]);
    const big = priceUnits(catalog, coupon({ tipo: 'valor', valor: 500 }), [a, b], now);
    expect(sum(big, 'cupomCents')).toBe(7500);
  });

  it('gives nothing when the coupon does not apply now', () => {
    const d = priceUnits(catalog, coupon({ qtdMinima: 3 }), [unit(), unit()], now);
    expect(sum(d, 'cupomCents')).toBe(0);
  });

  it('forms each complete combo per session, as often as it fits, and prices it at its price', () => {
    const tour = (idproduto: number, idapresentacao = 20) =>
      unit({ idevento: 2, idproduto, idapresentacao, valorCents: idproduto === 201 ? 9000 : 4500 });
    const set = [tour(201), tour(201), tour(202), tour(202)];
    const extra = [tour(201), tour(202)];
    const otherSession = [tour(201, 21), tour(201, 21), tour(202, 21)];
    const d = priceUnits(catalog, null, [...set, ...extra, ...otherSession], now);
    // 2×90 + 2×45 = 270, sold for 230: 40 off the one complete set.
    expect(sum(d, 'comboCents')).toBe(4000);
    for (const u of set) expect(d.get(u.iditem)!.idcombo).toBe(7);
    for (const u of [...extra, ...otherSession]) expect(d.get(u.iditem)!.idcombo).toBeNull();
    expect(set.map((u) => d.get(u.iditem)!.comboCents)).toEqual([1333, 1333, 667, 667]);
  });

  it('applies the coupon to what is left after the combo', () => {
    const set = [201, 201, 202, 202].map((idproduto) =>
      unit({ idevento: 2, idproduto, valorCents: idproduto === 201 ? 9000 : 4500 }),
    );
    const d = priceUnits(catalog, coupon({ valor: 10 }), set, now);
    expect(sum(d, 'comboCents')).toBe(4000);
    expect(sum(d, 'cupomCents')).toBe(2300);
  });
});
