import { defineConfig } from 'vitest/config';

/**
 * Three projects, one run: unit (pure, no I/O), integration (buildApp against a real
 * PostgreSQL started once per run) and e2e (the built app in real Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // After each file: cameras its accounts left running are stopped (see the file).
          setupFiles: ['e2e/fixtures/cleanup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page on a busy 2-core machine can take seconds: a poll's 1 s default flakes, not fails truly.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
