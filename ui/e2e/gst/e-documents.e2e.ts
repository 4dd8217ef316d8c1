import { readFile } from 'node:fs/promises';

import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, unique } from '../support';

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// A long journey (two forms, a download, a print) on a shared 2-core runner.
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 44 item 6 in the browser: a ₹69,620 sale to Karnataka from the Maharashtra shop (4
 * almirahs × ₹15,000 − ₹1,000, IGST 18 %). From its details: the transport filled in, the e-way
 * bill JSON downloaded; the IRN and signed QR pasted back, and seen on the printed invoice.
 */
test('e-way bill and e-invoice from a sale’s details: transport, JSON, IRN on the print', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Kaveri Hardware');
  const { id } = await apiPost(page, '/api/sales/customers', { name: customer, gstNumber: '29AAHCM7727Q1ZI', address: '7 Brigade Road\nBengaluru' });
  await apiPost(page, '/api/sales/invoices', {
    customerId: id,
    taxMode: 'gst',
    lines: [{ itemName: 'Steel almirah', hsn: '94031010', unit: 'PC', quantity: '4', rate: '15000', discount: '1000', gstRate: '18' }],
  });

  await page.goto('/module/sales/task/invoices');
  const card = page.getByRole('article').filter({ hasText: customer });
  await expect(card).toContainText('₹69,620.00');
  const number = (await card.getByRole('heading').first().textContent())!.trim();
  await card.getByRole('button', { name: 'View Details' }).click();
  await page.getByRole('link', { name: 'E-way bill' }).click();

  const ewb = page.getByRole('region', { name: 'E-way bill' });
  await expect(ewb).toContainText('Goods worth ₹69,620.00. Above ₹50,000.00: an e-way bill is needed.');
  await expect(ewb.getByRole('button', { name: 'Download e-way bill JSON' })).toBeDisabled();
  // A vehicle number that is not one, and a distance past 4000 km: said at the fields.
  const form = ewb.getByRole('form', { name: 'Transport details' });
  await form.getByLabel('From (place)').fill('Pune');
  await form.getByLabel('From PIN code').fill('411001');
  await form.getByLabel('To (place)').fill('Bengaluru');
  await form.getByLabel('To PIN code').fill('560001');
  await form.getByLabel('Distance (km)').fill('4200');
  await form.getByLabel('Vehicle number').fill('MH12');
  await form.getByRole('button', { name: 'Save transport' }).click();
  await expect(form.getByText('The distance is 1 to 4000 km, in whole km')).toBeVisible();
  await expect(form.getByText('A vehicle number looks like KA01AB1234')).toBeVisible();
  await form.getByLabel('Distance (km)').fill('840');
  await form.getByLabel('Vehicle number').fill('mh 12 ab 1234');
  await form.getByRole('button', { name: 'Save transport' }).click();
  await expectToast(page, 'Saved', 'Transport details saved');
  await expectAccessible(page);
  expect(await overflow(page)).toBe(0);

  const downloading = page.waitForEvent('download');
  await ewb.getByRole('button', { name: 'Download e-way bill JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`EWB-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.json`);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { billLists: Record<string, unknown>[] };
  expect(file.billLists[0]).toMatchObject({ docNo: number, fromPincode: 411001, toPincode: 560001, toStateCode: 29, totInvValue: 69620, vehicleNo: 'MH12AB1234', transDistance: 840 });

  // The e-invoice: the JSON, then what the portal gives back pasted in.
  const einv = page.getByRole('region', { name: 'E-invoice' });
  await expect(einv.getByRole('button', { name: 'Download e-invoice JSON' })).toBeEnabled();
  const irn = `${Date.now().toString(16).padStart(16, '0')}${'0a1b2c3d'.repeat(6)}`;
  const paste = einv.getByRole('form', { name: 'IRN from the portal' });
  await paste.getByLabel('IRN').fill(irn);
  await paste.getByLabel('Ack No').fill('112010036563310');
  await paste.getByLabel('Ack Date').fill('2026-11-20 12:31:00');
  await paste.getByLabel('Signed QR code').fill('eyJhbGciOiJSUzI1NiJ9.eyJEb2NObyI6IklOViJ9.c2lnbmF0dXJl');
  await paste.getByRole('button', { name: 'Save IRN' }).click();
  await expectToast(page, 'Saved', 'IRN saved: it is printed on the invoice');
  await expect(einv).toContainText(irn);

  await einv.getByRole('link', { name: 'Print with IRN' }).click();
  const printed = page.getByLabel(`Tax Invoice ${number}`);
  await expect(printed).toContainText(`IRN: ${irn}`, { timeout: 30_000 });
  await expect(printed).toContainText('Ack No: 112010036563310');
  await expect(printed.getByRole('img', { name: 'e-invoice signed QR code' })).toBeVisible();
});
