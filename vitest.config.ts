import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` needs nothing; `db` starts a throw-away Postgres (migrations applied);
 * `api` starts the whole local backend (Postgres, auth server, outbox) on free ports.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
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
