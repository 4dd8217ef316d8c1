import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

import { AUTH_STATE, E2E_DATA_DIR, GST_AUTH_STATE, GST_DATA_DIR, SETUP_CODE } from './e2e/support';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A second app for the GST journeys: its business is registered (a GSTIN), which changes every
// invoice form, so the seed's journeys keep a business that has not set one. 127.0.0.1, not
// localhost: the two apps' session cookies stay apart.
const gstPort = Number(process.env.E2E_GST_PORT ?? 3101);
const gstURL = `http://127.0.0.1:${gstPort}`;
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
 * The app the README way: embedded PostgreSQL, in-process notifier, even where CI sets DATABASE_URL.
 * Webhook retries back off from 0.5 s, not 2 s, so the webhooks journey sees its retry soon; its
 * receiver is on 127.0.0.1, so private webhook targets are allowed.
 */
const server = (appPort: number, folder: string) => ({
  command:
    process.env.E2E_SERVER_COMMAND?.replaceAll('$PORT', String(appPort)).replaceAll('$DATA_DIR', folder) ??
    `rm -rf ${folder} && env -u DATABASE_URL -u NATS_URL ERP_DATA_DIR=${folder} ERP_SETUP_CODE=${SETUP_CODE} ERP_WEBHOOK_BACKOFF_MS=500 ERP_WEBHOOK_ALLOW_PRIVATE=true PORT=${appPort} node --enable-source-maps server/dist/embedded.js`,
  cwd: repoRoot,
  url: `http://127.0.0.1:${appPort}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

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
  // A journey over several screens, each checked for accessibility, has taken over a minute on a busy
  // two-core CI machine (two workers, two apps and PostgreSQL); a hung test still ends in two.
  timeout: 120_000,
  // A screen's first paint under a busy CI machine (two workers, the app and PostgreSQL on two cores) has taken over 8 s.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: fileURLToPath(new URL('../test-results/playwright.json', import.meta.url)) }]],
  use: {
    baseURL,
    launchOptions,
    // The app's own reduced-motion rule (global-style): entrances and fades end at once, so no
    // test waits for them and Chromium, drawing without a GPU, does not paint every frame.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: '**/auth.setup.e2e.ts', use: desktop },
    {
      name: 'desktop',
      // Offline is a phone's journey (issue 47); locking the books one over both widths in turn
      // (the lock is the server's: two at once would unlock each other's).
      testIgnore: ['**/*.setup.e2e.ts', '**/gst/**', '**/offline.e2e.ts', '**/offline-print.e2e.ts', '**/lock-books.e2e.ts'],
      dependencies: ['setup'],
      use: { ...desktop, storageState: AUTH_STATE },
    },
    {
      name: 'phone',
      testIgnore: ['**/*.setup.e2e.ts', '**/gst/**'],
      dependencies: ['setup'],
      use: { ...phone, storageState: AUTH_STATE },
    },
    { name: 'gst-setup', testMatch: '**/gst/*.setup.e2e.ts', use: { ...desktop, baseURL: gstURL } },
    {
      name: 'gst-desktop',
      testMatch: '**/gst/*.e2e.ts',
      // The week and the 360-px checks (the short invoice form's too) are a phone's.
      testIgnore: ['**/*.setup.e2e.ts', '**/week.e2e.ts', '**/fits-a-phone.e2e.ts', '**/phone-tables.e2e.ts', '**/short-invoice.e2e.ts'],
      dependencies: ['gst-setup'],
      use: { ...desktop, baseURL: gstURL, storageState: GST_AUTH_STATE },
    },
    {
      name: 'gst-phone',
      testMatch: '**/gst/*.e2e.ts',
      testIgnore: '**/*.setup.e2e.ts',
      dependencies: ['gst-setup'],
      use: { ...phone, baseURL: gstURL, storageState: GST_AUTH_STATE },
    },
  ],
  webServer: [server(port, dataDir), server(gstPort, GST_DATA_DIR)],
});
