/**
 * The numbers of a FEBRABAN "boleto de cobrança": the 44-digit barcode, the 47-digit "linha
 * digitável" a payer types, the due-date factor (with its 2025 restart) and the Interleaved
 * 2 of 5 bars printed on the slip. Pure and dependency-free; README.md lists the clauses.
 */

/** Which part of a barcode or linha failed, so a caller can point the payer at it. */
export type BoletoPart =
  | 'campo1'
  | 'campo2'
  | 'campo3'
  /** The general check digit (barcode position 5, linha field 4). */
  | 'dvGeral'
  | 'banco'
  | 'valor'
  | 'vencimento'
  | 'campoLivre'
  | 'barcode'
  | 'linha';

export type BoletoErrorCode =
  /** Wrong length or a character that is not a digit. */
  | 'format'
  /** A check digit does not match; `part` names which. */
  | 'checkDigit'
  /** A value outside what the layout can carry. */
  | 'range';

/** A boleto number could not be built or read. */
export class BoletoError extends Error {
  override readonly name = 'BoletoError';
  constructor(
    readonly code: BoletoErrorCode,
    readonly part: BoletoPart,
    message: string,
  ) {
    super(message);
  }
}

/** A calendar date `YYYY-MM-DD`, or a `Date` read by its UTC calendar day. */
export type CalendarDate = string | Date;

export interface BoletoInput {
  /** The bank's three-digit FEBRABAN code (`'001'` Banco do Brasil). */
  banco: string;
  /** The amount in cents; 0 when the payer fills it in. */
  valorCents: number;
  /** The due date; `null` for a slip without one (factor `0000`). */
  vencimento: CalendarDate | null;
  /** The 25 digits each bank lays out its own way (agreement, our number, account…). */
  campoLivre: string;
}

const DAY_MS = 86_400_000;
/** Factor 0 is 1997-10-07 (the FEBRABAN base date). */
const BASE_DAY = Date.UTC(1997, 9, 7) / DAY_MS;
/** Factors run 1000…9999 and then start again at 1000: a cycle of 9000 days. */
const FACTOR_MIN = 1000;
const FACTOR_CYCLE = 9000;
const MAX_VALOR_CENTS = 9_999_999_999;

function dayNumber(date: CalendarDate, part: BoletoPart): number {
  if (date instanceof Date) {
    const t = date.getTime();
    if (Number.isNaN(t)) throw new BoletoError('format', part, 'invalid Date');
    return Math.floor(t / DAY_MS);
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  // Date.UTC rolls 2025-02-30 over to March; a date that does not round-trip is not a date.
  if (!m || new Date(t).toISOString().slice(0, 10) !== date) {
    throw new BoletoError('format', part, `not a YYYY-MM-DD date: ${date}`);
  }
  return t / DAY_MS;
}

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The due-date factor: days since 1997-10-07, restarting at 1000 after 9999 (FEBRABAN: 2025-02-21
 * is 9999, 2025-02-22 is 1000 again). Dates before 2000-07-03 keep their original factor 0…999,
 * which no bank reads any more. Throws for a date before the base.
 */
export function dueDateFactor(date: CalendarDate): number {
  const days = dayNumber(date, 'vencimento') - BASE_DAY;
  if (days < 0) throw new BoletoError('range', 'vencimento', 'due date before 1997-10-07');
  if (days < FACTOR_MIN) return days;
  return FACTOR_MIN + ((days - FACTOR_MIN) % FACTOR_CYCLE);
}

/**
 * The due date (`YYYY-MM-DD`) of a factor, or `null` for factor 0 (no due date). Since the
 * factor repeats every 9000 days, the date of that factor nearest `reference` (today, when
 * reading a slip) is chosen; on a tie the later one.
 */
export function dueDateFromFactor(factor: number, reference: CalendarDate): string | null {
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999) {
    throw new BoletoError('range', 'vencimento', `factor must be 0…9999: ${factor}`);
  }
  if (factor === 0) return null;
  if (factor < FACTOR_MIN) return isoDay(BASE_DAY + factor);
  const ref = dayNumber(reference, 'vencimento');
  const first = BASE_DAY + factor;
  // The nearest cycle; Math.round takes a half up, so a tie goes to the later date.
  const cycles = Math.max(0, Math.round((ref - first) / FACTOR_CYCLE));
  return isoDay(first + cycles * FACTOR_CYCLE);
}

/**
 * Modulo 10 of the linha's fields: weights 2, 1, 2… from the rightmost digit, the digits of
 * each product summed (14 → 1 + 4), DV = (10 − sum mod 10) mod 10.
 */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Modulo 11 of the barcode's general DV: weights 2…9 from the rightmost digit, cycling;
 * DV = 11 − sum mod 11, and the results 0, 10 and 11 become 1 (a barcode DV is never 0).
 */
export function mod11Boleto(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The 43 digits the general DV covers: the barcode without position 5. */
function withoutDv(barcode: string): string {
  return barcode.slice(0, 4) + barcode.slice(5);
}

/**
 * The 44-digit barcode: bank (3), currency `9` (real), general DV, due-date factor (4),
 * amount in cents (10), free field (25). Throws {@link BoletoError}.
 */
export function boletoBarcode(input: BoletoInput): string {
  if (!/^\d{3}$/.test(input.banco)) {
    throw new BoletoError('format', 'banco', 'bank code must be 3 digits');
  }
  if (!/^\d{25}$/.test(input.campoLivre)) {
    throw new BoletoError('format', 'campoLivre', 'free field must be 25 digits');
  }
  const { valorCents } = input;
  if (!Number.isSafeInteger(valorCents) || valorCents < 0 || valorCents > MAX_VALOR_CENTS) {
    throw new BoletoError('range', 'valor', `amount must be 0…${MAX_VALOR_CENTS} cents`);
  }
  let factor = 0;
  if (input.vencimento !== null) {
    factor = dueDateFactor(input.vencimento);
    // Factors below 1000 are read today as dates of the current cycle: refuse to print one.
    if (factor < FACTOR_MIN) {
      throw new BoletoError('range', 'vencimento', 'due date before 2000-07-03');
    }
  }
  const body = `${input.banco}9${String(factor).padStart(4, '0')}${String(valorCents).padStart(10, '0')}${input.campoLivre}`;
  return `${body.slice(0, 4)}${mod11Boleto(body)}${body.slice(4)}`;
}

/** Checks a 44-digit barcode's general DV; throws {@link BoletoError}. */
export function assertBarcode(barcode: string): void {
  if (!/^\d{44}$/.test(barcode)) {
    throw new BoletoError('format', 'barcode', 'barcode must be 44 digits');
  }
  if (Number(barcode[4]) !== mod11Boleto(withoutDv(barcode))) {
    throw new BoletoError('checkDigit', 'dvGeral', 'general check digit does not match');
  }
}

/**
 * The 47-digit linha digitável of a barcode, digits only. Field 1: barcode 1–4 and 20–24 + DV;
 * field 2: 25–34 + DV; field 3: 35–44 + DV; field 4: the general DV; field 5: 6–19.
 */
export function linhaDigitavel(barcode: string): string {
  assertBarcode(barcode);
  const c1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const c2 = barcode.slice(24, 34);
  const c3 = barcode.slice(34, 44);
  return `${c1}${mod10(c1)}${c2}${mod10(c2)}${c3}${mod10(c3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE` from 47 digits (dots and spaces ignored). */
export function formatLinha(linha: string): string {
  const d = linha.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(d)) throw new BoletoError('format', 'linha', 'linha must be 47 digits');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * The barcode of a typed linha. Spaces and dots are ignored; each field's DV and then the
 * general DV are checked, and the error's `part` names the first that fails.
 */
export function barcodeFromLinha(linha: string): string {
  const d = linha.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(d)) throw new BoletoError('format', 'linha', 'linha must be 47 digits');
  const fields: [BoletoPart, string, string][] = [
    ['campo1', d.slice(0, 9), d.slice(9, 10)],
    ['campo2', d.slice(10, 20), d.slice(20, 21)],
    ['campo3', d.slice(21, 31), d.slice(31, 32)],
  ];
  for (const [part, digits, dv] of fields) {
    if (mod10(digits) !== Number(dv)) {
      throw new BoletoError('checkDigit', part, `check digit of ${part} does not match`);
    }
  }
  const barcode = `${d.slice(0, 4)}${d[32]}${d.slice(33, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
  assertBarcode(barcode);
  return barcode;
}

/** Narrow (n) and wide (w) elements of each digit in Interleaved 2 of 5. */
const ITF_DIGITS = [
  'nnwwn',
  'wnnnw',
  'nwnnw',
  'wwnnn',
  'nnwnw',
  'wnwnn',
  'nwwnn',
  'nnnww',
  'wnnwn',
  'nwnwn',
] as const;
const NARROW = 1;
const WIDE = 3;

const width = (e: string): number => (e === 'w' ? WIDE : NARROW);

/**
 * The widths (narrow 1, wide 3) of an Interleaved 2 of 5 symbol, starting with a bar and
 * alternating bar, space: start `nnnn`, then each pair of digits with the first in the bars and
 * the second in the spaces, then stop `wnn`. Quiet zones are not included.
 */
export function itfBars(digits: string): number[] {
  if (!/^\d*$/.test(digits) || digits.length === 0 || digits.length % 2 !== 0) {
    throw new BoletoError('format', 'barcode', 'ITF encodes a non-empty even number of digits');
  }
  const out = [NARROW, NARROW, NARROW, NARROW];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])] ?? '';
    const spaces = ITF_DIGITS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) out.push(width(bars.charAt(k)), width(spaces.charAt(k)));
  }
  out.push(WIDE, NARROW, NARROW);
  return out;
}

export interface ItfSvgOptions {
  /** Bar height in SVG units; default 50. */
  height?: number;
  /** Width of a narrow element in SVG units; default 1. */
  narrow?: number;
}

/** Quiet zone on each side, in narrow widths (ITF asks for at least ten). */
const QUIET = 10;

/** An SVG (black bars on white, with quiet zones) of the ITF symbol of `digits`. */
export function itfSvg(digits: string, options: ItfSvgOptions = {}): string {
  const height = options.height ?? 50;
  const narrow = options.narrow ?? 1;
  if (!(height > 0) || !(narrow > 0)) {
    throw new BoletoError('range', 'barcode', 'height and narrow must be positive');
  }
  const widths = itfBars(digits);
  let x = QUIET * narrow;
  const rects: string[] = [];
  widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push(`<rect x="${x}" y="0" width="${w * narrow}" height="${height}"/>`);
    x += w * narrow;
  });
  const total = x + QUIET * narrow;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="${height}" viewBox="0 0 ${total} ${height}" shape-rendering="crispEdges" role="img" aria-label="${digits}"><rect width="${total}" height="${height}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`;
}
