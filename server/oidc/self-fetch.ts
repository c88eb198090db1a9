/**
 * The sandbox provider's back channel (discovery, token, UserInfo) answered in process with
 * `app.inject()`: no socket to our own port, so it works on any port, behind the Vite proxy, and
 * in tests that never listen.
 */
import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';
import { SANDBOX_PATH } from './providers';

/** A fetch for openid-client that sends requests under /sandbox-idp to `app` itself. */
export function injectFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const u = new URL(url);
    if (!u.pathname.toLowerCase().startsWith(`${SANDBOX_PATH}/`)) {
      throw new TypeError(`sandbox fetch: ${u.pathname} is not the sandbox's`);
    }
    const { body } = options;
    let payload: string | Buffer | undefined;
    if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) payload = body.toString();
    else if (body instanceof Uint8Array) payload = Buffer.from(body);
    else if (body instanceof ArrayBuffer) payload = Buffer.from(new Uint8Array(body));
    else if (body != null) throw new TypeError('sandbox fetch: streamed bodies are not supported');

    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${u.pathname}${u.search}`,
      headers: { ...options.headers, host: u.host },
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) headers.append(k, String(one));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}
