// `npm start`: builds the storefront when it is missing or older than its sources, then runs
// the server (which migrates the database, loads the brands and serves both on one port).
// `node scripts/start.mjs --build-only` stops after the build.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBuildLock } from './build-lock.mjs';
import { buildStorefront } from './build-storefront.mjs';
import { buildAge } from './staleness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The server serves DIST_DIR (server/env.ts); `npm start` builds that same folder.
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

function buildIfNeeded() {
  const { builtAt, stale } = buildAge(root, join(distDir, '.ssr', 'entry-server.js'));
  if (!stale) return;
  console.log(builtAt ? 'Storefront sources changed: rebuilding…' : 'Building the storefront…');
  const status = buildStorefront({ distDir });
  if (status !== 0) process.exit(status);
}

withBuildLock(distDir, buildIfNeeded);
if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
