import {
  BANK_RECONCILIATION_PATHS,
  type BankAccountSummary,
  CASH_IN_HAND_PATH,
  type CashInHand,
  type EntriesAnswer,
  JOURNAL_VOUCHERS_PATH,
  type LinesAnswer,
  ledgerCode,
  ledgersEntity,
  receipts,
  type Reconciliation,
  type StatementImportAnswer,
  vendorPayments,
} from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/**
 * Bank reconciliation over HTTP (issue 43 item 5): a statement imported from an HDFC Bank CSV
 * (again: nothing doubled; a bad row: refused, naming its row and column), suggested matches
 * confirmed, the reconciliation statement as of two dates checked against this test's own
 * arithmetic in paise, un-matching, a rebuild that gives the same lines, and cash in hand.
 */
describe('bank reconciliation', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const rupees = (paise: number) => `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

  // The books, in paise: opening 50,000.00; a UPI receipt of 1,822.00 on the 3rd; a cheque
  // (no. 123) of 10,000.00 paid on the 8th; a transfer of 2,500.50 received on the 29th.
  const opening = 5_000_000, upi = 182_200, cheque = 1_000_000, transfer = 250_050, sms = 1_770;
  const header = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
  // The bank: the receipt credited on the 3rd, the cheque presented on the 10th, SMS charges on the 30th.
  const statement = [
    header,
    '********,********,********,********,********,********,********',
    `03/04/26,UPI-TILAK STORES-tilak@okhdfc-609112345678,0000609112345678,03/04/26,,${rupees(upi)},${rupees(opening + upi)}`,
    `10/04/26,CHQ PAID-MICR CTS-GUJARAT MILLS,000123,10/04/26,${rupees(cheque)},,${rupees(opening + upi - cheque)}`,
    `30/04/26,SMS CHARGES FOR QTR,,30/04/26,${rupees(sms)},,${rupees(opening + upi - cheque - sms)}`,
  ].join('\n');
  let receipt: number, payment: number, later: number;

  it('records the books: the opening balance, a receipt by UPI, a payment by cheque, a transfer in', async () => {
    await write('post', JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-04-01', voucherType: 'Opening Balance', lines: [{ account: 'bank', debit: rupees(opening) }, { account: 'capital', credit: rupees(opening) }] });
    const customer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores' })).id;
    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills' })).id;
    receipt = (await write('post', receipts.path, { customerId: customer, receiptDate: '2026-04-03', paymentMethod: 'upi', referenceNumber: '609112345678', amount: rupees(upi) })).id;
    payment = (await write('post', vendorPayments.path, { vendorId: vendor, paymentDate: '2026-04-08', paymentMethod: 'cheque', referenceNumber: '123', amount: rupees(cheque) })).id;
    later = (await write('post', receipts.path, { customerId: customer, receiptDate: '2026-04-29', paymentMethod: 'bank_transfer', amount: rupees(transfer) })).id;
    await write('post', receipts.path, { customerId: customer, receiptDate: '2026-04-05', paymentMethod: 'cash', amount: '1000.00' });
    const entries = await read<EntriesAnswer>(BANK_RECONCILIATION_PATHS.entries('bank'));
    expect(entries.entries.map((e) => [e.stream, e.amount, e.clearedOn])).toEqual([
      ['journal-voucher-1', rupees(opening), '2026-04-01'],
      [`receipt-${receipt}`, rupees(upi), null],
      [`vendor-payment-${payment}`, rupees(-cheque), null],
      [`receipt-${later}`, rupees(transfer), null],
    ]);
  });

  it('refuses a statement with a bad row, naming its row and column, and imports nothing', async () => {
    const res = await t.owner.post(BANK_RECONCILIATION_PATHS.statements('bank'), { csv: `${statement}\n31/04/26,BAD,,31/04/26,1.00,,1.00`, fileName: 'bad.csv' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ issues: [{ path: 'rows.6.Date', message: 'Row 6, Date: "31/04/26" is not a date like 01/04/2026' }] });
    expect((await read<BankAccountSummary[]>(BANK_RECONCILIATION_PATHS.accounts))[0]).toMatchObject({ account: 'bank', lines: 0, format: null });
  });

  it('imports an HDFC Bank statement recognised by its headers; the same file again adds nothing', async () => {
    const first = await write<StatementImportAnswer>('post', BANK_RECONCILIATION_PATHS.statements('bank'), { csv: statement, fileName: 'april.csv' });
    expect(first).toMatchObject({ importId: 1, imported: 3, duplicates: 0, skipped: 1, format: { name: 'HDFC Bank', dateFormat: 'DD/MM/YYYY' } });
    const events = async () => Number((await sql<{ n: string }>`select count(*) as n from events where stream_id = 'bank-reconciliation:bank'`.execute(t.database.db)).rows[0]!.n);
    const before = await events();
    const again = await write<StatementImportAnswer>('post', BANK_RECONCILIATION_PATHS.statements('bank'), { csv: statement, fileName: 'april-again.csv' });
    expect(again).toMatchObject({ importId: null, imported: 0, duplicates: 3 });
    expect(await events()).toBe(before);
    expect((await read<BankAccountSummary[]>(BANK_RECONCILIATION_PATHS.accounts))[0]).toMatchObject({ lines: 3, unmatched: 3, lastStatementDate: '2026-04-30' });
  });

  it('suggests the receipt for the UPI credit and the payment for the cheque; the charges have none', async () => {
    const { lines } = await read<LinesAnswer>(BANK_RECONCILIATION_PATHS.lines('bank'));
    const suggested = lines.map((l) => [l.lineNo, l.candidates.filter((c) => c.suggested).map((c) => c.stream)]);
    expect(suggested).toEqual([[1, [`receipt-${receipt}`]], [2, [`vendor-payment-${payment}`]], [3, []]]);
    expect(lines[0]!.candidates[0]!.reasons).toContain('Reference 609112345678');
    expect(lines[1]!.candidates[0]!.reasons).toContain('Reference 123');
  });

  it('refuses a hand match whose amounts differ, and confirms the suggestions', async () => {
    const wrong = await t.owner.post(BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 1, entries: [`receipt-${later}`] });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ issues: [{ path: 'entries', message: 'The entries come to ₹2,500.50; the line is ₹1,822.00' }] });
    await write('post', BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 1, entries: [`receipt-${receipt}`] });
    const matched = await write('post', BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 2, entries: [`vendor-payment-${payment}`] });
    expect(matched).toMatchObject({ lineNo: 2, clearedOn: '2026-04-10', entries: [{ stream: `vendor-payment-${payment}`, amount: rupees(-cheque) }] });
    const twice = await t.owner.post(BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 3, entries: [`receipt-${receipt}`] });
    expect(twice.status).toBe(409);
  });

  const reconciliation = (asOf: string) => read<Reconciliation>(`${BANK_RECONCILIATION_PATHS.statement('bank')}?asOf=${asOf}`);

  it('on the 9th: the cheque is not presented yet; the books less it are the statement', async () => {
    const r = await reconciliation('2026-04-09');
    expect(r.balancePerBooks).toBe(rupees(opening + upi - cheque));
    expect(r.notPresented.items.map((e) => e.stream)).toEqual([`vendor-payment-${payment}`]);
    expect(r.notPresented.total).toBe(rupees(-cheque));
    expect([r.workedOutBankBalance, r.balancePerBank, r.statementDate, r.difference]).toEqual([rupees(opening + upi), rupees(opening + upi), '2026-04-03', '0.00']);
  });

  it('on the 30th: the transfer not credited, the SMS charges only the bank has; no difference', async () => {
    const r = await reconciliation('2026-04-30');
    expect(r.balancePerBooks).toBe(rupees(opening + upi - cheque + transfer));
    expect(r.notCredited).toMatchObject({ total: rupees(transfer), items: [{ stream: `receipt-${later}` }] });
    expect(r.bankOnlyDebits).toMatchObject({ total: rupees(-sms), items: [{ lineNo: 3, narration: 'SMS CHARGES FOR QTR' }] });
    expect(r.balancePerBank).toBe(rupees(opening + upi - cheque - sms));
    expect(r.workedOutBankBalance).toBe(rupees(opening + upi - cheque - sms));
    expect(r.difference).toBe('0.00');
  });

  it('un-matched, the cheque is uncleared again and its line is the bank\'s alone; matched again', async () => {
    const res = await t.owner.delete(BANK_RECONCILIATION_PATHS.match('bank', 2));
    expect(res.status).toBe(204);
    await write('post', BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 3, entries: [`receipt-${receipt}`] }, 409);
    const r = await read<Reconciliation>(`${BANK_RECONCILIATION_PATHS.statement('bank')}?asOf=2026-04-30`);
    expect(r.notPresented.total).toBe(rupees(-cheque));
    expect(r.bankOnlyDebits.total).toBe(rupees(-cheque - sms));
    expect(r.difference).toBe('0.00');
    expect((await t.owner.delete(BANK_RECONCILIATION_PATHS.match('bank', 2))).status).toBe(409);
    await write('post', BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 2, entries: [`vendor-payment-${payment}`] });
    const entries = await read<EntriesAnswer>(`${BANK_RECONCILIATION_PATHS.entries('bank')}?status=uncleared`);
    expect(entries.entries.map((e) => e.stream)).toEqual([`receipt-${later}`]);
  });

  it('a bank ledger the business adds can be reconciled; any other ledger or a bad parameter cannot', async () => {
    const current = await write('post', ledgersEntity.path, { accountName: 'HDFC Current', accountType: 'asset', accountGroup: 'Bank Accounts' });
    const rent = await write('post', ledgersEntity.path, { accountName: 'Shop Rent', accountType: 'expense', accountGroup: 'Indirect Expenses' });
    const accounts = await read<BankAccountSummary[]>(BANK_RECONCILIATION_PATHS.accounts);
    expect(accounts.map((a) => a.account)).toEqual(['bank', ledgerCode(current.id)]);
    expect((await read<Reconciliation>(BANK_RECONCILIATION_PATHS.statement(ledgerCode(current.id)))).balancePerBank).toBeNull();
    expect((await t.owner.post(BANK_RECONCILIATION_PATHS.statements(ledgerCode(rent.id)), { csv: statement })).status).toBe(404);
    expect((await t.owner.get(BANK_RECONCILIATION_PATHS.statement(ledgerCode(rent.id)))).status).toBe(404);
    const bad = await t.owner.get(`${BANK_RECONCILIATION_PATHS.lines('bank')}?window=99&sort=date`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ issues: [{ path: 'sort' }] });
    expect((await t.owner.get(`${BANK_RECONCILIATION_PATHS.lines('bank')}?window=99`)).body).toMatchObject({ issues: [{ path: 'window' }] });
  });

  it('cash in hand: its lowest point from a day on, below zero when more went out than came in', async () => {
    const customer = (await write('post', '/api/sales/customers', { name: 'Cash Buyer' })).id;
    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Cash Seller' })).id;
    await write('post', vendorPayments.path, { vendorId: vendor, paymentDate: '2026-04-06', paymentMethod: 'cash', amount: '1500.00' });
    await write('post', receipts.path, { customerId: customer, receiptDate: '2026-04-07', paymentMethod: 'cash', amount: '700.00' });
    // Cash: +1,000.00 on the 5th (above), −1,500.00 on the 6th, +700.00 on the 7th.
    expect((await read<CashInHand>(`${CASH_IN_HAND_PATH}?from=2026-04-01`)).lowest).toEqual({ date: '2026-04-06', balance: '-500.00' });
    expect((await read<CashInHand>(`${CASH_IN_HAND_PATH}?from=2026-04-07`)).lowest).toEqual({ date: '2026-04-07', balance: '200.00' });
  });

  it('a rebuild from the log gives the same statement lines, row for row', async () => {
    const lines = async () => (await sql<Record<string, unknown>>`select * from bank_statement_lines order by id`.execute(t.database.db)).rows;
    const before = await lines();
    expect(before).toHaveLength(3);
    const rebuilt = await runCli(['rebuild', 'bank_statement_lines'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await lines()).toEqual(before);
  });
});
