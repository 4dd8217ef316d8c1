import { expect, test } from '@playwright/test';

import { expectAccessible, expectToast, unique } from './support';

// Issue 46 on a phone and a desktop: the owner makes an API key, sees it once, a program uses
// it (its last use shows), and the owner revokes it: the program's next request is a 401.
test('the owner makes an API key, sees it once, and revokes it', async ({ page, context, playwright, baseURL }) => {
  const name = unique('Tally sync');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New Key' }).click();
  const form = page.getByRole('form', { name: 'New API Key' });
  await form.getByRole('button', { name: 'Create Key' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption('viewer');
  await expect(form.getByText('Read-only')).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Key' }).click();
  await expectToast(page, 'Success', 'API key made; copy it now');

  const shown = page.getByRole('region', { name: 'Copy the key now' });
  const key = (await shown.getByTestId('api-key').textContent()) ?? '';
  expect(key).toMatch(/^erp_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Success', 'Key copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // Phone-first: nothing wider than the screen, the long key wraps.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('api-key-once.png'), fullPage: true });
  await shown.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByTestId('api-key')).toHaveCount(0);

  // A program with the key and no cookies.
  const program = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  try {
    expect((await program.get('/api/purchase/vendors')).status()).toBe(200);
    // Its last use is written just after the request is answered: once it is, the screen shows it.
    const lastUse = async () => ((await (await page.request.get('/api/settings/api-keys')).json()) as { name: string; lastUsedAt: string | null }[]).find((k) => k.name === name)?.lastUsedAt ?? null;
    await expect.poll(lastUse, { timeout: 20_000 }).not.toBeNull();
    await page.reload();
    const card = page.getByRole('region', { name });
    await expect(card.getByText('Last used', { exact: false })).toBeVisible();
    await expect(card.getByText('Viewer', { exact: true })).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('api-keys.png'), fullPage: true });

    await card.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke API Key' }).getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Success', `${name} revoked; it no longer works`);
    await expect(card.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    expect((await program.get('/api/purchase/vendors')).status()).toBe(401);
  } finally {
    await program.dispose();
  }
});
