/**
 * Adds a `<script src>` (a third party's: the payment gateway's tokenizer, a brand's chat
 * widget) once per address, and settles when it loaded or failed (blocked, offline, refused by
 * the CSP, or `timeoutMs` passed). No inline code: the page's CSP allows the script's host for
 * the brands that use it. A failed load is forgotten, so it may be tried again.
 */
const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(
  src: string,
  options: {
    /** `data-*` attributes that say what the tag is for. */
    dataset?: Record<string, string>;
    timeoutMs?: number;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const p = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    Object.assign(script.dataset, options.dataset);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            script.remove();
            reject(new Error(`timed out loading ${src}`));
          }, options.timeoutMs);
    script.addEventListener(
      'load',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    script.addEventListener(
      'error',
      () => {
        clearTimeout(timer);
        script.remove();
        reject(new Error(`could not load ${src}`));
      },
      { once: true },
    );
    options.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    document.head.append(script);
  });
  p.catch(() => loads.delete(src));
  loads.set(src, p);
  return p;
}
