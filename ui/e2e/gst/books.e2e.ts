import { expect, type Page, test } from '@playwright/test';

import { expectAccessible, expectToast, unique } from '../support';

/**
 * Issue 21 on a phone and on desktop: a sale and part of its payment, made over the API, then
 * read as the owner would — the customer's statement (kept over a reload), the trial balance
 * (debits equal credits), the GST returns with the GSTR-1 file, each from its module's tasks.
 */

/** A write made behind the screens' back, waited for in the journal before a report reads it. */
const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
  const wait = await page.request.get('/api/accounting/trial-balance', { headers: { 'X-Min-Position': res.headers()['x-event-position'] ?? '0' } });
  expect(wait.headers()['x-read-model-stale']).toBeUndefined();
  return (await res.json()) as { id: number; invoiceNumber: string; totalAmount: string };
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width < 600 ? 'phone' : 'desktop'}.png`, fullPage: true });

const openTask = async (page: Page, module: string, task: string) => {
  await page.goto(`/module/${module.toLowerCase()}`);
  await page.getByRole('list', { name: `${module} tasks` }).getByRole('link', { name: new RegExp(task) }).click();
  await expect(page.getByRole('heading', { name: task, level: 1 })).toBeVisible();
};

test('a statement, the trial balance and the GST returns of a sale part paid', async ({ page }) => {
  await page.goto('/');
  const name = unique('Books customer');
  const customer = await post(page, '/api/sales/customers', { name, gstNumber: '27ABCPT5678L1ZV' });
  const invoice = await post(page, '/api/sales/invoices', {
    customerId: customer.id, invoiceDate: '2026-04-10', taxMode: 'gst',
    lines: [
      { itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' },
      { itemName: 'Notebooks', hsn: '4820', unit: 'NOS', quantity: '7', rate: '33.13', gstRate: '12' },
      { itemName: 'Electric kettle', hsn: '8516', unit: 'NOS', quantity: '3', rate: '411.59', gstRate: '18' },
    ],
  });
  expect(invoice.totalAmount).toBe('1822.00');
  await post(page, '/api/sales/receipts', { customerId: customer.id, receiptDate: '2026-04-15', paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '1000.00' }] });

  // The statement: chosen from the list, opening to closing, kept over a reload.
  await openTask(page, 'Reports', 'Statements');
  await expect(page.getByText('Choose a customer or vendor to see their statement')).toBeVisible();
  await page.getByLabel('Customer or vendor').selectOption({ label: `${name} (customer)` });
  await expect(page.getByRole('cell', { name: `Sales invoice ${invoice.invoiceNumber}` })).toBeVisible();
  await expect(page.getByRole('row', { name: /Closing balance/ })).toContainText('₹822.00 Dr');
  await expect(page.getByRole('row', { name: /Receipt/ })).toContainText('₹1,000.00');
  const pdf = await page.request.get((await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await shot(page, 'books-statement');
  await page.reload();
  await expect(page.getByRole('row', { name: /Closing balance/ })).toContainText('₹822.00 Dr');
  await expectAccessible(page);

  // The trial balance: its total row's debit and credit are the same figure.
  await openTask(page, 'Accounting', 'Trial Balance');
  const total = page.getByRole('row', { name: /^Total/ });
  await expect(total).toBeVisible();
  const [debit, credit] = await total.getByRole('cell').evaluateAll((cells) => cells.slice(2).map((c) => c.textContent));
  expect(debit).toMatch(/^₹[\d,]+\.\d\d$/);
  expect(debit).toBe(credit);
  await expect(page.getByRole('row', { name: /Output CGST/ })).toBeVisible();
  await shot(page, 'books-trial-balance');

  // Profit and loss for April and May: the figures, then a chart by month said in words.
  await openTask(page, 'Reports', 'Profit and Loss');
  await page.getByRole('textbox', { name: 'From' }).fill('2026-04-01');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-05-31');
  await expect(page.getByRole('row', { name: /Net profit|Net loss/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Profit and loss by month: Best month (Apr|May) 26: / })).toBeVisible();
  await shot(page, 'books-profit-and-loss');

  // The sales register for April: this invoice with its customer, GSTIN and tax; the totals.
  await openTask(page, 'Reports', 'Sales Register');
  await page.getByRole('textbox', { name: 'From' }).fill('2026-04-01');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-04-30');
  await expect(page.getByRole('row', { name: new RegExp(`Sales invoice ${invoice.invoiceNumber}`) })).toContainText('27ABCPT5678L1ZV');
  await expect(page.getByRole('row', { name: new RegExp(`Sales invoice ${invoice.invoiceNumber}`) })).toContainText('₹1,822.00');
  await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
  await shot(page, 'books-sales-register');

  // GST returns for April 2026: the GSTR-3B figures, and the GSTR-1 file with this invoice in b2b.
  await openTask(page, 'Reports', 'GST Returns');
  await page.getByLabel('Period').fill('2026-04');
  await expect(page.getByRole('heading', { name: 'Output tax: sales less credit notes (GSTR-3B 3.1(a))' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^GST by rate: .*\b5%: output ₹/ })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download GSTR-1 (JSON)' });
  const gstr1 = await (await page.request.get((await link.getAttribute('href'))!)).json() as { fp: string; b2b: { ctin: string; inv: { inum: string }[] }[] };
  expect(gstr1.fp).toBe('042026');
  expect(gstr1.b2b.flatMap((p) => p.inv.map((i) => i.inum))).toContain(invoice.invoiceNumber);
  await shot(page, 'books-gst-returns');
});

test('a journal voucher: refused until debits equal credits, then recorded and in the trial balance', async ({ page }) => {
  await openTask(page, 'Accounting', 'Journal Vouchers');
  await page.getByRole('button', { name: 'New Voucher' }).click();
  await expect(page.getByRole('heading', { name: 'New Journal Voucher', level: 1 })).toBeVisible();
  const reference = unique('JV');
  await page.getByLabel('Reference number').fill(reference);
  await page.getByLabel('Narration').fill('Capital brought in');
  const line = (n: number) => page.getByRole('group', { name: `Line ${n}` });
  await line(1).getByLabel('Ledger', { exact: true }).selectOption({ label: 'Cash in Hand' });
  await line(1).getByLabel('Debit', { exact: true }).fill('1000');
  await line(2).getByLabel('Ledger', { exact: true }).selectOption({ label: 'Capital Account' });
  await line(2).getByLabel('Credit', { exact: true }).fill('900');
  await expect(page.getByText('Debits ₹1,000.00 · Credits ₹900.00 · Difference ₹100.00')).toBeVisible();
  await page.getByRole('button', { name: 'Record Voucher' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'must be equal' })).toContainText('Debits (₹1,000.00) and credits (₹900.00) must be equal');
  await line(2).getByLabel('Credit', { exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Record Voucher' }).click();
  await expect(page.getByRole('heading', { name: 'Journal Vouchers', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Capital brought in/ }).first()).toContainText('₹1,000.00');
  await shot(page, 'books-journal-vouchers');
  await openTask(page, 'Accounting', 'Trial Balance');
  await expect(page.getByRole('row', { name: /^Capital Account/ })).toBeVisible();
});

test('a ledger added to the chart of accounts: its opening balance in the trial balance, offered in a voucher', async ({ page }) => {
  await openTask(page, 'Accounting', 'Chart of Accounts');
  await page.getByRole('button', { name: 'Add Ledger' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add Ledger', level: 1 })).toBeVisible();
  const name = unique('Shop Rent');
  await page.getByLabel('Account Name').fill(name);
  await page.getByLabel('Account Type').selectOption({ label: 'Expense' });
  await page.getByLabel('Account Group').selectOption({ label: 'Indirect Expenses' });
  await page.getByLabel('Opening Balance').fill('2500');
  await page.getByRole('button', { name: 'Create Ledger' }).click();
  await expectToast(page, 'Success', 'Ledger created successfully');
  await expect(page.getByRole('article').filter({ hasText: name })).toContainText('₹2,500.00 Dr');
  await shot(page, 'books-chart-of-accounts');

  await openTask(page, 'Accounting', 'Trial Balance');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('₹2,500.00');
  await openTask(page, 'Accounting', 'Journal Vouchers');
  await page.getByRole('button', { name: 'New Voucher' }).click();
  await page.getByRole('group', { name: 'Line 1' }).getByLabel('Ledger', { exact: true }).selectOption({ label: name });
});

test("home's dashboard draws this month's sales, receivables, top items and cash once scrolled to, each said in words", async ({ page }) => {
  await page.goto('/');
  const customer = await post(page, '/api/sales/customers', { name: unique('Dashboard customer') });
  const item = unique('Dashboard kettle');
  await post(page, '/api/sales/invoices', { customerId: customer.id, taxMode: 'gst', lines: [{ itemName: item, quantity: '1', rate: '900000', gstRate: '18' }] });
  await page.reload();
  await page.getByRole('heading', { name: 'This month' }).scrollIntoViewIfNeeded();
  const top = page.getByRole('region', { name: 'Top items this month' });
  await expect(top).toContainText(`${item}: ₹9,00,000.00`);
  await expect(top.getByRole('img', { name: /Top items this month/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sales this month against last month' })).toContainText('so far this month');
  await expect(page.getByRole('region', { name: 'Receivables by age' })).toContainText('due from customers');
  await expect(page.getByRole('region', { name: 'Cash in and out this month' })).toContainText('In ₹');
  await shot(page, 'home-dashboard');
  await expectAccessible(page);
});

test("ageing from the party's ledger: an invoice past due, a receipt on account less, the total its balance", async ({ page }) => {
  await page.goto('/');
  const name = unique('Ageing customer');
  const customer = await post(page, '/api/sales/customers', { name });
  await post(page, '/api/sales/invoices', { customerId: customer.id, invoiceDate: '2026-04-10', taxMode: 'manual', lines: [{ itemName: 'Pipes', quantity: '10', rate: '182.20' }] });
  const receipt = await post(page, '/api/sales/receipts', { customerId: customer.id, receiptDate: '2026-04-20', paymentMethod: 'upi', amount: '300' });

  await openTask(page, 'Reports', 'Ageing');
  await page.getByLabel('As of').fill('2026-06-30');
  const row = page.getByRole('region', { name: 'By party table' }).getByRole('row', { name: new RegExp(name) });
  // 81 days past due on 30 June; the receipt on account less: ₹1,822.00 − ₹300.00.
  await expect(row).toContainText('₹1,822.00');
  await expect(row).toContainText('300.00');
  await expect(row).toContainText('₹1,522.00');
  const onAccount = page.getByRole('region', { name: /On account .* table/ });
  await expect(onAccount.getByRole('row', { name: new RegExp(name) })).toContainText(`Receipt ${(receipt as unknown as { receiptNumber: string }).receiptNumber}`);
  await shot(page, 'books-ageing');
  await expectAccessible(page);
});
