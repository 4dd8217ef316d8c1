import { expect, type Page, test } from '@playwright/test';

import { expectAccessible, expectToast, unique } from './support';

/** Creates a vendor over the API, as the signed-in user (same origin). */
async function newVendor(page: Page, name: string) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/purchase/vendors', { data: { name }, headers: { origin } });
  expect(res.status()).toBe(201);
}

async function pay(page: Page, vendor: string, invoiceNumber: string, amount: string | null) {
  await page.goto('/module/purchase/task/payments');
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Create Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Invoice' })).toBeDisabled();
  await expect(page.getByText('Select a vendor first to add invoices')).toBeVisible();
  await page.getByLabel('Vendor').selectOption({ label: vendor });
  await page.getByLabel('Payment Method').selectOption({ label: 'UPI' });
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  await expect(line).toContainText('Not Saved');
  // The party's open invoices arrive after the line appears: wait for ours before choosing.
  const choice = line.getByLabel('Invoice').locator('option', { hasText: invoiceNumber });
  await expect(choice).toHaveCount(1);
  await line.getByLabel('Invoice').selectOption({ label: (await choice.textContent())! });
  if (amount) await line.getByLabel('Paid Amount').fill(amount);
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(line).toContainText('Saved');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await expectToast(page, 'Success', 'Payment created successfully');
}

test('purchase: an invoice with two lines → part payment (PARTIAL) → the rest (PAID) → no longer offered', async ({ page }) => {
  const vendor = unique('Bharat Traders');
  const invoiceNumber = unique('B').replace(/\s/g, '-');
  await page.goto('/');
  await newVendor(page, vendor);
  await page.goto('/module/purchase/task/invoices');

  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByText('Track purchase invoices', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Create Invoice' })).toBeVisible();
  for (const section of ['Invoice Details', 'Line Items', 'Totals']) await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await page.getByLabel('Vendor').selectOption({ label: vendor });
  await page.getByLabel('Invoice Number').fill(invoiceNumber);
  await page.getByLabel('Tax Amount').fill('18');

  const first = page.getByRole('group', { name: 'Line 1' });
  await expect(first).toContainText('Draft');
  await first.getByRole('button', { name: 'Save Line' }).click();
  await expectToast(page, 'Error', 'Please fill all required fields (Item Name, Quantity, Rate)');
  await first.getByLabel('Item Name').fill('Basmati rice');
  await first.getByLabel('Quantity').fill('2.5');
  await first.getByLabel('Rate').fill('40.10');
  await first.getByRole('button', { name: 'Save Line' }).click();
  await expectToast(page, 'Line saved', 'Line item has been saved successfully');
  await expect(first).toContainText('₹100.25');

  await page.getByRole('button', { name: 'Add Line' }).click();
  const second = page.getByRole('group', { name: 'Line 2' });
  await second.getByLabel('Item Name').fill('Toor dal');
  await second.getByLabel('Quantity').fill('3');
  await second.getByLabel('Rate').fill('33.50');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  // The second line was typed but not saved: it goes with the rest (nothing on screen vanishes).
  await expectToast(page, 'Success', 'Invoice created successfully');

  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: invoiceNumber }) });
  await expect(card).toContainText('PENDING');
  // 100.25 + 100.50 + 18 tax.
  await expect(card).toContainText('₹218.75');
  await expect(card).toContainText(vendor);
  await expectAccessible(page);

  await pay(page, vendor, invoiceNumber, '100');
  await page.goto('/module/purchase/task/invoices');
  await expect(card).toContainText('PARTIAL');

  await pay(page, vendor, invoiceNumber, null); // prefilled with the balance, ₹118.75
  await page.goto('/module/purchase/task/invoices');
  await expect(card).toContainText('PAID');

  await page.goto('/module/purchase/task/payments');
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await page.getByLabel('Vendor').selectOption({ label: vendor });
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  await page.waitForLoadState('networkidle');
  const options = await page.getByRole('group', { name: 'Line 1' }).getByLabel('Invoice').locator('option').allTextContents();
  expect(options.some((o) => o.startsWith(invoiceNumber))).toBe(false);
});
