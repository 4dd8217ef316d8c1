import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

import { AUTH_STATE, E2E_DATA_DIR, SETUP_CODE } from './e2e/support';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = E2E_DATA_DIR;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * The browser suite against the app started the README way (embedded, fresh data folder, no
 * seeded user). The `setup` project creates the first user through the UI and saves the session;
 * the desktop and phone projects reuse it.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: '../test-results/e2e',
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: fileURLToPath(new URL('../test-results/playwright.json', import.meta.url)) }]],
  use: {
    baseURL,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: '**/*.setup.e2e.ts', use: desktop },
    {
      name: 'desktop',
      testIgnore: '**/*.setup.e2e.ts',
      dependencies: ['setup'],
      use: { ...desktop, storageState: AUTH_STATE },
    },
    {
      name: 'phone',
      testIgnore: '**/*.setup.e2e.ts',
      dependencies: ['setup'],
      use: { ...phone, storageState: AUTH_STATE },
    },
  ],
  webServer: {
    command:
      process.env.E2E_SERVER_COMMAND ??
      // The README way: embedded PostgreSQL, in-process notifier, even where CI sets DATABASE_URL.
      `rm -rf ${dataDir} && env -u DATABASE_URL -u NATS_URL ERP_DATA_DIR=${dataDir} ERP_SETUP_CODE=${SETUP_CODE} PORT=${port} node --enable-source-maps server/dist/embedded.js`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
