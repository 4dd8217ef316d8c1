import { api, BOOKS_PATHS, BUSINESS_PATH, byId, HEADERS, indiaDate, purchaseInvoices, receipts, salesInvoices, vendorPayments, vendorsEntity } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { code: string; debit: string; credit: string; balance: string };
type Tb = { asOf: string; financialYearFrom: string; rows: Row[]; totalDebit: string; totalCredit: string; previous?: Tb };
type Line = { code: string; amount: string };
type Bs = { asOf: string; assets: Line[]; liabilities: Line[]; retainedEarnings: string; profit: string; totalAssets: string; totalLiabilities: string; previous?: Bs };
type Pl = { from: string; to: string; netProfit: string; trading: { sales: string; purchases: string }; previous?: Pl };
type Parties = { total: string; parties: { party: string; name: string; balance: string; msme?: string | null; overdue45?: string; overdueBills?: { number: string; days: number; unpaid: string }[] }[]; msmeOverdue?: { total: string; parties: number } };

/** Money as integer paise and back: the test's own ledger never uses the code's money helpers. */
const paise = (money: string) => {
  const [whole, frac = ''] = money.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
  return money.startsWith('-') ? -value : value;
};
const money = (p: bigint) => `${p < 0n ? '-' : ''}${(p < 0n ? -p : p) / 100n}.${String((p < 0n ? -p : p) % 100n).padStart(2, '0')}`;

/**
 * Two financial years through the API (issue 43 items 2 and 6): sales and purchases in 2025-26 and
 * 2026-27, the trial balance as of 31 May 2026 with this year's income alone and last year's
 * profit in the Profit and Loss Account, the balance sheet, the previous year beside, a late
 * entry into the ended year, debtors and creditors lists that agree with the balance sheet, an
 * MSME vendor's bill unpaid 50 days flagged and one of 30 not, the exports and the audit trail.
 */
describe('financial years, the close and what a CA asks for', () => {
  const t = signedInOneProcess();
  const { write, read, position } = readYourWrites(() => t.owner);
  // The test's ledger: each year's sales and purchases, what customers and vendors owe, in paise.
  const sales = new Map<string, bigint>();
  const purchases = new Map<string, bigint>();
  const add = (m: Map<string, bigint>, fy: string, p: bigint) => m.set(fy, (m.get(fy) ?? 0n) + p);
  let debtors = 0n;
  let creditors = 0n;
  let customer: number;
  let vendor: number;
  let msme: number;

  const sell = async (date: string, quantity: string, rate: string, fy: string, qtyPaise: bigint) => {
    const invoice = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: date, lines: [{ itemName: 'Service', quantity, rate }] });
    add(sales, fy, qtyPaise);
    debtors += qtyPaise;
    expect(paise(String(invoice.totalAmount))).toBe(qtyPaise);
    return invoice;
  };
  const buy = async (from: number, number: string, date: string, rate: string, fy: string) => {
    await write('post', purchaseInvoices.path, { vendorId: from, invoiceNumber: number, invoiceDate: date, lines: [{ itemName: 'Goods', quantity: '1', rate }] });
    add(purchases, fy, paise(rate));
    creditors += paise(rate);
  };
  const balance = (rows: readonly Row[], code: string) => paise(rows.find((r) => r.code === code)?.balance ?? '0.00');
  const amount = (lines: readonly Line[], code: string) => paise(lines.find((l) => l.code === code)?.amount ?? '0.00');
  const profitOf = (fy: string) => -(-(sales.get(fy) ?? 0n) + (purchases.get(fy) ?? 0n));

  it('records two years: sales and purchases either side of 31 March, a receipt and a payment', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27' });
    customer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores' })).id;
    vendor = (await write('post', vendorsEntity.path, { name: 'Gujarat Mills' })).id;
    msme = (await write('post', vendorsEntity.path, { name: 'Pune Packers', msme: 'micro', udyamNumber: 'udyam-mh-19-0012345' })).id;
    expect(await read(byId(vendorsEntity.path, msme))).toMatchObject({ msme: 'micro', udyamNumber: 'UDYAM-MH-19-0012345' });

    const first = await sell('2025-06-10', '2', '13480.75', '2025-26', 2_696_150n);
    await sell('2026-02-20', '3', '1.11', '2025-26', 333n);
    await buy(vendor, 'GM/1', '2025-07-01', '15000.55', '2025-26');
    await write('post', receipts.path, { customerId: customer, receiptDate: '2025-08-01', paymentMethod: 'cash', lines: [{ invoiceId: first.id, receivedAmount: '20000.00' }] });
    debtors -= 2_000_000n;
    await write('post', vendorPayments.path, { vendorId: vendor, paymentDate: '2025-09-01', paymentMethod: 'cash', amount: '5000.05' });
    creditors -= 500_005n;

    await sell('2026-04-20', '1', '11771.50', '2026-27', 1_177_150n);
    await buy(msme, 'PP/11', '2026-04-11', '1200.40', '2026-27');
    await buy(msme, 'PP/12', '2026-05-01', '800.10', '2026-27');
  });

  it('the trial balance as of 31 May 2026: this year\'s income alone, last year\'s profit in the Profit and Loss Account', async () => {
    const tb = await read<Tb>(`${BOOKS_PATHS.trialBalance}?asOf=2026-05-31`);
    expect(tb.financialYearFrom).toBe('2026-04-01');
    expect(balance(tb.rows, 'sales')).toBe(-sales.get('2026-27')!);
    expect(balance(tb.rows, 'purchases')).toBe(purchases.get('2026-27')!);
    expect(balance(tb.rows, 'profit-and-loss')).toBe(-profitOf('2025-26'));
    expect(balance(tb.rows, 'debtors')).toBe(debtors);
    expect(balance(tb.rows, 'creditors')).toBe(-creditors);
    expect(tb.totalDebit).toBe(tb.totalCredit);
    // The chart with balances and the Sales ledger say the same: the new year starts at zero.
    const chart = await read<Row[]>(`${BOOKS_PATHS.accounts}?asOf=2026-05-31`);
    expect(balance(chart, 'sales')).toBe(-sales.get('2026-27')!);
    expect(balance(chart, 'debtors')).toBe(debtors);
    const ledger = await read<{ opening: string; closing: string }>(`${BOOKS_PATHS.ledger('sales')}?from=2026-04-01&to=2026-05-31`);
    expect(ledger).toMatchObject({ opening: '0.00', closing: money(-sales.get('2026-27')!) });
    // The year before, as of its last day: its own sales, nothing closed yet.
    const last = await read<Tb>(`${BOOKS_PATHS.trialBalance}?fy=2025-26&compare=previous-year`);
    expect(last.asOf).toBe('2026-03-31');
    expect(balance(last.rows, 'sales')).toBe(-sales.get('2025-26')!);
    expect(balance(last.rows, 'profit-and-loss')).toBe(0n);
    expect(last.previous).toMatchObject({ asOf: '2025-03-31', rows: [], totalDebit: '0.00' });
  });

  it('the balance sheet: last year\'s profit apart from this year\'s, both sides equal; the P&L with the previous year beside it', async () => {
    const bs = await read<Bs>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-05-31&compare=previous-year`);
    expect(paise(bs.retainedEarnings)).toBe(profitOf('2025-26'));
    expect(paise(bs.profit)).toBe(profitOf('2026-27'));
    expect(bs.totalAssets).toBe(bs.totalLiabilities);
    expect(paise(bs.totalAssets)).toBe(debtors + (2_000_000n - 500_005n));
    expect(bs.previous).toMatchObject({ asOf: '2025-05-31', retainedEarnings: '0.00', profit: '0.00' });

    const pl = await read<Pl>(`${BOOKS_PATHS.profitAndLoss}?fy=2026-27&compare=previous-year`);
    expect(pl).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
    expect(paise(pl.netProfit)).toBe(profitOf('2026-27'));
    expect(pl.previous).toMatchObject({ from: '2025-04-01', to: '2026-03-31', trading: { sales: money(sales.get('2025-26')!), purchases: money(purchases.get('2025-26')!) } });
    expect(paise(pl.previous!.netProfit)).toBe(profitOf('2025-26'));
  });

  it('a late sale dated March 2026, recorded in May: the close moves by exactly its amount', async () => {
    const before = await read<Tb>(`${BOOKS_PATHS.trialBalance}?asOf=2026-05-31`);
    await sell('2026-03-15', '4', '345.00', '2025-26', 138_000n);
    const after = await read<Tb>(`${BOOKS_PATHS.trialBalance}?asOf=2026-05-31`);
    expect(balance(after.rows, 'profit-and-loss') - balance(before.rows, 'profit-and-loss')).toBe(-138_000n);
    expect(balance(after.rows, 'profit-and-loss')).toBe(-profitOf('2025-26'));
    expect(balance(after.rows, 'sales')).toBe(-sales.get('2026-27')!);
    expect(after.totalDebit).toBe(after.totalCredit);
    const bs = await read<Bs>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-05-31`);
    expect(paise(bs.retainedEarnings)).toBe(profitOf('2025-26'));
    expect(bs.totalAssets).toBe(bs.totalLiabilities);
  });

  it('debtors and creditors lists agree with the balance sheet; the micro vendor\'s bill 50 days unpaid is flagged, the one of 30 days not', async () => {
    for (const asOf of ['2026-03-31', '2026-05-31']) {
      const bs = await read<Bs>(`${BOOKS_PATHS.balanceSheet}?asOf=${asOf}`);
      const owed = await read<Parties>(`${BOOKS_PATHS.debtors}?asOf=${asOf}`);
      const owing = await read<Parties>(`${BOOKS_PATHS.creditors}?asOf=${asOf}`);
      expect(paise(owed.total)).toBe(amount(bs.assets, 'debtors'));
      expect(paise(owing.total)).toBe(amount(bs.liabilities, 'creditors'));
    }
    const owing = await read<Parties>(`${BOOKS_PATHS.creditors}?asOf=2026-05-31`);
    expect(paise(owing.total)).toBe(creditors);
    const packers = owing.parties.find((p) => p.party === `vendor-${msme}`)!;
    expect(packers).toMatchObject({ name: 'Pune Packers', msme: 'micro', balance: '2000.50', overdue45: '1200.40', overdueBills: [{ number: 'PP/11', days: 50, unpaid: '1200.40' }] });
    expect(owing.msmeOverdue).toEqual({ total: '1200.40', parties: 1 });
    expect(owing.parties.find((p) => p.party === `vendor-${vendor}`)).toMatchObject({ msme: null, overdue45: '0.00', overdueBills: [] });
    const owed = await read<Parties>(`${BOOKS_PATHS.debtors}?fy=2025-26`);
    expect(owed.parties).toEqual([{ party: `customer-${customer}`, name: 'Tilak Stores', balance: money(2_696_150n + 333n + 138_000n - 2_000_000n) }]);
  });

  const download = async (url: string) => {
    const res = await fetch(`${t.system.baseUrl}${url}`, { headers: { cookie: t.owner.cookieHeader(), [HEADERS.minPosition]: position() } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
  };

  it('exports the year\'s day book and ledgers as CSV and PDF, and the audit trail as CSV', async () => {
    const dayBook = await download(`${BOOKS_PATHS.dayBookExport}?fy=2025-26`);
    expect(dayBook).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="day-book-2025-04-01-to-2026-03-31.csv"' });
    const lines = dayBook.body.toString().trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Voucher,Ledger,Party,Debit,Credit');
    // Three sales (the late one too), a purchase, a receipt and a payment: two lines each.
    expect(lines.length).toBe(1 + 12);
    expect(lines.filter((l) => l.includes(',Sales,')).reduce((sum, l) => sum + paise(l.split(',').at(-1)!), 0n)).toBe(sales.get('2025-26')!);

    const ledgers = (await download(`${BOOKS_PATHS.ledgersExport}?fy=2026-27`)).body.toString().split('\r\n');
    // Sales starts the new year at zero.
    expect(ledgers).toContain('2026-04-01,Opening balance,Sales,,,,0.00');
    expect(ledgers.find((l) => l.startsWith('2026-04-01,Opening balance,Sundry Debtors'))).toBe(`2026-04-01,Opening balance,Sundry Debtors,,,,${money(2_696_150n + 333n + 138_000n - 2_000_000n)}`);

    for (const path of [BOOKS_PATHS.dayBookExport, BOOKS_PATHS.ledgersExport]) {
      const pdf = await download(`${path}?fy=2025-26&format=pdf`);
      expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    }

    await write('put', byId(vendorsEntity.path, vendor), { name: 'Gujarat Mills', msme: 'small' });
    // The audit trail's days are India's (from 00:00 to 05:30 IST the UTC date is yesterday's).
    const today = indiaDate(new Date());
    const audit = await download(`${api.activityExport}?from=2026-01-01&to=${today > '2026-01-01' ? today : '2026-01-01'}`);
    expect(audit.status).toBe(200);
    const trail = audit.body.toString().split('\r\n');
    expect(trail[0]).toBe('Time,User,Record,Stream,Event,Field,Before,After');
    expect(trail.some((l) => l.includes(`,owner,Vendor #${vendor},vendor-${vendor},`) && l.endsWith(',msme,,small'))).toBe(true);
  });

  it('a rebuild of the journal gives the same trial balance and balance sheet', async () => {
    const reports = async () => [await read(`${BOOKS_PATHS.trialBalance}?asOf=2026-05-31`), await read(`${BOOKS_PATHS.balanceSheet}?asOf=2026-05-31`)];
    const before = await reports();
    const count = async () => (await sql<{ n: string }>`select count(*)::text as n from journal`.execute(t.database.db)).rows[0]!.n;
    const rows = await count();
    const rebuilt = await runCli(['rebuild', 'journal'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await count()).toBe(rows);
    expect(await reports()).toEqual(before);
  });
});
