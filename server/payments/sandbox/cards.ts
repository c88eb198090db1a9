/**
 * Card rules of the sandbox gateway: Luhn, expiry, security code, card brand by number prefix,
 * and the outcome each test number asks for. The tokenizer script (tokenizer.js) runs the same
 * checks in the browser; the token endpoint checks again.
 */

/** The test cards: number → outcome. Any other valid number is approved. */
export const TEST_CARDS = {
  '4111111111111111': 'approved',
  '4000000000000002': 'declined',
  '4000000000000341': 'pending',
} as const;

/** What a charge of a card number does in the sandbox. */
export type SandboxOutcome = 'approved' | 'declined' | 'pending';

/** The sandbox outcome of a (digits-only) card number. */
export function outcomeOf(numero: string): SandboxOutcome {
  return (TEST_CARDS as Record<string, SandboxOutcome>)[numero] ?? 'approved';
}

/** Whether a digits-only number passes the Luhn check. */
export function luhnValid(numero: string): boolean {
  if (!/^\d{12,19}$/.test(numero)) return false;
  let sum = 0;
  for (let i = 0; i < numero.length; i++) {
    let d = Number(numero[numero.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const inRange = (n: string, len: number, lo: number, hi: number): boolean => {
  const v = Number(n.slice(0, len));
  return n.length >= len && v >= lo && v <= hi;
};

const ELO_RANGES: [number, number][] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];
const HIPERCARD = [
  '606282',
  '384100',
  '384140',
  '384160',
  '637095',
  '637568',
  '637599',
  '637609',
  '637612',
];

/** The card brand of a digits-only number (lower case, as brands list them), or 'unknown'. */
export function bandeiraOf(numero: string): string {
  if (ELO_RANGES.some(([lo, hi]) => inRange(numero, 6, lo, hi))) return 'elo';
  if (HIPERCARD.some((p) => numero.startsWith(p))) return 'hipercard';
  if (inRange(numero, 6, 604201, 604219) || numero.startsWith('589657')) return 'cabal';
  if (/^3[47]/.test(numero)) return 'amex';
  if (inRange(numero, 4, 3528, 3589)) return 'jcb';
  if (/^(30[0-5]|36|38|39)/.test(numero)) return 'diners';
  if (/^(6011|64[4-9]|65)/.test(numero)) return 'discover';
  if (/^50/.test(numero)) return 'aura';
  if (inRange(numero, 2, 51, 55) || inRange(numero, 4, 2221, 2720)) return 'mastercard';
  if (numero.startsWith('4')) return 'visa';
  return 'unknown';
}

/** Why a card is refused before tokenizing. */
export type CardProblem = 'invalid_number' | 'invalid_expiry' | 'invalid_cvv' | 'invalid_holder';

/** The first problem of a card, or null when it can be tokenized. */
export function cardProblem(
  card: { numero: string; titular: string; validade: string; cvv: string },
  now: Date = new Date(),
): CardProblem | null {
  const numero = card.numero.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(numero) || !luhnValid(numero)) return 'invalid_number';
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.validade.trim());
  if (!m) return 'invalid_expiry';
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (month < 1 || month > 12 || year * 12 + (month - 1) < current) return 'invalid_expiry';
  const cvvLen = ['amex', 'discover'].includes(bandeiraOf(numero)) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLen}}$`).test(card.cvv.trim())) return 'invalid_cvv';
  if (card.titular.trim().length < 2) return 'invalid_holder';
  return null;
}
