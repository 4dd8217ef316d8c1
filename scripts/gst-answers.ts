// The GST answers as JSON, to check a change to how they are read leaves them byte-identical:
// the bench's April (10,000 GST sales invoices) plus a varied handful (B2B with nil and exempt
// lines, B2CL and B2CS across states, credit notes, bills, a debit note, reverse charge, tax by
// hand, a cancelled invoice, our own GSTIN). `tsx scripts/gst-answers.ts out.json` writes
// GSTR-1, GSTR-3B (JSON and set-off) and the tie-out; compare two runs' files with `cmp`.
import { writeFileSync } from 'node:fs';

import { creditNotes, customersEntity, debitNotes, gstr1, type InvoiceDocument, purchaseInvoices, salesInvoices, vendorsEntity } from '@erp/contracts';
import { bill, KA_VENDOR, MH_BUYER, OWN, sale } from '../contracts/src/gst/return-docs.testing';
import { testDatabase, withStore } from '@erp/eventstore/testing';
import { PROJECTIONS, prepareProjections, rebuildProjections } from '@erp/projections';
import { sql } from 'kysely';

import { gstr1Documents } from '../query-service/src/books/gstr1.route';
import { gstr1Of, monthReturns, monthTieOut } from '../query-service/src/gst/returns';
import { fill } from './bench-books';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/gst-answers.ts <out.json>');

const meta = JSON.stringify({ userId: 1, username: 'answers', correlationId: 'answers', at: '2026-04-30T12:00:00Z' });

const main = async () => {
  const database = await testDatabase();
  const t = await withStore(database.url, { max: 4 });
  try {
    await prepareProjections(t.db, t.store, PROJECTIONS);
    await fill(t);
    const event = async (stream: string, type: string, data: unknown) =>
      sql`insert into events (event_id, stream_id, stream_version, type, data, metadata) values (gen_random_uuid(), ${stream}, 1, ${type}, ${JSON.stringify(data)}::jsonb, ${meta}::jsonb)`.execute(t.db);
    const party = async (entity: typeof customersEntity | typeof vendorsEntity, id: number, name: string, gstNumber: string | null) =>
      event(`${entity === customersEntity ? 'customer' : 'vendor'}-${id}`, entity.events.names.created, { ...(entity.body.parse({ name, gstNumber }) as object), id });
    await party(customersEntity, 501, 'Pune Mart', MH_BUYER);
    await party(customersEntity, 502, 'Walk-in', null);
    await party(customersEntity, 503, 'Own branch', OWN);
    await party(vendorsEntity, 601, 'Pune Steel', MH_BUYER);
    await party(vendorsEntity, 602, 'Bangalore Tea', KA_VENDOR);
    await party(vendorsEntity, 603, 'Local Carrier', null);
    const record = async (doc: InvoiceDocument, data: { id: number; partyId: number } & Record<string, unknown>) => {
      const written = doc.write({ kind: 'recorded', data: data as never });
      await event(doc.streamOf(data.id), written.type, written.data);
    };
    const s = (partyId: number, ...a: Parameters<typeof sale>) => ({ ...sale(...a).data, partyId });
    const b = (partyId: number, ...a: Parameters<typeof bill>) => ({ ...bill(...a).data, partyId });
    const kettle = { name: 'Kettle', qty: '10', rate: '1000.00', gst: '18' };
    await record(salesInvoices, s(501, { id: 30001, number: 'INV/2026-27/30001', date: '2026-04-02', party: MH_BUYER, lines: [kettle, { name: 'Rice', qty: '10', rate: '30.00', gst: '0', category: 'nil' }, { name: 'Milk', qty: '10', rate: '50.00', gst: '0', category: 'exempt' }, { name: 'Petrol', qty: '1', rate: '70.00', gst: '0', category: 'non-gst' }] }));
    await record(salesInvoices, s(502, { id: 30002, number: 'INV/2026-27/30002', date: '2026-04-03', pos: '29', lines: [{ name: 'Machine', qty: '1', rate: '150000.00', gst: '18' }] }));
    await record(salesInvoices, s(502, { id: 30003, number: 'INV/2026-27/30003', date: '2026-04-04', pos: '24', lines: [{ name: 'Notebooks', qty: '20', rate: '100.37', gst: '12' }, { name: 'Pens', qty: '3', rate: '9.99', gst: '5' }] }));
    await record(salesInvoices, s(501, { id: 30004, number: 'HAND-1', date: '2026-04-05', party: MH_BUYER, taxMode: 'manual', lines: [kettle] }));
    await record(salesInvoices, s(501, { id: 30005, number: 'INV/2026-27/30005', date: '2026-04-06', party: MH_BUYER, reverseCharge: true, lines: [kettle] }));
    await record(salesInvoices, s(503, { id: 30006, number: 'INV/2026-27/30006', date: '2026-04-07', party: OWN, lines: [kettle] }));
    await record(salesInvoices, { ...s(501, { id: 30007, number: 'INV/2026-27/30007', date: '2026-04-08', party: MH_BUYER, lines: [kettle] }), active: false });
    await record(creditNotes, s(502, { id: 40001, number: 'CN/1', date: '2026-04-20', pos: '29', againstId: 30002, lines: [{ name: 'Machine', qty: '1', rate: '10000.00', gst: '18' }] }, 'credit-note'));
    await record(creditNotes, s(501, { id: 40002, number: 'CN/2', date: '2026-04-21', party: MH_BUYER, againstId: 30001, lines: [{ name: 'Kettle', qty: '1', rate: '1000.00', gst: '18' }, { name: 'Rice', qty: '1', rate: '30.00', gst: '0', category: 'nil' }] }, 'credit-note'));
    await record(purchaseInvoices, b(601, { id: 50001, number: 'PS/1', date: '2026-04-05', party: MH_BUYER, lines: [{ name: 'Steel', qty: '10', rate: '2000.00', gst: '18' }, { name: 'Salt', qty: '5', rate: '20.00', gst: '0', category: 'exempt' }] }));
    await record(purchaseInvoices, b(602, { id: 50002, number: 'KA/9', date: '2026-04-06', party: KA_VENDOR, lines: [{ name: 'Tea', qty: '1', rate: '5000.00', gst: '5' }, { name: 'Diesel', qty: '1', rate: '90.00', gst: '0', category: 'non-gst' }] }));
    await record(purchaseInvoices, b(603, { id: 50003, number: 'GTA/4', date: '2026-04-07', reverseCharge: true, lines: [{ name: 'Freight', qty: '1', rate: '1000.00', gst: '18' }] }));
    await record(debitNotes, b(601, { id: 60001, number: 'DN/1', date: '2026-04-25', party: MH_BUYER, againstId: 50001, lines: [{ name: 'Steel', qty: '1', rate: '2000.00', gst: '18' }] }, 'debit-note'));
    await rebuildProjections(t.db, t.store, PROJECTIONS);
    await sql`analyze`.execute(t.db);
    const deps = { db: t.db };
    const month = await monthReturns(deps, '2026-04', 'supply');
    const answers = {
      gstr1: gstr1({ gstin: OWN, year: 2026, month: 4, documents: await gstr1Documents(t.db, '2026-04-01', '2026-04-30') }),
      gstr3b: month.gstr3b,
      itc: month.itc,
      tieOut: await monthTieOut(deps, '2026-04'),
    };
    // What the filing reads: GSTR-1 from the month the returns read, lines as the HSN summary needs them.
    if (JSON.stringify(gstr1Of(await monthReturns(deps, '2026-04', 'hsn'))) !== JSON.stringify(answers.gstr1)) throw new Error("the filing's GSTR-1 differs from the route's");
    writeFileSync(out, `${JSON.stringify(answers, null, 1)}\n`);
    console.log(`${out}: GSTR-1 b2b ${answers.gstr1.b2b.length} parties, tie-out ready ${answers.tieOut.ready}, ${answers.tieOut.outward.differences.length + answers.tieOut.input.differences.length} differences`);
  } finally {
    await t.close();
    await database.drop();
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
