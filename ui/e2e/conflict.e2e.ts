import { expect, test, type Page } from '@playwright/test';

import { expectToast, toasts, unique } from './support';

const VENDORS = '/module/purchase/task/vendors';

const openVendor = async (page: Page, name: string) => {
  await page.goto(VENDORS);
  await page.getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name: 'Edit Vendor' })).toBeVisible();
};

test('two tabs edit one vendor: the stale save is refused as changed by someone else', async ({ page, context }) => {
  const name = unique('Twin Tabs Traders');
  await page.goto(VENDORS);
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  await page.getByLabel('Vendor Name').fill(name);
  await page.getByLabel('Phone').fill('+91-1111111111');
  await page.getByRole('button', { name: 'Create Vendor' }).click();
  await expectToast(page, 'Success', 'Vendor created successfully');

  const other = await context.newPage();
  await openVendor(page, name);
  await openVendor(other, name);

  await page.getByLabel('Phone').fill('+91-2222222222');
  await page.getByRole('button', { name: 'Update Vendor' }).click();
  await expectToast(page, 'Success', 'Vendor updated successfully');

  await other.getByLabel('Phone').fill('+91-3333333333');
  await other.getByRole('button', { name: 'Update Vendor' }).click();
  await expect(toasts(other).getByText('Error', { exact: true })).toBeVisible();
  await expect(
    toasts(other).getByText(/^Failed to update vendor: it was changed by someone else/),
  ).toBeVisible();
  // The form reloads with the other tab's save; saving again is a deliberate overwrite.
  await expect(other.getByLabel('Phone')).toHaveValue('+91-2222222222');
  await other.getByLabel('Phone').fill('+91-3333333333');
  await other.getByRole('button', { name: 'Update Vendor' }).click();
  await expectToast(other, 'Success', 'Vendor updated successfully');
  await expect(
    other.getByRole('article').filter({ has: other.getByRole('button', { name }) }),
  ).toContainText('+91-3333333333');
});
