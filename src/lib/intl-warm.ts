/**
 * Sets up the browser's formatting library on another thread while the page's code loads
 * (src/lib/intl-warm.worker.ts), then lets the thread go. Without workers (or when one cannot
 * start), the page's first formatter sets it up as before.
 */
export function warmIntl(locale: string): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), {
      name: 'intl-warm',
    });
    const done = () => worker.terminate();
    worker.onmessage = done;
    worker.onerror = done;
    worker.postMessage(locale);
  } catch {
    // A policy forbidding workers: nothing to ready.
  }
}
