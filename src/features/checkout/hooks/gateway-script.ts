import type { SandboxGatewayApi } from '../../../../schemas/contract';

declare global {
  interface Window {
    SandboxGateway?: SandboxGatewayApi;
  }
}

const loaded = new Map<string, Promise<void>>();

/** Script chunk load timeout (spec §9: 120 s). */
const SCRIPT_TIMEOUT_MS = 120_000;

/**
 * Adds `<script src>` tags for the gateway's files (its tokenizer), once per URL. No inline
 * code: the CSP allows the gateway's own origin only.
 */
export function loadScripts(files: string[]): Promise<void> {
  return Promise.all(
    files.map((src) => {
      let p = loaded.get(src);
      if (!p) {
        p = new Promise<void>((resolve, reject) => {
          const el = document.createElement('script');
          el.src = src;
          el.async = true;
          el.dataset.gateway = 'true';
          const timer = setTimeout(() => {
            el.remove();
            reject(new Error('gateway script timeout'));
          }, SCRIPT_TIMEOUT_MS);
          el.onload = () => {
            clearTimeout(timer);
            resolve();
          };
          el.onerror = () => {
            clearTimeout(timer);
            el.remove();
            reject(new Error('gateway script failed'));
          };
          document.head.append(el);
        });
        p.catch(() => loaded.delete(src));
        loaded.set(src, p);
      }
      return p;
    }),
  ).then(() => undefined);
}
