// Finds a Chromium for the browser tests: CHROMIUM_PATH, then the system's, then the one
// Playwright may have downloaded elsewhere. Nothing is downloaded from here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** @returns {string | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const candidate of SYSTEM_CANDIDATES) if (existsSync(candidate)) return candidate;
  try {
    const out = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    if (out && existsSync(out)) return out;
  } catch {
    // playwright-core has no browser of its own here: fine.
  }
  return undefined;
}

/** Flags that keep Chromium quiet on a closed network and working as root in CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
