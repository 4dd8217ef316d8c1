import { expect, test } from '@playwright/test';

import { ADMIN, expectAccessible, login } from './support';

// A session of its own: logging out must not end the session the other tests share.
test.use({ storageState: { cookies: [], origins: [] } });

test('login returns you to the page you asked for, and logout ends the session', async ({ page }) => {
  await page.goto('/module/purchase');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await login(page);
  await expect(page).toHaveURL(/\/module\/purchase$/);
  await expect(page.getByRole('heading', { name: 'Purchase', level: 1 })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: /Log out/ }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty login form names the missing fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
});
