// `npm start`: builds the storefront when it is missing or older than its sources, then runs
// the server (which migrates the database, loads the brands and serves both on one port).
// `node scripts/start.mjs --build-only` stops after the build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `brands` too: the build compiles each brand's form overrides (brands/<id>/forms/*.json) into
// its validators, so a new or changed override must rebuild.
const SOURCES = [
  'src',
  'brands',
  'scripts/vite-plugin-form-validators.ts',
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

// The server serves DIST_DIR (server/env.ts); `npm start` builds that same folder.
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

function buildIfNeeded() {
  const built = join(distDir, 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  // A build with the development pages (STOREFRONT_DEV_PAGES=1) is not the production build.
  const flags = JSON.stringify({ devPages: process.env.STOREFRONT_DEV_PAGES === '1' });
  const flagsFile = join(distDir, '.build-flags.json');
  const sameFlags = existsSync(flagsFile) && readFileSync(flagsFile, 'utf8') === flags;
  if (builtAt >= sourcesAt && sameFlags) return;
  console.log(builtAt ? 'Storefront sources changed: rebuilding…' : 'Building the storefront…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(flagsFile, flags);
}

buildIfNeeded();
if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
