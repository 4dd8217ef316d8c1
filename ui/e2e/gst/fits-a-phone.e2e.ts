import { MODULES } from '@erp/contracts';
import { expect, type Page, test } from '@playwright/test';

import { apiPost } from '../support';

/**
 * Issue 20 item 6: every screen fits a 360-px-wide phone with no sideways page scroll — home,
 * settings, every module and task list, each list's new form, and a document's details. Wide
 * tables scroll inside their own region, never the page.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
// One test per module (each loads up to twenty pages to network idle), so a busy runner's slowness is not summed over a hundred pages.
test.describe.configure({ timeout: 180_000 });

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const post = apiPost;

/** A document of each kind with the longest words a shop types, so every details view has one to show (once per worker). */
let seeded = false;
const seed = async (page: Page) => {
  if (seeded) return;
  const customer = await post(page, '/api/sales/customers', { name: 'Shree Venkateshwara Enterprises and Distributors', phone: '+91 98200 11223' });
  const vendor = await post(page, '/api/purchase/vendors', { name: 'Maharashtra Agro Industries Cooperative' });
  const line = { itemName: 'Superfinekashmirimamra almonds 500g', quantity: '12.5', rate: '1234567.89', gstRate: '5', hsn: '08021200' };
  const sale = await post(page, '/api/sales/invoices', { customerId: customer.id, taxMode: 'gst', lines: [line], paidNow: '1000' });
  const bill = await post(page, '/api/purchase/invoices', { vendorId: vendor.id, invoiceNumber: `MAIC/${Date.now() % 100_000}`, taxMode: 'gst', lines: [line], paidNow: '1000' });
  await post(page, '/api/sales/credit-notes', { customerId: customer.id, invoiceId: sale.id, lines: [{ invoiceLineNo: 1, quantity: '1' }] });
  await post(page, '/api/purchase/debit-notes', { vendorId: vendor.id, invoiceId: bill.id, lines: [{ invoiceLineNo: 1, quantity: '1' }] });
  // An advance each way, part of it refunded: a refund of each side to show.
  const advance = await post(page, '/api/sales/receipts', { customerId: customer.id, paymentMethod: 'cash', amount: '123456.78' });
  const prepaid = await post(page, '/api/purchase/payments', { vendorId: vendor.id, paymentMethod: 'upi', amount: '123456.78' });
  await post(page, '/api/sales/refunds', { customerId: customer.id, paymentMethod: 'cash', lines: [{ source: `receipt-${advance.id}`, amount: '100000.00' }] });
  await post(page, '/api/purchase/refunds', { vendorId: vendor.id, paymentMethod: 'upi', lines: [{ source: `vendor-payment-${prepaid.id}`, amount: '100000.00' }] });
  seeded = true;
};

/** Loads a page to network idle and notes how far it scrolls sideways. */
const measure = async (page: Page, what: string, wide: string[], seen: string[]) => {
  seen.push(what);
  await page.waitForLoadState('networkidle');
  const by = await overflow(page);
  if (by > 0) wide.push(`${what}: ${by}px too wide`);
};

test('home and settings fit 360 px without sideways scrolling', async ({ page }) => {
  const wide: string[] = [];
  const seen: string[] = [];
  await page.goto('/');
  await seed(page);
  await page.goto('/');
  await measure(page, 'home', wide, seen);
  await page.goto('/settings');
  await measure(page, 'settings', wide, seen);
  expect(wide).toEqual([]);
});

for (const module of MODULES) {
  test(`every screen of ${module.title} fits 360 px without sideways scrolling`, async ({ page }) => {
    await page.goto('/');
    await seed(page);
    const wide: string[] = [];
    const seen: string[] = [];
    await page.goto(`/module/${module.name}`);
    await measure(page, `module ${module.name}`, wide, seen);
    // The task list renders after its chunk loads, which network idle can beat: wait for it, then read every link.
    await expect(page.getByRole('list', { name: `${module.title} tasks` }).getByRole('link').first()).toBeVisible();
    const tasks = await page.getByRole('link').filter({ has: page.locator('h2, h3') }).all();
    const hrefs = (await Promise.all(tasks.map((t) => t.getAttribute('href')))).filter((h): h is string => !!h && h.includes('/task/'));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      await measure(page, href, wide, seen);
      const add = page.getByRole('main').getByRole('button', { name: /^(Add|New) / }).first();
      if (await add.isVisible().catch(() => false)) {
        await add.click();
        await measure(page, `${href} new form`, wide, seen);
      }
      // A fresh entry (the same URL again would keep the form open in its history state).
      await page.goto('/');
      await page.goto(href);
      await page.waitForLoadState('networkidle');
      const details = page.getByRole('button', { name: 'View Details' }).first();
      if (await details.isVisible().catch(() => false)) {
        await details.click();
        await measure(page, `${href} details`, wide, seen);
      }
    }
    expect(wide).toEqual([]);
    // The lists with records to add measured their new form, and those with documents their details.
    if (['purchase', 'sales'].includes(module.name)) {
      expect(seen.filter((s) => s.endsWith('new form')).length).toBeGreaterThanOrEqual(3);
      expect(seen.filter((s) => s.endsWith('details')).length).toBeGreaterThanOrEqual(3);
    }
  });
}
