// Documents for the rebuild bench: every invoice-like kind (purchase and sales invoices, credit
// and debit notes) and every settling kind (payments, receipts), each record created and revised
// three times, GST lines with items, and each settlement's share on its invoice.
import {
  type InvoiceData,
  INVOICE_DOCUMENTS,
  lineBody,
  priceLines,
  SETTLEMENT_DOCUMENTS,
  type SettlementData,
  taxTotals,
} from '@erp/contracts';
import type { StoreUnderTest } from '@erp/eventstore/testing';
import { sql } from 'kysely';

const META = { userId: 1, username: 'bench', correlationId: 'bench', at: '2026-06-01T00:00:00.000Z' };
const LINE = lineBody('1');

/** A GST document of three lines with items (the issue's worked example), under fixed names. */
const invoiceData = (doc: (typeof INVOICE_DOCUMENTS)[number], note: string): InvoiceData => {
  const lines = priceLines(
    [
      LINE.parse({ itemId: 1, itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' }),
      LINE.parse({ itemId: 2, itemName: 'Notebooks', hsn: '4820', unit: 'PC', quantity: '7', rate: '33.13', gstRate: '12' }),
      LINE.parse({ itemId: 3, itemName: 'Electric kettle', hsn: '8516', unit: 'PC', quantity: '3', rate: '411.59', gstRate: '18' }),
    ],
    'intra',
  );
  const totals = taxTotals(lines);
  return {
    id: 1,
    partyId: 1,
    number: 'B-1',
    date: '2026-06-01',
    dueDate: null,
    texts: Object.fromEntries(doc.texts.map((t) => [t, note])),
    active: true,
    taxMode: 'gst',
    supplyType: 'intra',
    placeOfSupply: '27',
    reverseCharge: false,
    subTotal: totals.taxableValue,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    taxAmount: totals.taxAmount,
    roundOff: totals.roundOff,
    totalAmount: totals.totalAmount,
    againstId: doc.against ? 1 : null,
    againstNumber: doc.against ? 'B-1' : null,
    lines,
  };
};

const settlementData = (note: string, amount: string): SettlementData => ({
  id: 1,
  number: 'RCT/2026-27/0001',
  partyId: 1,
  date: '2026-06-02',
  paymentMethod: 'upi',
  texts: { referenceNumber: note, notes: note, description: note },
  totalAmount: amount,
  active: true,
  lines: [{ lineNo: 1, invoiceId: 1, invoiceNumber: 'B-1', invoiceAmount: '1822.00', amount }],
});

/**
 * Appends about `total` document events in one INSERT … SELECT per kind: every record is recorded
 * and revised three times; each sales or purchase invoice is settled in part by a receipt or
 * payment of the same id (recorded, revised three times), whose share lands on the invoice.
 */
export const fillDocuments = async (t: StoreUnderTest, total: number) => {
  // Per invoice: 4 events; per settled invoice also 4 of its settlement and 1 share.
  const kinds = INVOICE_DOCUMENTS.length * 4 + SETTLEMENT_DOCUMENTS.length * 5;
  const streams = Math.max(1, Math.floor(total / kinds));
  for (const doc of INVOICE_DOCUMENTS) {
    const recorded = doc.write({ kind: 'recorded', data: invoiceData(doc, 'first') });
    const revised = doc.write({ kind: 'revised', data: invoiceData(doc, 'revised') });
    await sql`
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select gen_random_uuid(), ${doc.stream} || '-' || s.id, v.version,
             case when v.version = 1 then ${recorded.type} else ${revised.type} end,
             (case when v.version = 1 then ${JSON.stringify(recorded.data)}::jsonb else ${JSON.stringify(revised.data)}::jsonb end)
               || jsonb_build_object('id', s.id, ${doc.numberField}::text, 'B-' || s.id)
               || ${doc.against ? sql`jsonb_build_object(${doc.against.field}::text, s.id)` : sql`'{}'::jsonb`},
             ${JSON.stringify(META)}::jsonb
      from generate_series(1, ${streams}::int) as s(id) cross join generate_series(1, 4) as v(version)
      order by s.id, v.version`.execute(t.db);
  }
  for (const settlement of SETTLEMENT_DOCUMENTS) {
    const invoices = settlement.invoices;
    const recorded = settlement.write({ kind: 'recorded', data: settlementData('first', '1000.00') });
    const revised = settlement.write({ kind: 'revised', data: settlementData('revised', '1000.00') });
    await sql`
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select gen_random_uuid(), ${settlement.stream} || '-' || s.id, v.version,
             case when v.version = 1 then ${recorded.type} else ${revised.type} end,
             jsonb_set((case when v.version = 1 then ${JSON.stringify(recorded.data)}::jsonb else ${JSON.stringify(revised.data)}::jsonb end)
               || jsonb_build_object('id', s.id), '{lines,0,invoiceId}', to_jsonb(s.id)),
             ${JSON.stringify(META)}::jsonb
      from generate_series(1, ${streams}::int) as s(id) cross join generate_series(1, 4) as v(version)
      order by s.id, v.version`.execute(t.db);
    const share = invoices.write({ kind: 'allocated', id: 1, by: `${settlement.stream}-1`, amount: '1000.00', as: 'paid' });
    await sql`
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select gen_random_uuid(), ${invoices.stream} || '-' || s.id, 5, ${share.type},
             ${JSON.stringify(share.data)}::jsonb || jsonb_build_object('id', s.id, 'by', ${settlement.stream} || '-' || s.id),
             ${JSON.stringify(META)}::jsonb
      from generate_series(1, ${streams}::int) as s(id)
      order by s.id`.execute(t.db);
  }
};
