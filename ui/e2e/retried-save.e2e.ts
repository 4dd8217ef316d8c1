import { HEADERS, salesInvoices } from '@erp/contracts';
import { expect, type Page, test } from '@playwright/test';

import { apiPost, unique } from './support';

/**
 * Issue 41 item 7: a save whose answer the network lost. The server records the sale, the
 * browser sees a dropped connection; since the outbox (issue 47) the sale is kept on the device
 * as waiting to sync and sent again with the same Idempotency-Key, so the server answers the
 * first result. One sale in the log, one number used.
 */

type Recorded = { data: { customerId: number; invoiceNumber: string } };

/** The sales recorded for `customerId`, read from the event log page by page. */
const salesOf = async (page: Page, customerId: number) => {
  const found: Recorded[] = [];
  for (let after = '0'; ; ) {
    const res = await page.request.get(`/api/events?type=${salesInvoices.events.names.recorded}&limit=1000&after=${after}`);
    expect(res.status()).toBe(200);
    const events = (await res.json()) as Recorded[];
    found.push(...events.filter((e) => e.data.customerId === customerId));
    if (events.length === 0) return found;
    after = res.headers()[HEADERS.nextAfter.toLowerCase()]!;
  }
};

test('a sale whose answer was lost waits on the device and is sent again with the same key: one sale, one number', async ({ page }) => {
  await page.goto('/');
  const customer = unique('Lost Answer Stores');
  const { id: customerId } = await apiPost(page, '/api/sales/customers', { name: customer });

  // The first POST reaches the server (which records the sale); its answer never reaches the browser.
  const keys: (string | undefined)[] = [];
  let recordedFirst: number | undefined;
  await page.route(salesInvoices.path, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()[HEADERS.idempotencyKey.toLowerCase()]);
    if (keys.length > 1) return route.continue();
    const answer = await route.fetch();
    recordedFirst = answer.status();
    await route.abort('connectionreset');
  });

  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Basmati rice 5 kg');
  await line.getByLabel('Rate').fill('640');
  await line.getByRole('button', { name: 'Save Line' }).click();

  await page.getByRole('button', { name: 'Create Invoice' }).click();
  // Kept, not lost: the sale waits on the device, saying so.
  await expect(page.getByText('Waiting to sync', { exact: false }).first()).toBeVisible();
  expect(recordedFirst).toBe(201);
  // The outbox sends it again (it retries every 15 s) with the same key: the server answers the first result.
  await expect.poll(() => keys.length, { timeout: 60_000 }).toBe(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const card = page.getByRole('article').filter({ hasText: customer });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  const numbers = (await salesOf(page, customerId)).map((e) => e.data.invoiceNumber);
  expect(numbers, 'the sale in the log once, with one number').toHaveLength(1);
  await expect(card).toContainText(numbers[0]!);
});
