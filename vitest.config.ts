import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests beside their code, and server integration tests (*.int.test.ts)
// that open a real database (PGlite from a migrated template, PostgreSQL when DATABASE_URL is set).
// Server test files run in parallel: each opens a database of its own (server/test/harness.ts).
export default defineConfig({
  test: {
    // One worker per core. Vitest's default in a run is one fewer, which on a 2-core machine is
    // one worker: the server suite took 164 s in one, 127 s in two (each file is mostly PGlite,
    // one core's work).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{src,server,schemas,machines,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Files share their worker's loaded modules, as the server project's do: importing
          // anew for each file was 40 of the 65 s here. Every file that stubs a global, fakes
          // timers or mocks a module restores it after its tests (passes with shuffled files).
          isolate: false,
          // A machine's model walks replay in one test (checkout: ~22,000 steps, 5–15 s on a busy
          // 2-core machine; CI machines may be 3× slower).
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.int.test.ts'],
          environment: 'node',
          // Files share their worker's loaded modules (each still opens a database of its own):
          // importing the server anew for each file was most of a small file's time.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
    ],
  },
});
