/**
 * Calls a server-rendered page asks for before the storefront's code has loaded. The entry
 * (src/entry.ts) starts them as it runs, with plain fetch, as the API client would make them;
 * the client's first call with the same method and parameters takes the answer
 * ({@link takeEarlyRpc}) and handles it as its own (error policy, refreshed token).
 *
 * Today one page asks: the checkout, whose largest paint is the person's held tickets. Without
 * this, its cart was asked for only after the stages of the storefront's code had loaded and
 * run (~0.5 s on a mid-range phone), and its items a round trip after that.
 */
import { type Locale, langParam, RestPath } from '#schemas/contract.ts';
import { cartItemsParams } from '#src/api/cart-params.ts';
import { getExtraParams } from '#src/lib/extra-params.ts';
import { readString, STORAGE_KEYS } from '#src/lib/storage.ts';
import { API_BASE } from './base';

/** How long an answer asked for ahead waits for the call that takes it. */
export const PREFETCH_MS = 15_000;

/** The attribute a server-rendered page carries when its first view needs the person's cart. */
export const EARLY_CART_ATTRIBUTE = 'data-early-cart';

/** The RPC class and method of a call, with its parameters: the API client's prefetch key. */
export function rpcKey(cls: string, method: string, params: unknown): string {
  return JSON.stringify([cls, method, params]);
}

interface EarlyCall {
  token: string;
  answer: Promise<Response>;
}

const started = new Map<string, EarlyCall>();

/**
 * The answer of the call the entry started with this key, once (a later call asks the server
 * again); undefined if it started none, or with another token than `token` (the person logged
 * out or in meanwhile: that answer is not theirs).
 */
export function takeEarlyRpc(key: string, token: string | null): Promise<Response> | undefined {
  const call = started.get(key);
  started.delete(key);
  return call && call.token === token ? call.answer : undefined;
}

function startRpc(
  token: string,
  lang: string,
  cls: string,
  method: string,
  params: unknown,
): EarlyCall {
  // The query the API client sends: the campaign's parameters, the language, the call.
  const query = new URLSearchParams({
    ...getExtraParams(),
    lang,
    method,
    class: cls,
  });
  const url = new URL(`${RestPath.rpc}?${query}`, new URL(API_BASE, window.location.href));
  const answer = fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ class: cls, method, params }),
  });
  const key = rpcKey(cls, method, params);
  const call = { token, answer };
  started.set(key, call);
  // Not taken in time (the page's code failed to load): forgotten, as a prefetch is.
  setTimeout(() => {
    if (started.get(key) === call) started.delete(key);
  }, PREFETCH_MS);
  answer.catch(() => {});
  return call;
}

/**
 * On a page that asks for it, and for a signed-in visitor: the cart (getCarrinhoPage), then its
 * items, with the parameters the checkout machine asks for them with.
 */
export function startEarlyCart(): void {
  if (!document.querySelector(`[${EARLY_CART_ATTRIBUTE}]`)) return;
  const token = readString(STORAGE_KEYS.token);
  if (!token) return;
  // The server wrote the page's language on <html>.
  const lang = langParam(document.documentElement.lang as Locale);
  const cart = startRpc(token, lang, 'SuperIngresso', 'getCarrinhoPage', []);
  const response = cart.answer;
  const itemsAsked = response
    .then((r) => r.clone().json())
    .then((envelope: { result?: { idmovimentacao?: unknown } | null }) => {
      const id = envelope?.result?.idmovimentacao;
      if (typeof id === 'number') {
        startRpc(token, lang, 'SuperIngresso', 'getCarrinhoPageItens', cartItemsParams(id));
      }
    })
    .catch(() => {});
  // The cart's answer is handed over once its items are asked for: the client asks for them
  // next, and must find that call rather than make a second one.
  cart.answer = itemsAsked.then(() => response);
}
