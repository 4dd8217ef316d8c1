import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, unique } from '../support';

/**
 * Issue 44 items 1-2 on a phone (360 px) and on desktop: a month with a sale within Maharashtra,
 * 10,000 at 18 % (CGST 900, SGST 900), and a bill, 4,000 at 18 % (CGST 360, SGST 360), read on
 * GSTR-3B as the cash to pay (CGST 900 − 360 = 540, SGST 540: ₹1,080 in all) with the portal
 * JSON; then the tie-out says the books, GSTR-1 and GSTR-3B agree: ready to file.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const openTask = async (page: Page, task: string) => {
  await page.goto('/module/reports');
  await page.getByRole('list', { name: 'Reports tasks' }).getByRole('link', { name: new RegExp(`^${task}`) }).click();
  await expect(page.getByRole('heading', { name: task, level: 1 })).toBeVisible({ timeout: 30_000 });
};

test('GSTR-3B shows the cash to pay and downloads the portal JSON; the tie-out says ready to file', async ({ page }) => {
  await page.goto('/');
  // The phone and the desktop run share one app: each takes a month of its own.
  const phone = page.viewportSize()!.width < 600;
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  const period = phone ? '2025-10' : '2025-09';
  const buyer = await apiPost(page, '/api/sales/customers', { name: unique('Pune Mart'), gstNumber: '27ABCPT5678L1ZV' });
  const vendor = await apiPost(page, '/api/purchase/vendors', { name: unique('Pune Steel'), gstNumber: '27ABCPT5678L1ZV' });
  await apiPost(page, '/api/sales/invoices', { customerId: buyer.id, invoiceDate: `${period}-05`, taxMode: 'gst', lines: [{ itemName: 'Kettle', quantity: '10', rate: '1000', gstRate: '18' }] });
  await apiPost(page, '/api/purchase/invoices', { vendorId: vendor.id, invoiceNumber: unique('PS'), invoiceDate: `${period}-06`, taxMode: 'gst', lines: [{ itemName: 'Steel', quantity: '2', rate: '2000', gstRate: '18' }] });

  await openTask(page, 'GSTR-3B');
  await page.getByLabel('Period').fill(period);
  await expect(page.getByRole('heading', { name: 'Tax to pay in cash (6.1)' })).toBeVisible();
  await expect(page.getByText('Pay in cash: CGST ₹540.00, SGST ₹540.00 (₹1,080.00 in all).')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Sales with GST \(a\)/ })).toContainText('₹10,000.00');
  await expect(page.getByRole('row', { name: /^Net credit \(C\)/ })).toContainText('₹360.00');
  const link = page.getByRole('link', { name: 'Download GSTR-3B (JSON)' });
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="GSTR3B-.*\.json"$/);
  const json = (await file.json()) as { ret_period: string; sup_details: { osup_det: unknown } };
  expect(json.ret_period).toBe(`${period.slice(5)}${period.slice(0, 4)}`);
  expect(json.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
  expect(await overflow(page)).toBe(0);
  await expectAccessible(page);
  await shot(page, 'gstr3b');

  await openTask(page, 'GST Tie-out');
  await page.getByLabel('Period').fill(period);
  await expect(page.getByText('Ready to file: every difference is explained. They tie.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^GSTR-1/ })).toContainText('₹10,000.00');
  expect(await overflow(page)).toBe(0);
  await expectAccessible(page);
  await shot(page, 'gst-tie-out');
});
