import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { describe, expect, it } from 'vitest';
import { canSolve, challengeExpiry, solveAltcha } from './captcha-solver';

const secret = 'test-secret';
const keySecret = 'test-key-secret';

async function challenge(counter: number, expiresAt = Math.floor(Date.now() / 1000) + 600) {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1000,
    counter,
    deriveKey,
    expiresAt,
    data: { brand: 'x' },
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySecret,
  });
}

describe('solveAltcha (the browser solver, run on Node 20 Web Crypto)', () => {
  it('produces the base64 JSON payload that verifies', async () => {
    expect(canSolve()).toBe(true);
    const c = await challenge(123);
    const token = await solveAltcha(c);
    expect(token).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const payload = JSON.parse(atob(token!)) as {
      challenge: typeof c;
      solution: { counter: number; derivedKey: string };
    };
    expect(payload.challenge).toEqual({ parameters: c.parameters, signature: c.signature });
    expect(payload.solution.counter).toBe(123);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySecret,
    });
    expect(result.verified).toBe(true);
  });

  it('gives up when aborted', async () => {
    const c = await challenge(100_000);
    const controller = new AbortController();
    const solving = solveAltcha(c, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await solving).toBeNull();
  });

  it('reads the expiry in milliseconds', async () => {
    const c = await challenge(1, 2_000_000_000);
    expect(challengeExpiry(c)).toBe(2_000_000_000_000);
  });
});
