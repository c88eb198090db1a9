/**
 * Card rules of the sandbox gateway and the outcome each test number asks for. The checks are
 * the shop's own card format (schemas/formats/card.ts: Luhn, brand by prefix and length,
 * security code, expiry), so the gateway never accepts a card the checkout form would refuse.
 */
import { cardBrand, isCardExpiry, isCvv, luhn } from '#schemas/formats/card.ts';

/**
 * The test cards: number → outcome. Any other valid number is approved. `timeout`: the charge is
 * made (approved) but the gateway's answer never arrives in time (crash safety: the payment is
 * left in progress and recovery settles it from the gateway's record).
 */
export const TEST_CARDS = {
  '4111111111111111': 'approved',
  '4000000000000002': 'declined',
  '4000000000000341': 'pending',
  '4000000000000408': 'timeout',
} as const;

/** What a charge of a card number does in the sandbox. */
export type SandboxOutcome = 'approved' | 'declined' | 'pending' | 'timeout';

/** The sandbox outcome of a (digits-only) card number. */
export function outcomeOf(numero: string): SandboxOutcome {
  return (TEST_CARDS as Record<string, SandboxOutcome>)[numero] ?? 'approved';
}

/** Why a card is refused before tokenizing. */
export type CardProblem = 'invalid_number' | 'invalid_expiry' | 'invalid_cvv' | 'invalid_holder';

/** The card's brand and digits when it can be tokenized, or its first problem. */
export function checkCard(
  card: { numero: string; titular: string; validade: string; cvv: string },
  now: Date = new Date(),
): { ok: true; numero: string; bandeira: string } | { ok: false; problem: CardProblem } {
  const numero = card.numero.replace(/[\s-]/g, '');
  const bandeira = cardBrand(numero);
  if (!bandeira || !luhn(numero)) return { ok: false, problem: 'invalid_number' };
  if (!isCardExpiry(card.validade, now)) return { ok: false, problem: 'invalid_expiry' };
  if (!isCvv(card.cvv.trim(), bandeira)) return { ok: false, problem: 'invalid_cvv' };
  if (card.titular.trim().length < 2) return { ok: false, problem: 'invalid_holder' };
  return { ok: true, numero, bandeira };
}
