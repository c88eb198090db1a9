import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

// The browser tests drive real Chromium against the server started exactly as `npm start`
// starts it, each on a fresh database. Four servers: the main one (the production build), one
// whose holds last only HOLD_SECONDS so expiry can be watched, one serving a build with the
// development pages (/dev/forms, /dev/mailbox: STOREFRONT_DEV_PAGES=1) from its own DIST_DIR,
// and one for accounts whose BRANDS_DIR is a fresh copy of brands/ (captcha at sign-up, terms
// published by the tests) with a build composed for it (tests/e2e/brands-copy.mjs).
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 18181);
export const SHORT_HOLD_PORT = MAIN_PORT + 1;
export const SHORT_HOLD_SECONDS = 12;
export const DEV_PAGES_PORT = MAIN_PORT + 2;
export const DEV_PAGES_DIST = '.tmp/e2e/dist-dev';
export const ACCOUNTS_PORT = MAIN_PORT + 3;
const ACCOUNTS_ROOT = '.tmp/e2e/accounts-root';
/** The accounts server's brands: tests may add files here (a new version of the terms). */
export const ACCOUNTS_BRANDS_DIR = `${ACCOUNTS_ROOT}/brands`;
const ACCOUNTS_DIST = '.tmp/e2e/dist-accounts';

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs`.');

const server = (
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  prepare = 'true',
) => ({
  command: `rm -rf ${dataDir} && ${prepare} && node scripts/start.mjs`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe' as const,
  // SANDBOX_IDP: the login through the sandbox identity provider runs without the internet.
  // SIGNUPS_PER_HOUR: every test signs up accounts of its own from the one local address.
  env: {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SANDBOX_IDP: '1',
    SIGNUPS_PER_HOUR: '1000',
    ...extraEnv,
  },
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: [
    // Refunds of cancelled tickets wait for the sandbox's operator command (orders.spec.ts).
    server(MAIN_PORT, '.tmp/e2e/main', { SANDBOX_REFUND_DELAY_MS: '0' }),
    server(SHORT_HOLD_PORT, '.tmp/e2e/short-hold', { HOLD_SECONDS: String(SHORT_HOLD_SECONDS) }),
    server(DEV_PAGES_PORT, '.tmp/e2e/dev-pages', {
      STOREFRONT_DEV_PAGES: '1',
      DIST_DIR: DEV_PAGES_DIST,
    }),
    server(
      ACCOUNTS_PORT,
      '.tmp/e2e/accounts',
      { BRANDS_DIR: ACCOUNTS_BRANDS_DIR, DIST_DIR: ACCOUNTS_DIST },
      `node tests/e2e/brands-copy.mjs ${ACCOUNTS_ROOT} ${ACCOUNTS_DIST}`,
    ),
  ],
});
