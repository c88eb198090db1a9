/**
 * Input masks as the user types. A pattern is a string where
 * - `9` takes one digit (0-9),
 * - `A` takes one ASCII letter or digit (the alphanumeric CNPJ),
 * - `a` takes one ASCII letter,
 * and every other character is a literal (`.`, `-`, `/`, `(`, `)`, space…).
 *
 * Literals should not be letters or digits: {@link unmask} treats every slot character as data.
 * Pure string code, no DOM: the widgets, the server and the generated validators share it.
 */

/** The characters of a pattern that take input; everything else is a literal. */
export type MaskSlot = '9' | 'A' | 'a';

const DIGIT = /^[0-9]$/;
const LETTER = /^[A-Za-z]$/;

/** Whether `pattern[index]` takes input (is `9`, `A` or `a`). */
export function isMaskSlot(char: string): char is MaskSlot {
  return char === '9' || char === 'A' || char === 'a';
}

/** Whether `char` fits the slot `slot`. */
export function fitsSlot(slot: MaskSlot, char: string): boolean {
  if (slot === '9') return DIGIT.test(char);
  if (slot === 'a') return LETTER.test(char);
  return DIGIT.test(char) || LETTER.test(char);
}

/** How many characters of input the pattern takes. */
export function maskCapacity(pattern: string): number {
  let n = 0;
  for (const c of pattern) if (isMaskSlot(c)) n += 1;
  return n;
}

/**
 * Formats `value` with `pattern`, tolerating partial input.
 *
 * The characters of `value` are taken in order; a character that does not fit the next slot is
 * dropped (so typed separators, spaces and stray symbols vanish), input beyond the pattern is cut,
 * and a literal is written only when a slot after it gets a character, so that `'1234'` with
 * `'999.999.999-99'` gives `'123.4'` (never a dangling `'123.'`). Case is kept as typed.
 *
 * @example applyMask('(99) 99999-9999', '1198') // '(11) 98'
 */
export function applyMask(pattern: string, value: string): string {
  const input = [...value];
  let i = 0;
  let out = '';
  let pending = '';
  for (const p of pattern) {
    if (!isMaskSlot(p)) {
      pending += p;
      continue;
    }
    while (i < input.length && !fitsSlot(p, input[i]!)) i += 1;
    if (i >= input.length) break;
    out += pending + input[i]!;
    pending = '';
    i += 1;
  }
  return out;
}

/**
 * The data characters of a masked value: what {@link applyMask} placed in the slots.
 * `unmask(p, applyMask(p, raw)) === raw` whenever every character of `raw` fits its slot and
 * `raw` is no longer than the pattern's capacity.
 */
export function unmask(pattern: string, masked: string): string {
  const formatted = applyMask(pattern, masked);
  const chars = [...formatted];
  let out = '';
  let j = 0;
  for (const p of pattern) {
    if (j >= chars.length) break;
    if (isMaskSlot(p)) out += chars[j]!;
    j += 1;
  }
  return out;
}
