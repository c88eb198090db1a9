/**
 * The carrier's rule (brand.json `delivery`), pure: whether an address is deliverable, and its
 * fee and working days. The same rule answers POST TransportadoraValidaEnderecoEntrega/,
 * getEnderecosEntrega (per address) and setEnderecoEntrega (which keeps the fee on the order).
 */
import type { DeliveryRules } from '#schemas/brand.types.ts';
import type { MessageId } from '#server/i18n.ts';

/** The carrier's answer for one address. */
export type DeliveryQuote =
  | { entregavel: true; valorCents: number; dias: number }
  | { entregavel: false; motivo: MessageId };

/** The part of an address the rule reads. */
export interface DeliveryPlace {
  end_pais: string;
  end_estado: string;
}

/** A code as the rule compares it: trimmed, upper-case. */
const code = (s: string): string => s.trim().toUpperCase();

/**
 * The quote for `place` under `rules`: not deliverable without rules or outside `countries`;
 * else the first region listing the state (a Brazilian UF such as `SP`), or the default fee
 * and days. The fee is in whole cents (brand files give reais with two decimals).
 */
export function quoteDelivery(
  rules: DeliveryRules | undefined,
  place: DeliveryPlace,
): DeliveryQuote {
  if (!rules) return { entregavel: false, motivo: 'error.deliveryNotOffered' };
  const pais = code(place.end_pais);
  if (!rules.countries.includes(pais)) {
    return { entregavel: false, motivo: 'error.deliveryCountry' };
  }
  const estado = code(place.end_estado);
  const region = rules.regions?.find((r) => r.states.includes(estado));
  const fee = region?.fee ?? rules.fee;
  return {
    entregavel: true,
    valorCents: Math.round(fee * 100),
    dias: region?.days ?? rules.days,
  };
}
