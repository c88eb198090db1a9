/**
 * Registers the check-in page's service worker (./checkin-sw.ts) with the page's path as its
 * scope, so the page opens again without the network and no other page of the shop is touched,
 * then tells it which files the page loaded before it was in control (the worker keeps them).
 * Production builds only (the development server does not build the worker); a browser without
 * service workers, or a refusal, leaves the page as it is.
 */

/** ./sw-rules.ts `WORKER_URL` and `WARM_MESSAGE` (not imported: see there). */
export const WORKER_URL = '/checkin-sw.js';
export const WARM_MESSAGE = 'checkin.warm';

/** Registers the worker for `scopePath` (the check-in page's path, e.g. `/pt/checkin`). */
export async function registerCheckinWorker(scopePath: string): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(WORKER_URL, { scope: scopePath });
    const ready = await navigator.serviceWorker.ready;
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .concat(window.location.href);
    ready.active?.postMessage({ type: WARM_MESSAGE, urls: loaded });
  } catch {
    // No offline copy this time: the page works online as before.
  }
}
