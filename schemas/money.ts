/**
 * Money in the contract is reais with at most two decimals; sums are done in integer cents,
 * never in floating reais. Shared by the server and the storefront.
 */

/** Reais → integer cents. */
export const toCents = (reais: number): number => Math.round(reais * 100);

/** Integer cents → reais. */
export const toReais = (cents: number): number => Math.round(cents) / 100;

/** One exchange rate (config state `cotacao`): one unit of `moeda` costs `reais` BRL on `data`. */
export interface Rate {
  moeda: string;
  reais: number;
  /** YYYY-MM-DD */
  data: string;
}

/** `reais` in the currency of `rate` (not rounded: the formatting rounds to its digits). */
export function fromReais(reais: number, rate: Pick<Rate, 'reais'>): number {
  return reais / rate.reais;
}

const currencySigns = new Map<string, string>();

/** The sign the shop's home (pt-BR) writes for `currency`: `US$`, `€`, `ARS`. */
function currencySign(currency: string): string {
  let sign = currencySigns.get(currency);
  if (sign === undefined) {
    sign =
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency;
    currencySigns.set(currency, sign);
  }
  return sign;
}

/**
 * The approximate price of `reais` in `rate`'s currency, for a reader of `locale`: the number
 * and the sign's place as the reader writes them, the sign as the shop's home does (`US$`, never
 * a bare `$` that could be any dollar, or the real), and the rate's date in the reader's
 * numeric style. `{ valor: 'US$ 12.34', data: '11/25/2026' }` for en-US.
 */
export function formatApprox(
  reais: number,
  rate: Rate,
  locale: string,
): { valor: string; data: string } {
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: rate.moeda,
  }).formatToParts(fromReais(reais, rate));
  const sign = currencySign(rate.moeda);
  let valor = '';
  for (const [i, p] of parts.entries()) {
    if (p.type !== 'currency') {
      valor += p.value;
      continue;
    }
    valor += sign;
    // "US$12.34" reads badly: a sign of letters gets a (non-breaking) space before the number.
    const next = parts[i + 1];
    if (sign.length > 1 && next && next.type !== 'literal') valor += '\u00a0';
  }
  const [y, m, d] = rate.data.split('-').map(Number) as [number, number, number];
  const data = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
  return { valor, data };
}
