import { expect, test } from '@playwright/test';

import { ADMIN, expectAccessible, expectToast, GST_AUTH_STATE, SETUP_CODE } from '../support';

/**
 * A registered shop's first minutes, from a browser with no cookies: create the account, open
 * Settings from home, and enter the business as it goes on every invoice (GSTIN, PAN, bank, UPI).
 * The GST journeys reuse this session.
 */
test('the owner signs up and registers the business for GST in Settings', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('Setup code').fill(SETUP_CODE);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase' })).toBeVisible();

  await page.getByRole('link', { name: 'Business settings' }).click();
  await expect(page.getByRole('heading', { name: 'Business Settings' })).toBeVisible();
  await expect(page.getByText('Tell us about your business once')).toBeVisible();
  await expectAccessible(page);

  // A GSTIN of another state than the one chosen is refused, said at the field.
  await page.getByLabel('Legal Name').fill('Sharma Traders Pvt Ltd');
  await page.getByLabel('Trade Name').fill('Sharma Kirana');
  await page.getByLabel('Address').fill('12 MG Road\nPune 411001');
  await page.getByLabel('State').selectOption({ label: 'Maharashtra (27)' });
  await page.getByLabel('GSTIN').fill('29AAPFU0939F1ZR');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('This GSTIN is of Karnataka (29), not Maharashtra (27)')).toBeVisible();

  await page.getByLabel('GSTIN').fill('27aapfu0939f1zv');
  await page.getByLabel('PAN').fill('AAPFU0939F');
  await page.getByLabel('Phone').fill('+91-9876543210');
  await page.getByLabel('Bank', { exact: true }).fill('State Bank of India, MG Road');
  await page.getByLabel('Account Number').fill('30012345678');
  await page.getByLabel('IFSC').fill('SBIN0001234');
  await page.getByLabel('UPI ID').fill('sharmatraders@okaxis');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Success', 'Business settings saved');

  // Kept: a reload shows what was saved, the GSTIN as the law writes it.
  await page.reload();
  await expect(page.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
  await expect(page.getByLabel('State')).toHaveValue('27');
  await expect(page.getByLabel('Invoice Prefix')).toHaveValue('INV');
  await page.screenshot({ path: 'test-results/screens/settings-desktop.png', fullPage: true });
  await page.context().storageState({ path: GST_AUTH_STATE });
});
