/**
 * Injects a third-party script once (the brand's chat widget) and settles when it loaded or
 * failed (blocked, offline, refused by the CSP). The page's CSP allows the widget's hosts for
 * that brand only (server/plugins/security.ts), so no nonce is needed. A second call for the
 * same address does not add it again.
 */
const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(src: string, signal?: AbortSignal): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const p = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.supportChat = '';
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        reject(new Error(`could not load ${src}`));
      },
      { once: true },
    );
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    document.head.appendChild(script);
  });
  // A failure may be tried again.
  p.catch(() => loads.delete(src));
  loads.set(src, p);
  return p;
}
