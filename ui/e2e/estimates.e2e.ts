import { expect, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, openLine, unique } from './support';
import { convertedAndLeft, openDetails } from './documents-support';

/**
 * Issue 45: an estimate converted into a sale order, the order invoiced in two parts, a receipt
 * for one — each step from the previous one's details, the links and what is left on screen.
 * On a 360 px phone (the phone project) and on desktop.
 */
test('estimate → sale order → invoice (part) → invoice (rest) → receipt', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  const customer = unique('Kapoor Traders');
  await page.goto('/');
  await apiPost(page, '/api/sales/customers', { name: customer });

  // The estimate, from the Sales module's tasks.
  await page.goto('/module/sales');
  await page.getByRole('list', { name: 'Sales tasks' }).getByRole('link', { name: /Estimates/ }).click();
  await page.getByRole('button', { name: 'New Estimate' }).click();
  await expect(page.getByRole('heading', { name: 'Create Estimate' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: customer });
  await page.getByLabel('Valid Until').fill('2099-12-31');
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Electric kettle');
  await line.getByLabel('Quantity').fill('10');
  await line.getByLabel('Rate').fill('400');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Estimate' }).click();
  await expectToast(page, 'Success', 'Estimate created successfully');
  await expect(page.getByRole('article').filter({ hasText: customer })).toContainText('OPEN');

  // Estimate → sale order, with all of its line.
  let summary = await openDetails(page, 'estimates', customer, 'Estimate details');
  await expect(summary).toContainText('Valid until31 Dec 2099');
  // It prints as what it is (issue 45): its print view titled Estimate, valid until its day, no tax invoice.
  await page.getByRole('link', { name: 'Print / PDF' }).click();
  const printed = page.getByLabel(/^Estimate EST\//);
  await expect(printed.getByRole('heading', { level: 1 })).toHaveText('Estimate');
  await expect(printed).toContainText('Valid until: 31-12-2099');
  await expect(printed).not.toContainText(/Tax Invoice|Scan to pay/);
  await page.getByRole('button', { name: 'Back' }).click();
  await openDetails(page, 'estimates', customer, 'Estimate details');
  await page.getByRole('link', { name: 'Convert to Sale order' }).click();
  await expect(page.getByRole('heading', { name: 'Create Sale Order' })).toBeVisible();
  await expect((await openLine(page, 1)).getByLabel('Quantity')).toHaveValue('10');
  await page.getByRole('button', { name: 'Create Sale Order' }).click();
  await expectToast(page, 'Success', 'Sale order created successfully');

  summary = await openDetails(page, 'estimates', customer, 'Estimate details');
  await expect(summary).toContainText('ACCEPTED');
  await expect(summary).toContainText(/Converted IntoSale order SO\//);
  await expect(page.getByRole('link', { name: /^Convert to/ })).toHaveCount(0);
  expect(await convertedAndLeft(page, 'Electric kettle')).toEqual(['10', '0']);

  // Order → an invoice for 4 of the 10.
  summary = await openDetails(page, 'sale-orders', customer, 'Sale Order details');
  await expect(summary).toContainText('OPEN');
  await expect(summary).toContainText(/Made FromEstimate EST\//);
  await page.getByRole('link', { name: 'Convert to Sales invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Create Sales Invoice' })).toBeVisible();
  const part = await openLine(page, 1);
  await part.getByRole('button', { name: 'Edit Line' }).click();
  await part.getByLabel('Quantity').fill('4');
  await part.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');

  summary = await openDetails(page, 'sale-orders', customer, 'Sale Order details');
  await expect(summary).toContainText('PART');
  await expect(summary).toContainText(/Converted IntoSales invoice INV\//);
  expect(await convertedAndLeft(page, 'Electric kettle')).toEqual(['4', '6']);

  // The rest: the form offers only the 6 left.
  await page.getByRole('link', { name: 'Convert to Sales invoice' }).click();
  await expect((await openLine(page, 1)).getByLabel('Quantity')).toHaveValue('6');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');

  summary = await openDetails(page, 'sale-orders', customer, 'Sale Order details');
  await expect(summary).toContainText('DONE');
  expect(await convertedAndLeft(page, 'Electric kettle')).toEqual(['10', '0']);
  await expect(page.getByRole('link', { name: /^Convert to/ })).toHaveCount(0);
  await expectAccessible(page);

  // A receipt for the first invoice, from its details; it says where it came from.
  await page.goto('/module/sales/task/invoices');
  const invoice = page.getByRole('article').filter({ hasText: customer }).filter({ hasText: '₹1,600.00' });
  await invoice.getByRole('button', { name: 'View Details' }).click();
  summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(/Made FromSale order SO\//);
  await page.getByRole('link', { name: 'Receive payment' }).click();
  await expect((await openLine(page, 1)).getByLabel('Received Amount')).toHaveValue('1600.00');
  await page.getByRole('button', { name: 'Create Receipt' }).click();
  await expectToast(page, 'Success', 'Receipt created successfully');
  await expect(page.getByText('Sales invoice details')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('PAID');
});
