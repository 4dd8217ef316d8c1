import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { expect, type Page, test } from '@playwright/test';

import { ADMIN, E2E_DATA_DIR } from './support';

// From a browser with no cookies at all: the sign-in screen, as a person meets it.
test.use({ storageState: { cookies: [], origins: [] } });

const CLERK = { username: 'clerk', password: 'clerk-password-7' };
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

test.beforeAll(() => {
  // A second account, made the operator's way (the CLI beside the running app).
  const made = spawnSync(process.execPath, ['server/dist/cli.js', 'create-user', CLERK.username], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', NATS_URL: '', ERP_DATA_DIR: E2E_DATA_DIR, ERP_NEW_PASSWORD: CLERK.password, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(made.status === 0 || /already exists/.test(made.stderr), made.stderr).toBe(true);
});

const signIn = async (page: Page, user: { username: string; password: string }) => {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Home after signing in: the module cards and the three figures, fresh; never a 401 on screen. */
const expectHomeWithData = async (page: Page, username: string) => {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Purchase/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Inventory/ }).first()).toBeVisible();
  await expect(page.getByText(/Could not load|401|unauthenticated/)).toHaveCount(0);
  const figures = page.locator('dl dd');
  await expect(figures).toHaveCount(3);
  for (const figure of await figures.all()) await expect(figure).toHaveText(/^[₹\d]/);
  await expect(page.getByRole('button', { name: `Log out ${username}` })).toBeVisible();
};

test('a fresh sign-in from the login screen shows the module cards and real figures, not a 401', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, ADMIN);
  await expectHomeWithData(page, ADMIN.username);
  await page.screenshot({ path: test.info().outputPath('home-after-sign-in.png') });
});

test('sign out, then sign in as someone else: every screen shows fresh data for the new user', async ({ page }) => {
  await page.goto('/');
  await signIn(page, ADMIN);
  await expectHomeWithData(page, ADMIN.username);
  await page.getByRole('button', { name: /Log out/ }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, CLERK);
  await expectHomeWithData(page, CLERK.username);
  await page.goto('/module/purchase/task/vendors');
  await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
  await expect(page.getByText(/Could not load|401/)).toHaveCount(0);
});
