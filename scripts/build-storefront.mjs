// Builds the storefront into `distDir`: the browser's files, then the server's renderer
// (src/entry-server.tsx, a Vite SSR build) into `<distDir>/.ssr/`, which the server imports to
// render pages. `node scripts/build-storefront.mjs` builds `dist` (or DIST_DIR).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {{ distDir: string, config?: string, env?: NodeJS.ProcessEnv }} opts
 * @returns {number} the exit status (0 when both builds worked)
 */
export function buildStorefront({ distDir, config, env = process.env }) {
  const vite = join(repo, 'node_modules', 'vite', 'bin', 'vite.js');
  const common = [...(config ? ['--config', config] : []), '--logLevel', 'warn'];
  const builds = [
    ['build', ...common, '--outDir', distDir, '--emptyOutDir'],
    [
      'build',
      ...common,
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(distDir, '.ssr'),
      '--emptyOutDir',
    ],
  ];
  for (const args of builds) {
    const result = spawnSync(process.execPath, [vite, ...args], {
      cwd: repo,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildStorefront({ distDir: resolve(repo, process.env.DIST_DIR ?? 'dist') }));
}
