import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, unique } from '../support';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });

/**
 * Issue 45: a shop's expenses, in a GST-registered business. The electricity bill from a supplier
 * with a GSTIN, paid now by UPI, with 18 % GST (input tax credit); the rent owed to a landlord
 * without one, to pay later. Both in the list, and each head in the profit and loss. On a
 * 390 px phone and on desktop.
 */
test('an expense paid now with GST and one to pay later: in the list and in the books', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const power = unique('City Power Co');
  const landlord = unique('Mehta Landlord');
  await apiPost(page, '/api/purchase/vendors', { name: power, gstNumber: '27ABCPT5678L1ZV' });
  await apiPost(page, '/api/purchase/vendors', { name: landlord });

  await page.goto('/module/purchase');
  await page.getByRole('list', { name: 'Purchase tasks' }).getByRole('link', { name: /Expenses/ }).click();
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();

  // Paid now, with GST: ₹1,000 + 18 % = ₹1,180.
  await page.getByRole('button', { name: /New Expense|Add Expense/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Add Expense' })).toBeVisible();
  await page.getByLabel('Paid To (Vendor or Payee)').selectOption({ label: power });
  await page.getByLabel('Category').selectOption({ label: 'Electricity & Power' });
  await expect(page.getByLabel('Tax Mode')).toHaveValue('gst');
  // The form's top as the phone shows it (390 × 844), beside the whole form below.
  await page.screenshot({ path: `test-results/screens/expense-form-top-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png` });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Electricity, October');
  await line.getByLabel('Quantity').fill('1');
  await line.getByLabel('Rate').fill('1000');
  await line.getByLabel('GST %').selectOption('18');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('₹1,180.00');
  await page.getByRole('button', { name: /^Paid in full/ }).click();
  await expect(page.getByLabel('Paid Now')).toHaveValue('1180.00');
  await page.getByLabel('Payment Method').selectOption('upi');
  await expectAccessible(page);
  await shot(page, 'expense-form');
  await page.getByRole('button', { name: 'Save Expense' }).click();
  await expectToast(page, 'Success', 'Expense created successfully');

  // To pay later, no GST (the landlord has no GSTIN).
  await page.getByRole('button', { name: /New Expense|Add Expense/ }).first().click();
  await page.getByLabel('Paid To (Vendor or Payee)').selectOption({ label: landlord });
  await page.getByLabel('Category').selectOption({ label: 'Rent' });
  await page.getByLabel('Tax Mode').selectOption('manual');
  const rent = page.getByRole('group', { name: 'Line 1' });
  await rent.getByLabel('Item Name').fill('Shop rent, November');
  await rent.getByLabel('Quantity').fill('1');
  await rent.getByLabel('Rate').fill('15000');
  await rent.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Save Expense' }).click();
  await expectToast(page, 'Success', 'Expense created successfully');

  const paid = page.getByRole('article').filter({ hasText: power });
  await expect(paid).toContainText('Electricity & Power');
  await expect(paid).toContainText('PAID');
  await expect(paid).toContainText('Input GST₹180.00');
  const owed = page.getByRole('article').filter({ hasText: landlord });
  await expect(owed).toContainText('Rent');
  await expect(owed).toContainText('Balance Due₹15,000.00');
  await expect(owed).not.toContainText('PAID');

  // In the books: each head in the profit and loss.
  await page.goto('/module/reports/task/profit-and-loss');
  const report = page.getByRole('main');
  await expect(report).toContainText('Electricity & Power');
  await expect(report).toContainText('Rent');
  await expectAccessible(page);
});
