import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests beside their code, and server integration tests (*.int.test.ts)
// that open a real database (PGlite from a migrated template, PostgreSQL when DATABASE_URL is set).
// Server test files run in parallel: each opens a database of its own (server/test/harness.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{src,server,schemas,machines,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // The model-path tests walk thousands of histories: 3–12 s on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
    ],
  },
});
