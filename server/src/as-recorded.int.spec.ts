import { BOOKS_PATHS, BUSINESS_PATH, byId, receipts, salesInvoices, STOCK_PATH } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { budget } from './testing/budget';
import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Register = { rows: { number: string; taxableValue: string; total: string }[]; totals: { taxableValue: string; cgst: string; total: string } };
type Gst = { totals: { output: { taxableValue: string; cgst: string } } };
type Ageing = { parties: { party: string; total: string; onAccount: string; buckets: Record<string, string>; invoices: { number: string; dueDate: string; balanceDue: string }[] }[] };

/**
 * "As the books stood on" (issue 42): an old invoice revised and paid after a moment T; every
 * report that takes `recordedBy` answers, with T, the figures from before (its rate, not yet
 * paid), without it the new — the registers, the GST summary, the ageing alike. Every books and
 * GST report refuses a parameter it does not take, naming it.
 */
describe('reports as the books stood at a moment', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  let invoice: { id: number; invoiceNumber: string } & Record<string, unknown>;
  let customer: number;
  let moment: string;

  it('an old invoice revised and paid after the moment: with recordedBy the old figures, without it the new', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Moment Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    customer = (await write('post', '/api/sales/customers', { name: 'Kulkarni Stores' })).id;
    const lines = [{ itemName: 'Kettle', quantity: '2', rate: '500', gstRate: '18' }];
    invoice = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-04-10', dueDate: '2026-05-10', taxMode: 'gst', lines });
    expect(invoice).toMatchObject({ subTotal: '1000.00', cgst: '90.00', totalAmount: '1180.00' });
    await new Promise((r) => setTimeout(r, 20));
    moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const { id: _id, ...body } = await read(byId(salesInvoices.path, invoice.id));
    await write('put', byId(salesInvoices.path, invoice.id), { ...body, dueDate: '2026-06-30', lines: [{ ...lines[0], rate: '600' }] });
    await write('post', receipts.path, { customerId: customer, receiptDate: '2026-05-05', paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '1000' }] });

    const period = '?from=2026-04-01&to=2026-04-30';
    const at = `&recordedBy=${encodeURIComponent(moment)}`;
    expect((await read<Register>(`${BOOKS_PATHS.salesRegister}${period}`)).totals).toMatchObject({ taxableValue: '1200.00', cgst: '108.00', total: '1416.00' });
    expect((await read<Register>(`${BOOKS_PATHS.salesRegister}${period}${at}`)).totals).toMatchObject({ taxableValue: '1000.00', cgst: '90.00', total: '1180.00' });
    expect((await read<Gst>(`${BOOKS_PATHS.gstSummary}${period}`)).totals.output).toMatchObject({ taxableValue: '1200.00', cgst: '108.00' });
    expect((await read<Gst>(`${BOOKS_PATHS.gstSummary}${period}${at}`)).totals.output).toMatchObject({ taxableValue: '1000.00', cgst: '90.00' });

    const party = `customer-${customer}`;
    const ageing = async (query: string) => (await read<Ageing>(`${BOOKS_PATHS.ageing}?side=receivable${query}`)).parties.find((p) => p.party === party);
    // Due on 30 June now; on 10 May as it stood.
    expect(await ageing('&asOf=2026-05-31')).toMatchObject({ total: '416.00', onAccount: '0.00', buckets: { notDue: '416.00' }, invoices: [{ balanceDue: '416.00' }] });
    // On 30 April the receipt of 5 May had not come: all of it outstanding.
    expect(await ageing('&asOf=2026-04-30')).toMatchObject({ total: '1416.00', invoices: [{ balanceDue: '1416.00' }] });
    expect(await ageing(`&asOf=2026-05-31${at}`)).toMatchObject({ total: '1180.00', buckets: { d30: '1180.00' }, invoices: [{ dueDate: '2026-05-10', balanceDue: '1180.00' }] });
  });

  it('a receipt on account and an opening balance are in the ageing; the party total is its ledger', async () => {
    await write('post', receipts.path, { customerId: customer, receiptDate: '2026-05-20', paymentMethod: 'upi', amount: '100' });
    await write('post', '/api/accounting/journal-vouchers', { voucherDate: '2026-04-01', voucherType: 'Opening Balance', lines: [{ account: 'debtors', party: `customer-${customer}`, debit: '250' }, { account: 'temporary-opening', credit: '250' }] });
    const ageing = (await read<Ageing>(`${BOOKS_PATHS.ageing}?asOf=2026-05-31`)).parties.find((p) => p.party === `customer-${customer}`)!;
    expect(ageing).toMatchObject({ total: '566.00', onAccount: '-100.00' });
    expect(ageing.invoices.map((i) => i.balanceDue).sort()).toEqual(['250.00', '416.00']);
    const statement = await read<{ closing: string }>(`${BOOKS_PATHS.statement(`customer-${customer}`)}?from=2026-04-01&to=2026-05-31`);
    expect(statement.closing).toBe('566.00');
  });

  it('every books and GST report refuses a parameter it does not take, naming it', async () => {
    const cases = [
      `${BOOKS_PATHS.ageing}?asOf=2026-05-31&from=2026-04-01`,
      `${BOOKS_PATHS.trialBalance}?from=2026-04-01`,
      `${BOOKS_PATHS.balanceSheet}?from=2026-04-01`,
      `${BOOKS_PATHS.accounts}?from=2026-04-01`,
      `${BOOKS_PATHS.profitAndLoss}?branch=2`,
      `${BOOKS_PATHS.salesRegister}?branch=2`,
      `${BOOKS_PATHS.purchaseRegister}?branch=2`,
      `${BOOKS_PATHS.gstSummary}?branch=2`,
      `${BOOKS_PATHS.dayBook}?branch=2`,
      `${BOOKS_PATHS.statement(`customer-${customer}`)}?branch=2`,
      `${BOOKS_PATHS.ledger('cash')}?branch=2`,
      `${BOOKS_PATHS.gstr1}?period=2026-04&recordedBy=${encodeURIComponent(moment)}`,
      `${BOOKS_PATHS.dashboard}?asOf=2026-05-31`,
      `${STOCK_PATH}?asOf=2026-05-31&recordedBy=${encodeURIComponent(moment)}`,
    ];
    for (const path of cases) {
      const res = await t.owner.get(path);
      const named = [...new URLSearchParams(path.split('?')[1]).keys()].at(-1);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ issues: [{ path: named }] });
    }
    expect((await t.owner.get(`${BOOKS_PATHS.ageing}?recordedBy=yesterday`)).status).toBe(400);
  });

  it('a rebuild of what settles what gives the same rows', async () => {
    const rows = async () => (await sql<Record<string, unknown>>`select * from party_allocations order by id`.execute(t.database.db)).rows;
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const rebuilt = await runCli(['rebuild', 'party_allocations'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await rows()).toEqual(before);
  }, budget({ commands: 1 }));
});
