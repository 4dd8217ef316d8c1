import { expect, type Locator, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, openLine, unique } from '../support';

/**
 * Issue 20 item 2: a sale and its payment in one go, counted in taps. A 3-line sale to a known
 * customer, paid in full, from the invoice list: New Invoice, the customer, three items from the
 * catalogue (their rate, unit and GST filled in; each pick readies the next line), 'Received in
 * full', Create Invoice. A select counts as two taps (open, choose); typing the quantities is
 * not counted. Then a bill still due is paid from its card in two taps.
 */

const post = apiPost;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });

/** Taps as a person makes them: a button is one, a select two (open it, choose). */
const counter = () => {
  let taps = 0;
  return {
    get taps() {
      return taps;
    },
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    choose: async (select: Locator, label: string) => {
      taps += 2;
      await select.selectOption({ label });
    },
  };
};

test('a 3-line sale paid in full takes at most 12 taps, and the receipt is recorded with it', async ({ page }) => {
  await page.goto('/');
  const tag = unique('').trim();
  const customer = unique('Counter customer');
  await post(page, '/api/sales/customers', { name: customer, phone: '+91 98200 11223' });
  const items = [
    { name: `Basmati rice 5kg ${tag}`, unit: 'BAG', hsnCode: '1006', sellingPrice: '610.00', taxRate: '5' },
    { name: `Sunflower oil 1L ${tag}`, unit: 'BTL', hsnCode: '1512', sellingPrice: '145.50', taxRate: '5' },
    { name: `Steel tumbler ${tag}`, unit: 'NOS', hsnCode: '7323', sellingPrice: '89.00', taxRate: '12' },
  ];
  for (const item of items) await post(page, '/api/inventory/items', item);
  await page.goto('/module/sales/task/invoices');
  await expect(page.getByRole('heading', { name: 'Sales Invoices' })).toBeVisible();

  const person = counter();
  await person.tap(page.getByRole('button', { name: 'New Invoice' }));
  await person.choose(page.getByLabel('Customer'), customer);
  const quantities = ['2', '3', '6'];
  for (const [index, item] of items.entries()) {
    const line = page.getByRole('group', { name: `Line ${index + 1}` });
    await person.choose(line.getByLabel('Item', { exact: true }), item.name);
    await line.getByLabel('Quantity').fill(quantities[index]!);
  }
  // Taxable 1,220 + 436.50 + 534 = 2,190.50; CGST = SGST = 73.45; 2,337.40 → 2,337.00.
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('₹2,337.00');
  await person.tap(page.getByRole('button', { name: /^Received in full/ }));
  await expect(page.getByLabel('Received Now')).toHaveValue('2337.00');
  await expect(page.getByLabel('Payment Method')).toHaveValue('cash');
  await expectAccessible(page);
  await shot(page, 'paid-sale-form');
  await person.tap(page.getByRole('button', { name: 'Create Invoice' }));
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  expect(person.taps, 'taps for a 3-line sale paid in full').toBeLessThanOrEqual(12);
  test.info().annotations.push({ type: 'taps', description: `3-line sale paid in full: ${person.taps} taps` });

  const card = page.getByRole('article').filter({ hasText: customer });
  await expect(card).toContainText('PAID');
  await expect(card).toContainText('Balance Due₹0.00');
  await expect(card.getByRole('button', { name: 'Receive payment' })).toHaveCount(0);

  await page.goto('/module/sales/task/receipts');
  const receipt = page.getByRole('article').filter({ hasText: customer });
  await expect(receipt).toContainText('₹2,337.00');
  await expect(receipt).toContainText('Cash');
  // Numbered in the receipts' own series.
  await expect(receipt).toContainText(/RCT\/\d{4}-\d{2}\/\d{4}/);
});

test('an invoice still due is paid from its card: the receipt comes filled in, and the method is remembered', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Credit customer');
  const { id } = await post(page, '/api/sales/customers', { name: customer });
  await post(page, '/api/sales/invoices', { customerId: id, taxMode: 'manual', lines: [{ itemName: 'Cement bag', quantity: '10', rate: '385.00' }] });
  await page.goto('/module/sales/task/invoices');
  const card = page.getByRole('article').filter({ hasText: customer });
  await expect(card).toContainText('Balance Due₹3,850.00');

  const person = counter();
  await person.tap(card.getByRole('button', { name: 'Receive payment' }));
  await expect(page.getByRole('heading', { name: 'Create Receipt' })).toBeVisible();
  await expect(page.getByLabel('Customer')).toHaveValue(String(id));
  await expect(page.getByRole('group', { name: 'Line 1' })).toContainText('Saved');
  // Looked at, not a tap the sale needs: a phone shows the saved line as a row.
  await expect((await openLine(page, 1)).getByLabel('Received Amount')).toHaveValue('3850.00');
  await person.choose(page.getByLabel('Payment Method'), 'UPI');
  await person.tap(page.getByRole('button', { name: 'Create Receipt' }));
  await expectToast(page, 'Success', 'Receipt created successfully');
  expect(person.taps).toBe(4);

  // Back on the invoices: paid. The next sale offers UPI, the method used last.
  await page.goto('/module/sales/task/invoices');
  await expect(page.getByRole('article').filter({ hasText: customer })).toContainText('PAID');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await expect(page.getByLabel('Payment Method')).toHaveValue('upi');
});

test('a part paid at the counter leaves the rest due, and Receive payment on its details takes the rest', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Part payer');
  await post(page, '/api/sales/customers', { name: customer });
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Tax Mode').selectOption('manual');
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Paint 20L');
  await line.getByLabel('Quantity').fill('1');
  await line.getByLabel('Rate').fill('4200');
  await page.getByLabel('Received Now').fill('1500');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  const card = page.getByRole('article').filter({ hasText: customer });
  await expect(card).toContainText('PARTIAL');
  await expect(card).toContainText('Balance Due₹2,700.00');

  await card.getByRole('button', { name: 'View Details' }).click();
  await page.getByRole('link', { name: 'Receive payment' }).click();
  await expect((await openLine(page, 1)).getByLabel('Received Amount')).toHaveValue('2700.00');
  await page.getByRole('button', { name: 'Create Receipt' }).click();
  await expectToast(page, 'Success', 'Receipt created successfully');
  // Back where the payment was taken from: the invoice's details, paid, with both receipts.
  await expect(page.getByText('Sales invoice details')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('PAID');
  await expect(summary).toContainText('Balance Due₹0.00');
  await expect(page.getByRole('link', { name: 'Receive payment' })).toHaveCount(0);
});

test('more than the total received is refused on the field, and nothing is saved', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Over payer');
  await post(page, '/api/sales/customers', { name: customer });
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  await page.getByLabel('Tax Mode').selectOption('manual');
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Fan');
  await line.getByLabel('Quantity').fill('1');
  await line.getByLabel('Rate').fill('1000');
  await page.getByLabel('Received Now').fill('1000.01');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText(/Received now .*1,000\.00|only ₹1,000\.00/i).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Sales Invoice' })).toBeVisible();
});
