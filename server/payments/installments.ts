/**
 * Instalment options of a card payment, in integer cents, so that what is shown is exactly what
 * is charged.
 *
 * - **1x** is always offered: the cart's total, no interest.
 * - **Interest-free** (n ≤ `interestFree`, or every n when the brand charges no interest): the
 *   total is the cart's total; the instalment is the total divided by n, rounded down to the
 *   cent, and the **first instalment carries the remainder** (fewer than n cents):
 *   `primeira + (n − 1) × valor = total`.
 * - **With interest** (n > `interestFree`, `monthlyRate` > 0): the instalment is the Price
 *   (PMT) instalment of the cart's total at the brand's monthly rate, rounded to the cent
 *   (never less than what keeps the totals increasing with n); the **total is n × the
 *   instalment** (every instalment equal, `primeira = valor`), and the interest is the total
 *   less the cart's total.
 * - Options go from 1x up to `maxInstallments` while the (regular) instalment is at least
 *   `minValue`: the first n below it ends the list.
 */

/** The brand's instalment rules, money in cents. */
export interface InstallmentRules {
  /** Most instalments offered (1 to 12). */
  maxInstallments: number;
  /** Smallest instalment offered, in cents. */
  minValueCents: number;
  /** Instalments up to this many carry no interest (at least 1). */
  interestFree: number;
  /** Monthly interest rate in percent (e.g. 1.99) for more instalments; 0: none. */
  monthlyRate: number;
}

/** One instalment option. `primeira + (parcela − 1) × valorCents = totalCents`. */
export interface InstallmentOption {
  parcela: number;
  /** Each instalment (the 2nd on). */
  valorCents: number;
  /** The first instalment: `valorCents` plus the remainder of an interest-free split. */
  primeiraCents: number;
  /** What is charged. */
  totalCents: number;
  /** Interest: `totalCents` less the cart's total (0 when interest-free). */
  jurosCents: number;
}

/** The Price (PMT) instalment of `principal` over `n` months at `rate` (a fraction) a month. */
export function priceInstallment(principal: number, n: number, rate: number): number {
  if (rate <= 0) return principal / n;
  return (principal * rate) / (1 - (1 + rate) ** -n);
}

/** The instalment options of a payment of `totalCents` under `rules` (see the module doc). */
export function installmentOptions(
  totalCents: number,
  rules: InstallmentRules,
): InstallmentOption[] {
  const out: InstallmentOption[] = [
    {
      parcela: 1,
      valorCents: totalCents,
      primeiraCents: totalCents,
      totalCents,
      jurosCents: 0,
    },
  ];
  const rate = rules.monthlyRate > 0 ? rules.monthlyRate / 100 : 0;
  let prevTotal = totalCents;
  for (let n = 2; n <= rules.maxInstallments; n++) {
    let option: InstallmentOption;
    if (rate === 0 || n <= rules.interestFree) {
      const valorCents = Math.floor(totalCents / n);
      option = {
        parcela: n,
        valorCents,
        primeiraCents: totalCents - (n - 1) * valorCents,
        totalCents,
        jurosCents: 0,
      };
    } else {
      const valorCents = Math.max(
        Math.round(priceInstallment(totalCents, n, rate)),
        Math.ceil(prevTotal / n),
      );
      option = {
        parcela: n,
        valorCents,
        primeiraCents: valorCents,
        totalCents: n * valorCents,
        jurosCents: n * valorCents - totalCents,
      };
    }
    if (option.valorCents < rules.minValueCents || option.valorCents <= 0) break;
    out.push(option);
    prevTotal = option.totalCents;
  }
  return out;
}
