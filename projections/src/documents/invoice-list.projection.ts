import { type ConvertedTo, type InvoiceChange, type InvoiceData, type InvoiceDocument, invoiceMoney, legacyNoteCredit, type ShareOf } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type ColumnKind, STREAM_ROW_COLUMNS, type TableSpec } from '../runner/table';

/** A settling document's share of an invoice, as the list keeps it (keyed by that document's stream; a note's with what it lodged). */
export type Share = ShareOf;

/**
 * One row per invoice (or note): what it says, what is paid or credited on it, and its derived
 * status; lines and shares as jsonb (DESIGN §4: GET …/{id} needs no join).
 */
export const invoiceTable = (doc: InvoiceDocument): TableSpec => {
  const texts: Record<string, ColumnKind> = Object.fromEntries(doc.texts.map((t) => [t, 'text']));
  const against: Record<string, ColumnKind> = doc.against ? { [doc.against.field]: 'integer', againstNumber: 'text', noteType: 'text' } : {};
  return {
    name: doc.listTable,
    key: 'id',
    versioned: true,
    columns: {
      ...STREAM_ROW_COLUMNS,
      [doc.party.field]: 'integer',
      [doc.numberField]: 'text',
      [doc.dateField]: 'date',
      [doc.dueField]: 'date',
      taxMode: 'text',
      supplyType: 'text',
      placeOfSupply: 'text',
      reverseCharge: 'boolean',
      subTotal: 'numeric',
      cgst: 'numeric',
      sgst: 'numeric',
      igst: 'numeric',
      taxAmount: 'numeric',
      roundOff: 'numeric',
      totalAmount: 'numeric',
      paidAmount: 'numeric',
      creditedAmount: 'numeric',
      balanceDue: 'numeric',
      status: 'text',
      ...against,
      ...texts,
      // An opening item's day the books begin (kinds with `opening`; issue 43).
      ...(doc.opening ? { openingOn: 'date' as const } : {}),
      // Issue 45: the party's answer, the document it was made from, the documents made from it.
      ...(doc.answers ? { answer: 'text' as const } : {}),
      ...(doc.against ? {} : { source: 'jsonb' as const }),
      ...(doc.converts ? { conversions: 'jsonb' as const } : {}),
      // Issue 45: a kind's category (the ledger it is booked under) and whether it repeats monthly.
      ...(doc.category ? { category: 'text' as const } : {}),
      // A monthly copy's chain's first document (null for a first).
      ...(doc.repeats ? { repeatMonthly: 'boolean' as const, repeatOf: 'integer' as const } : {}),
      active: 'boolean',
      lines: 'jsonb',
      allocations: 'jsonb',
    },
    indexes: [[doc.party.field], [doc.dateField], ...(doc.repeats ? [['repeatOf']] : [])],
  };
};

const idOf = (change: InvoiceChange) => ('data' in change ? change.data.id : change.id);
/** The invoice a note was against, as its row keeps it (an integer column). */
const againstOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** A note recorded before note types holds its whole total on its invoice while active (legacyNoteCredit). */
const withLegacyCredit = (doc: InvoiceDocument, shares: readonly Share[], data: InvoiceData, previousAgainst: number | null): Share[] => {
  const legacy = legacyNoteCredit(doc, data);
  if (!legacy) return [...shares];
  const previous = previousAgainst === null ? null : `${doc.against!.stream}-${previousAgainst}`;
  const rest = shares.filter((s) => s.by !== legacy.key && s.by !== previous);
  return legacy.amount === null ? rest : [...rest, { by: legacy.key, as: 'credited', amount: legacy.amount, lodged: null }];
};

// Version 2: GST (tax mode, supply, components, round off), credited amounts, shares keyed by stream.
// Version 3: a note's type, the notes' lodged totals and returns on shares, where a note's credit went.
// Version 4 (kinds with `opening`, issue 43): opening invoices and bills, their day the books begin.
// Version 5 (issue 45): the source a document was made from; a source's conversions.
// Version 6 (kinds that `repeats`): a monthly copy's first document (`repeatOf`).
export const invoiceListProjection = (doc: InvoiceDocument, version = doc.against ? 3 : doc.repeats ? 6 : 5) => {
  const list = invoiceTable(doc);
  return defineProjection<InvoiceChange>({
    name: list.name,
    version,
    tables: [list],
    handles: doc.events.types,
    decode: (stored) => doc.read(stored),
    rowsOf: (change) => [{ table: list, key: idOf(change), fresh: change.kind === 'recorded' }],
    apply: (change, context, rows) => {
      const id = idOf(change);
      const row = rows.get(list, id);
      if (isReplay(row, context)) return;
      const stamp = { version: context.streamVersion, updatedAt: context.at };
      const shares = (row?.allocations ?? []) as Share[];
      switch (change.kind) {
        case 'recorded': {
          const next = withLegacyCredit(doc, [], change.data, null);
          const made = doc.converts ? { conversions: [] } : {};
          rows.put(list, Object.assign({ ...(doc.against ? {} : { source: null }) }, doc.storedData(change.data), stamp, { createdAt: context.at, allocations: next }, made, invoiceMoney(doc, change.data, next, null)));
          return;
        }
        case 'revised': {
          if (!row) return;
          const next = withLegacyCredit(doc, shares, change.data, doc.against ? againstOf(row[doc.against.field]) : null);
          rows.put(list, Object.assign({}, row, doc.storedData(change.data), stamp, { allocations: next }, invoiceMoney(doc, change.data, next, null)));
          return;
        }
        case 'allocated':
        case 'released': {
          if (!row) return;
          const others = shares.filter((s) => s.by !== change.by);
          const next = change.kind === 'allocated' ? [...others, { by: change.by, as: change.as, amount: change.amount, lodged: change.lodged }] : others;
          rows.put(list, Object.assign({}, row, stamp, { allocations: next }, invoiceMoney(doc, { totalAmount: String(row.totalAmount), dueDate: null }, next, null)));
          return;
        }
        case 'converted':
        case 'unconverted': {
          if (!row) return;
          const others = ((row.conversions ?? []) as ConvertedTo[]).filter((c) => c.by !== change.by);
          const next = change.kind === 'converted' ? [...others, { by: change.by, number: change.number, lines: change.lines }] : others;
          rows.put(list, Object.assign({}, row, stamp, { conversions: next }));
          return;
        }
      }
    },
  });
};
