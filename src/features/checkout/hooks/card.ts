/**
 * Card checks done before tokenizing, so most mistakes are caught beside their field. The rules
 * are the shop's card format (schemas/formats/card.ts), the same the gateway applies.
 */
import type { SandboxCardInput } from '#schemas/contract.ts';
import {
  type CardBrand,
  cardBrandByPrefix,
  isCardExpiry,
  isCardNumber,
  isCvv,
} from '#schemas/formats/card.ts';

export type CardField = keyof SandboxCardInput;
/** Why a field is refused: empty, malformed, or (the number) a brand the shop does not take. */
export type CardProblem = 'required' | 'invalid' | 'notAccepted';
export type CardErrors = Partial<Record<CardField, CardProblem>>;

/** Digits of a BIN: from here on the brand of a number no longer changes as more are typed. */
const BIN_LENGTH = 6;

/**
 * The brand of the number being typed, and whether the shop takes it, once the first six digits
 * settle it: the buyer learns it before typing the rest (earlier, `5067` is still Aura and may
 * become Elo).
 */
export function typedBrand(
  numero: string,
  accepted: readonly string[],
): { brand: CardBrand; accepted: boolean } | null {
  const digits = numero.replace(/\D/g, '');
  const brand = digits.length >= BIN_LENGTH ? cardBrandByPrefix(digits) : null;
  return brand ? { brand, accepted: accepted.includes(brand) } : null;
}

export function validateCard(
  card: SandboxCardInput,
  accepted: readonly string[],
  now = new Date(),
): CardErrors {
  const errors: CardErrors = {};
  const numero = card.numero.replace(/\D/g, '');
  const brand = cardBrandByPrefix(numero);
  if (!numero) errors.numero = 'required';
  else if (brand && !accepted.includes(brand)) errors.numero = 'notAccepted';
  else if (!isCardNumber(numero)) errors.numero = 'invalid';
  if (!card.titular.trim()) errors.titular = 'required';
  else if (card.titular.trim().length < 2) errors.titular = 'invalid';
  if (!card.validade.trim()) errors.validade = 'required';
  else if (!isCardExpiry(card.validade, now)) errors.validade = 'invalid';
  if (!card.cvv.trim()) errors.cvv = 'required';
  else if (!isCvv(card.cvv.trim(), brand)) errors.cvv = 'invalid';
  return errors;
}
