import type { SandboxCardInput } from '../../../../schemas/contract';

/** Card checks done before tokenizing, so most mistakes are caught beside their field. */
export type CardField = keyof SandboxCardInput;
export type CardErrors = Partial<Record<CardField, 'required' | 'invalid'>>;

export const digitsOnly = (s: string): string => s.replace(/\D/g, '');

export function luhnValid(num: string): boolean {
  let sum = 0;
  for (let i = 0; i < num.length; i++) {
    let d = Number(num[num.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return num.length > 0 && sum % 10 === 0;
}

/** Amex and Discover have 4-digit security codes, the others 3 (spec §9). */
export function cvvLength(numero: string): number {
  return /^(3[47]|6011|64[4-9]|65)/.test(digitsOnly(numero)) ? 4 : 3;
}

/** "4111111111111111" → "4111 1111 1111 1111" (Amex 4-6-5). */
export function formatCardNumber(raw: string): string {
  const d = digitsOnly(raw).slice(0, 19);
  if (/^3[47]/.test(d)) {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.replace(/(.{4})/g, '$1 ').trim();
}

/** Typing "1228" gives "12/28". */
export function formatExpiry(raw: string): string {
  const d = digitsOnly(raw).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function expiryValid(value: string, now = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + (month - 1) >= now.getFullYear() * 12 + now.getMonth();
}

export function validateCard(card: SandboxCardInput, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const numero = digitsOnly(card.numero);
  if (!numero) errors.numero = 'required';
  else if (numero.length < 13 || numero.length > 19 || !luhnValid(numero))
    errors.numero = 'invalid';
  if (!card.titular.trim()) errors.titular = 'required';
  else if (card.titular.trim().length < 2) errors.titular = 'invalid';
  if (!card.validade.trim()) errors.validade = 'required';
  else if (!expiryValid(card.validade, now)) errors.validade = 'invalid';
  if (!card.cvv.trim()) errors.cvv = 'required';
  else if (!new RegExp(`^\\d{${cvvLength(card.numero)}}$`).test(card.cvv.trim()))
    errors.cvv = 'invalid';
  return errors;
}
