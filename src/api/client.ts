import type { KyInstance } from 'ky';
import {
  apiFieldErrors,
  type Envelope,
  type Locale,
  langParam,
  RestPath,
  type RpcClass,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
} from '#schemas/contract.ts';
import { ApiError, BAD_RESPONSE_CODE, NETWORK_ERROR_CODE } from './api-error';
import { PREFETCH_MS, rpcKey, takeEarlyRpc } from './early-rpc';

/**
 * How a failing call's message reaches the visitor: `toast` lets the error policy show it,
 * `inline` means the caller shows it next to the form (the policy still runs its side effects:
 * going home, clearing the session…).
 */
export type ErrorDisplay = 'toast' | 'inline';

export interface CallOptions {
  display?: ErrorDisplay;
  signal?: AbortSignal;
}

/** A call of {@link ApiClient.prefetchRpc}: no error policy (a call made later runs it). */
interface SendOptions extends CallOptions {
  quiet?: boolean;
}

export interface ApiClientDeps {
  baseUrl: string;
  fetch?: typeof fetch;
  getLocale(): Locale;
  getToken(): string | null;
  /** A response carried an Authorization header: keep the (refreshed) token. */
  setToken(token: string): void;
  /** A response to an authenticated request carried none: the session is over (spec §4). */
  clearSession(): void;
  /** Saved query parameters every request repeats (utm_*, canal…). */
  getExtraParams(): Record<string, string>;
  /** The API is unreachable. */
  onNetworkError(error: unknown): void;
  /** Every error object the server answered, before the call rejects with it. */
  onApiError?(error: ApiError, display: ErrorDisplay): void;
  timeoutMs?: number;
}

export type SearchParams = Record<string, string | number | boolean>;

export interface ApiClient {
  get<T>(path: string, searchParams?: SearchParams, options?: CallOptions): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: CallOptions & { searchParams?: SearchParams },
  ): Promise<T>;
  rpc<C extends RpcClass, M extends RpcMethod<C>>(
    cls: C,
    method: M,
    params: RpcParams<C, M>,
    options?: CallOptions,
  ): Promise<RpcResult<C, M>>;
  /**
   * Asks now for what a page's code will ask once it runs (the checkout's cart, while its code
   * loads): the next `rpc` with the same class, method and params takes this answer instead of
   * asking again, once, within {@link PREFETCH_MS}, unless a call that may change things (any
   * but the contract's get… reads, any REST post) came first. A prefetch that failed is asked
   * again by that call, so its error goes through the error policy the app has installed by
   * then.
   */
  prefetchRpc<C extends RpcClass, M extends RpcMethod<C>>(
    cls: C,
    method: M,
    params: RpcParams<C, M>,
  ): Promise<RpcResult<C, M>>;
}

const BEARER = /^Bearer\s+/i;

/**
 * ky, loaded with the first call (or the first touch of the page, see {@link warmHttp}): a
 * server-rendered page needs no call to show, so its first view does not download it.
 */
const loadKy = () => import('ky');

/** Starts loading the HTTP library before the first call needs it. */
export function warmHttp(): void {
  void loadKy().catch(() => {});
}

function isNetworkFailure(e: unknown, TimeoutError: typeof import('ky').TimeoutError): boolean {
  // fetch rejects with a TypeError when the network is down; ky throws TimeoutError.
  return e instanceof TypeError || e instanceof TimeoutError;
}

/** A refreshed token from the answer, or the session gone when a call made with it says so. */
function followToken(deps: ApiClientDeps, sentToken: boolean, response: Response): void {
  const header = response.headers.get('Authorization');
  if (header) {
    deps.setToken(header.replace(BEARER, ''));
  } else if (sentToken) {
    // Only a call made with our token can tell us the token is gone; a guest call finishing
    // after a login must not log the person out again.
    deps.clearSession();
  }
}

/** The HTTP client of {@link createApiClient}: the bearer token out, a refreshed one in. */
function createHttp(ky: typeof import('ky').default, deps: ApiClientDeps): KyInstance {
  return ky.create({
    prefixUrl: deps.baseUrl,
    retry: 0,
    timeout: deps.timeoutMs ?? 30_000,
    throwHttpErrors: false,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = deps.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) =>
          followToken(deps, request.headers.has('Authorization'), response),
      ],
    },
  });
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let loaded: Promise<{ http: KyInstance; TimeoutError: typeof import('ky').TimeoutError }> | null =
    null;
  const client = () => {
    if (!loaded) {
      loaded = loadKy().then(({ default: ky, TimeoutError }) => ({
        http: createHttp(ky, deps),
        TimeoutError,
      }));
      // A failed download (offline) is tried again by the next call.
      loaded.catch(() => {
        loaded = null;
      });
    }
    return loaded;
  };

  function query(extra?: SearchParams): Record<string, string> {
    const params: Record<string, string> = { ...deps.getExtraParams() };
    params.lang = langParam(deps.getLocale());
    for (const [k, v] of Object.entries(extra ?? {})) params[k] = String(v);
    return params;
  }

  async function send<T>(
    method: 'get' | 'post',
    path: string,
    searchParams: SearchParams | undefined,
    body: unknown,
    options: SendOptions = {},
    early?: Promise<Response>,
  ): Promise<T> {
    let response: Response | null = null;
    let ky: Awaited<ReturnType<typeof client>> | null = null;
    try {
      // The same call, started by the page's entry before this code loaded (src/api/early-rpc.ts),
      // with the token: its answer is this call's; if it failed, the call is made again.
      response = early ? await early.catch(() => null) : null;
      if (response) followToken(deps, true, response);
      else {
        ky = await client();
        response = await ky.http(path.replace(/^\/+/, ''), {
          method,
          searchParams: query(searchParams),
          ...(body !== undefined ? { json: body } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      }
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      // No ky: its download failed, which is the network failing too.
      if (!ky || isNetworkFailure(e, ky.TimeoutError)) {
        if (!options.quiet) deps.onNetworkError(e);
        throw new ApiError(NETWORK_ERROR_CODE, '');
      }
      throw e;
    }
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (envelope && typeof envelope === 'object' && 'error' in envelope && envelope.error) {
      const error = new ApiError(
        Number(envelope.error.code),
        String(envelope.error.message ?? ''),
        apiFieldErrors(envelope.error.fields),
      );
      if (!options.quiet) deps.onApiError?.(error, options.display ?? 'toast');
      throw error;
    }
    if (envelope && typeof envelope === 'object' && 'result' in envelope) {
      return envelope.result;
    }
    const error = new ApiError(
      BAD_RESPONSE_CODE,
      `${response.status} ${response.statusText}`.trim(),
    );
    if (!options.quiet) deps.onApiError?.(error, options.display ?? 'toast');
    throw error;
  }

  const callRpc = <C extends RpcClass, M extends RpcMethod<C>>(
    cls: C,
    method: M,
    params: RpcParams<C, M>,
    options?: SendOptions,
  ) =>
    send<RpcResult<C, M>>(
      'post',
      RestPath.rpc,
      { method, class: cls },
      { class: cls, method, params },
      options,
      takeEarlyRpc(rpcKey(cls, method, params), deps.getToken()),
    );
  const prefetched = new Map<string, Promise<unknown>>();

  return {
    get: (path, searchParams, options) => send('get', path, searchParams, undefined, options),
    post: (path, body, options) => {
      // A login, a logout or a change: what was asked for before may no longer be so.
      prefetched.clear();
      return send('post', path, options?.searchParams, body ?? {}, options);
    },
    rpc: (cls, method, params, options) => {
      // The contract's reads are its get… methods; any other call may change what a prefetched
      // answer says (a hold joined, an item removed), so those answers are dropped.
      if (!String(method).startsWith('get')) prefetched.clear();
      const key = rpcKey(cls, method, params);
      const early = prefetched.get(key) as
        | Promise<RpcResult<typeof cls, typeof method>>
        | undefined;
      if (!early) return callRpc(cls, method, params, options);
      prefetched.delete(key);
      return early.catch(() => callRpc(cls, method, params, options));
    },
    prefetchRpc: (cls, method, params) => {
      const key = rpcKey(cls, method, params);
      const known = prefetched.get(key) as
        | Promise<RpcResult<typeof cls, typeof method>>
        | undefined;
      if (known) return known;
      const answer = callRpc(cls, method, params, { quiet: true });
      prefetched.set(key, answer);
      answer.catch(() => {});
      setTimeout(() => {
        if (prefetched.get(key) === answer) prefetched.delete(key);
      }, PREFETCH_MS);
      return answer;
    },
  };
}
