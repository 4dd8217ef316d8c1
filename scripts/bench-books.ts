// The books part of `npm run bench` (issue 21): two months of 10,000 GST sales invoices each (200
// customers, half registered), half of them part paid by a receipt, folded by every read model;
// then the reports timed beside a plain SQL sum over the same invoices (what a CRUD app would run):
// GSTR-1 for a month, the trial balance, profit and loss for a month, a trial balance as of a
// date a month back and as the books stood then; and the journal's rebuild alone.
import { BUSINESS_STREAM, BusinessSchema, customersEntity, gstr1, type InvoiceData, lineBody, priceLines, receipts, salesInvoices, type SettlementData, taxTotals } from '@erp/contracts';
import type { StoreUnderTest } from '@erp/eventstore/testing';
import { journalProjection, PROJECTIONS, rebuildProjections } from '@erp/projections';
import { sql } from 'kysely';

import { accountTotals, chartOf } from '../query-service/src/books/journal-sql';
import { balanceSheet, profitAndLoss } from '../query-service/src/books/profit-and-loss';
import { gstr1Documents } from '../query-service/src/books/gstr1.route';

const PER_MONTH = Number(process.env.BENCH_BOOKS_INVOICES ?? 10_000);
const CUSTOMERS = 200;
const RUNS = 5;
const LINE = lineBody('1');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = async (run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return median(ms);
};

const invoice = (): InvoiceData => {
  const lines = priceLines(
    [
      // With items: their stock moves, so the P&L and balance sheet value 60,000 movements at cost.
      LINE.parse({ itemId: 1, itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' }),
      LINE.parse({ itemId: 2, itemName: 'Notebooks', hsn: '4820', unit: 'PC', quantity: '7', rate: '33.13', gstRate: '12' }),
      LINE.parse({ itemId: 3, itemName: 'Electric kettle', hsn: '8516', unit: 'PC', quantity: '3', rate: '411.59', gstRate: '18' }),
    ],
    'intra',
  );
  const totals = taxTotals(lines);
  return {
    id: 1, partyId: 1, number: 'INV/1', date: '2026-04-01', dueDate: null, texts: {}, active: true, taxMode: 'gst', supplyType: 'intra', placeOfSupply: '27',
    reverseCharge: false, subTotal: totals.taxableValue, cgst: totals.cgst, sgst: totals.sgst, igst: totals.igst, taxAmount: totals.taxAmount,
    roundOff: totals.roundOff, totalAmount: totals.totalAmount, againstId: null, againstNumber: null, lines,
  };
};

export const fill = async (t: StoreUnderTest) => {
  const meta = (at: string) => JSON.stringify({ userId: 1, username: 'bench', correlationId: 'bench', at });
  await sql`insert into events (event_id, stream_id, stream_version, type, data, metadata) values
    (gen_random_uuid(), ${BUSINESS_STREAM}, 1, 'BusinessProfileSaved', ${JSON.stringify(BusinessSchema.parse({ legalName: 'Bench Traders', tradeName: null, address: null, state: '27', gstin: '27AAPFU0939F1ZV', pan: null, phone: null, email: null, bankName: null, bankAccountNumber: null, ifsc: null, upiId: null, invoicePrefix: 'INV', creditNotePrefix: 'CN', debitNotePrefix: 'DN', taxpayerType: 'regular' }))}::jsonb, ${meta('2026-03-01T00:00:00Z')}::jsonb)`.execute(t.db);
  const customer = customersEntity.body.parse({ name: 'Customer', gstNumber: '27ABCPT5678L1ZV' });
  await sql`insert into events (event_id, stream_id, stream_version, type, data, metadata)
    select gen_random_uuid(), 'customer-' || s.id, 1, ${customersEntity.events.names.created},
           ${JSON.stringify(customer)}::jsonb || jsonb_build_object('id', s.id, 'name', 'Customer ' || s.id, 'gstNumber', case when s.id % 2 = 0 then '27ABCPT5678L1ZV' else null end),
           ${meta('2026-03-01T00:00:00Z')}::jsonb
    from generate_series(1, ${CUSTOMERS}::int) s(id) order by s.id`.execute(t.db);
  const recorded = salesInvoices.write({ kind: 'recorded', data: invoice() });
  // Day by day through March and April: each month PER_MONTH invoices, recorded on their date.
  await sql`insert into events (event_id, stream_id, stream_version, type, data, metadata)
    select gen_random_uuid(), ${salesInvoices.stream} || '-' || s.id, 1, ${recorded.type},
           ${JSON.stringify(recorded.data)}::jsonb || jsonb_build_object('id', s.id, 'customerId', 1 + s.id % ${CUSTOMERS}::int,
             'invoiceNumber', 'INV/2025-26/' || s.id, 'invoiceDate', d.day::text),
           jsonb_build_object('userId', 1, 'username', 'bench', 'correlationId', 'bench', 'at', d.day::timestamptz + interval '12 hours')
    from generate_series(1, ${PER_MONTH * 2}::int) s(id)
    cross join lateral (select (case when s.id <= ${PER_MONTH}::int then date '2026-03-01' + (s.id * 31 / ${PER_MONTH + 1}::int) else date '2026-04-01' + ((s.id - ${PER_MONTH}::int) * 30 / ${PER_MONTH + 1}::int) end) as day) d
    order by s.id`.execute(t.db);
  const settlement: SettlementData = { id: 1, number: 'RCT/1', partyId: 1, date: '2026-04-01', paymentMethod: 'cash', texts: { referenceNumber: null, notes: null, description: null }, totalAmount: '1000.00', active: true, lines: [{ lineNo: 1, invoiceId: 1, invoiceNumber: 'INV/1', invoiceAmount: '1822.00', amount: '1000.00' }] };
  const paid = receipts.write({ kind: 'recorded', data: settlement });
  await sql`insert into events (event_id, stream_id, stream_version, type, data, metadata)
    select gen_random_uuid(), ${receipts.stream} || '-' || s.id, 1, ${paid.type},
           jsonb_set(${JSON.stringify(paid.data)}::jsonb || jsonb_build_object('id', s.id, 'customerId', 1 + s.id % ${CUSTOMERS}::int), '{lines,0,invoiceId}', to_jsonb(s.id)),
           ${meta('2026-04-30T18:00:00Z')}::jsonb
    from generate_series(1, ${PER_MONTH * 2}::int, 2) s(id) order by s.id`.execute(t.db);
  await sql`analyze events`.execute(t.db);
};

export const benchBooks = async (t: StoreUnderTest) => {
  await fill(t);
  const events = Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
  await rebuildProjections(t.db, t.store, PROJECTIONS);
  const started = Date.now();
  const { applied } = await rebuildProjections(t.db, t.store, [journalProjection]);
  const journalMs = Date.now() - started;
  const lines = Number((await sql<{ n: string }>`select sum(jsonb_array_length(lines)) as n from journal`.execute(t.db)).rows[0]!.n);
  await sql`analyze`.execute(t.db);

  const april = { from: '2026-04-01', to: '2026-04-30' };
  const plain = sql`select count(*), sum(sub_total), sum(cgst), sum(sgst), sum(igst), sum(round_off), sum(total_amount) from sales_invoice_list`;
  const figures = [
    {
      what: `GSTR-1 for April (${PER_MONTH.toLocaleString('en-US')} invoices)`,
      app: await timed(async () => {
        const documents = await gstr1Documents(t.db, april.from, april.to);
        return gstr1({ gstin: '27AAPFU0939F1ZV', year: 2026, month: 4, documents });
      }),
      baseline: await timed(() => sql`select customer_id, count(*), sum(sub_total), sum(cgst), sum(sgst), sum(total_amount) from sales_invoice_list where invoice_date between ${april.from}::date and ${april.to}::date group by customer_id`.execute(t.db)),
      goal: '< 2 s',
    },
    { what: 'trial balance, today', app: await timed(async () => accountTotals(t.db, await chartOf(t.db), { to: '2026-11-24', recordedBy: null })), baseline: await timed(() => plain.execute(t.db)), goal: '< 200 ms' },
    { what: 'profit and loss, April (stock at cost)', app: await timed(async () => profitAndLoss(t.db, await chartOf(t.db), { ...april, recordedBy: null })), baseline: await timed(() => sql`${plain} where invoice_date between ${april.from}::date and ${april.to}::date`.execute(t.db)), goal: '< 200 ms' },
    { what: 'balance sheet, today (stock at cost)', app: await timed(async () => balanceSheet(t.db, await chartOf(t.db), '2026-11-24', null)), baseline: await timed(() => plain.execute(t.db)), goal: '< 200 ms' },
    { what: 'trial balance as of 31 March', app: await timed(async () => accountTotals(t.db, await chartOf(t.db), { to: '2026-03-31', recordedBy: null })), baseline: await timed(() => sql`${plain} where invoice_date <= '2026-03-31'::date`.execute(t.db)), goal: '< 2 s' },
    { what: '… as the books stood on 31 March (recordedBy)', app: await timed(async () => accountTotals(t.db, await chartOf(t.db), { to: '2026-03-31', recordedBy: '2026-03-31T23:59:59Z' })), baseline: await timed(() => sql`${plain} where invoice_date <= '2026-03-31'::date`.execute(t.db)), goal: '< 2 s' },
  ];
  console.log(`\nBooks: ${events.toLocaleString('en-US')} events (${(PER_MONTH * 2).toLocaleString('en-US')} GST sales invoices over March and April, ${PER_MONTH.toLocaleString('en-US')} receipts), ${lines.toLocaleString('en-US')} journal lines; median of ${RUNS}\n`);
  console.log('| report                                           | app       | plain SQL sum (baseline) | goal     |');
  console.log('|--------------------------------------------------|----------:|-------------------------:|---------:|');
  for (const f of figures) console.log(`| ${f.what.padEnd(48)} | ${`${f.app.toFixed(1)} ms`.padStart(9)} | ${`${f.baseline.toFixed(1)} ms`.padStart(24)} | ${f.goal.padStart(8)} |`);
  console.log(`\nJournal rebuild alone: ${applied.toLocaleString('en-US')} events in ${(journalMs / 1000).toFixed(1)} s = ${Math.round((applied / journalMs) * 1000).toLocaleString('en-US')} events/s (goal ≥ 30,000)`);
};
