/**
 * What the check-in page's service worker (./checkin-sw.ts) does with a request, as pure
 * functions the unit tests call. This module is bundled into the worker alone: the page must not
 * import it (a module shared with the app would become a chunk the classic worker cannot import),
 * so ./register-sw.ts repeats the two names they share (tested to match).
 */

/** Every cache of the worker starts with this; older versions are deleted on activation. */
export const CACHE_PREFIX = 'checkin-';
/** The worker's cache. */
export const CHECKIN_CACHE = `${CACHE_PREFIX}v1`;
/** The worker's address (the build writes it at the root). */
export const WORKER_URL = '/checkin-sw.js';
/** The page's message: "keep these files", with the addresses it loaded. */
export const WARM_MESSAGE = 'checkin.warm';

/**
 * How a request of the check-in page is answered:
 * - `page`: the page itself (a navigation inside the worker's scope): the network first, the
 *   copy kept from the last visit when offline;
 * - `asset`: a file of the build or of the brand: hashed build files (`/assets/…`) from the copy
 *   first, others from the network first; kept either way;
 * - `network`: anything else (the API, other origins, other pages): not touched.
 */
export type Strategy = 'page' | 'asset' | 'network';

/** Paths of files the page needs to start: the build's, the brand's and root files (icons). */
export function isStaticPath(pathname: string): boolean {
  if (pathname === WORKER_URL) return false;
  if (pathname.startsWith('/assets/') || pathname.startsWith('/brand-assets/')) return true;
  return /^\/[\w.-]+\.(?:ico|png|svg|webp|webmanifest|woff2?|css|js)$/i.test(pathname);
}

/** Whether `pathname` is the worker's page: its scope's path (or below it). */
export function inScope(pathname: string, scopePath: string): boolean {
  const scope = scopePath.replace(/\/+$/, '');
  return pathname === scope || pathname.startsWith(`${scope}/`);
}

/** The strategy of a request (`mode` as the fetch event's request says it). */
export function strategyFor(
  request: { method: string; url: string; mode: string },
  origin: string,
  scopePath: string,
): Strategy {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return inScope(url.pathname, scopePath) ? 'page' : 'network';
  return isStaticPath(url.pathname) ? 'asset' : 'network';
}

/** Whether a kept copy may answer before the network is asked (hashed: never changes). */
export function isImmutable(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

/** The key a page is kept under: its address without query or fragment. */
export function pageKey(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

/**
 * Of the addresses the page says it loaded, those to keep: the page (by {@link pageKey}) when in
 * scope, and this origin's static files; each once.
 */
export function urlsToKeep(urls: readonly unknown[], origin: string, scopePath: string): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    if (typeof u !== 'string') continue;
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (inScope(url.pathname, scopePath)) out.add(pageKey(url.href));
    else if (isStaticPath(url.pathname)) out.add(url.href);
  }
  return [...out];
}
