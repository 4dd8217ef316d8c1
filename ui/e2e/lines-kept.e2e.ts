import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectToast, openLine, toasts, unique } from './support';

/**
 * Issue 18 items 6, 8 and 9, walked as a shop owner would: nothing typed on screen vanishes (a
 * line left unsaved is saved with the rest, or stops the submit saying which line and why);
 * every mistake of a form is said at once; a receipt recorded by mistake is voided with a reason.
 */

const post = apiPost;

const openInvoice = async (page: Page, invoiceNumber: string) => {
  await page.goto('/module/sales/task/invoices');
  const card = page.getByRole('article').filter({ hasText: invoiceNumber });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Sales Invoice' })).toBeVisible();
  return card;
};

test('creating a sales invoice: a line left unsaved is saved with the rest; an invalid one stops it, named', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Lines Customer');
  await post(page, '/api/sales/customers', { name: customer });
  const invoiceNumber = unique('LK').replace(/\s/g, '-');
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Invoice Number').fill(invoiceNumber);
  const first = page.getByRole('group', { name: 'Line 1' });
  await first.getByLabel('Item Name').fill('Tea');
  await first.getByLabel('Rate').fill('140');
  await first.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Add Line' }).click();
  const second = page.getByRole('group', { name: 'Line 2' });
  await second.getByLabel('Item Name').fill('Kettle');
  await second.getByLabel('Quantity').fill('2');
  // The rate is forgotten: the submit stops and says which line and why.
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toasts(page).getByText('Line 2 is not saved: Please fill all required fields (Item Name, Quantity, Rate)', { exact: true })).toBeVisible();
  await expect(second.getByRole('alert')).toContainText('Line 2 is not saved');
  await expect(page.getByRole('heading', { name: 'Create Sales Invoice' })).toBeVisible();
  // Filled in, but still not saved with Save Line: it goes with the rest.
  await second.getByLabel('Rate').fill('550');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  const card = page.getByRole('article').filter({ hasText: invoiceNumber });
  await expect(card).toContainText('₹1,240.00');
});

test('editing a sales invoice: a line reopened, changed and not saved again is kept, not dropped', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Edit Lines Customer');
  const { id: customerId } = await post(page, '/api/sales/customers', { name: customer });
  const invoiceNumber = unique('LE').replace(/\s/g, '-');
  await post(page, '/api/sales/invoices', {
    customerId,
    invoiceNumber,
    lines: [
      { itemName: 'Rice', quantity: '10', rate: '420' },
      { itemName: 'Dal', quantity: '5', rate: '840.90' },
      { itemName: 'Oil', quantity: '1', rate: '3550.00' },
    ],
  });
  const card = await openInvoice(page, invoiceNumber);
  const second = await openLine(page, 2);
  await second.getByRole('button', { name: 'Edit Line' }).click();
  await second.getByLabel('Quantity').fill('6');
  await page.getByRole('button', { name: 'Update Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice updated successfully');
  // 4,200 + 6 × 840.90 + 3,550 = 12,795.40: all three lines, the second as changed.
  await expect(card).toContainText('₹12,795.40');
  await page.reload();
  await openInvoice(page, invoiceNumber);
  await expect(page.getByRole('group', { name: 'Line 3' })).toBeVisible();
  await expect((await openLine(page, 2)).getByLabel('Quantity')).toHaveValue('6');

  // Reopened and emptied: the update stops, naming the line; nothing is saved.
  const third = await openLine(page, 3);
  await third.getByRole('button', { name: 'Edit Line' }).click();
  await third.getByLabel('Item Name').fill('');
  await page.getByRole('button', { name: 'Update Invoice' }).click();
  await expect(toasts(page).getByText('Line 3 is not saved: Please fill all required fields (Item Name, Quantity, Rate)', { exact: true })).toBeVisible();
  // Cancel asks before the typed changes go (issue 20); discarded, nothing was saved.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(card).toContainText('₹12,795.40');
});

test('a sales invoice with no customer and no line says both at once', async ({ page }) => {
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Invoice Number').fill(unique('NC').replace(/\s/g, '-'));
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Please select a customer')).toBeVisible();
  await expect(toasts(page).getByText('Please save at least one line item before submitting the invoice', { exact: true })).toBeVisible();
});

test('a receipt: a line left unsaved goes with it; voided with a reason, its invoice owes again', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Void Customer');
  const { id: customerId } = await post(page, '/api/sales/customers', { name: customer });
  const invoiceNumber = unique('VD').replace(/\s/g, '-');
  await post(page, '/api/sales/invoices', { customerId, invoiceNumber, lines: [{ itemName: 'Sugar', quantity: '4', rate: '250' }] });
  await page.goto('/module/sales/task/receipts');
  await page.getByRole('button', { name: 'New Receipt' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  const option = line.getByLabel('Invoice').locator('option', { hasText: invoiceNumber });
  await expect(option).toHaveCount(1);
  await line.getByLabel('Invoice').selectOption({ label: (await option.textContent())! });
  // Not saved with Save Line: it is still what the person sees, so it is what is recorded.
  await page.getByRole('button', { name: 'Create Receipt' }).click();
  await expectToast(page, 'Success', 'Receipt created successfully');
  const receipt = page.getByRole('article').filter({ hasText: customer });
  await expect(receipt).toContainText('₹1,000.00');

  await page.goto('/module/sales/task/invoices');
  const invoice = page.getByRole('article').filter({ hasText: invoiceNumber });
  await expect(invoice).toContainText('PAID');

  await page.goto('/module/sales/task/receipts');
  await receipt.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Void' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Void Receipt' });
  await expect(dialog.getByRole('button', { name: 'Void' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Cheque bounced');
  await dialog.getByRole('button', { name: 'Void' }).click();
  await expectToast(page, 'Success', 'Receipt voided successfully');
  await expect(receipt).toContainText('VOID');
  await receipt.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was voided' })).toContainText('This receipt was voided: Cheque bounced.');
  await expect(page.getByRole('button', { name: 'Update Receipt' })).toHaveCount(0);
  await expect(page.getByText('Cheque bounced').last()).toBeVisible(); // in the history, too
  await page.getByRole('button', { name: 'Back to list' }).last().click();

  await page.goto('/module/sales/task/invoices');
  await expect(invoice).toContainText('PENDING');
});
