import { expect, type Locator, type Page, test } from '@playwright/test';

import { unique } from '../support';

/**
 * Issue 47 item 4 on the smallest phone (360 × 740): lists never say "Unknown Customer" or
 * "Unknown Vendor" while the parties load, and every wide table scrolls inside its own box with
 * a cue ("Scroll for more →" and a shade on the right edge) while the page never scrolls sideways.
 */
// The parties' reads are held back with page.route: the service worker would answer them unseen.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

/** A record made over the API (no page open yet: the cache stays cold), answered once the lists hold it. */
const post = async (page: Page, path: string, data: unknown) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post(path, { data, headers: { origin } });
  expect(res.status(), await res.text()).toBe(201);
  const position = res.headers()['x-event-position'] ?? '0';
  expect((await page.request.get(`${path}?limit=1`, { headers: { 'X-Min-Position': position } })).status()).toBe(200);
  // And the books and stock, which the reports read.
  expect((await page.request.get('/api/reports/profit-and-loss', { headers: { 'X-Min-Position': position } })).headers()['x-read-model-stale']).toBeUndefined();
  return (await res.json()) as { id: number; invoiceNumber: string };
};

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The table's box scrolls sideways, says so until its end, and the page stays 360 px wide. */
async function expectScrollsInItsBox(page: Page, box: Locator) {
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute('tabindex', '0');
  const frame = page.locator('[data-table-scroll]').filter({ has: box });
  const { scroll, client } = await box.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll, `${await box.getAttribute('aria-label')} is wider than its box`).toBeGreaterThan(client);
  await expect(frame.getByText('Scroll for more →')).toBeVisible();
  await expect(frame.locator('[data-scroll-cue]')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  // At the right end the cue goes.
  await box.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
  await expect(frame.locator('[data-scroll-cue]')).toHaveCount(0);
  await expect(frame.getByText('Scroll for more →')).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
}

test('lists show no "Unknown" party while the parties load', async ({ page }) => {
  const customerName = unique('Late Loading Stores');
  const vendorName = unique('Late Loading Traders');
  const customer = await post(page, '/api/sales/customers', { name: customerName });
  const vendor = await post(page, '/api/purchase/vendors', { name: vendorName });
  const line = { itemName: 'Rice 25 kg', quantity: '2', rate: '1450' };
  const sale = await post(page, '/api/sales/invoices', { customerId: customer.id, lines: [line] });
  const bill = await post(page, '/api/purchase/invoices', { vendorId: vendor.id, invoiceNumber: unique('LL').replace(/\s/g, '-'), lines: [line] });
  // Anything the page ever shows, however briefly, is seen.
  await page.addInitScript(() => {
    const seen = window as unknown as { unknownSeen: string[] };
    seen.unknownSeen = [];
    new MutationObserver(() => {
      const found = /Unknown (Customer|Vendor)/.exec(document.body.textContent ?? '');
      if (found) seen.unknownSeen.push(found[0]);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const cases = [
    { list: '/module/sales/task/invoices', parties: /\/api\/sales\/customers(\?|$)/, number: sale.invoiceNumber, name: customerName },
    { list: '/module/purchase/task/invoices', parties: /\/api\/purchase\/vendors(\?|$)/, number: bill.invoiceNumber, name: vendorName },
  ];
  for (const { list, parties, number, name } of cases) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(parties, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(list);
    const card = page.getByRole('article').filter({ hasText: number });
    await expect(card).toBeVisible();
    // The parties have not come: the name is '…', not "Unknown …".
    await expect(card).toContainText('…');
    expect(await page.evaluate(() => (window as unknown as { unknownSeen: string[] }).unknownSeen)).toEqual([]);
    release();
    await expect(card).toContainText(name);
    await page.unroute(parties);
  }
});

test('wide tables scroll inside their own box with a cue; the page never scrolls sideways', async ({ page }) => {
  // A day of its own, far from the other journeys' dates.
  const day = '2025-03-17';
  const customer = await post(page, '/api/sales/customers', { name: unique('Shree Venkateshwara Enterprises') });
  const itemName = unique('Superfine basmati rice 25 kg bag');
  const item = await post(page, '/api/inventory/items', { name: itemName, unit: 'BAG', costPrice: '1234567.89' });
  const line = { itemId: item.id, itemName, quantity: '12.5', rate: '1234567.89', gstRate: '5', hsn: '10063020' };
  const vendor = await post(page, '/api/purchase/vendors', { name: unique('Maharashtra Agro Industries') });
  await post(page, '/api/purchase/invoices', { vendorId: vendor.id, invoiceNumber: unique('MAI').replace(/\s/g, '-'), invoiceDate: day, lines: [{ ...line, quantity: '20' }] });
  const sale = await post(page, '/api/sales/invoices', { customerId: customer.id, invoiceDate: day, taxMode: 'gst', lines: [line], paidNow: '1234567.89', paymentMethod: 'cash' });
  await post(page, '/api/sales/receipts', { customerId: customer.id, receiptDate: day, paymentMethod: 'upi', amount: '9876543.21' });

  await page.goto('/module/sales/task/invoices');
  await page.getByRole('searchbox', { name: 'Search sales invoices' }).fill(sale.invoiceNumber);
  await page.getByRole('article').filter({ hasText: sale.invoiceNumber }).getByRole('button', { name: 'View Details' }).click();
  const lines = page.getByRole('region', { name: 'Lines table' });
  await expect(lines.getByRole('columnheader', { name: 'GST %' })).toBeAttached();
  await expectScrollsInItsBox(page, lines);

  await page.goto(`/print/sales-invoice/${sale.id}`);
  await expectScrollsInItsBox(page, page.getByRole('region', { name: 'Lines table' }));

  await page.goto(`/module/inventory/task/inventory?asOf=${day}`);
  await page.getByRole('searchbox', { name: 'Search items' }).fill(itemName);
  await expect(page.getByRole('row').filter({ hasText: itemName })).toBeVisible();
  await expectScrollsInItsBox(page, page.getByRole('region', { name: 'Inventory details table' }));

  for (const [path, table] of [
    [`/module/payments/task/cash-book?from=${day}&to=${day}`, 'Cash Book table'],
    [`/module/banking/task/bank-book?from=${day}&to=${day}`, 'Bank Book table'],
    [`/module/reports/task/statements?party=customer-${customer.id}&from=${day}&to=${day}`, /: 17 Mar 2025 to 17 Mar 2025 table$/],
  ] as const) {
    await page.goto(path);
    await expectScrollsInItsBox(page, page.getByRole('region', { name: table }));
  }
});
