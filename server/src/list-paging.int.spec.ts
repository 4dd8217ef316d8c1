import { api, HEADERS, itemsEntity, MASTER_DATA_ENTITIES, PAGE_LIMIT_MAX, purchaseInvoices, SETTLEMENT_DOCUMENTS, stockAdjustmentsEntity, vendorsEntity } from '@erp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startEmbedded } from './testing/run-modes';
import { TEST_SETUP_CODE } from './testing/processes';

type Row = { id: number; name?: string } & Record<string, unknown>;

/**
 * List GETs over HTTP (issue 11): the whole array by default, and with `?limit=` pages in list
 * order that join up to exactly that array; `q` searches the fields the UI searches; a bad
 * query value is a 400 that names it.
 */
describe('list paging and server-side search', () => {
  let system: RunningSystem;
  let owner: HttpClient;
  let position = '0';

  const write = async (path: string, body: unknown) => {
    const res = await owner.post(path, body);
    expect(res.status, res.text).toBe(201);
    position = res.headers.get(HEADERS.eventPosition) ?? position;
    return res.body as Row;
  };
  const read = (path: string) => owner.get<Row[]>(path, { headers: { [HEADERS.minPosition]: position } });
  const pages = async (path: string, limit: number, q = '') => {
    const seen: Row[] = [];
    let after: string | null = null;
    let requests = 0;
    do {
      const query = new URLSearchParams({ limit: String(limit), ...(q ? { q } : {}), ...(after ? { after } : {}) });
      const res = await read(`${path}?${query}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(limit);
      seen.push(...res.body);
      after = res.headers.get(HEADERS.nextAfter);
      requests += 1;
    } while (after);
    return { seen, requests };
  };

  beforeAll(async () => {
    system = await startEmbedded();
    owner = new HttpClient(system.baseUrl);
    expect((await owner.post(api.auth.setup, { username: 'owner', password: 'correct horse battery staple', setupCode: TEST_SETUP_CODE })).status).toBe(201);
    // Names that tie case-insensitively and sort differently by case, so the keyset must use id too.
    for (const name of ['banana traders', 'Apple Agencies', 'apple agencies', 'Cherry & Co', 'APPLE AGENCIES', 'Date Palm', 'éclair foods', 'Zed', 'zed']) {
      await write(vendorsEntity.path, { name, contactPerson: name === 'Zed' ? 'Ravi Banana' : null });
    }
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('answers the whole array without limit, and pages that join up to it with one', async () => {
    const all = await read(vendorsEntity.path);
    expect(all.status).toBe(200);
    expect(all.headers.get(HEADERS.nextAfter)).toBeNull();
    expect(all.body).toHaveLength(9);
    for (const limit of [1, 2, 4, 9, 10]) {
      const { seen, requests } = await pages(vendorsEntity.path, limit);
      expect(seen.map((v) => v.id)).toEqual(all.body.map((v) => v.id));
      expect(requests).toBe(Math.max(1, Math.ceil(9 / limit)));
    }
  });

  it('searches case-insensitively in the searched fields, paged or whole', async () => {
    const whole = await read(`${vendorsEntity.path}?q=${encodeURIComponent('  APPLE ')}`);
    expect(whole.body.map((v) => v.name)).toEqual(['Apple Agencies', 'apple agencies', 'APPLE AGENCIES']);
    // contactPerson is searched as well as name.
    const banana = await pages(vendorsEntity.path, 1, 'banana');
    expect(banana.seen.map((v) => v.name).sort()).toEqual(['Zed', 'banana traders']);
    // Nothing found is an empty page, not an error; LIKE wildcards are plain text.
    for (const q of ['no such vendor', '%', '_', '\\']) {
      const none = await read(`${vendorsEntity.path}?q=${encodeURIComponent(q)}&limit=5`);
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
    }
    expect((await read(`${vendorsEntity.path}?q=${encodeURIComponent('&')}`)).body.map((v) => v.name)).toEqual(['Cherry & Co']);
  });

  it('finds documents by their own text and by their party name, newest first', async () => {
    const vendor = await write(vendorsEntity.path, { name: 'Gupta Hardware' });
    const item = await write(itemsEntity.path, { name: 'Teak plank', unit: 'PC' });
    for (const [n, date] of [[1, '2026-01-05'], [2, '2026-03-05'], [3, '2026-02-05']] as const) {
      await write(purchaseInvoices.path, { vendorId: vendor.id, invoiceNumber: `GH-${n}`, invoiceDate: date, taxAmount: '0', lines: [{ itemName: 'Nails', quantity: '1', rate: '10' }] });
    }
    const byParty = await pages(purchaseInvoices.path, 2, 'gupta');
    expect(byParty.seen.map((i) => i.invoiceNumber)).toEqual(['GH-2', 'GH-3', 'GH-1']);
    expect((await read(`${purchaseInvoices.path}?q=gh-3`)).body.map((i) => i.invoiceNumber)).toEqual(['GH-3']);
    await write(stockAdjustmentsEntity.path, { itemId: item.id, adjustmentType: 'increase', quantity: '5', reason: 'Opening stock' });
    expect((await read(`${stockAdjustmentsEntity.path}?q=teak`)).body).toHaveLength(1);
  });

  it("finds payments and receipts by the method's label the screens show, as by its code", async () => {
    for (const doc of SETTLEMENT_DOCUMENTS) {
      const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.label === doc.party.label)!;
      const party = await write(partyEntity.path, { name: `Label party ${doc.plural}` });
      const invoice = await write(doc.invoices.path, { [doc.party.field]: party.id, [doc.invoices.numberField]: `LB-${doc.plural}`, ...(doc.invoices.category ? { category: doc.invoices.category.accounts[0] } : {}), lines: [{ itemName: 'Rice', quantity: '1', rate: '500' }] });
      const settle = (paymentMethod: string, amount: string) =>
        write(doc.path, { [doc.party.field]: party.id, paymentMethod, lines: [{ invoiceId: invoice.id, [doc.lineAmount.field]: amount }] });
      const bank = await settle('bank_transfer', '100');
      await settle('cash', '50');
      for (const q of ['bank transfer', 'Bank Transfer', 'bank_transfer']) {
        const found = await pages(doc.path, 1, q);
        expect(found.seen.map((r) => r.id), `${doc.path} q=${q}`).toEqual([bank.id]);
      }
    }
  });

  it('finds what people type: a phone however written, a GSTIN, an invoice by number, total or balance', async () => {
    const customer = await write('/api/sales/customers', { name: 'Phone Search Stores', phone: '+91-98200-11223', gstNumber: '27ABCPT5678L1ZV' });
    await write('/api/sales/customers', { name: 'Other Phone', phone: '022 4000 5000' });
    for (const q of ['9820011223', '+91 98200 11223', '+919820011223', '09820011223', '98200-11223', '27abcpt5678l1zv', '27ABCPT5678L1ZV']) {
      const found = await pages('/api/sales/customers', 2, q);
      expect(found.seen.map((r) => r.id), q).toEqual([customer.id]);
    }
    const invoice = await write('/api/sales/invoices', { customerId: customer.id, invoiceNumber: 'PS-77', lines: [{ itemName: 'Rice', quantity: '4', rate: '455.50' }], paidNow: '1000' });
    for (const q of ['ps-77', '1822', '₹1,822.00', 'Rs 822', '822.00']) {
      const found = await pages('/api/sales/invoices', 1, q);
      expect(found.seen.map((r) => r.id), q).toEqual([invoice.id]);
    }
    const receipts = await pages('/api/sales/receipts', 5, '1,000');
    expect(receipts.seen.map((r) => r.customerId)).toEqual([customer.id]);
  });

  it('refuses a bad limit, cursor or repeated parameter with a 400 naming it', async () => {
    const cases = [
      ['limit=0', 'limit'],
      ['limit=-1', 'limit'],
      [`limit=${PAGE_LIMIT_MAX + 1}`, 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['limit=1e2', 'limit'],
      ['after=not-a-cursor', 'after'],
      [`after=${Buffer.from('{"__proto__":1}').toString('base64url')}`, 'after'],
      [`after=${'A'.repeat(5000)}`, 'after'],
      ['q=a&q=b', 'q'],
    ] as const;
    for (const [query, field] of cases) {
      const res = await read(`${vendorsEntity.path}?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // NUL, broken UTF-8 and an over-long search are text, not a server error.
    for (const q of ['%00', '%ED%A0%80', '%uD800x', '%E0%A4', 'x'.repeat(5000)]) {
      expect((await read(`${vendorsEntity.path}?q=${q}`)).status).toBe(200);
    }
  });
});
