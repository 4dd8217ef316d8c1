import { INVOICE_DOCUMENTS, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from '@erp/contracts';

import { defineProjection, type EventContext } from '../runner/projection';
import { table } from '../runner/table';

/**
 * What settles what between a party's documents (issue 42), as it changed: one row per change of
 * a share, never rewritten, so read up to a moment it is the allocations as they stood then. A
 * share joins a `charge` (what the party owes by: an invoice or bill; a refund paid out of its
 * credit) to a `credit` (what it paid or was credited by: a receipt or payment, a note, an
 * advance) with the amount it stands at (0 once released). The ageing reads it with the journal.
 */
export const partyAllocationsTable = table({
  name: 'party_allocations',
  key: 'id',
  columns: {
    /** `sales-invoice-12:7`: the stream and version of the event that changed the share. */
    id: 'text',
    charge: 'text',
    credit: 'text',
    amount: 'numeric',
    position: 'numeric',
    recordedAt: 'timestamptz',
  },
  indexes: [['charge', 'credit']],
  appendOnly: true,
});

interface ShareChange {
  readonly charge: string;
  readonly credit: string;
  readonly amount: string;
}

interface ShareEvents {
  readonly events: { readonly names: { readonly allocated: string; readonly released: string } };
  readonly streamOf: (id: number) => string;
  readonly read: (stored: unknown) => { readonly kind: string; readonly id?: number; readonly by?: string; readonly amount?: string } | null;
  /** A note's invoice: a note's shares are not charges. */
  readonly against?: unknown;
}

const refundStreams = REFUND_DOCUMENTS.map((doc) => `${doc.stream}-`);
const isRefund = (stream: string) => refundStreams.some((prefix) => stream.startsWith(prefix));

/**
 * An invoice's shares are charges settled by their `by`; a note's or a settlement's, only those a
 * refund draws (the rest are the invoices' shares seen from the other side, kept once).
 */
const decoders = (docs: readonly ShareEvents[], charged: (doc: ShareEvents) => boolean) =>
  docs.flatMap((doc) =>
    [doc.events.names.allocated, doc.events.names.released].map((type) => [type, (stored: unknown): ShareChange | null => {
      const change = doc.read(stored);
      if (!change || (change.kind !== 'allocated' && change.kind !== 'released') || change.id === undefined || change.by === undefined) return null;
      const stream = doc.streamOf(change.id);
      const amount = change.kind === 'allocated' ? (change.amount ?? '0.00') : '0.00';
      if (charged(doc)) return { charge: stream, credit: change.by, amount };
      return isRefund(change.by) ? { charge: change.by, credit: stream, amount } : null;
    }] as const),
  );

const BY_TYPE = new Map<string, (stored: unknown) => ShareChange | null>([
  ...decoders(INVOICE_DOCUMENTS, (doc) => !doc.against),
  ...decoders(SETTLEMENT_DOCUMENTS, () => false),
]);

const idOf = (context: EventContext) => `${context.streamId}:${context.streamVersion}`;

export const partyAllocationsProjection = defineProjection<ShareChange>({
  name: partyAllocationsTable.name,
  version: 1,
  tables: [partyAllocationsTable],
  handles: [...BY_TYPE.keys()],
  decode: (stored) => BY_TYPE.get(stored.type)?.(stored) ?? null,
  // Named (a batch that names no row is not folded); a replay's row is already there and stays.
  rowsOf: (_share, context) => [{ table: partyAllocationsTable, key: idOf(context) }],
  apply: (share, context, rows) => {
    rows.put(partyAllocationsTable, { id: idOf(context), ...share, position: context.position, recordedAt: context.at });
  },
});
