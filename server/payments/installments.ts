/**
 * Instalment options of a card payment: 1x always, then 2x… up to `maxInstallments` while
 * each instalment is at least `minInstallmentValue`. Values in cents, rounded to the cent.
 */
export function installmentOptions(
  totalCents: number,
  maxInstallments: number,
  minInstallmentValueCents: number,
): { parcela: number; valorCents: number }[] {
  const out = [{ parcela: 1, valorCents: totalCents }];
  for (let n = 2; n <= maxInstallments; n++) {
    const valorCents = Math.round(totalCents / n);
    if (valorCents < minInstallmentValueCents) break;
    out.push({ parcela: n, valorCents });
  }
  return out;
}
