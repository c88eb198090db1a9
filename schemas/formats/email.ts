/**
 * The e-mail rule of spec §5, exactly: non-empty; at least 1 character before the `@` and at least
 * 3 after it; no spaces; no second `@`; and the domain (what follows the `@`) holds a dot and
 * neither starts nor ends with one.
 *
 * Reading of the spec: "a dot that is neither the first nor the last character of the domain" is
 * taken as "the domain has a dot, and its first and last characters are not dots", so
 * `a@b.c.` fails although it also has an inner dot. "No spaces" covers every whitespace
 * character (tab, newline, no-break space), not only U+0020. Nothing else is checked: this is
 * deliberately looser than RFC 5322, and the server confirms the address by e-mail anyway.
 */

/** Whether `value` passes the e-mail rule of spec §5. */
export function isEmail(value: string): boolean {
  if (value.length === 0 || /\s/u.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  if (domain.length < 3) return false;
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
}
