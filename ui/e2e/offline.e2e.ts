import { customersEntity, HEADERS, receipts, salesInvoices } from '@erp/contracts';
import { expect, type Page, test } from '@playwright/test';

import { apiPost, toasts, unique } from './support';

/**
 * Issue 47, on a phone: with no network a sale with its payment, a receipt and a new customer
 * are made and a customer is changed; they survive a reload and the app being closed and opened
 * again, offline; back online they sync once each, in order, and the change that another device
 * made meanwhile to the same customer is shown, not overwritten.
 */

type Logged = { position: string; data: Record<string, unknown> };

/** The events of a type in the server's log that match, read page by page. */
const logged = async (page: Page, type: string, match: (data: Record<string, unknown>) => boolean) => {
  const found: Logged[] = [];
  for (let after = '0'; ; ) {
    const res = await page.request.get(`/api/events?type=${type}&limit=1000&after=${after}`);
    expect(res.status()).toBe(200);
    const events = (await res.json()) as Logged[];
    found.push(...events.filter((e) => match(e.data)));
    if (events.length === 0) return found;
    after = res.headers()[HEADERS.nextAfter.toLowerCase()]!;
  }
};

/** The device's series code from its IndexedDB store ('' before it has registered). */
const deviceCode = (page: Page) =>
  page.evaluate(async () => {
    // Opened only once the app made it: opening it first would make it with no store in it.
    if (!(await indexedDB.databases()).some((d) => d.name === 'erp-device')) return '';
    return new Promise<string>((resolve) => {
      const open = indexedDB.open('erp-device');
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('series')) return resolve((db.close(), ''));
        const read = db.transaction('series').objectStore('series').get('code');
        read.onsuccess = () => resolve((db.close(), typeof read.result === 'string' ? read.result : ''));
        read.onerror = () => resolve((db.close(), ''));
      };
    });
  });

const status = (page: Page) => page.getByRole('banner').getByRole('status');
const waitingCard = (page: Page, text: string | RegExp) => page.getByRole('article').filter({ hasText: 'Waiting to sync' }).filter({ hasText: text });

test('made offline, kept through a reload and a restart, synced once each in order; a conflicting edit is shown', async ({ page, context }) => {
  // Online first: the app installs its service worker, registers the device for its own
  // series, and keeps what the screens read (the lists the forms pick from).
  await page.goto('/');
  const buyer = unique('Offline Sale Stores');
  const payer = unique('Offline Receipt Traders');
  const edited = unique('Conflict Mart');
  const newcomer = unique('Offline New Customer');
  const { id: buyerId } = await apiPost(page, customersEntity.path, { name: buyer });
  const { id: payerId } = await apiPost(page, customersEntity.path, { name: payer });
  const { id: editedId } = await apiPost(page, customersEntity.path, { name: edited, phone: '9000000001' });
  const owed = await apiPost(page, salesInvoices.path, { customerId: payerId, lines: [{ itemName: 'Rice 25 kg', rate: '1800' }] });

  await page.goto('/module/sales/task/receipts');
  await expect(status(page)).toHaveText('Online');
  // The code the device registered under, read where the app keeps it (a response body read
  // after the next navigation is gone: a flake on a busy machine).
  let code = '';
  await expect.poll(async () => (code = await deviceCode(page)), { timeout: 15_000 }).toMatch(/^\S+$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.getByRole('button', { name: 'New Receipt' }).click();
  await page.getByLabel('Customer').selectOption({ label: payer });
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  await expect(page.getByRole('group', { name: 'Line 1' }).getByLabel('Invoice').locator('option', { hasText: owed.invoiceNumber! })).toHaveCount(1);
  await page.getByRole('button', { name: 'Back to list' }).click();
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await expect(page.getByLabel('Customer').locator('option', { hasText: buyer })).toHaveCount(1);
  await page.goto('/module/sales/task/customers');
  await page.getByRole('article').filter({ hasText: edited }).getByRole('button', { name: edited }).click();
  await expect(page.getByLabel('Phone')).toHaveValue('9000000001');

  await context.setOffline(true);
  await expect(status(page)).toHaveText('Offline');
  // A change to a customer, offline: kept with the version it was made on.
  await page.getByLabel('Phone').fill('9000000002');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline: saving keeps' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Customer' }).click();
  await expect(toasts(page).getByText('Saved on this device', { exact: true })).toBeVisible();

  // A sale with its payment.
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: buyer });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Basmati rice 5 kg');
  await line.getByLabel('Rate').fill('640');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await page.getByLabel('Received Now').fill('640');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toasts(page).getByText('Sales invoice waiting to sync: it is sent when the network is back.')).toBeVisible();
  const saleNumber = new RegExp(`^${code}/\\d{4}-\\d{2}/\\d{4}$`);
  await expect(waitingCard(page, buyer).getByRole('heading')).toHaveText(saleNumber);
  const number = (await waitingCard(page, buyer).getByRole('heading').textContent())!;

  // A receipt for an invoice the device saw online.
  await page.goto('/module/sales/task/receipts');
  await page.getByRole('button', { name: 'New Receipt' }).click();
  await page.getByLabel('Customer').selectOption({ label: payer });
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const receiptLine = page.getByRole('group', { name: 'Line 1' });
  const option = receiptLine.getByLabel('Invoice').locator('option', { hasText: owed.invoiceNumber! });
  await receiptLine.getByLabel('Invoice').selectOption({ label: (await option.textContent())! });
  await receiptLine.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Create Receipt' }).click();
  await expect(waitingCard(page, payer)).toBeVisible();

  // A new customer.
  await page.goto('/module/sales/task/customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  await page.getByLabel('Customer Name').fill(newcomer);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(waitingCard(page, newcomer)).toBeVisible();
  await expect(status(page)).toHaveText('Offline · 4 waiting');

  // Meanwhile another device changes the same customer.
  await page.request.put(`${customersEntity.path}/${editedId}`, { data: { name: edited, phone: '9111111111' }, headers: { origin: new URL(page.url()).origin } }).then((r) => expect(r.status()).toBe(200));

  // Reloaded, then the app closed and opened again, all offline: everything still waits.
  await page.reload();
  await expect(waitingCard(page, newcomer)).toBeVisible();
  await expect(waitingCard(page, /9000000002/)).toBeVisible();
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/module/sales/task/invoices');
  await expect(waitingCard(reopened, buyer).getByRole('heading')).toHaveText(number);
  await expect(status(reopened)).toHaveText('Offline · 4 waiting');
  await reopened.goto('/module/sales/task/receipts');
  await expect(waitingCard(reopened, payer)).toBeVisible();

  // Back online: sent in order, once each; the stale change is refused and shown.
  await context.setOffline(false);
  await expect(status(reopened)).toHaveText('1 not sent', { timeout: 30_000 });
  const sales = await logged(reopened, salesInvoices.events.names.recorded, (d) => d.customerId === buyerId);
  const paid = await logged(reopened, receipts.events.names.recorded, (d) => d.customerId === payerId);
  const made = await logged(reopened, customersEntity.events.names.created, (d) => d.name === newcomer);
  expect(sales.map((e) => e.data.invoiceNumber)).toEqual([number]);
  expect(paid).toHaveLength(1);
  expect(made).toHaveLength(1);
  const positions = [sales[0]!, paid[0]!, made[0]!].map((e) => BigInt(e.position));
  expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
  const theirs = (await (await reopened.request.get(`${customersEntity.path}/${editedId}`)).json()) as { phone: string };
  expect(theirs.phone).toBe('9111111111');

  await reopened.goto('/module/sales/task/customers');
  const refused = reopened.getByRole('article').filter({ hasText: 'Not accepted' });
  await expect(refused).toContainText('changed on another device');
  await expect(refused).toContainText('9000000002');
  await expect(reopened.getByRole('article').filter({ hasText: newcomer }).filter({ hasNotText: 'Waiting to sync' })).toHaveCount(1);
  await reopened.goto('/module/sales/task/invoices');
  await expect(reopened.getByRole('article').filter({ hasText: number })).toContainText('PAID');
});
