import { expect, type Page, test } from '@playwright/test';

import { expectAccessible, unique } from './support';

/**
 * Issue 42 on a phone and on desktop: stock bought and part sold on one day (over the API), then
 * read as the owner would — the P&L's trading part with the gross profit, and the balance
 * sheet's stock, the same figure as the Inventory Report's total for that day.
 */

/** A write made behind the screens' back, waited for in the books and the stock before a report reads it. */
const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
  const wait = await page.request.get('/api/reports/profit-and-loss', { headers: { 'X-Min-Position': res.headers()['x-event-position'] ?? '0' } });
  expect(wait.headers()['x-read-model-stale']).toBeUndefined();
  return (await res.json()) as { id: number };
};

test('after a purchase and a sale, the P&L shows the gross profit and the balance sheet the stock the Inventory Report values', async ({ page }, info) => {
  await page.goto('/');
  // A day of each viewport's own, far from the other journeys' dates.
  const day = info.project.name === 'phone' ? '2025-02-14' : '2025-01-14';
  const name = unique('Steel tumbler');
  const item = await post(page, '/api/inventory/items', { name, unit: 'NOS', costPrice: '90' });
  const vendor = await post(page, '/api/purchase/vendors', { name: unique('Tumbler maker') });
  const customer = await post(page, '/api/sales/customers', { name: unique('Tumbler buyer') });
  const number = (prefix: string) => unique(prefix).replace(/\s/g, '-');
  await post(page, '/api/purchase/invoices', { vendorId: vendor.id, invoiceNumber: number('TM'), invoiceDate: day, lines: [{ itemId: item.id, itemName: name, quantity: '10', rate: '100' }] });
  await post(page, '/api/sales/invoices', { customerId: customer.id, invoiceNumber: number('TB'), invoiceDate: day, lines: [{ itemId: item.id, itemName: name, quantity: '4', rate: '150' }] });

  // Sold 4 for ₹600.00 that cost ₹100.00 each: ₹400.00 of goods sold, ₹200.00 gross profit. On the smallest phone too.
  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/module/reports/task/profit-and-loss?from=${day}&to=${day}`);
  await expect(page.getByText('Gross profit ₹200.00 on sales of ₹600.00')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Cost of goods sold/ })).toContainText('₹400.00');
  await expect(page.getByRole('row', { name: /^Gross profit/ })).toContainText('₹200.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/screens/stock-profit-and-loss-${info.project.name}.png`, fullPage: true });
  await expectAccessible(page);

  // Other journeys write too: both read again until they are read between the same writes.
  await expect(async () => {
    await page.goto(`/module/reports/task/balance-sheet?asOf=${day}`);
    // The amount as of the day (the column after it is the year before).
    const stock = await page.getByRole('row', { name: /^Stock-in-Hand/ }).getByRole('cell').nth(2).textContent();
    await page.goto(`/module/inventory/task/inventory?asOf=${day}`);
    await page.getByRole('searchbox', { name: 'Search items' }).fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('₹600.00');
    expect(await page.getByText(/^Total Inventory Value as of/).locator('strong').textContent()).toBe(stock);
  }).toPass({ timeout: 30_000 });
});
