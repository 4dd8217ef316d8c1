import { expect, test } from '@playwright/test';

import { apiPost, expectToast, openLine, unique } from './support';

/**
 * Issue 20, item 1, as a shop owner meets it on a phone: the phone's Back closes a form (the URL
 * stays the seed's), asks first when something was typed; a reload keeps what was typed and
 * offers it back; Cancel asks too; focus moves to the opened form's title.
 */

const post = apiPost;

test('Back closes a form; with changes it asks, and Keep editing keeps them', async ({ page }) => {
  await page.goto('/module/purchase/task/vendors');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(page.getByRole('heading', { name: 'Create Vendor' })).toBeVisible();
  await expect(page).toHaveURL(/\/module\/purchase\/task\/vendors$/);
  // Nothing typed: Back is back to the list, no question.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Vendor' }).click();
  // Focus moves into the form: its title, so a phone does not pop its keyboard up at once.
  await expect(page.getByRole('heading', { name: 'Create Vendor' })).toBeFocused();
  const name = page.getByLabel('Vendor Name');
  await name.fill('Half typed vendor');
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(name).toHaveValue('Half typed vendor');
  // Back again, and this time let it go: the list, and no draft the next time.
  await page.goBack();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(page.getByLabel('Vendor Name')).toHaveValue('');
  await expect(page.getByText('were kept on this device')).toHaveCount(0);
});

test('Cancel asks before throwing away what was typed; without changes it just closes', async ({ page }) => {
  await page.goto('/module/sales/task/customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.getByLabel('Customer Name').fill('Someone');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Customer Name')).toHaveValue('Someone');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
});

test('a half-filled invoice survives a reload: the form opens again and offers it back', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Reload Customer');
  await post(page, '/api/sales/customers', { name: customer });
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Basmati rice 5 kg');
  await line.getByLabel('Quantity').fill('3');
  await line.getByLabel('Rate').fill('455.50');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Add Line' }).click();
  await page.getByRole('group', { name: 'Line 2' }).getByLabel('Item Name').fill('Sugar');
  // The draft is written a moment after typing stops.
  await page.waitForTimeout(600);
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Create Sales Invoice' })).toBeVisible();
  const offer = page.getByRole('status').filter({ hasText: 'were kept on this device' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Customer')).toHaveValue(/\d+/);
  await expect((await openLine(page, 1)).getByLabel('Rate')).toHaveValue('455.50');
  const sugar = await openLine(page, 2);
  await expect(sugar.getByLabel('Item Name')).toHaveValue('Sugar');
  await sugar.getByRole('button', { name: 'Delete line 2' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  await expect(page.getByRole('article').filter({ hasText: customer })).toContainText('₹1,366.50');
  // Saved: nothing is offered any more.
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Create Sales Invoice' })).toBeVisible();
  await expect(page.getByText('were kept on this device')).toHaveCount(0);
});

test('an opened record is a history entry too: reload keeps it open, Back returns to the list', async ({ page }) => {
  await page.goto('/');
  const vendor = unique('History Vendor');
  await post(page, '/api/purchase/vendors', { name: vendor });
  await page.goto('/module/purchase/task/vendors');
  await page.getByRole('button', { name: vendor }).click();
  await expect(page.getByRole('heading', { name: 'Edit Vendor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Vendor' })).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('Vendor Name')).toHaveValue(vendor);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
});
