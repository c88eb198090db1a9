/**
 * The browser side of ALTCHA: solve a challenge of `GET captcha/challenge` with altcha-lib's
 * solver and Web Crypto's PBKDF2 (no eval, no worker file), and encode the result as the token
 * the server checks (base64 JSON `{ challenge, solution }`, ALTCHA's payload format).
 */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** Longer than any challenge we issue takes on a slow phone; then the person may try again. */
const SOLVE_TIMEOUT_MS = 60_000;

/** Whether this page can solve a challenge (Web Crypto exists only in secure contexts). */
export function canSolve(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.deriveBits === 'function';
}

/** The token for a solved `challenge`, or null when it could not be solved (timeout, abort). */
export async function solveAltcha(
  challenge: Challenge,
  signal?: AbortSignal,
): Promise<string | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({
    challenge,
    deriveKey,
    controller,
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution || controller.signal.aborted) return null;
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  return btoa(JSON.stringify(payload));
}

/** When a challenge stops being accepted (ms since the epoch), if it says. */
export function challengeExpiry(challenge: Challenge): number | null {
  const at = challenge.parameters.expiresAt;
  return typeof at === 'number' ? at * 1000 : null;
}
