// The logs the rebuild bench folds, written straight into the event table (one INSERT … SELECT
// per kind of event into a staging table, then one ordered copy into `events`):
//   - 'created': every record created once; each sales and purchase invoice settled in part by
//     a receipt or payment whose share lands on the invoice (documents that allocate);
//   - 'revised': the same records, each created and then revised three times, the revisions
//     spread through the log (the k-th revision of record i comes about k/4 of the log later,
//     among other records' creates), as a business's log grows: every batch of a rebuild then
//     revises rows that earlier batches wrote. A revised receipt or payment releases its share
//     on the invoice and allocates it again, in the order the command appends them; every
//     twentieth deletable master-data record is deleted at the end.
// Every kind is interleaved with the others (vendors, items, invoices, receipts… side by side).
import {
  type InvoiceData,
  INVOICE_DOCUMENTS,
  lineBody,
  MASTER_DATA_ENTITIES,
  priceLines,
  SETTLEMENT_DOCUMENTS,
  type SettlementData,
  taxTotals,
  vendorsEntity,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import type { StoreUnderTest } from '@erp/eventstore/testing';
import { type RawBuilder, sql } from 'kysely';

export type LogShape = 'created' | 'revised';

const META = { userId: 1, username: 'bench', correlationId: 'bench', at: '2026-06-01T00:00:00.000Z' };
const LINE = lineBody('1');
/** Events per slot and kind (a settled invoice's round has four: its change, the receipt's, release, allocation). */
const SUBS = 4;

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
    // A kind booked by category (an expense) carries its first one.
    ...(doc.category ? { category: doc.category.accounts[0]! } : {}),
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

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Counts of records per kind for about `total` events of this shape: half master data, half
 * documents, as in a shop's log.
 */
const plan = (shape: LogShape, total: number) => {
  const revisions = shape === 'revised' ? 3 : 0;
  // A master-data record: its create and revisions (deletes are few, left out of the count).
  const perMasterRecord = 1 + revisions;
  // A settled invoice: its own events, its settlement's, and one release and allocation per round after the first.
  const perSettledPair = (1 + revisions) * 2 + 1 + 2 * revisions;
  const perNote = 1 + revisions;
  const notes = INVOICE_DOCUMENTS.filter((d) => !SETTLEMENT_DOCUMENTS.some((s) => s.invoices.stream === d.stream));
  const documentEvents = SETTLEMENT_DOCUMENTS.length * perSettledPair + notes.length * perNote;
  return {
    revisions,
    notes,
    masterRecords: Math.max(1, Math.ceil(total / 2 / MASTER_DATA_ENTITIES.length / perMasterRecord)),
    documentRecords: Math.max(1, Math.floor(total / 2 / documentEvents)),
  };
};

/** The staging row's sort key: slot (when), then kind (side by side), then the event within the slot. */
const keyOf = (slot: RawBuilder<unknown>, kind: number, sub: number) => sql`(${slot}) * ${sql.lit(64 * SUBS)} + ${sql.lit(kind * SUBS + sub)}`;

/**
 * The issue's log: vendors only, each created and then revised three times (a different field
 * each time), the revisions spread through the log as in fillLog; `total` events. Answers how many.
 */
export const fillVendorLog = async (t: StoreUnderTest, total: number): Promise<number> => {
  const vendors = Math.max(1, Math.floor(total / 4));
  const created = vendorsEntity.body.parse(MASTER_DATA_SAMPLES.vendors!.body('bench'));
  const changes = [sql`jsonb_build_object('phone', '98765' || lpad(s.id::text, 5, '0'))`, sql`jsonb_build_object('address', s.id || ' Brigade Road, Bengaluru')`, sql`jsonb_build_object('contactPerson', 'Manager ' || s.id)`];
  const { numAffectedRows } = await sql`
    insert into events (event_id, stream_id, stream_version, type, data, metadata)
    select gen_random_uuid(), 'vendor-' || s.id, r.round + 1,
           case when r.round = 0 then ${vendorsEntity.events.names.created} else ${vendorsEntity.events.names.updated} end,
           case r.round when 0 then ${json(created)} || jsonb_build_object('id', s.id, 'name', 'Vendor ' || s.id || ' Traders Pvt Ltd')
                        when 1 then jsonb_build_object('id', s.id, 'changes', ${changes[0]})
                        when 2 then jsonb_build_object('id', s.id, 'changes', ${changes[1]})
                        else jsonb_build_object('id', s.id, 'changes', ${changes[2]}) end,
           ${json(META)}
    from generate_series(1, ${vendors}::int) as s(id) cross join generate_series(0, 3) as r(round)
    order by s.id + r.round * ${sql.lit(Math.max(1, Math.ceil(vendors / 4)))}, r.round`.execute(t.db);
  await sql`analyze events`.execute(t.db);
  return Number(numAffectedRows ?? 0);
};

/** Fills an empty store's log with about `total` events of this shape; answers how many. */
export const fillLog = async (t: StoreUnderTest, total: number, shape: LogShape): Promise<number> => {
  const { revisions, notes, masterRecords, documentRecords } = plan(shape, total);
  await sql`create temp table bench_log (k bigint not null, stream_id text not null, stream_version int not null, type text not null, data jsonb not null)`.execute(t.db);
  const stage = (select: RawBuilder<unknown>) => sql`insert into bench_log (k, stream_id, stream_version, type, data) ${select}`.execute(t.db);
  // Round r of a record (0 = its create) comes r/4 of the way through the log later.
  const gap = (records: number) => sql.lit(Math.max(1, Math.ceil(records / 4)));
  let kind = 0;

  for (const entity of MASTER_DATA_ENTITIES) {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const created = entity.body.parse(sample.body('bench'));
    const changed = (entity.body.parse({ ...sample.body('bench'), [sample.change.field]: sample.change.value }) as Record<string, unknown>)[sample.change.field];
    const g = gap(masterRecords);
    await stage(sql`
      select ${keyOf(sql`s.id + r.round * ${g}`, kind, 0)}, ${entity.singular} || '-' || s.id, r.round + 1,
             case when r.round = 0 then ${entity.events.names.created} else ${entity.events.names.updated} end,
             case when r.round = 0 then ${json(created)} || jsonb_build_object('id', s.id, 'name', 'Record ' || s.id)
                  else jsonb_build_object('id', s.id, 'changes', jsonb_build_object(${sample.change.field}::text, ${json(changed)})) end
      from generate_series(1, ${masterRecords}::int) as s(id) cross join generate_series(0, ${revisions}::int) as r(round)`);
    if (shape === 'revised' && entity.canDelete) {
      await stage(sql`
        select ${keyOf(sql`s.id + 4 * ${g}`, kind, 0)}, ${entity.singular} || '-' || s.id, 5, ${entity.events.names.deleted}, jsonb_build_object('id', s.id)
        from generate_series(20, ${masterRecords}::int, 20) as s(id)`);
    }
    kind++;
  }

  const g = gap(documentRecords);
  const slot = sql`s.id + r.round * ${g}`;
  for (const doc of notes) {
    const recorded = doc.write({ kind: 'recorded', data: invoiceData(doc, 'first') });
    const revised = doc.write({ kind: 'revised', data: invoiceData(doc, 'revised') });
    await stage(sql`
      select ${keyOf(slot, kind, 0)}, ${doc.stream} || '-' || s.id, r.round + 1,
             case when r.round = 0 then ${recorded.type} else ${revised.type} end,
             (case when r.round = 0 then ${json(recorded.data)} else ${json(revised.data)} end)
               || jsonb_build_object('id', s.id, ${doc.numberField}::text, 'N-' || s.id)
               || ${doc.against ? sql`jsonb_build_object(${doc.against.field}::text, s.id)` : sql`'{}'::jsonb`}
      from generate_series(1, ${documentRecords}::int) as s(id) cross join generate_series(0, ${revisions}::int) as r(round)`);
    kind++;
  }

  for (const settlement of SETTLEMENT_DOCUMENTS) {
    const doc = settlement.invoices;
    const invoice = INVOICE_DOCUMENTS.find((d) => d.stream === doc.stream)!;
    const recorded = doc.write({ kind: 'recorded', data: invoiceData(invoice, 'first') });
    const revised = doc.write({ kind: 'revised', data: invoiceData(invoice, 'revised') });
    // The invoice's versions: round 0 recorded (1) and allocated (2); round r after it revised
    // (3r), the share released (3r + 1) and allocated again (3r + 2) by the revised settlement.
    const invoiceVersion = (offset: number) => sql`case when r.round = 0 then ${sql.lit(offset === 0 ? 1 : 2)} else 3 * r.round + ${sql.lit(offset)} end`;
    await stage(sql`
      select ${keyOf(slot, kind, 0)}, ${doc.stream} || '-' || s.id, ${invoiceVersion(0)},
             case when r.round = 0 then ${recorded.type} else ${revised.type} end,
             (case when r.round = 0 then ${json(recorded.data)} else ${json(revised.data)} end)
               || jsonb_build_object('id', s.id, ${invoice.numberField}::text, 'B-' || s.id)
      from generate_series(1, ${documentRecords}::int) as s(id) cross join generate_series(0, ${revisions}::int) as r(round)`);
    const paid = settlement.write({ kind: 'recorded', data: settlementData('first', '1000.00') });
    const repaid = settlement.write({ kind: 'revised', data: settlementData('revised', '1000.00') });
    await stage(sql`
      select ${keyOf(slot, kind, 1)}, ${settlement.stream} || '-' || s.id, r.round + 1,
             case when r.round = 0 then ${paid.type} else ${repaid.type} end,
             jsonb_set((case when r.round = 0 then ${json(paid.data)} else ${json(repaid.data)} end)
               || jsonb_build_object('id', s.id), '{lines,0,invoiceId}', to_jsonb(s.id))
      from generate_series(1, ${documentRecords}::int) as s(id) cross join generate_series(0, ${revisions}::int) as r(round)`);
    const released = doc.write({ kind: 'released', id: 1, by: `${settlement.stream}-1` });
    await stage(sql`
      select ${keyOf(slot, kind, 2)}, ${doc.stream} || '-' || s.id, 3 * r.round + 1, ${released.type},
             ${json(released.data)} || jsonb_build_object('id', s.id, 'by', ${settlement.stream} || '-' || s.id)
      from generate_series(1, ${documentRecords}::int) as s(id) cross join generate_series(1, ${revisions}::int) as r(round)`);
    const share = doc.write({ kind: 'allocated', id: 1, by: `${settlement.stream}-1`, amount: '1000.00', as: 'paid', lodged: null });
    await stage(sql`
      select ${keyOf(slot, kind, 3)}, ${doc.stream} || '-' || s.id, ${invoiceVersion(2)}, ${share.type},
             ${json(share.data)} || jsonb_build_object('id', s.id, 'by', ${settlement.stream} || '-' || s.id)
      from generate_series(1, ${documentRecords}::int) as s(id) cross join generate_series(0, ${revisions}::int) as r(round)`);
    kind++;
  }

  const { numAffectedRows } = await sql`
    insert into events (event_id, stream_id, stream_version, type, data, metadata)
    select gen_random_uuid(), stream_id, stream_version, type, data, ${json(META)} from bench_log order by k`.execute(t.db);
  await sql`drop table bench_log`.execute(t.db);
  await sql`analyze events`.execute(t.db);
  return Number(numAffectedRows ?? 0);
};
