import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * React Router's production build in the browser's bundle. The package's exports point every
 * condition at its development build (remix-run/react-router#14102, #12532): its dev-only
 * warnings (`ENABLE_DEV_WARNINGS`) and their messages ship to every visitor. The browser build
 * takes `dist/production`, the same code without them (~0.5 KiB gzip less on every page);
 * `npm run dev` and the server keep the package's own resolution.
 */
export function reactRouterProduction(): Plugin {
  const dist = (file: string) =>
    fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
  const builds: Record<string, string> = {
    'react-router': dist('index.mjs'),
    'react-router/dom': dist('dom-export.mjs'),
  };
  return {
    name: 'storefront:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.config.consumer !== 'client') return null;
      return builds[source] ?? null;
    },
  };
}
