import { api, BUSINESS_PATH, byId, HEADERS, INVOICE_DOCUMENTS, itemsEntity, MASTER_DATA_ENTITIES, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';

type Row = { id: number } & Record<string, unknown>;

/**
 * Issue 18 item 7: integrators PUT back what they GET. For every entity and document of the
 * contracts, the body a GET answers, sent back unchanged as a PUT, is accepted and changes
 * nothing: no event, the same record, the same ETag.
 */
describe('GET → PUT the same body, for every entity and document', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let owner: HttpClient;
  let position = '0';

  beforeAll(async () => {
    database = await testDatabase();
    system = await startOneProcess(database.url);
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', 'correct horse battery staple');
    // A registered business, for the GST documents.
    const business = await owner.put(BUSINESS_PATH, { legalName: 'Get Put Traders', state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' });
    expect(business.status, business.text).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await database?.drop();
  }, 60_000);

  const head = async () => ((await owner.get<{ store: { head: string } }>(api.health)).body).store.head;
  const create = async (path: string, body: Record<string, unknown>) => {
    const res = await owner.post<Row>(path, body);
    expect(res.status, `${path}: ${res.text}`).toBe(201);
    position = res.headers.get(HEADERS.eventPosition) ?? position;
    return res.body;
  };

  /** GET it, PUT the very body back: 200, the same record, the same ETag, no event. */
  const expectRoundTrip = async (path: string, id: number) => {
    const got = await owner.get<Row>(byId(path, id), { headers: { [HEADERS.minPosition]: position } });
    expect(got.status, got.text).toBe(200);
    const before = await head();
    const put = await owner.put<Row>(byId(path, id), got.body, { headers: { 'If-Match': got.headers.get('ETag')! } });
    expect(put.status, `${path}: ${put.text}`).toBe(200);
    expect(put.body).toEqual(got.body);
    expect(put.headers.get('ETag')).toBe(got.headers.get('ETag'));
    expect(await head(), `PUT ${path}/${id} appended nothing`).toBe(before);
    const again = await owner.get<Row>(byId(path, id));
    expect(again.body).toEqual(got.body);
  };

  it.each(MASTER_DATA_ENTITIES.map((e) => [e.label, e] as const))('%s', async (_label, entity) => {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const item = (entity.fieldNames as readonly string[]).includes('itemId') ? await create(itemsEntity.path, MASTER_DATA_SAMPLES.items!.body('for-stock')) : null;
    const record = await create(entity.path, { ...sample.body(`gp-${entity.plural}`), ...(item ? { itemId: item.id } : {}) });
    await expectRoundTrip(entity.path, record.id);
  });

  const partyOf = async (field: string, token: string) =>
    field === 'vendorId'
      ? (await create('/api/purchase/vendors', MASTER_DATA_SAMPLES.vendors!.body(token))).id
      : (await create('/api/sales/customers', MASTER_DATA_SAMPLES.customers!.body(token))).id;

  it.each(INVOICE_DOCUMENTS.filter((d) => !d.against && d.owed !== false).map((d) => [d.label, d] as const))('%s, partly paid and credited', async (_label, doc) => {
    const partyId = await partyOf(doc.party.field, `gp-${doc.stream}`);
    const invoice = await create(doc.path, {
      [doc.party.field]: partyId,
      [doc.numberField]: `GP-${doc.stream}`,
      dueDate: '2099-12-31',
      // Tax typed by hand needs a registered supplier where the kind says so (an expense).
      ...(doc.taxNeedsGstin ? {} : { taxAmount: '18.25' }),
      ...Object.fromEntries(doc.texts.map((t) => [t, 'Two lines'])),
      ...(doc.category ? { category: doc.category.accounts[0] } : {}),
      lines: [
        { itemName: 'Rice', description: 'Basmati', quantity: '2.5', rate: '40.10' },
        { itemName: 'Dal', quantity: 3, rate: 33.5 },
      ],
    });
    const settlement = SETTLEMENT_DOCUMENTS.find((s) => s.invoices === doc)!;
    await create(settlement.path, { [doc.party.field]: partyId, paymentMethod: 'upi', lines: [{ invoiceId: invoice.id, [settlement.lineAmount.field]: '100' }] });
    // And notes against it: a price difference in GST mode, and a return of its lines (copied from
    // the invoice): each note's body goes back as it came, too.
    const note = INVOICE_DOCUMENTS.find((d) => d.against?.stream === doc.stream);
    // A kind with no notes against it (an expense): its own body goes back as it came.
    if (!note) return expectRoundTrip(doc.path, invoice.id);
    const credit = await create(note.path, {
      [doc.party.field]: partyId,
      [note.against!.field]: invoice.id,
      noteType: 'price',
      taxMode: 'gst',
      reason: 'Rice was dearer on the bill',
      lines: [{ itemName: 'Rice', hsn: '1006', unit: 'BAG', quantity: '1', rate: '40.10', discount: '0.10', gstRate: '5' }],
    });
    const returned = await create(note.path, { [doc.party.field]: partyId, [note.against!.field]: invoice.id, reason: 'One bag returned', lines: [{ invoiceLineNo: 1, quantity: '1' }] });
    await expectRoundTrip(doc.path, invoice.id);
    await expectRoundTrip(note.path, credit.id);
    await expectRoundTrip(note.path, returned.id);
  });

  it.each(SETTLEMENT_DOCUMENTS.map((d) => [d.label, d] as const))('%s: with invoice lines, and direct', async (_label, doc) => {
    const party = doc.party.field;
    const partyId = await partyOf(party, `gp-${doc.stream}`);
    const invoices = await Promise.all(
      ['A', 'B'].map((n) => create(doc.invoices.path, { [party]: partyId, [doc.invoices.numberField]: `GPS-${doc.stream}-${n}`, ...(doc.invoices.category ? { category: doc.invoices.category.accounts[0] } : {}), lines: [{ itemName: 'Oil', quantity: 2, rate: '150' }] })),
    );
    const lined = await create(doc.path, {
      [party]: partyId,
      paymentMethod: 'bank_transfer',
      referenceNumber: 'UTR-77',
      description: 'Two bills',
      lines: invoices.map((inv, i) => ({ invoiceId: inv.id, [doc.lineAmount.field]: ['300', '120.50'][i] })),
    });
    await expectRoundTrip(doc.path, lined.id);
    const direct = await create(doc.path, { [party]: partyId, paymentMethod: 'cash', amount: '999.99' });
    await expectRoundTrip(doc.path, direct.id);
  });
});
