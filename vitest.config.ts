import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeTexts } from './vite.config.ts';

/**
 * Three suites, one runner:
 * - unit: beside the code (engine/, src/ in happy-dom; server/, codegen/ in node);
 * - integration: tests/integration, the real server against PGlite and a real PostgreSQL;
 * - e2e: tests/e2e, Debian's Chromium driven by playwright-core against the built application.
 */
/**
 * Integration files that must have the machine to themselves: they race transactions against each other, kill
 * server processes or count processes, and a second file on the same two cores would change what they prove.
 * scripts/test.sh runs them after the parallel ones.
 */
const INTEGRATION_ALONE = [
  'tests/integration/ledger-concurrency.test.ts',
  'tests/integration/limits-concurrency.test.ts',
  'tests/integration/cards-concurrency.test.ts',
  'tests/integration/ledger-crash.test.ts',
  'tests/integration/live-across-processes.test.ts',
  'tests/integration/notifications-across-processes.test.ts',
  'tests/integration/instances.test.ts',
];

export default defineConfig({
  plugins: [localeTexts(), react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['engine/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup-dom.ts'],
          // One environment and module graph per worker rather than per file: setting up happy-dom and importing
          // React and the engine again for each of some 160 files was most of this project's time. The setup file
          // puts back what a test may change (timers, globals, storage, the page's address, the rendered tree)
          // after each test; a test that moves the page (a clicked download link) stubs the click.
          isolate: false,
          // vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Two use both cores.
          maxWorkers: 2,
          // axe over a rendered form takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker rather than per file: importing the server's modules again for each of
          // some 75 files was half of this project's time. These tests stub no timers, globals or env.
          isolate: false,
          maxWorkers: 2,
          // server/db/call-transaction.test.ts starts PGlite before its tests and server/i18n's checks read every
          // source file under server/: both take more than vitest's defaults on a busy 2-core machine.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          // Isolated (a fresh module graph per file): these files run the whole codegen and write spec and
          // schema copies, and their time is the codegen runs, not imports; sharing was not proven safe for them.
          name: 'unit-codegen',
          include: ['codegen/**/*.test.ts', 'tests/specs/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          // codegen/generate.test.ts runs the whole codegen in most of its tests (10 to 20 s each on a busy
          // 2-core machine, and it grows with the screens).
          testTimeout: 90_000,
          // Some suites run the whole codegen once before their tests.
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          exclude: INTEGRATION_ALONE,
          // Starts a throwaway PostgreSQL unless TEST_DATABASE_URL names one; fails when it cannot.
          globalSetup: ['tests/integration/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: every test server has its own database (copied from the run's template), so
          // files are independent; PGlite runs in the worker's own thread, so a second worker uses the second core.
          maxWorkers: 2,
          // One module graph per worker rather than per file: each of some 80 files imported the whole server again
          // (407 s of import time in a 1,737 s run) and compiled PGlite's WebAssembly again. Nothing here mocks a
          // module or changes the environment, and every file already runs several servers in one module graph.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-alone',
          include: INTEGRATION_ALONE,
          globalSetup: ['tests/integration/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Makes the migrated database template each test server copies.
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page waits on the server and on lazily loaded parts: one second (vitest's default) was too short
          // for a poll on a busy machine (a country list still loading read as no countries at all).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
