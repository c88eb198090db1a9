/**
 * Which paid tickets the buyer may cancel (brand.json `cancellation`), as a pure function the
 * orders list and cancelaCompra share.
 *
 * - Never once the session is less than `beforeSessionHours` away (never after it started).
 * - Within `withdrawalDays` days of the payment: the right of withdrawal of a purchase made
 *   online (Brazil: 7 days, Código de Defesa do Consumidor art. 49), everything paid for the ticket
 *   is given back: its price, fee, refundable-ticket option and card interest share.
 * - Later, only a ticket that carries the refundable-ticket option (the warranty the buyer paid
 *   for); the warranty itself is then not given back (it was used).
 */
import type { CancellationRules } from '#schemas/brand.types.ts';

/** Why a paid ticket may not be cancelled now: no rule, the period is over, the session. */
export type CancelBlock = 'regra' | 'prazo' | 'sessao';

/** The verdict for one paid ticket: blocked, or how it may be cancelled. */
export type CancelVerdict =
  | { ok: false; motivo: CancelBlock }
  | {
      ok: true /** Outside the withdrawal period, by the refundable-ticket option. */;
      byWarranty: boolean;
    };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * May a paid ticket be cancelled at `now`? `paidAt`: when its order was paid; `sessionAt`: when
 * its session starts; `refundable`: it carries the refundable-ticket option.
 */
export function cancelVerdict(
  rules: CancellationRules | undefined,
  now: Date,
  paidAt: Date,
  sessionAt: Date,
  refundable: boolean,
): CancelVerdict {
  if (!rules) return { ok: false, motivo: 'regra' };
  if (sessionAt.getTime() - rules.beforeSessionHours * HOUR <= now.getTime()) {
    return { ok: false, motivo: 'sessao' };
  }
  if (now.getTime() - paidAt.getTime() <= rules.withdrawalDays * DAY) {
    return { ok: true, byWarranty: false };
  }
  return refundable ? { ok: true, byWarranty: true } : { ok: false, motivo: 'prazo' };
}
