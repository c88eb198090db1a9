// When a storefront build is older than its sources: shared by `npm start` (scripts/start.mjs)
// and the browser tests' brands-copy build (tests/e2e/brands-copy.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `brands` only for the development forms page, which shows the brands' form overrides (the
// server writes the forms' validators at run time). The build's plugins too (how the code is
// split, the styles and texts compiled).
export const SOURCES = [
  'src',
  'brands',
  ...[
    'boot-graph',
    'emotion-in-place',
    'first-visit-texts',
    'frozen-module',
    'react-router-production',
  ].map((plugin) => `scripts/vite-plugin-${plugin}.ts`),
  'scripts/build-storefront.mjs',
  'schemas',
  'machines',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The mtime of `builtFile` (0 when missing) and of the newest of `sources` under `root`. */
export function buildAge(root, builtFile, sources = SOURCES) {
  const builtAt = existsSync(builtFile) ? statSync(builtFile).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  return { builtAt, stale: builtAt < sourcesAt };
}
