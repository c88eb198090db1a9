import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

// The browser tests drive real Chromium against the server started exactly as `npm start`
// starts it, each on a fresh database. Two servers: the main one, and one whose holds last
// only HOLD_SECONDS so expiry can be watched.
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 18181);
export const SHORT_HOLD_PORT = MAIN_PORT + 1;
export const SHORT_HOLD_SECONDS = 12;

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs`.');

const server = (port: number, dataDir: string, extraEnv: Record<string, string> = {}) => ({
  command: `rm -rf ${dataDir} && node scripts/start.mjs`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe' as const,
  env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
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
    server(MAIN_PORT, '.tmp/e2e/main'),
    server(SHORT_HOLD_PORT, '.tmp/e2e/short-hold', { HOLD_SECONDS: String(SHORT_HOLD_SECONDS) }),
  ],
});
