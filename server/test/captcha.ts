import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { TestServer } from './harness';

/**
 * Solves like the browser does (altcha-lib's solver with Web Crypto PBKDF2) and encodes the
 * token like the widget (src/components/forms/captcha-solver.ts, which server/ may not import).
 */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return encodeCaptcha({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  });
}

/** Base64 JSON of a payload, as the widget sends it. */
export const encodeCaptcha = (payload: unknown) =>
  Buffer.from(JSON.stringify(payload)).toString('base64');

/** The brand's challenge as the browser gets it. */
export async function getChallenge(s: TestServer, host = 'localhost') {
  const res = await s.app.inject({ method: 'GET', url: '/captcha/challenge', headers: { host } });
  return { res, challenge: (res.json() as { result: Challenge }).result };
}

/** A fresh solved captcha for the brand of `host`. */
export async function solvedCaptcha(s: TestServer, host = 'localhost'): Promise<string> {
  const { challenge } = await getChallenge(s, host);
  return solveAltcha(challenge);
}
