import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` needs nothing; `db` starts a throw-away Postgres (migrations applied);
 * `api` starts the whole local backend (Postgres, auth server, outbox) on free ports.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // Property tests (the search engine against the plain filters) take seconds on a busy 2-core
        // machine: a generous timeout, so only a wrong answer fails them.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/setup/postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/auth/**/*.test.ts'],
          globalSetup: ['tests/setup/backend.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
