import { expect, type Page, test } from '@playwright/test';

import { expectAccessible, expectToast, shown, unique } from './support';

/**
 * Issue 43 item 5 on a phone (360 px) and on desktop: a bank ledger of the test's own with an
 * opening balance, a deposit and a cheque in the books (over the API); its SBI statement
 * uploaded from a file, recognised by its headers and imported; both suggestions confirmed with
 * one tap each; the reconciliation statement as of the month's end, against this test's own
 * arithmetic in paise.
 */

const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
};

const rupees = (paise: number) => (paise / 100).toFixed(2);

test('import a bank statement, confirm the suggested matches, read the reconciliation statement', async ({ page }, info) => {
  await page.goto('/');
  // In paise: opening 10,000.00; 2,345.67 received by NEFT on the 3rd; cheque 456 of 1,000.00 paid
  // on the 5th and presented on the 7th; 11.80 of SMS charges the books do not have.
  const opening = 1_000_000, neft = 234_567, cheque = 100_000, charges = 1_180;
  const name = unique('Test Bank');
  const ledger = `ledger-${(await post(page, '/api/accounting/ledger-accounts', { accountName: name, accountType: 'asset', accountGroup: 'Bank Accounts' })).id}`;
  const voucher = (voucherDate: string, voucherType: string, debit: string, credit: string, amount: number, referenceNumber: string | null) =>
    post(page, '/api/accounting/journal-vouchers', { voucherDate, voucherType, referenceNumber, lines: [{ account: debit, debit: rupees(amount) }, { account: credit, credit: rupees(amount) }] });
  await voucher('2026-04-01', 'Opening Balance', ledger, 'capital', opening, null);
  await voucher('2026-04-03', 'Journal', ledger, 'other-income', neft, 'UTR98765');
  await voucher('2026-04-05', 'Journal', 'rent', ledger, cheque, '456');
  const csv = [
    'Account Name :,TEST TRADERS',
    'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
    `3 Apr 2026,3 Apr 2026,NEFT CR-UTR98765-ACME,,,${rupees(neft)},${rupees(opening + neft)}`,
    `7 Apr 2026,7 Apr 2026,CLEARING CHQ PAID,000456,${rupees(cheque)},,${rupees(opening + neft - cheque)}`,
    `30 Apr 2026,30 Apr 2026,SMS CHARGES,,${rupees(charges)},,${rupees(opening + neft - cheque - charges)}`,
  ].join('\n');

  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/module/banking/task/bank-reconciliation');
  await page.getByLabel('Bank account').selectOption({ label: name });
  await expect(page.getByText(`No statement imported for ${name} yet.`)).toBeVisible();
  await page.getByLabel('Statement file (CSV from net banking)').setInputFiles({ name: 'sbi-april.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Recognised: SBI. Check the columns:')).toBeVisible();
  await expect(page.getByText('3 transactions, 3 Apr 2026 to 30 Apr 2026')).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 lines' }).click();
  await expectToast(page, 'Statement imported', '3 new lines imported');

  await expect(page.getByRole('heading', { name: 'To match (3)' })).toBeVisible();
  await page.getByRole('button', { name: /^Confirm line 1: Journal voucher/ }).click();
  await expect(page.getByRole('heading', { name: 'Matched (1)' })).toBeVisible();
  await page.getByRole('button', { name: /^Confirm line 2: Journal voucher/ }).click();
  await expect(page.getByRole('heading', { name: 'Matched (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'To match (1)' })).toBeVisible();

  await page.getByLabel('As of', { exact: true }).fill('2026-04-30');
  const statement = page.getByRole('table', { name: 'Bank reconciliation statement as of 30 Apr 2026' });
  await expect(statement.getByRole('row', { name: /^Balance per books/ })).toContainText(shown(opening + neft - cheque));
  await expect(statement.getByRole('row', { name: /^Less: debited by the bank, not in the books/ })).toContainText(shown(charges));
  await expect(statement.getByRole('row', { name: /^Balance per bank statement \(30 Apr 2026\)/ })).toContainText(shown(opening + neft - cheque - charges));
  await expect(page.getByText('Reconciled: no difference')).toBeVisible();
  // On the 6th the cheque was issued and not yet presented.
  await page.getByLabel('As of', { exact: true }).fill('2026-04-06');
  await expect(page.getByRole('table', { name: /as of 6 Apr 2026/ }).getByRole('row', { name: /^Add: payments not yet presented/ })).toContainText(shown(cheque));
  await expect(page.getByText('Reconciled: no difference')).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/screens/bank-reconciliation-${info.project.name}.png`, fullPage: true });
  await expectAccessible(page);
});

test('a payment in cash more than is in hand says what cash in hand would become, before it is saved', async ({ page }) => {
  await page.goto('/');
  const vendor = unique('Cash Vendor');
  const vendorId = (await post(page, '/api/purchase/vendors', { name: vendor })).id;
  const invoiceNumber = unique('BIG').replace(/\s/g, '-');
  // More than any cash the other journeys record: whatever is in hand, paying it all in cash goes below zero.
  await post(page, '/api/purchase/invoices', { vendorId, invoiceNumber, invoiceDate: '2026-04-02', lines: [{ itemName: 'Shop fit-out', quantity: '1', rate: '90000000' }] });
  await page.goto('/module/purchase/task/payments');
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await page.getByLabel('Vendor').selectOption({ label: vendor });
  await page.getByLabel('Payment Date').fill('2026-04-02');
  await page.getByLabel('Payment Method').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  const choice = line.getByLabel('Invoice').locator('option', { hasText: invoiceNumber });
  await expect(choice).toHaveCount(1);
  await line.getByLabel('Invoice').selectOption({ label: (await choice.textContent())! });
  await line.getByRole('button', { name: 'Save Line' }).click();
  await expect(line).toContainText('Saved');
  const notice = page.getByRole('status').filter({ hasText: 'Cash in hand would be' });
  await expect(notice).toContainText(/Cash in hand would be -₹[\d,]+\.\d\d on \d{1,2} \w{3} 20\d\d: more would leave the cash box than is in it/);
  await expect(notice).toContainText('It can still be saved.');
  await expectAccessible(page);
  // From the bank it is nothing to do with the cash box: the warning goes. (Not saved: the cash of the other journeys stays as it is.)
  await page.getByLabel('Payment Method').selectOption({ label: 'Bank Transfer' });
  await expect(notice).toHaveCount(0);
});
