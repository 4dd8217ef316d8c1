import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, unique } from '../support';

/**
 * Issue 44 item 4 on a 360-px phone: August 2024's sale to a registered buyer, 10,000 at 18 %
 * (CGST 900, SGST 900, value 11,800), is filed with its ARN; an edit of the invoice is then
 * refused; a credit note of 28 August recorded later (1,000 at 18 %: value 1,180) shows as the
 * amendment for August's GSTR-1A (Rule 59(4A): its GSTR-3B is not filed), original → amended,
 * and "What we filed" still shows what was filed. August 2024 is this test's alone: filing it
 * locks its documents for the other GST journeys on the same server.
 */
const PERIOD = '2024-08';
const ARN = 'AA270924012345X';
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the owner marks August filed, a later credit note of August shows as its amendment', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.setViewportSize({ width: 360, height: 740 });
  const buyer = await apiPost(page, '/api/sales/customers', { name: unique('Filed Mart'), gstNumber: '27ABCPT5678L1ZV' });
  const sale = { customerId: buyer.id, invoiceDate: `${PERIOD}-05`, taxMode: 'gst', lines: [{ itemName: 'Kettle', quantity: '10', rate: '1000', gstRate: '18' }] };
  const invoice = await apiPost(page, '/api/sales/invoices', sale);

  await page.goto('/module/reports');
  await page.getByRole('list', { name: 'Reports tasks' }).getByRole('link', { name: /^Filed Returns/ }).click();
  await expect(page.getByRole('heading', { name: 'Filed Returns', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Return period').fill(PERIOD);
  const gstr1 = page.getByRole('region', { name: 'GSTR-1 for August 2024' });
  await expect(gstr1.getByRole('status')).toHaveText('Not filed yet.');
  await gstr1.getByLabel('ARN').fill(ARN);
  await gstr1.getByLabel('Filed on').fill('2024-09-11');
  await gstr1.getByRole('button', { name: 'Mark filed' }).click();
  await expect(gstr1.getByRole('status')).toHaveText(`Filed on 11 Sep 2024, ARN ${ARN}.`);
  await expect(gstr1.getByText('No change since it was filed.')).toBeVisible();

  // The filed month's invoice can no longer change.
  const edit = await page.request.put(`/api/sales/invoices/${invoice.id}`, { data: { ...sale, lines: [{ itemName: 'Kettle', quantity: '9', rate: '1000', gstRate: '18' }] }, headers: { origin: new URL(page.url()).origin } });
  expect(edit.status()).toBe(409);
  expect(((await edit.json()) as { message: string }).message).toContain('GSTR-1 for August 2024 is filed');

  // A credit note of 28 August, recorded after filing.
  await apiPost(page, '/api/sales/credit-notes', { customerId: buyer.id, invoiceId: invoice.id, noteDate: `${PERIOD}-28`, taxMode: 'gst', noteType: 'price', lines: [{ itemName: 'Kettle', quantity: '1', rate: '1000', gstRate: '18' }] });
  await page.reload();
  await page.getByLabel('Return period').fill(PERIOD);
  await expect(gstr1.getByRole('status')).toHaveText(`Filed on 11 Sep 2024, ARN ${ARN}. The books have changed since.`);
  await expect(gstr1.getByText('Report these in GSTR-1A of August 2024:')).toBeVisible();
  const row = gstr1.getByRole('list', { name: 'Amendments' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('cdnr · Credit/debit note · 27ABCPT5678L1ZV');
  await expect(row).toContainText('not reported → ₹1,180.00');

  // One click each: what was filed, and what August looks like now.
  await gstr1.getByRole('button', { name: 'What we filed' }).click();
  await expect(gstr1.getByLabel('GSTR-1 as filed').getByText('Credit notes (registered)').locator('..')).toContainText('0');
  await gstr1.getByRole('button', { name: 'As it stands now' }).click();
  await expect(gstr1.getByLabel('GSTR-1 now').getByText('Credit notes (registered)').locator('..')).toContainText('1');
  // Item 5: the due dates on the same screen, August's GSTR-1 filed on its due date.
  await expect(page.getByRole('list', { name: 'Returns by month' }).getByRole('listitem').filter({ hasText: 'GSTR-1 for August 2024' })).toHaveText('GSTR-1 for August 2024: Filed on 11 Sep 2024');
  expect(await overflow(page)).toBe(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/filed-returns-phone.png', fullPage: true });
});
