/**
 * The check-in page's service worker, registered by the page (./register-sw.ts) with the page's
 * own path as its scope (`/pt/checkin`, `/en/checkin`…): it controls that page and nothing else
 * of the shop. It keeps the page and the files it loads, so a gate device that opened the page
 * once online opens it again without the network (the flow then checks codes on the device,
 * machines/checkin.machine.ts). The API is never answered from here. The build writes it to
 * `/checkin-sw.js` (vite.config.ts `checkinWorker`); it must import nothing the app imports.
 */
import {
  CACHE_PREFIX,
  CHECKIN_CACHE,
  isImmutable,
  pageKey,
  strategyFor,
  urlsToKeep,
  WARM_MESSAGE,
} from './sw-rules';

/** The parts of the worker's global scope used here (the DOM library does not type them). */
interface WorkerScope {
  location: Location;
  registration: { scope: string };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: WaitEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchLike) => void): void;
  addEventListener(type: 'message', fn: (e: MessageLike) => void): void;
}
interface WaitEvent {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchLike extends WaitEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface MessageLike extends WaitEvent {
  data: unknown;
}

const worker = self as unknown as WorkerScope;
const scopePath = () => new URL(worker.registration.scope).pathname;

worker.addEventListener('install', (e) => {
  e.waitUntil(worker.skipWaiting());
});

worker.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CHECKIN_CACHE) await caches.delete(name);
      }
      // The page that registered the worker is controlled at once: what it loads next is kept.
      await worker.clients.claim();
    })(),
  );
});

/**
 * The cache is keyed by address alone: the server answers `Vary: Origin` (CORS), and a module
 * script's request carries an Origin header that the worker's own fetch of the same file does
 * not, so matching on Vary would miss every file the page warmed.
 */
const BY_ADDRESS: CacheQueryOptions = { ignoreVary: true };

async function keep(key: string, response: Response): Promise<void> {
  if (!response.ok || response.type === 'opaque') return;
  const cache = await caches.open(CHECKIN_CACHE);
  await cache.put(key, response);
}

async function answerPage(request: Request): Promise<Response> {
  const key = pageKey(request.url);
  try {
    const response = await fetch(request);
    if (response.ok) await keep(key, response.clone());
    return response;
  } catch (err) {
    const kept = await caches.match(key, BY_ADDRESS);
    if (kept) return kept;
    throw err;
  }
}

async function answerAsset(request: Request, waitUntil: (p: Promise<unknown>) => void) {
  const kept = await caches.match(request, BY_ADDRESS);
  if (kept && isImmutable(new URL(request.url).pathname)) return kept;
  try {
    const response = await fetch(request);
    waitUntil(keep(request.url, response.clone()));
    return response;
  } catch (err) {
    if (kept) return kept;
    throw err;
  }
}

worker.addEventListener('fetch', (e) => {
  const strategy = strategyFor(e.request, worker.location.origin, scopePath());
  if (strategy === 'page') e.respondWith(answerPage(e.request));
  else if (strategy === 'asset') e.respondWith(answerAsset(e.request, (p) => e.waitUntil(p)));
});

/** The page's list of what it loaded before the worker controlled it: kept if not yet. */
worker.addEventListener('message', (e) => {
  const data = e.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== WARM_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = urlsToKeep(data.urls, worker.location.origin, scopePath());
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CHECKIN_CACHE);
      for (const url of urls) {
        if (await cache.match(url, BY_ADDRESS)) continue;
        try {
          await keep(url, await fetch(url, { credentials: 'same-origin' }));
        } catch {
          // Offline already, or gone: the next visit keeps it.
        }
      }
    })(),
  );
});
