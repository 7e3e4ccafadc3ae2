import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/lib/chromium.ts';

/**
 * E2E runs against the production build served with its functions and the local backend
 * (`npm start`, port 8888). Set E2E_BASE_URL to test a server you already run (e.g. `astro dev`).
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8888';

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /editor\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // An editor adds a program file to the running server: after every other test, so the new
    // program and the rebuilds it starts change nothing another test sees.
    {
      name: 'editor',
      testMatch: /editor\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  ...(process.env.E2E_BASE_URL
    ? {}
    : {
        webServer: {
          command: 'node scripts/start.ts',
          // Every page the test browser opens comes from 127.0.0.1, far faster than a person: the
          // per-IP API limits skip that one address and the auth server uses its test limits.
          // The limits themselves are tested from other loopback addresses (server.spec.ts) and
          // in the api project.
          env: { ...process.env, RATE_LIMIT_EXEMPT_IPS: '127.0.0.1', LOCAL_AUTH_RATE_LIMITS: 'relaxed' },
          url: `${baseURL}/api/health`,
          reuseExistingServer: !process.env.CI,
          timeout: 180_000,
          stdout: 'pipe',
        },
      }),
});
