import { createHmac } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

import { api, BANK_RECONCILIATION_PATHS, BUSINESS_PATH, byId, GST_FILING_PATHS, GSTR2B_PATHS, INVOICE_DOCUMENTS, itemsEntity, MASTER_DATA_ENTITIES, parseRecordStream, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import type { Database } from '@erp/eventstore';
import { freePort } from '@erp/eventstore/testing';
import { allRows, PROJECTIONS } from '@erp/projections';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { z } from 'zod';

import { eventually, type HttpClient } from './http-client';

/** What backup.int.spec.ts writes, reads and compares: a history of every kind of record, the tables, a webhook receiver. */

export const Created = z.object({ id: z.number() }).loose();
const Health = z.object({ store: z.object({ head: z.string() }), projections: z.array(z.object({ position: z.string(), lag: z.number() })) });

/** Every read-model table of the product, from the projections registry. */
export const READ_MODEL_TABLES = PROJECTIONS.flatMap((p) => p.tables);

export const readModels = async (db: Database) =>
  Object.fromEntries(await Promise.all(READ_MODEL_TABLES.map(async (t) => [t.name, await allRows(db.db, 'public', t)] as const)));
export const logOf = async (db: Database) =>
  (await sql`select event_id, stream_id, stream_version, type, data, metadata from events order by position`.execute(db.db)).rows;
export const usersOf = async (db: Database) =>
  (await sql`select id, username, password_hash, created_at::text, role, disabled from users order by id`.execute(db.db)).rows;
export const webhooksOf = async (db: Database) =>
  (await sql`select id, url, event_types, active, secret, created_at::text from webhooks order by id`.execute(db.db)).rows;
export const countsOf = async (db: Database) =>
  (await sql<{ events: number; users: number; webhooks: number }>`select (select count(*)::int from events) as events,
    (select count(*)::int from users) as users, (select count(*)::int from webhooks) as webhooks`.execute(db.db)).rows[0];

/** The highest id used so far per stream prefix (`vendor`, `sales-invoice`, …). */
export const highestIds = async (db: Database) => {
  const highest = new Map<string, number>();
  for (const { stream_id } of (await sql<{ stream_id: string }>`select distinct stream_id from events`.execute(db.db)).rows) {
    const stream = parseRecordStream(stream_id);
    if (stream) highest.set(stream.prefix, Math.max(highest.get(stream.prefix) ?? 0, stream.id));
  }
  return highest;
};

/** The business profile, records of every master-data entity, edited and deleted where allowed, and settled documents. */
export const writeHistory = async (owner: HttpClient) => {
  const profile = await owner.put(BUSINESS_PATH, { legalName: 'Backup Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
  expect(profile.status, profile.text).toBe(200);
  let firstItem = 0;
  for (const entity of MASTER_DATA_ENTITIES) {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const ids: number[] = [];
    for (const token of ['a', 'b', 'c']) {
      const res = await owner.post(entity.path, sample.body(`${entity.plural}-${token}`));
      expect(res.status, `${entity.path} ${res.text}`).toBe(201);
      ids.push(Created.parse(res.body).id);
    }
    if (entity === itemsEntity) firstItem = ids[0]!;
    const edited = await owner.put(byId(entity.path, ids[0]!), { ...sample.body(`${entity.plural}-a`), [sample.change.field]: sample.change.value });
    expect(edited.status, edited.text).toBe(200);
    if (entity.canDelete) expect((await owner.delete(byId(entity.path, ids[2]!))).status).toBe(204);
  }
  for (const doc of SETTLEMENT_DOCUMENTS) {
    const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.label === doc.party.label)!;
    const party = Created.parse((await owner.post(partyEntity.path, { name: `Backup party ${doc.plural}` })).body).id;
    const invoices = [];
    const totals: string[] = [];
    for (const n of [1, 2]) {
      const res = await owner.post(doc.invoices.path, {
        [doc.party.field]: party,
        [doc.invoices.numberField]: `BK-${doc.plural}-${n}`,
        // Tax typed by hand needs a registered supplier where the kind says so (an expense); one booked by category takes its first.
        ...(doc.invoices.taxNeedsGstin ? {} : { taxAmount: '18.00' }),
        ...(doc.invoices.category ? { category: doc.invoices.category.accounts[0] } : {}),
        lines: [{ itemId: firstItem, itemName: 'Rice', quantity: '2.5', rate: '40.10' }, { itemName: 'Dal', quantity: 3, rate: 33.5 }],
      });
      expect(res.status, res.text).toBe(201);
      invoices.push(Created.parse(res.body).id);
      totals.push(String((res.body as { totalAmount: string }).totalAmount));
    }
    const settle = (lines: { invoiceId: number; amount: string }[]) => ({
      [doc.party.field]: party,
      paymentMethod: 'upi',
      referenceNumber: 'UTR-9',
      lines: lines.map((l) => ({ invoiceId: l.invoiceId, [doc.lineAmount.field]: l.amount })),
    });
    const paid = await owner.post(doc.path, settle([{ invoiceId: invoices[0]!, amount: '100' }, { invoiceId: invoices[1]!, amount: totals[1]! }]));
    expect(paid.status, paid.text).toBe(201);
    const revised = await owner.put(byId(doc.path, Created.parse(paid.body).id), settle([{ invoiceId: invoices[1]!, amount: '50' }]));
    expect(revised.status, revised.text).toBe(200);
    // A credit or debit note returning one of the first invoice's items (its stock moves back), and
    // a GST price difference on it.
    const note = INVOICE_DOCUMENTS.find((d) => d.against?.stream === doc.invoices.stream);
    const refund = REFUND_DOCUMENTS.find((r) => r.sources.settlements.stream === doc.stream);
    // A kind with no notes against it and no refunds of its settlements (an expense) stops here.
    if (!note || !refund) continue;
    const credited = await owner.post(note.path, { [doc.party.field]: party, [note.against!.field]: invoices[0]!, lines: [{ invoiceLineNo: 1, quantity: '1' }] });
    expect(credited.status, credited.text).toBe(201);
    const price = await owner.post(note.path, {
      [doc.party.field]: party,
      [note.against!.field]: invoices[0]!,
      noteType: 'price',
      taxMode: 'gst',
      lines: [{ itemId: firstItem, itemName: 'Rice', hsn: '1006', quantity: '1', rate: '4.10', gstRate: '5' }],
    });
    expect(price.status, price.text).toBe(201);
    // An advance, part of it refunded.
    const advance = await owner.post(doc.path, { [doc.party.field]: party, paymentMethod: 'cash', amount: '500' });
    expect(advance.status, advance.text).toBe(201);
    const refunded = await owner.post(refund.path, { [doc.party.field]: party, paymentMethod: 'cash', lines: [{ source: doc.streamOf(Created.parse(advance.body).id), amount: '200' }] });
    expect(refunded.status, refunded.text).toBe(201);
  }
  // Each kind nobody owes (a quotation, an order), the first converted into the next: the links both ways.
  const quotes = INVOICE_DOCUMENTS.filter((d) => d.owed === false);
  const quoted: { doc: (typeof quotes)[number]; id: number }[] = [];
  for (const doc of quotes) {
    const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.label === doc.party.label)!;
    const party = Created.parse((await owner.post(partyEntity.path, { name: `Backup party ${doc.plural}` })).body).id;
    const from = quoted.find((q) => q.doc.converts?.includes(doc.stream) && q.doc.party.field === doc.party.field);
    const res = await owner.post(doc.path, {
      [doc.party.field]: from ? Number(((await owner.get(byId(from.doc.path, from.id))).body as Record<string, unknown>)[doc.party.field]) : party,
      ...(from ? { source: { stream: from.doc.stream, id: from.id } } : {}),
      lines: [{ itemId: firstItem, itemName: 'Rice', quantity: '4', rate: '40.10', ...(from ? { sourceLineNo: 1 } : {}) }],
    });
    expect(res.status, res.text).toBe(201);
    quoted.push({ doc, id: Created.parse(res.body).id });
  }
  // A bank statement (HDFC's export: its format is saved for the account), its lines waiting for a match.
  const csv = [
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '02/04/26,NEFT-BACKUP TRADERS,N1234,02/04/26,,250.00,5250.00',
    '05/04/26,SMS CHARGES,,05/04/26,17.70,,5232.30',
  ].join('\n');
  const imported = await owner.post(BANK_RECONCILIATION_PATHS.statements('bank'), { csv, fileName: 'april.csv' });
  expect(imported.status, imported.text).toBe(201);
  // A month's GSTR-2B from the portal (one supplier invoice), for the business's GSTIN.
  const items = [{ num: 1, rt: 18, txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }];
  const b2b = [{ ctin: '29AAHCM7727Q1ZI', trdnm: 'Backup Supplier', supprd: '042026', inv: [{ inum: 'BS/1', typ: 'R', dt: '10-04-2026', val: 1180, pos: '27', rev: 'N', itcavl: 'Y', items }] }];
  const file = JSON.stringify({ chksum: 'x', data: { gstin: '27AAPFU0939F1ZV', rtnprd: '042026', gendt: '14-05-2026', version: '1.0', docdata: { b2b } } });
  const twoB = await owner.post(GSTR2B_PATHS.imports, { file, fileName: 'GSTR2B-042026.json' });
  expect([200, 201], twoB.text).toContain(twoB.status);
  // April's GSTR-1 marked filed: its copy as filed is kept (issue 44).
  const filed = await owner.post(GST_FILING_PATHS.filing('gstr1', '2026-04'), { arn: 'AA270526012345X', filedOn: '2026-05-11' });
  expect([200, 201], filed.text).toContain(filed.status);
};

export const waitCaughtUp = (client: HttpClient) =>
  eventually(
    async () => Health.parse((await client.get(api.health)).body),
    (h) => h.projections.every((p) => p.lag === 0 && p.position === h.store.head),
    { what: 'projections caught up' },
  );

export const fileMode = async (file: string) => (await stat(file)).mode & 0o777;
export const gunzipLines = async (file: string) => gunzipSync(await readFile(file)).toString('utf8').split('\n').filter(Boolean);

/** A backup's lines with its last (the integrity tag) made again over the others, as the holder of `key` could. */
export const signed = (lines: readonly string[], key: string) => {
  const body = lines.map((l) => `${l}\n`).join('');
  return `${body}${JSON.stringify({ hmacSha256: createHmac('sha256', key).update(body).digest('hex') })}\n`;
};

export interface Delivery {
  readonly path: string;
  readonly eventId: string;
  readonly eventType: string;
  /** `X-Erp-Signature` checked as an integrator would, against the secret registered for `path`. */
  readonly signedWith: (secret: string) => boolean;
}

/** A loopback webhook receiver that accepts everything and keeps what came, by URL path. */
export const webhookReceiver = async () => {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const [timestamp, signature] = [String(req.headers['x-erp-timestamp']), String(req.headers['x-erp-signature'])];
      deliveries.push({
        path: req.url ?? '',
        eventId: String(req.headers['x-erp-event-id']),
        eventType: String(req.headers['x-erp-event-type']),
        signedWith: (secret) => signature === `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
      });
      res.statusCode = 204;
      res.end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    deliveries,
    url: (name: string) => `http://127.0.0.1:${port}/${name}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
