import { expect, type Page, test } from '@playwright/test';

import { expectAccessible, expectToast, openLine, unique } from '../support';

/**
 * Issue 42 from the screens alone, on a 360-px phone and on a desktop: a sale paid in full; one
 * of its two items comes back — the credit note picks the paid invoice and copies its lines; the
 * customer's credit shows on their card; it is refunded in cash from the note; and right after,
 * the customer owes nothing and has no credit left, their statement closing at nil.
 */

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const fits = async (page: Page) => expect(await overflow(page), `${page.url()} fits ${page.viewportSize()!.width} px`).toBe(0);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });
const customerCard = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name });

test.beforeEach(async ({ page, isMobile }) => {
  // The phone of this journey is the narrowest the app supports.
  if (isMobile) await page.setViewportSize({ width: 360, height: 740 });
});

test('a sale paid in full, one item returned: the customer\'s credit, refunded in cash, and their balance after', async ({ page }) => {
  const customer = unique('Return customer');
  await page.goto('/module/sales/task/customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.getByLabel('Customer Name').fill(customer);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expectToast(page, 'Success', 'Customer created successfully');

  // The sale: two kettles at ₹1,200 with 18 % GST (₹216 CGST, ₹216 SGST): ₹2,832.00, received in full.
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const sold = page.getByRole('group', { name: 'Line 1' });
  await sold.getByLabel('Item Name').fill('Steel kettle 1.5 L');
  await sold.getByLabel('Quantity').fill('2');
  await sold.getByLabel('Rate').fill('1200');
  await sold.getByLabel('GST %').selectOption('18');
  await page.getByRole('button', { name: /^Received in full/ }).click();
  await expect(page.getByLabel('Received Now')).toHaveValue('2832.00');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  await expect(customerCard(page, customer)).toContainText('PAID');

  // One kettle comes back: the note is against the paid invoice, its line copied from there.
  await page.goto('/module/sales/task/credit-notes');
  await page.getByRole('button', { name: 'New Credit Note' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const invoice = page.getByRole('combobox', { name: 'Invoice', exact: true });
  await expect(invoice).toContainText('₹2,832.00, paid');
  await invoice.selectOption({ index: 1 });
  await expect(page.getByLabel('What is Credited')).toHaveValue('return');
  const back = page.getByRole('group', { name: 'Line 1' });
  await expect(back.getByLabel('Item Name')).toHaveValue('Steel kettle 1.5 L');
  await expect(back.getByLabel('Item Name')).toBeDisabled();
  await expect(back.getByLabel('Rate')).toHaveValue('1200.00');
  await expect(back.getByLabel('Can Return')).toHaveValue('2');
  await back.getByLabel('Quantity').fill('1');
  await page.getByLabel('Reason').fill('Lid cracked');
  // ₹1,200 + 9 % + 9 % = ₹1,416.00
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('₹1,416.00');
  await fits(page);
  await expectAccessible(page);
  await shot(page, 'return-form');
  await page.getByRole('button', { name: 'Create Credit Note' }).click();
  await expectToast(page, 'Success', 'Credit note created successfully');
  const note = customerCard(page, customer);
  await expect(note).toContainText('Credit Left₹1,416.00');

  // The customer owes nothing on the paid sale, and has the credit.
  await page.goto('/module/sales/task/customers');
  await expect(customerCard(page, customer)).toContainText('Owes₹0.00');
  await expect(customerCard(page, customer)).toContainText('Credit Left₹1,416.00');
  await fits(page);

  // Refunded in cash from the note: the refund comes filled in.
  await page.goto('/module/sales/task/credit-notes');
  await customerCard(page, customer).getByRole('button', { name: 'View Details' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.locator('dt', { hasText: /^Credit Left$/ }).locator('+ dd')).toHaveText('₹1,416.00');
  await fits(page);
  await page.getByRole('link', { name: 'Refund' }).click();
  await expect(page.getByRole('heading', { name: 'Create Refund' })).toBeVisible();
  await expect(page.getByLabel('Customer')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Payment Method')).toHaveValue('cash');
  await expect(page.getByRole('group', { name: 'Line 1' })).toContainText('Saved');
  const refunded = await openLine(page, 1);
  await expect(refunded.getByLabel('Amount')).toHaveValue('1416.00');
  await fits(page);
  await expectAccessible(page);
  await shot(page, 'refund-form');
  await page.getByRole('button', { name: 'Create Refund' }).click();
  await expectToast(page, 'Success', 'Refund created successfully');

  // Right after: nothing owed, no credit left, and the statement closes at nil.
  await page.goto('/module/sales/task/refunds');
  await expect(customerCard(page, customer)).toContainText(/RFD\/\d{4}-\d{2}\/\d{4}/);
  await expect(customerCard(page, customer)).toContainText('₹1,416.00');
  await page.goto('/module/sales/task/customers');
  await expect(customerCard(page, customer)).toContainText('Owes₹0.00');
  await expect(customerCard(page, customer)).toContainText('Credit Left₹0.00');
  await page.goto('/module/reports/task/statements');
  await page.getByLabel('Customer or vendor').selectOption({ label: `${customer} (customer)` });
  await expect(page.getByRole('row', { name: /Refund RFD/ })).toContainText('₹1,416.00');
  await expect(page.getByRole('row', { name: /Closing balance/ })).toContainText('₹0.00');
  await fits(page);
  await shot(page, 'refund-statement');
});
