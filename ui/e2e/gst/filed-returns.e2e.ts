import { expect, type Page, test, type TestInfo } from '@playwright/test';

import { apiPost, expectAccessible, shown, unique } from '../support';

/**
 * Issue 44 item 4, filing a month on a 360-px phone and on desktop: the month's sale to a
 * registered buyer, 10 kettles at ₹1,000 and 18 % GST, ties out; its GSTR-1 is marked filed with
 * the ARN; an edit of the invoice is then refused; a credit note for one kettle dated in the month,
 * recorded later, shows as the amendment for the month's GSTR-1A (Rule 59(4A): its GSTR-3B is not
 * filed), original → amended, and "What we filed" still shows what was filed.
 */
const BUYER_GSTIN = '27ABCPT5678L1ZV';
// In paise: a kettle's rate; the GST is split half CGST, half SGST (within Maharashtra).
const RATE = 100_000;
const GST_PERCENT = 18;
const SOLD = 10;
const CREDITED = 1;
const taxable = (kettles: number) => kettles * RATE;
const halfTax = (kettles: number) => (taxable(kettles) * GST_PERCENT) / 200;
const value = (kettles: number) => taxable(kettles) + 2 * halfTax(kettles);
const line = (kettles: number) => ({ itemName: 'Kettle', quantity: String(kettles), rate: String(RATE / 100), gstRate: String(GST_PERCENT) });

/**
 * Months no other GST journey dates anything in, from July 2024 (when GSTR-1A began). Filing a
 * month locks its documents on the server every GST journey shares, and its figures must be
 * this journey's alone, so each run takes a month of its own: the phone and the desktop, each
 * repeat (--repeat-each) and each retry; none finds its month filed already, whatever ran before.
 */
const MONTHS = ['2024-08', '2024-07', '2024-10', '2024-09', '2024-12', '2024-11', '2025-02', '2025-01', '2025-05', '2025-04', '2025-07', '2025-06'];
const monthOf = (info: TestInfo, phone: boolean) => {
  const run = info.retry * info.project.repeatEach + info.repeatEachIndex;
  const month = MONTHS[2 * run + (phone ? 0 : 1)];
  if (!month) throw new Error(`Run ${run} has no month of its own: add free months to MONTHS`);
  return month;
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const label = (period: string) => `${MONTH_NAMES[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;
/** The month's GSTR-1 is due on the 11th of the next month: '2024-08' → '2024-09-11'. */
const dueDay = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-11` : `${y}-${String(m + 1).padStart(2, '0')}-11`;
};
const readable = (day: string) => `${Number(day.slice(8))} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]!.slice(0, 3)} ${day.slice(0, 4)}`;
/** The portal's ARN: AA, the state (27), the month and year of filing, a serial and a check character. */
const arnOf = (filedOn: string) => `AA27${filedOn.slice(5, 7)}${filedOn.slice(2, 4)}012345X`;

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const shot = (page: Page, name: string, phone: boolean) => page.screenshot({ path: `test-results/screens/${name}-${phone ? 'phone' : 'desktop'}.png`, fullPage: true });

const openTask = async (page: Page, task: string) => {
  await page.goto('/module/reports');
  await page.getByRole('list', { name: 'Reports tasks' }).getByRole('link', { name: new RegExp(`^${task}`) }).click();
  await expect(page.getByRole('heading', { name: task, level: 1 })).toBeVisible({ timeout: 30_000 });
};

test('the owner ties out a month, marks its GSTR-1 filed, and a later credit note of the month shows as its amendment', async ({ page }, info) => {
  // Two screens, four views and an accessibility check: over two minutes on a busy machine.
  test.setTimeout(240_000);
  await page.goto('/');
  const phone = page.viewportSize()!.width < 600;
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  const period = monthOf(info, phone);
  const filedOn = dueDay(period);
  const arn = arnOf(filedOn);
  const buyer = await apiPost(page, '/api/sales/customers', { name: unique('Filed Mart'), gstNumber: BUYER_GSTIN });
  const sale = { customerId: buyer.id, invoiceDate: `${period}-05`, taxMode: 'gst', lines: [line(SOLD)] };
  const invoice = await apiPost(page, '/api/sales/invoices', sale);

  // The tie-out first: the books and GSTR-1 agree on the month's one sale.
  await openTask(page, 'GST Tie-out');
  await page.getByLabel('Period').fill(period);
  await expect(page.getByText('Ready to file: every difference is explained. They tie.')).toBeVisible();
  for (const where of ['Books', 'GSTR-1']) {
    await expect(page.getByRole('row', { name: new RegExp(`^${where} `) }).first()).toContainText(
      [taxable(SOLD), 0, halfTax(SOLD), halfTax(SOLD), 0].map(shown).join(''),
    );
  }

  await openTask(page, 'Filed Returns');
  await page.getByLabel('Return period').fill(period);
  const gstr1 = page.getByRole('region', { name: `GSTR-1 for ${label(period)}` });
  await expect(gstr1.getByRole('status')).toHaveText('Not filed yet.');
  await gstr1.getByLabel('ARN').fill(arn);
  await gstr1.getByLabel('Filed on').fill(filedOn);
  await gstr1.getByRole('button', { name: 'Mark filed' }).click();
  await expect(gstr1.getByRole('status')).toHaveText(`Filed on ${readable(filedOn)}, ARN ${arn}.`);
  await expect(gstr1.getByText('No change since it was filed.')).toBeVisible();

  // The filed month's invoice can no longer change.
  const edit = await page.request.put(`/api/sales/invoices/${invoice.id}`, { data: { ...sale, lines: [line(SOLD - 1)] }, headers: { origin: new URL(page.url()).origin } });
  expect(edit.status()).toBe(409);
  expect(((await edit.json()) as { message: string }).message).toContain(`GSTR-1 for ${label(period)} is filed`);

  // A credit note of the 28th, recorded after filing.
  const note = await apiPost(page, '/api/sales/credit-notes', { customerId: buyer.id, invoiceId: invoice.id, noteDate: `${period}-28`, taxMode: 'gst', noteType: 'price', lines: [line(CREDITED)] });
  await page.reload();
  await page.getByLabel('Return period').fill(period);
  await expect(gstr1.getByRole('status')).toHaveText(`Filed on ${readable(filedOn)}, ARN ${arn}. The books have changed since.`);
  await expect(gstr1.getByText(`Report these in GSTR-1A of ${label(period)}:`)).toBeVisible();
  const row = gstr1.getByRole('list', { name: 'Amendments' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveText(`cdnr · Credit/debit note · ${BUYER_GSTIN} ${note.noteNumber}not reported → ${shown(value(CREDITED))}`);

  // One click each: what the month looks like now, and what was filed (left open for the screenshot).
  // GSTR-1 in amounts (with how many documents), and the chosen view's button shows it is on (filled, white text).
  const gstr1Rows = (notes: number) => [
    `B2B invoices${shown(taxable(SOLD))}1 invoice`,
    `B2C large invoices${shown(0)}0 invoices`,
    `B2C (others)${shown(0)}`,
    `Credit notes (registered)${shown(taxable(notes))}${notes} note${notes === 1 ? '' : 's'}`,
    `Credit notes (unregistered)${shown(0)}0 notes`,
    `Nil, exempt, non-GST${shown(0)}`,
    `Tax (less notes)${shown(2 * halfTax(SOLD) - 2 * halfTax(notes))}`,
  ];
  const now = gstr1.getByRole('button', { name: 'As it stands now' });
  await now.click();
  await expect(now).toHaveAttribute('aria-pressed', 'true');
  await expect(now).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(gstr1.getByLabel('GSTR-1 now').locator('div')).toHaveText(gstr1Rows(CREDITED));
  await gstr1.getByRole('button', { name: 'What we filed' }).click();
  await expect(now).toHaveAttribute('aria-pressed', 'false');
  await expect(now).not.toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(gstr1.getByLabel('GSTR-1 as filed').locator('div')).toHaveText(gstr1Rows(0));
  // GSTR-3B, not filed: the month now, the credit note taken off the sale.
  const gstr3b = page.getByRole('region', { name: `GSTR-3B for ${label(period)}` });
  await expect(gstr3b.getByRole('status')).toHaveText('Not filed yet.');
  await gstr3b.getByRole('button', { name: 'As it stands now' }).click();
  const net = SOLD - CREDITED;
  await expect(gstr3b.getByLabel('GSTR-3B now').locator('div')).toHaveText(
    [`Taxable outward${shown(taxable(net))}`, `IGST${shown(0)}`, `CGST${shown(halfTax(net))}`, `SGST${shown(halfTax(net))}`],
  );
  // Item 5: the due dates on the same screen: what needs doing (the month's GSTR-3B is overdue);
  // on "Show all", every month, the month's GSTR-1 filed on its due date.
  const dueDates = page.getByRole('list', { name: 'Returns by month' }).getByRole('listitem');
  await expect(page.getByRole('status').filter({ hasText: /returns? (is|are) overdue, the oldest/ })).toBeVisible();
  await expect(dueDates.filter({ hasText: 'Overdue' })).not.toHaveCount(0);
  await expect(dueDates.filter({ hasText: `GSTR-1 for ${label(period)}` })).toHaveCount(0);
  await page.getByRole('button', { name: /^Show all \d+$/ }).click();
  await expect(dueDates.filter({ hasText: `GSTR-3B for ${label(period)}` })).toContainText('Overdue');
  await expect(dueDates.filter({ hasText: `GSTR-1 for ${label(period)}` })).toHaveText(
    `GSTR-1 for ${label(period)}: Filed on ${readable(filedOn)}`,
  );
  expect(await overflow(page)).toBe(0);
  await expectAccessible(page);
  await shot(page, 'filed-returns', phone);
  if (phone) {
    // What an owner sees first on a 390-px phone: only what needs doing on the due dates.
    await page.getByRole('button', { name: 'Show only what is due' }).click();
    await expect(dueDates.filter({ hasText: `GSTR-1 for ${label(period)}` })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBe(0);
    await shot(page, 'filed-returns-390', phone);
  }
});
