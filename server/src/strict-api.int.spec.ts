import { api, customersEntity, HEADERS, INVOICE_DOCUMENTS, JOURNAL_VOUCHERS_PATH } from '@erp/contracts';
import { openApiDocument } from '@erp/query-service';
import { describe, expect, it } from 'vitest';

import type { Answer } from './testing/http-client';
import { type Document, nestedWrites } from './testing/openapi-samples';
import { signedInOneProcess } from './testing/signed-in-system';

/**
 * A strict API (issue 46 item 3): on every route of the OpenAPI document, an unknown query
 * parameter, and on every write an unknown body field, is a 400 naming it, and nothing is appended.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const UNKNOWN_PARAM = 'updatedSince';
const UNKNOWN_FIELD = 'notAField';
/** A value for each path parameter that the route's own checks would take (the refusal comes first anyway). */
const SAMPLE: Record<string, string> = { name: 'purchase', period: '2026-04', account: 'bank', party: 'customer-1' };
const sampleUrl = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? '1');

const operations = () => {
  const doc = openApiDocument();
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, hasBody: Boolean((item[method] as { requestBody?: unknown }).requestBody) })),
  );
};

const named = (res: Answer) => (res.body as { issues?: { path: string }[] } | undefined)?.issues?.map((i) => i.path) ?? [];

describe('a strict API: unknown query parameters and body fields are refused, named (issue 46 item 3)', () => {
  const t = signedInOneProcess();
  const ops = operations();

  const eventCount = async () => Number((await t.database.db.selectFrom('events' as never).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('the document has every kind of route to walk', () => {
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.filter((o) => o.method !== 'get').length).toBeGreaterThan(60);
  });

  it('every route: an unknown query parameter is a 400 naming it', async () => {
    const before = await eventCount();
    const wrong: string[] = [];
    for (const { method, path, hasBody } of ops) {
      const url = `${sampleUrl(path)}?${UNKNOWN_PARAM}=2026-01-01`;
      const res = await t.owner.request(method.toUpperCase(), url, method === 'get' || method === 'delete' ? {} : { json: hasBody ? {} : undefined });
      if (res.status !== 400 || !named(res).includes(UNKNOWN_PARAM)) wrong.push(`${method.toUpperCase()} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('every write: an unknown body field is a 400 naming it', async () => {
    const before = await eventCount();
    const wrong: string[] = [];
    for (const { method, path } of ops.filter((o) => o.method === 'post' || o.method === 'put' || o.method === 'patch')) {
      const url = sampleUrl(path);
      const res = await t.owner.request(method.toUpperCase(), url, { json: { [UNKNOWN_FIELD]: 'x' } });
      if (res.status !== 400 || !named(res).includes(UNKNOWN_FIELD)) wrong.push(`${method.toUpperCase()} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('every write whose body nests objects: an unknown field in any of them is a 400 naming its path, nothing appended', async () => {
    const writes = nestedWrites(openApiDocument() as unknown as Document, UNKNOWN_FIELD);
    // The walk reaches the lines, allocations and formats it must (the list is the document's, not this spec's).
    expect(writes.map((w) => `${w.method.toUpperCase()} ${w.path}`)).toEqual(
      expect.arrayContaining(['POST /api/sales/invoices', 'PUT /api/sales/receipts/{id}', `POST ${JOURNAL_VOUCHERS_PATH}`, 'POST /api/sales/credit-notes']),
    );
    expect(writes.length).toBeGreaterThan(15);
    const before = await eventCount();
    const wrong: string[] = [];
    for (const { method, path, body, planted } of writes) {
      const res = await t.owner.request(method.toUpperCase(), sampleUrl(path), { json: body });
      if (res.status !== 400 || named(res).join() !== planted.join()) wrong.push(`${method.toUpperCase()} ${path}: ${res.status} named ${named(res).join()} (planted ${planted.join()})`);
    }
    expect(wrong).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it("an invoice with a colour on its line is refused naming lines.0.colour; the same without it is recorded, and read back and sent again as it is", async () => {
    const customer = await t.owner.post<{ id: number }>(customersEntity.path, { name: 'Iyer Traders' });
    expect(customer.status, customer.text).toBe(201);
    const sales = INVOICE_DOCUMENTS.find((d) => d.path.includes('/sales/'))!;
    const line = { itemName: 'Rice', quantity: '2', rate: '100', gstRate: '5' };
    const invoice = { customerId: customer.body.id, invoiceDate: '2026-04-10', lines: [line] };
    const before = await eventCount();
    const refused = await t.owner.post(sales.path, { ...invoice, lines: [{ ...line, colour: 'red' }] });
    expect(refused.status, refused.text).toBe(400);
    expect(named(refused)).toEqual(['lines.0.colour']);
    expect((refused.body as { message: string }).message).toContain('lines.0.colour');
    expect(await eventCount()).toBe(before);
    const made = await t.owner.post<{ id: number; lines: Record<string, unknown>[] }>(sales.path, invoice);
    expect(made.status, made.text).toBe(201);
    // A record's own fields are not a create's: a total or a status sent to make one is refused, named.
    const { id: _id, ...recorded } = made.body;
    const afterMade = await eventCount();
    const resent = await t.owner.post(sales.path, { ...recorded, invoiceNumber: undefined });
    expect(resent.status, resent.text).toBe(400);
    expect(named(resent)).toEqual(expect.arrayContaining(['totalAmount', 'status']));
    expect(named(resent)).not.toContain('customerId');
    expect(await eventCount()).toBe(afterMade);
    // A record read is accepted back as it is, its lines' computed fields too; a field of no line is not.
    const url = `${sales.path}/${made.body.id}`;
    expect((await t.owner.put(url, made.body)).status).toBe(200);
    const again = await t.owner.put(url, { ...made.body, lines: [{ ...made.body.lines[0], colour: 'red' }] });
    expect(again.status, again.text).toBe(400);
    expect(named(again)).toEqual(['lines.0.colour']);
  });

  it('a journal voucher with an unknown field on a line is refused naming it, and not recorded', async () => {
    const before = await eventCount();
    const res = await t.owner.post(JOURNAL_VOUCHERS_PATH, {
      voucherDate: '2026-04-10',
      lines: [
        { account: 'cash', debit: '500' },
        { account: 'capital', credit: '500', memo: 'brought in' },
      ],
    });
    expect(res.status, res.text).toBe(400);
    expect(named(res)).toEqual(['lines.1.memo']);
    expect(await eventCount()).toBe(before);
  });

  it("the issue's customer sent with gstin (the field is gstNumber) is refused naming gstin, and not created", async () => {
    const res = await t.owner.post(customersEntity.path, { name: 'Mehta Stores', gstin: '27AAPFU0939F1ZV' });
    expect(res.status, res.text).toBe(400);
    expect(named(res)).toEqual(['gstin']);
    expect((res.body as { message: string }).message).toContain('gstin');
    const list = await t.owner.get<{ name: string }[]>(customersEntity.path, { headers: { [HEADERS.minPosition]: '0' } });
    expect(list.body.map((c) => c.name)).not.toContain('Mehta Stores');
  });

  it('a document with a misnamed field (date for invoiceDate) is refused naming it', async () => {
    const customer = await t.owner.post<{ id: number }>(customersEntity.path, { name: 'Gupta Kirana' });
    expect(customer.status, customer.text).toBe(201);
    const sales = INVOICE_DOCUMENTS.find((d) => d.path.includes('/sales/'))!;
    const res = await t.owner.post(sales.path, {
      customerId: customer.body.id,
      date: '2026-04-10',
      lines: [{ itemName: 'Rice', quantity: '1', rate: '100', discountPct: '5' }],
    });
    expect(res.status, res.text).toBe(400);
    expect(named(res)).toContain('date');
  });

  it('a list refuses updatedSince (the sync cursor is changedSince) instead of answering the whole list', async () => {
    const res = await t.owner.get(`${customersEntity.path}?updatedSince=2026-01-01`);
    expect(res.status, res.text).toBe(400);
    expect((res.body as { message: string }).message).toContain('updatedSince');
    expect((await t.owner.get(`${customersEntity.path}?changedSince=0`)).status).toBe(200);
    expect((await t.owner.get(`${api.events}?limit=1`)).status).toBe(200);
  });
});
