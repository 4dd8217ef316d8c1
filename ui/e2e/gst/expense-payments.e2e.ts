import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, shown, unique } from '../support';

/** Paise as a form's money field holds them: 734567 → '7345.67'. */
const typed = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** Purchase → Expense Payments → a payment of `paise` (blank: the line's prefill, what is left), by UPI. */
async function pay(page: Page, vendor: string, expense: string, left: number, paise: number | null) {
  await page.goto('/module/purchase');
  await page.getByRole('list', { name: 'Purchase tasks' }).getByRole('link', { name: /Expense Payments/ }).click();
  await expect(page.getByRole('heading', { name: 'Expense Payments', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Expense Payment' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create Expense Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Expense', exact: true })).toBeDisabled();
  await expect(page.getByText('Select a vendor first to add expenses')).toBeVisible();
  await page.getByRole('combobox', { name: 'Vendor', exact: true }).selectOption({ label: vendor });
  await page.getByLabel('Payment Method').selectOption({ label: 'UPI' });
  await page.getByLabel('Reference Number').fill(`UTR ${left}`);
  await page.getByRole('button', { name: 'Add Expense', exact: true }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  // The vendor's open expenses arrive after the line appears; ours offers what is left to pay.
  const choice = `${expense} — ${shown(left)} due`;
  await expect(line.getByLabel('Expense').locator('option', { hasText: choice })).toHaveCount(1);
  await line.getByLabel('Expense').selectOption({ label: choice });
  await expect(line.getByLabel('Paid Amount')).toHaveValue(typed(left));
  if (paise !== null) await line.getByLabel('Paid Amount').fill(typed(paise));
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(line).toContainText('Saved');
  await expect(page.getByRole('region', { name: 'Total Expense Payment' })).toContainText(shown(paise ?? left));
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/screens/expense-payment-form-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create Expense Payment' }).click();
  await expectToast(page, 'Success', 'Expense payment created successfully');
}

/**
 * Issue 45, paying later: rent recorded without "Paid now" is owed to the landlord; Expense
 * Payments pays part of it, then offers only what is left, which a second payment pays; the
 * expense then shows PAID with nothing due. On a 360 px phone and on desktop.
 */
test('an expense left unpaid is paid later in two parts from Expense Payments', async ({ page }) => {
  test.setTimeout(240_000);
  if (page.viewportSize()!.width < 600) await page.setViewportSize({ width: 360, height: 740 });
  const total = 1234567;
  const first = 500000;
  const rest = total - first;
  await page.goto('/');
  const landlord = unique('Kulkarni Landlord');
  await apiPost(page, '/api/purchase/vendors', { name: landlord });

  await page.goto('/module/purchase');
  await page.getByRole('list', { name: 'Purchase tasks' }).getByRole('link', { name: /Expenses/ }).click();
  await page.getByRole('button', { name: /New Expense|Add Expense/ }).first().click();
  await page.getByLabel('Paid To (Vendor or Payee)').selectOption({ label: landlord });
  await page.getByLabel('Category').selectOption({ label: 'Rent' });
  await page.getByLabel('Tax Mode').selectOption('manual');
  const rent = page.getByRole('group', { name: 'Line 1' });
  await rent.getByLabel('Item Name').fill('Shop rent, November');
  await rent.getByLabel('Quantity').fill('1');
  await rent.getByLabel('Rate').fill(typed(total));
  await rent.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Save Expense' }).click();
  await expectToast(page, 'Success', 'Expense created successfully');
  const card = page.getByRole('article').filter({ hasText: landlord });
  await expect(card).toContainText(`Balance Due${shown(total)}`);
  await expect(card).toContainText('PENDING');
  const expense = /EXP\/[\d-]+\/\d+/.exec((await card.textContent()) ?? '')?.[0];
  expect(expense).toBeTruthy();

  await pay(page, landlord, expense!, total, first);
  const payment = page.getByRole('article').filter({ hasText: landlord });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('UPI');
  await expect(payment).toContainText(`Total${shown(first)}`);
  await expect(payment).toContainText(`Expense${expense}`);
  await expect(payment).toContainText(`UTR ${total}`);
  await expectAccessible(page);

  // Next time only what is left is offered, prefilled: paying it settles the expense.
  await pay(page, landlord, expense!, rest, null);
  await expect(page.getByRole('article').filter({ hasText: landlord })).toHaveCount(2);

  await page.goto('/module/purchase/task/expenses');
  await expect(card).toContainText('PAID');
  await expect(card).toContainText(`Balance Due${shown(0)}`);
  await expectAccessible(page);
});
