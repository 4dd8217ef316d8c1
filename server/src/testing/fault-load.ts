import { randomBytes } from 'node:crypto';

import { byId, HEADERS, INVOICE_DOCUMENTS, MASTER_DATA_ENTITIES, type MasterDataEntity, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';

import type { HttpClient } from './http-client';

/**
 * Write load over every entity and document the contracts describe (not a hand-kept list):
 * creates, updates and deletes of master data, invoices with lines, and payments and receipts
 * whose lines allocate to several invoices (multi-stream appends). Every write carries its own
 * `X-Request-Id`, which the events keep as `metadata.correlationId`, so a test can find the
 * events of each write in the log, whatever answer (or none) it got.
 */

export interface WriteOutcome {
  /** The request id: `metadata.correlationId` of its events. */
  readonly requestId: string;
  /** What was written (`POST /api/purchase/payments, 2 lines`): writes of one kind append alike. */
  readonly kind: string;
  /** The HTTP status, or null when no answer came (connection cut). */
  readonly status: number | null;
  readonly ms: number;
  /** The record's stream (`vendor-7`) once a 2xx named its id. */
  readonly stream?: string;
  readonly retryAfter?: string | null;
}

interface Known {
  readonly id: number;
  readonly token: string;
  /** Its party, for invoices. */
  readonly partyId?: number;
  /** The records it names, as created: an update keeps them (a payroll's employee moves its month's claim). */
  readonly refs?: Readonly<Record<string, unknown>>;
  updates: number;
  /** An update is on its way, or one got no answer (its value is unknown): not updated again. */
  busy: boolean;
}

export interface Load {
  /** One write of a kind picked in rotation; resolves with its outcome (never throws). */
  write(): Promise<WriteOutcome>;
  readonly outcomes: WriteOutcome[];
  acknowledged(): WriteOutcome[];
}

/** A load generator on one signed-in client; `seed` makes record names unique per run. */
export const faultLoad = (client: HttpClient, seed = randomBytes(3).toString('hex')): Load => {
  const outcomes: WriteOutcome[] = [];
  const known = new Map<string, Known[]>();
  // Records that are deleted later are never referenced, so a delete never meets a document.
  const deletable = new Map<string, Known[]>();
  let n = 0;
  const pick = <T>(list: readonly T[] | undefined) => (list && list.length > 0 ? list[Math.floor(Math.random() * list.length)] : undefined);

  const send = async (kind: string, method: string, path: string, body: unknown, stream?: (id: number) => string, keep?: (id: number) => void) => {
    const requestId = `fault-${seed}-${++n}`;
    const started = performance.now();
    let outcome: WriteOutcome;
    try {
      const res = await client.request(method, path, { json: body, headers: { [HEADERS.requestId]: requestId }, timeoutMs: 30_000 });
      const id = (res.body as { id?: unknown } | undefined)?.id;
      const ok = res.status >= 200 && res.status < 300;
      outcome = {
        requestId,
        kind,
        status: res.status,
        ms: performance.now() - started,
        stream: ok && typeof id === 'number' && stream ? stream(id) : undefined,
        retryAfter: res.headers.get('retry-after'),
      };
      if (ok && typeof id === 'number') keep?.(id);
    } catch {
      outcome = { requestId, kind, status: null, ms: performance.now() - started };
    }
    outcomes.push(outcome);
    return outcome;
  };

  const masterData = MASTER_DATA_ENTITIES.map((entity: MasterDataEntity) => {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const refs = Object.entries(entity.search.refs ?? {}) as [string, string][];
    // Of fields where exactly one is given (a follow-up's lead or customer), the first that has a record.
    const oneOf: readonly string[] = entity.exactlyOne?.fields ?? [];
    const bodyOf = (token: string) => {
      const body = sample.body(token);
      for (const [field, singular] of refs) body[field] = pick(known.get(singular))?.id ?? null;
      const given = oneOf.find((field) => body[field] !== null);
      for (const field of oneOf) if (field !== given) body[field] = null;
      return body;
    };
    const unready = (body: Record<string, unknown>) =>
      refs.some(([field]) => body[field] === null && !oneOf.includes(field)) || (oneOf.length > 0 && oneOf.every((field) => body[field] === null));
    const stream = (id: number) => `${entity.singular}-${id}`;
    const create = () => {
      const token = `${seed}-${n + 1}`;
      const body = bodyOf(token);
      if (unready(body)) return null;
      const into = entity.canDelete && n % 4 === 0 ? deletable : known;
      const named = Object.fromEntries(refs.map(([field]) => [field, body[field]]));
      return send(`POST ${entity.path}`, 'POST', entity.path, body, stream, (id) => {
        into.set(entity.singular, [...(into.get(entity.singular) ?? []), { id, token, refs: named, updates: 0, busy: false }]);
      });
    };
    const update = () => {
      const record = pick(known.get(entity.singular)?.filter((r) => !r.busy));
      if (!record) return null;
      record.busy = true;
      // Alternates the sample's value and the change, one update of a record at a time, so
      // every acknowledged update changes something (a no-op would append nothing).
      const body = { ...bodyOf(record.token), ...record.refs, ...(++record.updates % 2 === 1 ? { [sample.change.field]: sample.change.value } : {}) };
      return send(`PUT ${entity.path}`, 'PUT', byId(entity.path, record.id), body).then((outcome) => {
        if (outcome.status === 200) record.busy = false;
        return outcome;
      });
    };
    const remove = () => {
      const records = deletable.get(entity.singular) ?? [];
      const record = records.shift();
      if (!record) return null;
      return send(`DELETE ${entity.path}`, 'DELETE', byId(entity.path, record.id), undefined);
    };
    return [create, update, ...(entity.canDelete ? [remove] : [])];
  });

  const invoices = INVOICE_DOCUMENTS.map((doc) => () => {
    // A credit or debit note is against an invoice of its party (two appends' worth: the note and the credit).
    const invoice = doc.against ? pick(known.get(doc.against.stream)) : undefined;
    const party = doc.against ? invoice && { id: invoice.partyId } : pick(known.get(doc.party.singular));
    if (!party) return null;
    const lineCount = 1 + (n % 3);
    // A note's lines are one rupee each, far below its invoice's total.
    const lines = Array.from({ length: lineCount }, (_, i) => ({ itemName: `Item ${i}`, description: 'fault load', quantity: doc.against ? '1' : '2', rate: doc.against ? '1.00' : '500.00' }));
    const number = `F-${seed}-${n + 1}`;
    const body = { [doc.party.field]: party.id, [doc.numberField]: number, taxAmount: doc.against || doc.taxNeedsGstin ? '0' : '10', lines, ...(doc.against && invoice ? { [doc.against.field]: invoice.id, noteType: 'price' } : {}), ...(doc.category ? { category: doc.category.accounts[0] } : {}) };
    return send(`POST ${doc.path}, ${lineCount} lines`, 'POST', doc.path, body, (id) => `${doc.stream}-${id}`, (id) => {
      known.set(doc.stream, [...(known.get(doc.stream) ?? []), { id, token: number, partyId: party.id, updates: 0, busy: false }]);
    });
  });

  const settlements = SETTLEMENT_DOCUMENTS.map((doc) => () => {
    const open = known.get(doc.invoices.stream) ?? [];
    const first = pick(open);
    if (!first) return null;
    // Up to three invoices of one party; one rupee each, far below any invoice's total.
    const settled = open.filter((i) => i.partyId === first.partyId).slice(-3);
    const lines = settled.map((i) => ({ invoiceId: i.id, [doc.lineAmount.field]: '1.00' }));
    return send(`POST ${doc.path}, ${lines.length} lines`, 'POST', doc.path, { [doc.party.field]: first.partyId, paymentMethod: 'upi', referenceNumber: `UTR-${n + 1}`, lines }, (id) => `${doc.stream}-${id}`);
  });

  const kinds = [...masterData.flat(), ...invoices, ...settlements];
  let turn = 0;
  return {
    outcomes,
    acknowledged: () => outcomes.filter((o) => o.status !== null && o.status >= 200 && o.status < 300),
    write: async () => {
      // A kind that cannot run yet (no party, no invoice) passes its turn to the next.
      for (let tries = 0; ; tries++) {
        const attempt = kinds[turn++ % kinds.length]!();
        if (attempt) return attempt;
        if (tries > kinds.length * 2) throw new Error('no write kind can run');
      }
    },
  };
};
