import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InstallmentRules, installmentOptions, priceInstallment } from './installments';

const FREE: InstallmentRules = {
  maxInstallments: 6,
  minValueCents: 2000,
  interestFree: 1,
  monthlyRate: 0,
};
const AURORA: InstallmentRules = {
  maxInstallments: 12,
  minValueCents: 1000,
  interestFree: 3,
  monthlyRate: 1.99,
};

const brief = (total: number, rules: InstallmentRules) =>
  installmentOptions(total, rules).map((o) => [
    o.parcela,
    o.primeiraCents,
    o.valorCents,
    o.totalCents,
    o.jurosCents,
  ]);

describe('installmentOptions', () => {
  it('interest-free: the total is the cart total, the first instalment carries the remainder', () => {
    expect(brief(11000, FREE)).toEqual([
      [1, 11000, 11000, 11000, 0],
      [2, 5500, 5500, 11000, 0],
      [3, 3668, 3666, 11000, 0],
      [4, 2750, 2750, 11000, 0],
      [5, 2200, 2200, 11000, 0],
    ]);
    expect(brief(500, { ...FREE, maxInstallments: 12, minValueCents: 1000 })).toEqual([
      [1, 500, 500, 500, 0],
    ]);
    expect(brief(0, FREE)).toEqual([[1, 0, 0, 0, 0]]);
    expect(installmentOptions(120000, { ...FREE, maxInstallments: 12 })).toHaveLength(12);
  });

  it('with interest: Price instalment rounded to the cent, total = n × instalment', () => {
    const opts = installmentOptions(11000, AURORA);
    // R$ 110,00: interest-free up to 3x, then 1.99% a month; every option down to 12x is at
    // least R$ 10,00 because the interest raises the instalment.
    expect(opts).toHaveLength(12);
    expect(opts[2]).toEqual({
      parcela: 3,
      valorCents: 3666,
      primeiraCents: 3668,
      totalCents: 11000,
      jurosCents: 0,
    });
    expect(opts[3]).toEqual({
      parcela: 4,
      valorCents: 2888,
      primeiraCents: 2888,
      totalCents: 11552,
      jurosCents: 552,
    });
    expect(opts[11]).toEqual({
      parcela: 12,
      valorCents: 1040,
      primeiraCents: 1040,
      totalCents: 12480,
      jurosCents: 1480,
    });
    // 3x with interest (interest-free only up to 2x).
    expect(installmentOptions(11000, { ...AURORA, interestFree: 2 })[2]).toEqual({
      parcela: 3,
      valorCents: 3814,
      primeiraCents: 3814,
      totalCents: 11442,
      jurosCents: 442,
    });
  });

  it('priceInstallment is the PMT formula', () => {
    expect(priceInstallment(1000, 4, 0)).toBe(250);
    expect(priceInstallment(11000, 3, 0.0199)).toBeCloseTo(3813.558, 2);
  });

  const rulesArb = fc.record({
    maxInstallments: fc.integer({ min: 1, max: 12 }),
    minValueCents: fc.integer({ min: 1, max: 5000 }),
    interestFree: fc.integer({ min: 1, max: 12 }),
    monthlyRate: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 999 }).map((r) => r / 100),
    ),
  });
  const totalArb = fc.integer({ min: 0, max: 10_000_000 });

  it('property: what is shown adds up to what is charged', () => {
    fc.assert(
      fc.property(totalArb, rulesArb, (total, rules) => {
        const opts = installmentOptions(total, rules);
        expect(opts[0]).toEqual({
          parcela: 1,
          valorCents: total,
          primeiraCents: total,
          totalCents: total,
          jurosCents: 0,
        });
        opts.forEach((o, i) => {
          expect(o.parcela).toBe(i + 1);
          expect(Number.isInteger(o.valorCents) && Number.isInteger(o.totalCents)).toBe(true);
          expect(o.primeiraCents + (o.parcela - 1) * o.valorCents).toBe(o.totalCents);
          expect(o.jurosCents).toBe(o.totalCents - total);
          expect(o.jurosCents).toBeGreaterThanOrEqual(0);
          if (o.jurosCents > 0) {
            // Interest-bearing: every instalment equal, n × valor = total.
            expect(o.parcela * o.valorCents).toBe(o.totalCents);
            expect(o.primeiraCents).toBe(o.valorCents);
          }
          if (o.parcela <= rules.interestFree || rules.monthlyRate === 0) {
            expect(o.totalCents).toBe(total);
            // The remainder is less than one cent per instalment.
            expect(o.primeiraCents - o.valorCents).toBeLessThan(o.parcela);
            expect(o.primeiraCents).toBeGreaterThanOrEqual(o.valorCents);
          }
          if (o.parcela > 1) expect(o.valorCents).toBeGreaterThanOrEqual(rules.minValueCents);
          if (i > 0) expect(o.totalCents).toBeGreaterThanOrEqual(opts[i - 1]!.totalCents);
        });
        expect(opts.length).toBeLessThanOrEqual(Math.max(1, rules.maxInstallments));
      }),
      { numRuns: 500 },
    );
  });

  it('property: no interest up to the interest-free count, and the next option falls short', () => {
    fc.assert(
      fc.property(totalArb, rulesArb, (total, rules) => {
        const opts = installmentOptions(total, rules);
        for (const o of opts) {
          if (o.parcela <= rules.interestFree || rules.monthlyRate === 0) {
            expect(o.jurosCents).toBe(0);
          }
        }
        const n = opts.length + 1;
        if (n <= rules.maxInstallments) {
          // The option after the last one is under the minimum.
          const longer = installmentOptions(total, { ...rules, minValueCents: 1 });
          const next = longer[n - 1];
          if (next) expect(next.valorCents).toBeLessThan(rules.minValueCents);
        }
      }),
      { numRuns: 500 },
    );
  });
});
