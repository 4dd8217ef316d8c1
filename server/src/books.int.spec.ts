import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { BOOKS_PATHS, BUSINESS_PATH, byId, creditNotes, HEADERS, purchaseInvoices, receipts, salesInvoices, subtractMoney, sumMoney, voidPath, JOURNAL_VOUCHERS_PATH, ledgerCode, ledgersEntity } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;
type Balance = { code: string; debit: string; credit: string; balance: string };

/**
 * The books over HTTP (issue 21): documents posted to the journal by its projection, the trial
 * balance, profit and loss, balance sheet, a party's statement, ageing and GSTR-1 — current, as of
 * a date, and as the books stood before a revision — and a rebuild that gives the same journal.
 */
describe('the books', () => {
  const t = signedInOneProcess();
  const { write, read, position } = readYourWrites(() => t.owner);

  const trial = async (query = '') => read<{ rows: Balance[]; totalDebit: string; totalCredit: string }>(`${BOOKS_PATHS.trialBalance}${query}`);
  const balanceOf = (rows: readonly Balance[], code: string) => rows.find((r) => r.code === code)?.balance ?? '0.00';

  const example = [
    { itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' },
    { itemName: 'Notebooks', hsn: '4820', unit: 'NOS', quantity: '7', rate: '33.13', gstRate: '12' },
    { itemName: 'Electric kettle', hsn: '8516', unit: 'NOS', quantity: '3', rate: '411.59', gstRate: '18' },
  ];
  let buyer: number;
  let invoice: Row;
  let receipt: Row;
  let beforeRevision: string;

  it('posts a sale, a purchase, a receipt and a credit note; the trial balance balances to the paisa', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    buyer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores', gstNumber: '27ABCPT5678L1ZV' })).id;
    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills', gstNumber: '24AANFA2641L1ZF' })).id;
    invoice = await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2026-04-10', dueDate: '2026-05-10', taxMode: 'gst', lines: example });
    expect(invoice).toMatchObject({ totalAmount: '1822.00', subTotal: '1566.78', cgst: '127.54', roundOff: '0.14' });
    await write('post', purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'GM/1', invoiceDate: '2026-04-12', taxMode: 'gst', lines: [{ itemName: 'Rice', quantity: '3', rate: '33.33', gstRate: '5' }] });
    receipt = await write('post', receipts.path, { customerId: buyer, receiptDate: '2026-04-15', paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '1000.00' }] });
    const note = await write('post', creditNotes.path, { customerId: buyer, invoiceId: invoice.id, noteDate: '2026-04-20', lines: [{ invoiceLineNo: 1, quantity: '1' }] });

    const tb = await trial('?asOf=2026-04-30');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    const due = (await read(byId(salesInvoices.path, invoice.id))).balanceDue;
    expect(balanceOf(tb.rows, 'debtors')).toBe(due);
    expect(balanceOf(tb.rows, 'sales')).toBe('-1566.78');
    expect(balanceOf(tb.rows, 'sales-returns')).toBe(note.subTotal);
    expect(balanceOf(tb.rows, 'output-cgst')).toBe(subtractMoney(String(note.cgst), '127.54'));
    expect(balanceOf(tb.rows, 'cash')).toBe('1000.00');
    expect(balanceOf(tb.rows, 'purchases')).toBe('99.99');
    expect(balanceOf(tb.rows, 'input-igst')).toBe('5.00');
    expect(balanceOf(tb.rows, 'creditors')).toBe('-105.00');
  });

  it('the statement as a PDF: the business, the customer, each document and the closing balance', async () => {
    const res = await fetch(`${t.system.baseUrl}${BOOKS_PATHS.statement(`customer-${buyer}`)}/pdf?from=2026-04-01&to=2026-04-30`, {
      headers: { cookie: t.owner.cookieHeader(), [HEADERS.minPosition]: position() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-statement-'));
    try {
      await writeFile(path.join(dir, 's.pdf'), Buffer.from(await res.arrayBuffer()));
      const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 's.pdf'), '-']);
      const text = stdout.replace(/[ \t]+/g, ' ');
      const due = (await read(byId(salesInvoices.path, invoice.id))).balanceDue;
      expect(text).toContain('Sharma Traders');
      expect(text).toContain('Tilak Stores');
      expect(text).toContain('01-04-2026 to 30-04-2026');
      expect(text).toContain(`Sales invoice ${String(invoice.invoiceNumber)}`);
      expect(text).toMatch(new RegExp(`Closing balance ₹${String(due).replace(/\B(?=(\d{3})+\.)/g, ',').replace('.', '\\.')} Dr`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers as of a date: nothing before the first document, the purchase alone on its day', async () => {
    expect((await trial('?asOf=2026-04-09')).rows).toEqual([]);
    const onTheTwelfth = await trial('?asOf=2026-04-12');
    expect(balanceOf(onTheTwelfth.rows, 'debtors')).toBe('1822.00');
    expect(balanceOf(onTheTwelfth.rows, 'cash')).toBe('0.00');
  });

  it("a party statement runs from the opening balance through each document to the closing one, which is the customer's ledger", async () => {
    const statement = await read<{ opening: string; closing: string; name: string; entries: { voucherType: string; debit: string; credit: string; balance: string }[] }>(`${BOOKS_PATHS.statement(`customer-${buyer}`)}?from=2026-04-11&to=2026-04-30`);
    expect(statement).toMatchObject({ name: 'Tilak Stores', opening: '1822.00' });
    expect(statement.entries.map((e) => e.voucherType)).toEqual(['Receipt', 'Credit note']);
    expect(statement.closing).toBe((await read(byId(salesInvoices.path, invoice.id))).balanceDue);
    expect((await t.owner.get(BOOKS_PATHS.statement('customer-999999'))).status).toBe(404);
  });

  it('a revision reverses the old posting and posts the new one; the books as they stood before it are still there', async () => {
    beforeRevision = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const { id: _id, ...body } = await read(byId(salesInvoices.path, invoice.id));
    await write('put', byId(salesInvoices.path, invoice.id), { ...body, lines: [...example.slice(0, 2), { ...example[2], quantity: '2' }] });
    const now = await trial('?asOf=2026-04-30');
    expect(now.totalDebit).toBe(now.totalCredit);
    expect(balanceOf(now.rows, 'sales')).toBe('-1155.19');
    const then = await trial(`?asOf=2026-04-30&recordedBy=${encodeURIComponent(beforeRevision)}`);
    expect(balanceOf(then.rows, 'sales')).toBe('-1566.78');
    const { rows: reversals } = await sql<{ n: number }>`select count(*)::int as n from journal where reversal and stream = ${`sales-invoice-${invoice.id}`}`.execute(t.database.db);
    expect(reversals[0]!.n).toBeGreaterThan(0);
  });

  it('voiding the receipt puts the money back on the customer', async () => {
    const debtorsBefore = balanceOf((await trial('?asOf=2026-04-30')).rows, 'debtors');
    await write('post', voidPath(byId(receipts.path, receipt.id)), { reason: 'Cheque bounced' }, 200);
    const after = await trial('?asOf=2026-04-30');
    expect(balanceOf(after.rows, 'debtors')).toBe(subtractMoney(debtorsBefore, '-1000'));
    expect(balanceOf(after.rows, 'cash')).toBe('0.00');
  });

  it('profit and loss for the month and a balance sheet that balances', async () => {
    const pl = await read<{ totalIncome: string; totalExpenses: string; netProfit: string }>(`${BOOKS_PATHS.profitAndLoss}?from=2026-04-01&to=2026-04-30`);
    expect(pl.netProfit).toBe(subtractMoney(pl.totalIncome, pl.totalExpenses));
    const bs = await read<{ totalAssets: string; totalLiabilities: string; profit: string }>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-04-30`);
    expect(bs.totalAssets).toBe(bs.totalLiabilities);
    expect(bs.profit).toBe(pl.netProfit);

    // By month (its chart): every month of the period, empty ones too, adding up to the whole.
    const months = await read<{ netProfit: string; byMonth: { month: string; income: string; expenses: string; netProfit: string }[] }>(`${BOOKS_PATHS.profitAndLoss}?from=2026-03-15&to=2026-05-31`);
    expect(months.byMonth.map((m) => m.month)).toEqual(['2026-03', '2026-04', '2026-05']);
    expect(months.byMonth[0]).toMatchObject({ month: '2026-03', income: '0.00', expenses: '0.00', netProfit: '0.00' });
    expect(months.byMonth[1]!.netProfit).toBe(pl.netProfit);
    expect(sumMoney(months.byMonth.map((m) => m.netProfit))).toBe(months.netProfit);
  });

  it('ageing puts the invoice in the bucket of its days past due', async () => {
    const ageing = await read<{ parties: { name: string; buckets: Record<string, string>; invoices: { daysPastDue: number }[] }[]; total: string }>(`${BOOKS_PATHS.ageing}?side=receivable&asOf=2026-06-20`);
    const due = (await read(byId(salesInvoices.path, invoice.id))).balanceDue;
    expect(ageing.parties).toHaveLength(1);
    expect(ageing.parties[0]).toMatchObject({ name: 'Tilak Stores', buckets: { d60: due } });
    expect(ageing.parties[0]!.invoices[0]!.daysPastDue).toBe(41);
    expect((await read<{ parties: unknown[] }>(`${BOOKS_PATHS.ageing}?side=receivable&asOf=2026-04-01`)).parties).toEqual([]);
  });

  it('GSTR-1 for the month: the invoice in b2b, the note in cdnr, HSN agreeing with them; a CSV per section', async () => {
    const json = await read<{ gstin: string; fp: string; b2b: { ctin: string; inv: { inum: string; itms: { itm_det: { txval: number } }[] }[] }[]; cdnr: unknown[]; hsn: { hsn_b2b: { txval: number }[] } }>(`${BOOKS_PATHS.gstr1}?period=2026-04`);
    expect(json).toMatchObject({ gstin: '27AAPFU0939F1ZV', fp: '042026' });
    expect(json.b2b).toMatchObject([{ ctin: '27ABCPT5678L1ZV', inv: [{ inum: invoice.invoiceNumber }] }]);
    expect(json.cdnr).toHaveLength(1);
    const cents = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
    const b2b = cents(json.b2b.flatMap((p) => p.inv.flatMap((i) => i.itms.map((t) => t.itm_det.txval))));
    expect(cents(json.hsn.hsn_b2b.map((h) => h.txval))).toBe(b2b - 5005);
    const csv = await t.owner.get(`${BOOKS_PATHS.gstr1}?period=2026-04&section=b2b`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain(String(invoice.invoiceNumber));
    expect((await t.owner.get(`${BOOKS_PATHS.gstr1}?period=2026-13`)).status).toBe(400);
  });

  it('sales and purchase registers: each document with its party and tax, a note less; the totals agree with the GST summary', async () => {
    type Row = { kind: string; number: string; partyName: string; gstin: string | null; taxableValue: string; cgst: string; total: string };
    const sales = await read<{ rows: Row[]; totals: { taxableValue: string; cgst: string; total: string; count: number } }>(`${BOOKS_PATHS.salesRegister}?from=2026-04-01&to=2026-04-30`);
    expect(sales.rows.map((r) => r.kind)).toEqual(['Sales invoice', 'Credit note']);
    const now = await read(byId(salesInvoices.path, invoice.id));
    expect(sales.rows[0]).toMatchObject({ number: invoice.invoiceNumber, partyName: 'Tilak Stores', gstin: '27ABCPT5678L1ZV', taxableValue: now.subTotal, cgst: now.cgst, total: now.totalAmount });
    expect(sales.rows[1]!.total.startsWith('-')).toBe(true);
    const gst = await read<{ totals: { output: { taxableValue: string; cgst: string } } }>(`${BOOKS_PATHS.gstSummary}?from=2026-04-01&to=2026-04-30`);
    expect(sales.totals).toMatchObject({ count: 2, taxableValue: gst.totals.output.taxableValue, cgst: gst.totals.output.cgst });
    const purchases = await read<{ rows: Row[]; totals: { total: string } }>(`${BOOKS_PATHS.purchaseRegister}?from=2026-04-01&to=2026-04-30`);
    expect(purchases.rows).toMatchObject([{ kind: 'Invoice', number: 'GM/1', partyName: 'Gujarat Mills', gstin: '24AANFA2641L1ZF', taxableValue: '99.99', total: '105.00' }]);
    expect((await t.owner.get(`${BOOKS_PATHS.salesRegister}?from=2026-05-01&to=2026-04-01`)).status).toBe(400);
  });

  it('journal vouchers: refused unless debits equal credits and each party exists; posted as they are; cancelled by making them inactive', async () => {
    const before = await trial('?asOf=2026-04-30');
    const unbalanced = await t.owner.post(JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-04-01', lines: [{ account: 'cash', debit: '100' }, { account: 'capital', credit: '90' }] });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body).toMatchObject({ issues: [{ path: 'lines', message: 'Debits (₹100.00) and credits (₹90.00) must be equal' }] });
    const noParty = await t.owner.post(JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-04-01', lines: [{ account: 'debtors', debit: '100' }, { account: 'sales', party: 'customer-1', credit: '100' }] });
    expect(noParty.status).toBe(400);
    expect(noParty.body).toMatchObject({ issues: expect.arrayContaining([{ path: 'lines.0.party', message: 'Choose the customer or vendor of this line' }, { path: 'lines.1.party', message: 'Only Sundry Debtors and Creditors lines name a party' }]) });
    const ghost = await t.owner.post(JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-04-01', lines: [{ account: 'debtors', party: 'customer-999999', debit: '100' }, { account: 'capital', credit: '100' }] });
    expect(ghost.status).toBe(400);
    expect(ghost.body).toMatchObject({ issues: [{ path: 'lines.0.party', message: 'Customer 999999 not found' }] });
    expect(await trial('?asOf=2026-04-30')).toEqual(before);

    const capital = await write('post', JOURNAL_VOUCHERS_PATH, {
      voucherDate: '2026-04-01', voucherType: 'Opening Balance', narration: 'Capital brought in',
      lines: [{ account: 'cash', debit: '50000' }, { account: 'debtors', party: `customer-${buyer}`, debit: '2500.50' }, { account: 'capital', credit: '52500.50' }],
    });
    expect(capital).toMatchObject({ voucherType: 'Opening Balance', totalAmount: '52500.50' });
    const after = await trial('?asOf=2026-04-30');
    expect(after.totalDebit).toBe(after.totalCredit);
    expect(balanceOf(after.rows, 'capital')).toBe('-52500.50');
    expect(balanceOf(after.rows, 'cash')).toBe(subtractMoney(balanceOf(before.rows, 'cash'), '-50000'));
    const statement = await read<{ opening: string }>(`${BOOKS_PATHS.statement(`customer-${buyer}`)}?from=2026-04-02&to=2026-04-30`);
    expect(statement.opening).toBe('2500.50');
    const bs = await read<{ totalAssets: string; totalLiabilities: string }>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-04-30`);
    expect(bs.totalAssets).toBe(bs.totalLiabilities);

    const { id, totalAmount: _total, ...body } = capital;
    await write('put', byId(JOURNAL_VOUCHERS_PATH, id), { ...body, active: false });
    expect(balanceOf((await trial('?asOf=2026-04-30')).rows, 'capital')).toBe('0.00');
  });

  it('stock as of a date counts the movements dated on or before it', async () => {
    const item = await write('post', '/api/inventory/items', { name: 'Kettle', unit: 'PC' });
    await write('post', '/api/inventory/stock-adjustments', { itemId: item.id, adjustmentType: 'increase', quantity: '10', reason: 'Opening stock', adjustmentDate: '2026-04-01' });
    await write('post', '/api/inventory/stock-adjustments', { itemId: item.id, adjustmentType: 'decrease', quantity: '3', reason: 'Damaged', adjustmentDate: '2026-05-01' });
    const stockOn = async (query: string) => (await read<{ itemId: number; currentStock: string }[]>(`/api/inventory/stock${query}`)).find((s) => s.itemId === item.id)?.currentStock;
    expect(await stockOn('?asOf=2026-03-31')).toBe('0');
    expect(await stockOn('?asOf=2026-04-30')).toBe('10');
    expect(await stockOn('')).toBe('7');
    expect((await t.owner.get('/api/inventory/stock?asOf=yesterday')).status).toBe(400);
  });

  it("posts stock adjustments at cost: blank takes the item's cost price as it was; opening stock against Temporary Opening; inactive reverses", async () => {
    const item = await write('post', '/api/inventory/items', { name: 'Copper wire', unit: 'MTR', costPrice: '12.50' });
    const opening = await write('post', '/api/inventory/stock-adjustments', { itemId: item.id, adjustmentType: 'increase', quantity: '10', reason: 'Opening Stock', adjustmentDate: '2026-04-01' });
    expect(opening.unitCost).toBe('12.50');
    await write('put', byId('/api/inventory/items', item.id), { name: 'Copper wire', unit: 'MTR', costPrice: '99.00' });
    const damaged = await write('post', '/api/inventory/stock-adjustments', { itemId: item.id, adjustmentType: 'decrease', quantity: '2.5', unitCost: '12.50', reason: 'Damaged', adjustmentDate: '2026-04-02' });
    let tb = await trial('?asOf=2026-04-30');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(balanceOf(tb.rows, 'stock-in-hand')).toBe('93.75');
    expect(balanceOf(tb.rows, 'temporary-opening')).toBe('-125.00');
    expect(balanceOf(tb.rows, 'stock-adjustment')).toBe('31.25');

    const { id, ...body } = damaged;
    await write('put', byId('/api/inventory/stock-adjustments', id), { ...body, active: false });
    tb = await trial('?asOf=2026-04-30');
    expect(balanceOf(tb.rows, 'stock-in-hand')).toBe('125.00');
    expect(balanceOf(tb.rows, 'stock-adjustment')).toBe('0.00');
    const ledger = await read<{ entries: { voucherType: string; voucherNumber: string; debit: string; credit: string }[] }>('/api/accounting/ledgers/stock-adjustment?from=2026-04-01&to=2026-04-30');
    expect(ledger.entries.map((e) => `${e.voucherType} ${e.voucherNumber} ${e.debit}/${e.credit}`)).toEqual([
      `Stock adjustment #${id} 31.25/0.00`,
      `Stock adjustment #${id} 0.00/31.25`,
    ]);
  });

  it("ledgers the business adds: the opening balance posted on its natural side, used in vouchers, in the chart, the P&L and a ledger's own report", async () => {
    const bank = await write('post', ledgersEntity.path, { accountName: 'HDFC Current', accountType: 'asset', accountGroup: 'Bank Accounts', openingBalance: '50000' });
    const rent = await write('post', ledgersEntity.path, { accountName: 'Shop Rent', accountType: 'expense' });
    expect(bank).toMatchObject({ accountName: 'HDFC Current', openingBalance: '50000.00', active: true });
    const [bankCode, rentCode] = [ledgerCode(bank.id), ledgerCode(rent.id)];
    await write('post', JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-04-05', narration: 'April rent', lines: [{ account: rentCode, debit: '12000' }, { account: bankCode, credit: '12000' }] });

    const tb = await trial('?asOf=2026-04-30');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    // Added this financial year: the opening balance stands on its first day.
    expect(balanceOf(tb.rows, bankCode)).toBe('38000.00');
    expect(balanceOf(tb.rows, rentCode)).toBe('12000.00');
    expect((await trial('?asOf=2026-03-31')).rows.find((r) => r.code === bankCode)).toBeUndefined();
    const pl = await read<{ expenses: { code: string; accountName: string; amount: string }[] }>(`${BOOKS_PATHS.profitAndLoss}?from=2026-04-01&to=2026-04-30`);
    expect(pl.expenses.find((r) => r.code === rentCode)).toMatchObject({ accountName: 'Shop Rent', amount: '12000.00' });
    const chart = await read<{ code: string; accountName: string; balance: string }[]>(BOOKS_PATHS.accounts);
    expect(chart.find((a) => a.code === bankCode)).toMatchObject({ accountName: 'HDFC Current', balance: '38000.00' });
    const ledger = await read<{ opening: string; closing: string }>(`/api/accounting/ledgers/${bankCode}?from=2026-04-02&to=2026-04-30`);
    expect(ledger).toMatchObject({ opening: '50000.00', closing: '38000.00' });

    // A ledger that does not exist is refused on the line that names it, and nothing is written.
    const refused = await t.owner.post(JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-04-05', lines: [{ account: 'ledger-999999', debit: '1' }, { account: 'cash', credit: '1' }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ path: 'lines.0.account', message: 'Ledger ledger-999999 not found' }] });
  });

  it('refuses a report for a date that is not one, saying which', async () => {
    const res = await t.owner.get(`${BOOKS_PATHS.trialBalance}?asOf=2026-02-30`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ issues: [{ path: 'asOf', message: 'As of must be a date (YYYY-MM-DD) of the years 1900 to 2999' }] });
  });

  it('a rebuild from the log gives the same journal, row for row', async () => {
    const journal = async () => (await sql<Record<string, unknown>>`select * from journal order by id`.execute(t.database.db)).rows;
    const before = await journal();
    expect(before.length).toBe(14);
    const rebuilt = await runCli(['rebuild', 'journal'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await journal()).toEqual(before);
  });
});
