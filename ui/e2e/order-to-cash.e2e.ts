import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, openLine, unique } from './support';
import { convertedAndLeft, openDetails } from './documents-support';

/** The item's row on the Inventory Report (its third cell: the current stock). */
async function stockOnHand(page: Page, item: string) {
  await page.goto('/module/inventory/task/inventory');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(item);
  const row = page.getByRole('row').filter({ hasText: item });
  await expect(row).toBeVisible();
  return row;
}

/** A 390 × 844 picture of the screen as it stands (then back to the test's size), to look at. */
async function picture(page: Page, name: string, project: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png` });
  if (size) await page.setViewportSize(size);
}

/** The first line of a converted form: its quantity changed to part of what was left. */
async function takePart(page: Page, quantity: string) {
  const line = await openLine(page, 1);
  await line.getByRole('button', { name: 'Edit Line' }).click();
  await line.getByLabel('Quantity').fill(quantity);
  await line.getByRole('button', { name: 'Save Line' }).click();
}

/**
 * Issue 45, order to cash: an estimate for 10 kettles becomes a sale order; 6 go out on a delivery
 * challan (the stock falls by 6, nothing is billed); 4 of those are invoiced (the stock does not
 * fall again) and the invoice is paid. Each step from the previous one's details, the links and
 * what is left on screen; the stock and the balance at the end. On a phone and on desktop.
 */
test('estimate → sale order → delivery challan → invoice → receipt', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  const customer = unique('Bhatia Caterers');
  const item = unique('Brass kettle');
  await page.goto('/');
  await apiPost(page, '/api/sales/customers', { name: customer });
  const { id: itemId } = (await apiPost(page, '/api/inventory/items', { name: item, unit: 'NOS', sellingPrice: '400' })) as { id: number };
  await apiPost(page, '/api/inventory/stock-adjustments', { itemId, adjustmentType: 'increase', quantity: '20', reason: 'Opening Stock' });

  // The estimate, for 10 of the item.
  await page.goto('/module/sales/task/estimates');
  await page.getByRole('button', { name: 'New Estimate' }).click();
  await page.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: customer });
  await page.getByLabel('Valid Until').fill('2099-12-31');
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item', { exact: true }).selectOption({ label: item });
  await expect(line.getByLabel('Rate')).toHaveValue('400.00');
  await line.getByLabel('Quantity').fill('10');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Create Estimate' }).click();
  await expectToast(page, 'Success', 'Estimate created successfully');

  // Estimate → sale order, whole.
  await openDetails(page, 'estimates', customer, 'Estimate details');
  await page.getByRole('link', { name: 'Convert to Sale order' }).click();
  await expect((await openLine(page, 1)).getByLabel('Quantity')).toHaveValue('10');
  await page.getByRole('button', { name: 'Create Sale Order' }).click();
  await expectToast(page, 'Success', 'Sale order created successfully');

  // Sale order → a challan for 6 of the 10.
  await openDetails(page, 'sale-orders', customer, 'Sale Order details');
  await page.getByRole('link', { name: 'Convert to Delivery challan' }).click();
  await expect(page.getByRole('heading', { name: 'Create Delivery Challan' })).toBeVisible();
  await takePart(page, '6');
  await expectAccessible(page);
  await picture(page, 'delivery-challan-form-lines', testInfo.project.name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await picture(page, 'delivery-challan-form', testInfo.project.name);
  await page.getByRole('button', { name: 'Create Delivery Challan' }).click();
  await expectToast(page, 'Success', 'Delivery challan created successfully');

  let summary = await openDetails(page, 'sale-orders', customer, 'Sale Order details');
  await expect(summary).toContainText('PART');
  await expect(summary).toContainText(/Converted IntoDelivery challan DC\//);
  expect(await convertedAndLeft(page, item)).toEqual(['6', '4']);
  await expect(page.getByRole('link', { name: 'Convert to Delivery challan' })).toBeVisible();
  await expect((await stockOnHand(page, item)).getByRole('cell').nth(2)).toHaveText('14');

  // Challan → an invoice for 4 of the 6 sent.
  summary = await openDetails(page, 'delivery-challans', customer, 'Delivery Challan details');
  await expect(summary).toContainText('OPEN');
  await expect(summary).toContainText(/Made FromSale order SO\//);
  await expectAccessible(page);
  await picture(page, 'delivery-challan-details', testInfo.project.name);
  await page.getByRole('link', { name: 'Convert to Sales invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Create Sales Invoice' })).toBeVisible();
  await expect((await openLine(page, 1)).getByLabel('Quantity')).toHaveValue('6');
  await takePart(page, '4');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');

  summary = await openDetails(page, 'delivery-challans', customer, 'Delivery Challan details');
  await expect(summary).toContainText('PART');
  await expect(summary).toContainText(/Converted IntoSales invoice INV\//);
  expect(await convertedAndLeft(page, item)).toEqual(['4', '2']);
  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(page.getByRole('article').filter({ hasText: customer })).toContainText('PART');
  await picture(page, 'delivery-challan-list', testInfo.project.name);
  // The invoice moved no stock: the challan had sent those 4 already.
  await expect((await stockOnHand(page, item)).getByRole('cell').nth(2)).toHaveText('14');

  // The invoice, paid from its details: it says it was made from the challan.
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('article').filter({ hasText: customer }).getByRole('button', { name: 'View Details' }).click();
  summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(/Made FromDelivery challan DC\//);
  await page.getByRole('link', { name: 'Receive payment' }).click();
  await expect((await openLine(page, 1)).getByLabel('Received Amount')).toHaveValue('1600.00');
  await page.getByRole('button', { name: 'Create Receipt' }).click();
  await expectToast(page, 'Success', 'Receipt created successfully');
  summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('PAID');
  await expect(summary).toContainText(/Balance Due₹0\.00/);
  await expect((await stockOnHand(page, item)).getByRole('cell').nth(2)).toHaveText('14');
});

/**
 * A purchase order for 10 billed in part (6) from its details: the bill says where it came from,
 * the order shows 6 billed and 4 pending, and offers the rest; the stock came in with the bill only.
 */
test('purchase order → bill (part), the rest pending', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  const vendor = unique('Kiran Suppliers');
  const item = unique('Steel tumbler');
  await page.goto('/');
  await apiPost(page, '/api/purchase/vendors', { name: vendor });
  await apiPost(page, '/api/inventory/items', { name: item, unit: 'NOS', costPrice: '60' });

  await page.goto('/module/purchase');
  await page.getByRole('list', { name: 'Purchase tasks' }).getByRole('link', { name: /Purchase Orders/ }).click();
  await page.getByRole('button', { name: 'New Purchase Order' }).click();
  await page.getByRole('combobox', { name: 'Vendor', exact: true }).selectOption({ label: vendor });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item', { exact: true }).selectOption({ label: item });
  await expect(line.getByLabel('Rate')).toHaveValue('60.00');
  await line.getByLabel('Quantity').fill('10');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Purchase Order' }).click();
  await expectToast(page, 'Success', 'Purchase order created successfully');
  await expect((await stockOnHand(page, item)).getByRole('cell').nth(2)).toHaveText('0');

  await openDetails(page, 'purchase-orders', vendor, 'Purchase Order details', 'purchase');
  await page.getByRole('link', { name: 'Convert to Invoice' }).click();
  await expect(page.getByRole('heading', { name: 'Create Invoice' })).toBeVisible();
  await page.getByLabel('Invoice Number').fill(unique('KS').replace(/\s/g, '-'));
  await takePart(page, '6');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Invoice created successfully');

  const summary = await openDetails(page, 'purchase-orders', vendor, 'Purchase Order details', 'purchase');
  await expect(summary).toContainText('PART');
  await expect(summary).toContainText(/Converted IntoPurchase invoice KS-/);
  expect(await convertedAndLeft(page, item)).toEqual(['6', '4']);
  await expect(page.getByRole('link', { name: 'Convert to Invoice' })).toBeVisible();
  await expect((await stockOnHand(page, item)).getByRole('cell').nth(2)).toHaveText('6');
});
