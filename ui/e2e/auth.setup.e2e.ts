import { expect, test } from '@playwright/test';

import { ADMIN, AUTH_STATE, expectAccessible, SETUP_CODE } from './support';

test.describe.configure({ mode: 'serial' });

test('a fresh install asks for the first account before anything else', async ({ page }) => {
  await page.goto('/module/purchase');
  await expect(page).toHaveURL(/\/login\?next=%2Fmodule%2Fpurchase$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Enter the setup code from the server')).toBeVisible();
  await expectAccessible(page);

  // Someone on the shop's network without the code the server printed cannot claim the business.
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('Setup code').fill('GUES-SED1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This is not the setup code: it is printed where the server was started').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Setup code').fill(SETUP_CODE.toLowerCase());
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/module\/purchase$/);
  await expect(page.getByRole('heading', { name: 'Purchase', level: 1 })).toBeVisible();
  await page.context().storageState({ path: AUTH_STATE });
});

test('before any vendor exists the list invites you to create one', async ({ browser }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ storageState: AUTH_STATE, viewport });
    const page = await context.newPage();
    await page.goto('/module/purchase/task/vendors');
    await expect(page.getByText('No vendors found. Create your first vendor!')).toBeVisible();
    await expectAccessible(page);
    await context.close();
  }
});

test('a second setup is refused once an account exists', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  await context.close();
});
