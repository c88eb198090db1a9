/**
 * reCAPTCHA (v2 checkbox) checked on the server: Google's siteverify answers whether the token
 * the widget produced is valid and unused (Google itself refuses a token seen before).
 */

/** A token longer than this is not a reCAPTCHA response. */
const MAX_TOKEN_LENGTH = 4096;
const TIMEOUT_MS = 5000;

/**
 * Whether siteverify at `url` accepts `token` for `secret`. Anything but a clear success (a bad
 * token, an HTTP error, a timeout, no network) is false: the captcha fails closed.
 */
export async function verifyRecaptcha(
  secret: string,
  token: unknown,
  ip: string,
  url: string,
): Promise<boolean> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    return false;
  }
  const body = new URLSearchParams({ secret, response: token });
  if (ip) body.set('remoteip', ip);
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return false;
    const json = (await res.json()) as { success?: unknown };
    return json.success === true;
  } catch {
    return false;
  }
}
