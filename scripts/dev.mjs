// `npm run dev`: the API server (restarting on change) behind Vite's dev server and its proxy.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    // The development pages (/dev/mailbox) are always on in development.
    // The sandbox identity provider too (SANDBOX_IDP=0 turns it off).
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '8080',
      STOREFRONT_DEV_PAGES: '1',
      SANDBOX_IDP: process.env.SANDBOX_IDP ?? '1',
    },
  }),
  spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
