import { readFile } from 'node:fs/promises';

import { expect, type Page, test } from '@playwright/test';

import { expectAccessible, unique } from './support';
import { holdingTheBooks } from './year-end-steps';

/**
 * Issue 43 items 2 and 6 on a 360 px phone and on desktop: a sale in each of two financial years
 * (over the API), then what the CA asks for, from the screens — the year's profit and loss with
 * the year before beside it, the debtors list as of 31 March, and the day book downloaded.
 */

const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
  const wait = await page.request.get('/api/accounting/trial-balance', { headers: { 'X-Min-Position': res.headers()['x-event-position'] ?? '0' } });
  expect(wait.headers()['x-read-model-stale']).toBeUndefined();
  return (await res.json()) as { id: number };
};

test('the year\'s P&L with the year before beside it, the debtors list and the day book downloaded', async ({ page }, info) => {
  await page.goto('/');
  // Years of each viewport's own, far from the other journeys' dates.
  const start = info.project.name === 'phone' ? 2011 : 2013;
  const name = unique('Year buyer');
  const customer = await post(page, '/api/sales/customers', { name });
  // Old years: not while another journey has the books locked over them.
  test.setTimeout(360_000);
  await holdingTheBooks(async () => {
    await post(page, '/api/sales/invoices', { customerId: customer.id, invoiceDate: `${start - 1}-06-10`, lines: [{ itemName: 'Service', quantity: '1', rate: '1111.11' }] });
    await post(page, '/api/sales/invoices', { customerId: customer.id, invoiceDate: `${start}-06-10`, lines: [{ itemName: 'Service', quantity: '2', rate: '1000.50' }] });
  });

  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // The profit and loss of the year, the year before in its own column.
  await page.goto(`/module/reports/task/profit-and-loss?from=${start}-04-01&to=${start + 1}-03-31`);
  await expect(page.getByRole('columnheader', { name: 'Year before' }).first()).toBeVisible();
  const sales = page.getByRole('row', { name: /^Sales \(less returns\)/ });
  await expect(sales).toContainText('₹2,001.00');
  await expect(sales).toContainText('₹1,111.11');
  await expect(page.getByText('Net profit ₹2,001.00 (year before: profit ₹1,111.11)')).toBeVisible();
  await noSidewaysScroll();
  await page.screenshot({ path: `test-results/screens/year-profit-and-loss-${info.project.name}.png`, fullPage: true });
  await expectAccessible(page);

  // The debtors as of 31 March: what the customer owes from both years.
  await page.goto(`/module/reports/task/debtors-and-creditors?asOf=${start + 1}-03-31`);
  await page.getByLabel('Show').selectOption('debtors');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('₹3,112.11');
  await expect(page.getByText(/: as in the balance sheet$/)).toBeVisible();
  await noSidewaysScroll();
  await page.screenshot({ path: `test-results/screens/year-debtors-${info.project.name}.png`, fullPage: true });
  await expectAccessible(page);

  // The year's day book as a file.
  await page.goto(`/module/accounting/task/day-book?from=${start}-04-01&to=${start + 1}-03-31`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Day book (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`day-book-${start}-04-01-to-${start + 1}-03-31.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Date,Voucher,Ledger,Party,Debit,Credit');
  expect(csv).toContain(`${start}-06-10,`);
  expect(csv).toMatch(/,Sales,,0\.00,2001\.00\r\n/);
});
