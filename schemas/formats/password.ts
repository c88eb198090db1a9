/**
 * Password strength (spec §5): a score from 0 to 100 and the list of rules the password fails.
 *
 * Rules, in display order, with the ids the messages use:
 * - `mincaractere`: at least 6 characters (Unicode code points, so an emoji counts once);
 * - `minusculo`: a lowercase letter (any script, `\p{Ll}`: `ç`, `ñ` count);
 * - `maicusculo`: an uppercase letter (`\p{Lu}`);
 * - `numeros`: a digit 0–9;
 * - `especiais`: a special character, i.e. anything that is not a letter, not a number and not
 *   whitespace (`!`, `@`, `_`, `€`, an emoji…). A space is not special.
 *
 * Scoring: each rule met gives 12 points, so the five rules give exactly 60 = the threshold and
 * any failed rule caps the score at 48. Only when all five are met, length adds 4 points per
 * character beyond the sixth, up to 40 more (16 characters or more score 100). Hence
 * `score >= PASSWORD_THRESHOLD` exactly when `failed` is empty, and a meter can still show
 * a long password as stronger.
 */

/** The rule ids, in the order a checklist shows them. */
export const PASSWORD_RULES = [
  'mincaractere',
  'minusculo',
  'maicusculo',
  'numeros',
  'especiais',
] as const;

/** One password rule id. */
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The minimum score of a strong password. */
export const PASSWORD_THRESHOLD = 60;

/** The minimum length (code points). */
export const PASSWORD_MIN_LENGTH = 6;

/** The result of {@link passwordStrength}. */
export interface PasswordStrength {
  /** 0..100; at least {@link PASSWORD_THRESHOLD} exactly when `failed` is empty. */
  score: number;
  /** The rules not met, in {@link PASSWORD_RULES} order. */
  failed: PasswordRule[];
}

const POINTS_PER_RULE = 12;
const POINTS_PER_EXTRA_CHAR = 4;

const TESTS: Record<PasswordRule, (pw: string, length: number) => boolean> = {
  mincaractere: (_pw, length) => length >= PASSWORD_MIN_LENGTH,
  minusculo: (pw) => /\p{Ll}/u.test(pw),
  maicusculo: (pw) => /\p{Lu}/u.test(pw),
  numeros: (pw) => /[0-9]/.test(pw),
  especiais: (pw) => /[^\p{L}\p{N}\s]/u.test(pw),
};

/** Scores `password` and lists the rules it fails (see the module comment for the scoring). */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  const failed = PASSWORD_RULES.filter((rule) => !TESTS[rule](password, length));
  let score = (PASSWORD_RULES.length - failed.length) * POINTS_PER_RULE;
  if (failed.length === 0) {
    score += Math.min(100 - score, (length - PASSWORD_MIN_LENGTH) * POINTS_PER_EXTRA_CHAR);
  }
  return { score, failed };
}

/** Whether `password` meets every rule (score at least {@link PASSWORD_THRESHOLD}). */
export function isStrongPassword(password: string): boolean {
  return passwordStrength(password).score >= PASSWORD_THRESHOLD;
}
