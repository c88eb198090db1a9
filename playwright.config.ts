import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

// The browser tests drive real Chromium against the server started exactly as `npm start`
// starts it, each on a fresh database. Each Playwright worker has a set of three servers of its
// own (so tests of two workers never share a database, an account's cart or a stock count):
// the main one, which also opens the development pages (/dev/forms, /dev/mailbox:
// STOREFRONT_DEV_PAGES=1), one whose holds last only HOLD_SECONDS so expiry can be watched (and
// which, like production, has no development pages), and one for accounts whose BRANDS_DIR is a
// fresh copy of brands/ (captcha at sign-up, terms published by the tests;
// tests/e2e/brands-copy.mjs). All serve the one build `npm start` makes.
//
// E2E_WORKERS sets the number of workers and server sets; E2E_PORT the first port. Set k uses
// the ports E2E_PORT + 10k … + 10k + 2. By default one worker per core: a test waits on its
// browser and server often enough that a second one fills the gaps. On this 2-core machine the
// suite took 575 s in two workers, 695 s in one (with the sets' servers started one by one).
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? availableParallelism()));
const BASE_PORT = Number(process.env.E2E_PORT ?? 18181);
const portOf = (set: number, offset: number) => BASE_PORT + 10 * set + offset;
const dirOf = (set: number, name: string) => `.tmp/e2e/set-${set}/${name}`;
/** This worker's set (Playwright numbers its workers' slots 0 … workers − 1). */
const SET = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const MAIN_PORT = portOf(SET, 0);
/** The main server's data directory (the sandbox's operator command opens it). */
export const MAIN_DATA_DIR = dirOf(SET, 'main');
export const SHORT_HOLD_PORT = portOf(SET, 1);
export const SHORT_HOLD_SECONDS = 20;
export const ACCOUNTS_PORT = portOf(SET, 2);
const accountsRoot = (set: number) => dirOf(set, 'accounts-root');
/** The accounts server's brands: tests may add files here (a new version of the terms). */
export const ACCOUNTS_BRANDS_DIR = `${accountsRoot(SET)}/brands`;

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs`.');

/** One test server of a set, as tests/e2e/servers.mjs starts it. */
const server = (
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  prepare?: string,
) => ({
  port,
  dataDir,
  ...(prepare ? { prepare } : {}),
  // SANDBOX_IDP: the login through the sandbox identity provider runs without the internet.
  // SIGNUPS_PER_HOUR: every test signs up accounts of its own from the one local address.
  env: {
    LOG_LEVEL: 'warn',
    SANDBOX_IDP: '1',
    SIGNUPS_PER_HOUR: '1000',
    // The links in mails open where the tests browse (the demo brand's default is localhost).
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    ...extraEnv,
  },
});

/** Set `set`'s three servers, started together by one command (tests/e2e/servers.mjs). */
const serverSet = (set: number) => ({
  command: 'node tests/e2e/servers.mjs',
  // Its main server: Playwright refuses to start when something already listens there.
  url: `http://127.0.0.1:${portOf(set, 0)}/`,
  wait: { stdout: /test servers ready/ },
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe' as const,
  env: {
    E2E_SERVERS: JSON.stringify([
      // Refunds of cancelled tickets wait for the sandbox's operator command (orders.spec.ts).
      // TRUST_PROXY: a test may come from a network of its own with X-Forwarded-For, as through
      // the production proxy (the login's captcha after many failures, accounts-login.spec.ts).
      // The development pages: the mailbox the tests read mails from, the forms' gallery.
      server(portOf(set, 0), dirOf(set, 'main'), {
        SANDBOX_REFUND_DELAY_MS: '0',
        TRUST_PROXY: '127.0.0.1',
        STOREFRONT_DEV_PAGES: '1',
      }),
      server(portOf(set, 1), dirOf(set, 'short-hold'), {
        HOLD_SECONDS: String(SHORT_HOLD_SECONDS),
      }),
      server(
        portOf(set, 2),
        dirOf(set, 'accounts'),
        { BRANDS_DIR: `${accountsRoot(set)}/brands` },
        `node tests/e2e/brands-copy.mjs ${accountsRoot(set)}`,
      ),
    ]),
  },
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: WORKERS,
  // In CI one retry (the default template's practice): the CI machine is shared and its speed
  // swings 3× between runs; a retried test is reported as flaky in the log, and one that fails
  // twice fails the run. Locally none, so a flaky test shows at once.
  retries: process.env.CI ? 1 : 0,
  // A long flow takes 30–50 s here; a CI machine busy with other work has taken twice that.
  timeout: 150_000,
  // The same for what a test waits to see: 3–6 s here, up to 15 s on a busy CI machine.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Overridden per worker in fixtures.ts (this object is read once, before the workers).
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    screenshot: 'only-on-failure',
    // A trace costs every test its recording (5–20 % here); kept for a retried test (CI), and
    // `--trace on` records one locally.
    trace: 'on-first-retry',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: Array.from({ length: WORKERS }, (_, set) => serverSet(set)),
});
