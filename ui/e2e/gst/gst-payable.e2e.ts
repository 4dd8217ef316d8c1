import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, unique } from '../support';

/**
 * Issue 42 on a phone and on desktop: the GST issue's month — a sale to Karnataka with IGST
 * 2,155.20 and nil, exempt and non-GST lines, a purchase in Maharashtra with CGST and SGST
 * 822.07 each — read on GST Returns as what to pay (IGST ₹511.06 in cash, no credit left); and a
 * credit note to an unregistered buyer in Karnataka printed with its invoice's date and IGST.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('GST returns say the cash to pay after the set-off; a credit note prints where and when its invoice was', async ({ page }) => {
  await page.goto('/');
  // The phone and the desktop run share one app: each takes a month of its own.
  const phone = page.viewportSize()!.width < 600;
  const period = phone ? '2025-12' : '2025-11';
  const buyer = await apiPost(page, '/api/sales/customers', { name: unique('Bangalore Mart'), gstNumber: '29AAHCM7727Q1ZI' });
  const vendor = await apiPost(page, '/api/purchase/vendors', { name: unique('Pune Steel'), gstNumber: '27ABCPT5678L1ZV' });
  await apiPost(page, '/api/sales/invoices', {
    customerId: buyer.id,
    invoiceDate: `${period}-05`,
    taxMode: 'gst',
    lines: [
      { itemName: 'Machine', hsn: '8422', unit: 'NOS', quantity: '1', rate: '11973.33', gstRate: '18' },
      { itemName: 'Rice', hsn: '1006', unit: 'KG', quantity: '10', rate: '30', gstRate: '0' },
      { itemName: 'Milk', hsn: '0401', unit: 'LTR', quantity: '10', rate: '50', gstRate: '0', gstCategory: 'exempt' },
    ],
  });
  await apiPost(page, '/api/purchase/invoices', { vendorId: vendor.id, invoiceNumber: unique('PS'), invoiceDate: `${period}-06`, taxMode: 'gst', lines: [{ itemName: 'Steel', quantity: '1', rate: '9134.11', gstRate: '18' }] });

  await page.goto('/module/reports');
  await page.getByRole('list', { name: 'Reports tasks' }).getByRole('link', { name: /GST Returns/ }).click();
  await expect(page.getByRole('heading', { name: 'GST Returns', level: 1 })).toBeVisible();
  await page.getByLabel('Period').fill(period);
  await expect(page.getByRole('heading', { name: 'What to pay this month (GSTR-3B 6.1)' })).toBeVisible();
  await expect(page.getByText('Pay in cash: IGST ₹511.06. Credit left for next month: none.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^IGST/ })).toContainText('₹1,644.14 (CGST credit ₹822.07 + SGST credit ₹822.07)');
  await expect(page.getByRole('row', { name: /^Nil-rated and exempt/ })).toContainText('₹800.00');
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflow(page)).toBe(0);
  await expectAccessible(page);
  await shot(page, 'gst-payable');

  // A credit note to an unregistered buyer in Karnataka, its place of supply left blank: IGST, as its invoice.
  const walkIn = await apiPost(page, '/api/sales/customers', { name: unique('Walk-in') });
  const sale = await apiPost(page, '/api/sales/invoices', {
    customerId: walkIn.id,
    invoiceDate: `${period}-10`,
    taxMode: 'gst',
    placeOfSupply: '29',
    lines: [{ itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' }],
  });
  const note = await apiPost(page, '/api/sales/credit-notes', { customerId: walkIn.id, invoiceId: sale.id, noteDate: `${period}-20`, taxMode: 'gst', lines: [{ invoiceLineNo: 1, quantity: '1' }] });
  await page.goto(`/print/credit-note/${note.id}`);
  const printed = page.getByLabel(/^Credit Note /);
  await expect(printed).toContainText(`Against invoice: ${sale.invoiceNumber!} dated 10-${period.slice(5)}-${period.slice(0, 4)}`);
  await expect(printed).toContainText('Place of supply: 29-Karnataka');
  await expect(printed.getByRole('columnheader', { name: 'IGST %' }).first()).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await shot(page, 'gst-note-print');
});
