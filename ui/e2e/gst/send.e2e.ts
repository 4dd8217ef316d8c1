import { expect, type Page, test } from '@playwright/test';

import { apiPost, expectAccessible, expectToast, toasts, unique } from '../support';

/**
 * Issue 45 items 3 and 4: sending from the phone and a party's page, in the registered shop
 * (UPI id sharmatraders@okaxis, trade name Sharma Kirana). On a 360-px phone the share sheet is
 * navigator.share, stubbed to record what was shared (the file's name, type and first bytes, the
 * text); a desktop has no share sheet and gets wa.me links, of which only the href is read.
 */

interface Shared {
  title: string;
  text: string;
  files: { name: string; type: string; size: number; head: string }[];
}

const stubShareSheet = (page: Page) =>
  page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data: ShareData) => (data.files ?? []).every((f) => f.type === 'application/pdf') });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        const files = await Promise.all((data.files ?? []).map(async (f) => ({ name: f.name, type: f.type, size: f.size, head: await f.slice(0, 5).text() })));
        shared.push({ title: data.title, text: data.text, files });
      },
    });
  });

const noShareSheet = (page: Page) => page.addInitScript(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));

/** The last share the stub recorded, once there are `count` on this page load (a full load starts again). */
const lastShared = async (page: Page, count: number): Promise<Shared> => {
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(count);
  return page.evaluate(() => (window as unknown as { shared: Shared[] }).shared.at(-1)!);
};

const decodedText = async (link: ReturnType<Page['getByRole']>) => {
  const href = (await link.getAttribute('href'))!;
  return { href, text: new URL(href).searchParams.get('text') ?? '' };
};

const money = (rupees: string) => `₹${rupees}`;
/** Today in India: the day the form dates a sale on (past 18:30 UTC it is tomorrow's date in UTC). */
const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

test('an invoice shared after saving and from its details; a reminder with a UPI link for an overdue one; the customer\'s page', async ({ page }, testInfo) => {
  const phone = testInfo.project.name.includes('phone');
  if (phone) {
    await page.setViewportSize({ width: 360, height: 740 });
    await stubShareSheet(page);
  } else {
    await noShareSheet(page);
  }
  await page.goto('/');
  const customer = unique('Send Stores');
  const { id: customerId } = await apiPost(page, '/api/sales/customers', { name: customer, phone: '+91-98200 11223' });
  // Overdue: due a month before the test runs (the books are open before it in this app).
  const overdue = await apiPost(page, '/api/sales/invoices', { customerId, taxMode: 'gst', invoiceDate: '2026-01-05', dueDate: '2026-01-20', lines: [{ itemName: 'Rice 25 kg', hsn: '1006', quantity: '2', rate: '1000', gstRate: '5' }] });
  expect(overdue.totalAmount).toBe('2100.00');

  // A new invoice from the form: the success toast offers Share on a phone.
  await page.goto('/module/sales/task/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill('Sugar 1 kg');
  await line.getByLabel('Quantity').fill('10');
  await line.getByLabel('Rate').fill('45');
  await line.getByLabel('HSN/SAC').fill('1701');
  await line.getByLabel('GST %').selectOption('5');
  await line.getByRole('button', { name: 'Save Line' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Success', 'Sales invoice created successfully');
  const card = page.getByRole('article').filter({ hasText: customer }).filter({ hasText: '₹473.00' });
  const number = (await card.getByRole('heading').first().textContent())!.trim();
  const fileName = `${number.replace(/\//g, '-')}.pdf`;
  const message = `Tax Invoice ${number} from Sharma Kirana: ₹473.00`;
  if (phone) {
    await toasts(page).getByRole('button', { name: 'Share' }).click();
    const shared = await lastShared(page, 1);
    expect(shared.files).toEqual([{ name: fileName, type: 'application/pdf', size: expect.any(Number), head: '%PDF-' }]);
    expect(shared.text).toContain(message);
    expect(shared.title).toBe(`Tax Invoice ${number}`);
  } else {
    await expect(toasts(page).getByRole('button', { name: 'Share' })).toHaveCount(0);
  }

  // Its details: a Send card, with no reminder while it is not overdue.
  await card.getByRole('button', { name: 'View Details' }).click();
  const send = page.getByRole('region', { name: 'Send' });
  if (phone) {
    await send.getByRole('button', { name: 'Share' }).click();
    const shared = await lastShared(page, 2);
    expect(shared.files.map((f) => [f.name, f.type, f.head])).toEqual([[fileName, 'application/pdf', '%PDF-']]);
    expect(shared.text).toContain(message);
  } else {
    const { href, text } = await decodedText(send.getByRole('link', { name: 'Share on WhatsApp' }));
    expect(href).toMatch(/^https:\/\/wa\.me\/919820011223\?text=/);
    expect(text).toContain(message);
  }
  await expect(send.getByText(/Send reminder/)).toHaveCount(0);
  await expectAccessible(page);

  // The customer's page, one tap from their card: balance, open documents, call, statement. The
  // journal (a projection, the slowest) has posted both sales first: a busy machine lags it by
  // more than a read waits for (5 s).
  await expect
    .poll(async () => ((await (await page.request.get(`/api/reports/statements/customer-${customerId}?to=${today}`)).json()) as { closing: string }).closing, { timeout: 60_000 })
    .toBe('2573.00');
  await page.goto('/module/sales/task/customers');
  await page.getByRole('article').filter({ hasText: customer }).getByRole('button', { name: 'View Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/party/customer-${customerId}$`));
  // Its own address: a link to it opens it on a full load too.
  await page.reload();
  await expect(page.getByRole('heading', { name: customer, level: 1 })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText(`${customer} owes you ${money('2,573.00')}.`);
  await expect(balance.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919820011223');
  await expect(balance.getByRole('link', { name: 'View statement' })).toHaveAttribute('href', `/module/reports/task/statements?party=customer-${customerId}`);
  const documents = page.getByRole('list', { name: 'Open documents' }).getByRole('listitem');
  await expect(documents).toHaveCount(2);
  const late = documents.filter({ hasText: overdue.invoiceNumber! });
  await expect(late).toContainText('OVERDUE');
  await expect(late).toContainText('₹2,100.00');
  await expect(documents.filter({ hasText: number })).not.toContainText('Send reminder');
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.screenshot({ path: testInfo.outputPath('party-page.png'), fullPage: true });

  const upi = `upi://pay?pa=sharmatraders%40okaxis&pn=Sharma%20Kirana&am=2100.00&cu=INR&tn=${encodeURIComponent(overdue.invoiceNumber!)}`;
  const reminder = [`Hello ${customer},`, `A reminder from Sharma Kirana: ₹2,100.00 is due on invoice ${overdue.invoiceNumber}, due date 20 Jan 2026.`, `Pay by UPI: ${upi}`, 'Thank you.'].join('\n');
  const statement = `Hello ${customer}, your statement of account with Sharma Kirana: ₹2,573.00 is due from you.`;
  if (phone) {
    await late.getByRole('button', { name: 'Send reminder' }).click();
    expect(await lastShared(page, 1)).toEqual({ title: `Payment reminder: ${overdue.invoiceNumber}`, text: reminder, files: [] });
    await balance.getByRole('button', { name: 'Share statement' }).click();
    const shared = await lastShared(page, 2);
    expect(shared.text).toBe(statement);
    expect(shared.files.map((f) => [f.name, f.type, f.head])).toEqual([[`statement-customer-${customerId}.pdf`, 'application/pdf', '%PDF-']]);
  } else {
    expect((await decodedText(late.getByRole('link', { name: 'Send reminder on WhatsApp' }))).text).toBe(reminder);
    expect((await decodedText(balance.getByRole('link', { name: 'Share statement on WhatsApp' }))).text).toBe(statement);
  }

  // The overdue invoice's details, from its row: the reminder there too.
  await late.getByRole('link', { name: `View ${overdue.invoiceNumber}` }).click();
  const sendLate = page.getByRole('region', { name: 'Send' });
  if (phone) {
    await sendLate.getByRole('button', { name: 'Send reminder' }).click();
    expect((await lastShared(page, 3)).text).toBe(reminder);
  } else {
    expect((await decodedText(sendLate.getByRole('link', { name: 'Send reminder on WhatsApp' }))).text).toBe(reminder);
  }
});

test('an item card shows its stock on hand', async ({ page }, testInfo) => {
  if (testInfo.project.name.includes('phone')) await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const name = unique('Jaggery');
  const { id } = await apiPost(page, '/api/inventory/items', { name, unit: 'KG', reorderLevel: '5' });
  await apiPost(page, '/api/inventory/stock-adjustments', { itemId: id, adjustmentType: 'increase', quantity: '12.5', reason: 'Opening Stock' });
  await page.goto('/module/inventory/task/items');
  await expect(page.getByRole('article').filter({ hasText: name })).toContainText('Stock on Hand12.5 KG');
});
