import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, unique } from './support';

const CUSTOMERS = '/module/sales/task/customers';
const optionsOf = (page: Page, label: string) => page.getByLabel(label).locator('option');

/**
 * Issue 42: a customer with an invoice is not deleted — the confirmation says why and offers to
 * make them inactive; inactive, they are marked on their list and left out of new documents'
 * pickers, while their own invoice still names them. A new invoice shows the due date the
 * customer's payment terms give it.
 */
test('a customer with an invoice: delete refused with the reason, made inactive, gone from the pickers', async ({ page }) => {
  await page.goto('/');
  const leaving = unique('Closing Traders');
  const staying = unique('Steady Traders');
  const gone = await apiPost(page, '/api/sales/customers', { name: leaving });
  await apiPost(page, '/api/sales/customers', { name: staying, paymentTerms: '15 days' });
  const invoice = await apiPost(page, '/api/sales/invoices', { customerId: gone.id, invoiceDate: '2026-04-01', lines: [{ itemName: 'Rice', quantity: '1', rate: '4251' }] });

  await page.goto(CUSTOMERS);
  await page.getByRole('button', { name: leaving }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Customer' }).getByRole('button', { name: 'Delete' }).click();
  const refused = page.getByRole('alertdialog', { name: 'This customer cannot be deleted' });
  await expect(refused).toContainText(`${leaving} has 1 invoice and owes ₹4,251.00; make them inactive instead`);
  await expectAccessible(page);
  await refused.getByRole('button', { name: 'Make inactive' }).click();
  await expectToast(page, 'Success', 'Customer updated successfully');
  await expect(page.getByRole('article').filter({ hasText: leaving })).toContainText('INACTIVE');

  // A new invoice offers the active customers only, and says the due date the terms give it.
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await expect(optionsOf(page, 'Customer').filter({ hasText: staying })).toHaveCount(1);
  await expect(optionsOf(page, 'Customer').filter({ hasText: leaving })).toHaveCount(0);
  await page.getByLabel('Customer').selectOption({ label: staying });
  await page.getByLabel('Invoice Date').fill('2026-03-20');
  await expect(page.getByText(`Blank: due 4 Apr 2026 (15 days, ${staying}'s terms)`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();

  // Their own invoice still names them.
  await page.getByRole('article').filter({ hasText: String(invoice.invoiceNumber) }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Customer').locator('option:checked')).toHaveText(`${leaving} (inactive)`);

  await page.goto('/module/sales/task/receipts');
  await page.getByRole('button', { name: 'New Receipt' }).click();
  await expect(optionsOf(page, 'Customer').filter({ hasText: staying })).toHaveCount(1);
  await expect(optionsOf(page, 'Customer').filter({ hasText: leaving })).toHaveCount(0);
});
