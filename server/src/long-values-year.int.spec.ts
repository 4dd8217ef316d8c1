import {
  type ActivityPage,
  api,
  apiKeyActor,
  type ApiKey,
  BOOKS_PATHS,
  BUSINESS_PATH,
  byId,
  type CreatedApiKey,
  customersEntity,
  DISTANCE_KM,
  DispatchBodySchema,
  eDocumentPaths,
  type EDocumentsAnswer,
  type Gstr2bMatch,
  GSTR2B_PATHS,
  GSTR2B_ROWS_MAX,
  Gstr2bImportBodySchema,
  historyOf,
  indiaDate,
  lockPath,
  LockBodySchema,
  type LocksAnswer,
  LOCKS_PATH,
  MONEY_MAX,
  NewApiKeySchema,
  openingItemBody,
  openingItemsPath,
  pdfPath,
  purchaseInvoices,
  salesInvoices,
  SIGNED_QR_MAX,
  vendorsEntity,
} from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { HttpClient } from './testing/http-client';
import { inputSchemaOf, maxLengthOf } from './testing/longest-values';
import { hostilePlace, longestText, mostRowsThatFit, signedQrCode, twoBFile, twoBNumber } from './testing/longest-year-values';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';
import { expectHealthy, expectNormalWriteVisible, expectNothingAppended } from './testing/still-moving';

/**
 * Issue 18 for the year's new fields (openings, the books lock, API keys, e-documents, GSTR-2B):
 * each at its longest and most hostile, numbers at their caps, through the real server and every
 * read model; each reads back as sent where it is shown, health has no problems, no read model
 * stops, and a normal write right after is visible at once. One character over is a 400 naming
 * the field, with nothing appended.
 */
const OURS = '27AAPFU0939F1ZV';
const MEHTA = '29AAHCM7727Q1ZI';
const ARVIND = '24AANFA2641L1ZF';
const BOOKS_BEGIN = '2025-04-01';
const MOST = MONEY_MAX.toFixed(2);
/** A 2B supplier's trade name (`trdnm` of Gstr2bFileSchema). */
const TRADE_NAME_MAX = 200;
const daysAgo = (days: number) => indiaDate(new Date(Date.now() - days * 86_400_000));
const maxOf = (schema: z.ZodType, field: string) => maxLengthOf(inputSchemaOf(schema).properties?.[field])!;
/** Every string in a JSON value, to find a value wherever a portal's layout puts it. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

type Row = { id: number } & Record<string, unknown>;
type Issues = { issues: { path: string; message: string }[] };

describe('the longest and most hostile values of the year\'s new fields', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  let written = 0;
  const token = () => `y${++written}x${Date.now().toString(36)}`;
  const afterwards = async () => {
    await expectHealthy(t.owner);
    await expectNormalWriteVisible(t.owner, `after ${token()}`);
  };

  it('sets up a GST business in Maharashtra whose books begin on 1 April 2025', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: OURS, address: '12 MG Road\nPune', booksBegin: BOOKS_BEGIN });
  });

  it.each([
    ['opening invoice', salesInvoices, customersEntity.path, 'customer', 'receivable', 'debit'],
    ['opening bill', purchaseInvoices, vendorsEntity.path, 'vendor', 'payable', 'credit'],
  ] as const)('an %s: the longest hostile number of the old books at the money cap, on the statement, ageing and the list search', async (_label, doc, partyPath, party, side, column) => {
    const tk = token();
    const partyId = (await write('post', partyPath, { name: `Party ${tk}` })).id;
    const number = longestText(maxOf(openingItemBody(doc), doc.numberField), `${tk} `, written);
    const body = { [doc.party.field]: partyId, [doc.numberField]: number, [doc.dateField]: '2025-03-01', dueDate: '2025-03-31', amount: MOST };
    const created = await write('post', openingItemsPath(doc), body);
    expect(created).toMatchObject({ [doc.numberField]: number, totalAmount: MOST, balanceDue: MOST, openingOn: BOOKS_BEGIN });
    expect(await read(byId(doc.path, created.id))).toEqual(created);
    const found = await read<Row[]>(`${doc.path}?q=${encodeURIComponent(tk)}`);
    expect(found.map((r) => [r.id, r[doc.numberField], r.balanceDue])).toEqual([[created.id, number, MOST]]);
    const statement = await read<{ entries: Record<string, string>[] }>(`${BOOKS_PATHS.statement(`${party}-${partyId}`)}?from=${BOOKS_BEGIN}&to=2025-04-30`);
    expect(statement.entries.map((e) => [e.voucherNumber, e[column]])).toEqual([[number, MOST]]);
    const ageing = await read<{ parties: { invoices: { number: string; balanceDue: string }[] }[] }>(`${BOOKS_PATHS.ageing}?side=${side}&asOf=2025-04-30`);
    expect(ageing.parties.flatMap((p) => p.invoices).filter((i) => i.number === number)).toEqual([expect.objectContaining({ balanceDue: MOST })]);
    expect((await read<Row[]>(historyOf(doc.path, created.id))).length).toBe(1);
    await afterwards();
  });

  it('the books lock: unlocked with the longest hostile reason, shown whole by the lock and the activity log', async () => {
    const reason = longestText(maxOf(LockBodySchema, 'reason'), `${token()} `, 43);
    expect(await write('put', lockPath('books'), { upTo: '2001-03-31' })).toEqual({ scope: 'books', upTo: '2001-03-31' });
    expect(await write('put', lockPath('books'), { upTo: null, reason })).toEqual({ scope: 'books', upTo: null });
    const { locks } = await read<LocksAnswer>(LOCKS_PATH);
    expect(locks[0]?.history[0]).toMatchObject({ type: 'PeriodUnlocked', upTo: null, was: '2001-03-31', reason, user: 'owner' });
    const activity = await read<ActivityPage>(`${api.activity}?module=settings`);
    expect(activity.rows.find((r) => r.type === 'PeriodUnlocked')?.changes).toEqual([{ field: 'upTo', from: '2001-03-31', to: null }, { field: 'reason', from: null, to: reason }]);
    await afterwards();
  });

  it("an API key with the longest hostile name works, and what it writes names 'API key <name>' in the history and the activity log", async () => {
    const name = longestText(maxOf(NewApiKeySchema, 'name'), `${token()} `, 46);
    const made = await t.owner.post<CreatedApiKey>(api.apiKeys, { name, role: 'staff', expiresAt: '2999-12-31' });
    expect(made.status, made.text.slice(0, 300)).toBe(201);
    expect(made.body.name).toBe(name);
    expect((await read<ApiKey[]>(api.apiKeys)).find((k) => k.id === made.body.id)?.name).toBe(name);
    const key = new HttpClient(t.system.baseUrl, { headers: { Authorization: `Bearer ${made.body.key}` } });
    expect((await key.get(vendorsEntity.path)).status).toBe(200);
    const vendor = (await readYourWrites(() => key).write('post', vendorsEntity.path, { name: `Keyed ${token()}` })).id;
    const actor = apiKeyActor(name);
    const history = await key.get<{ user: string }[]>(historyOf(vendorsEntity.path, vendor));
    expect(history.body.map((h) => h.user)).toEqual([actor]);
    expect((await read<ActivityPage>(`${api.activity}?record=vendor-${vendor}`)).rows.map((r) => r.user)).toEqual([actor]);
    // Who acted, as the activity log's filter takes it: the key's actor is longer than a username.
    const byActor = await t.owner.get<ActivityPage>(`${api.activity}?user=${encodeURIComponent(actor)}`);
    expect(byActor.status, byActor.text.slice(0, 300)).toBe(200);
    expect(byActor.body.rows.map((r) => [r.type, r.recordId, r.user])).toEqual([['VendorCreated', vendor, actor]]);
    await afterwards();
  });

  it('e-documents: the longest hostile transporter and places, the distance cap, an IRN with the longest signed QR a QR code holds; both JSONs and the PDF still made', async () => {
    const tk = token();
    const customer = (await write('post', customersEntity.path, { name: `Kaveri ${tk}`, gstNumber: MEHTA, address: 'Plot 4, Peenya\nBengaluru' })).id;
    const lines = [{ itemName: 'Steel almirah', hsn: '94031010', unit: 'PC', quantity: '4', rate: '15000', gstRate: '18' }];
    const invoice = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: daysAgo(2), taxMode: 'gst', lines });
    const paths = eDocumentPaths(byId(salesInvoices.path, invoice.id));
    const places = { fromPlace: hostilePlace(maxOf(DispatchBodySchema, 'fromPlace'), 'From ', 50), toPlace: hostilePlace(maxOf(DispatchBodySchema, 'toPlace'), 'To ', 51) };
    const transporterName = longestText(maxOf(DispatchBodySchema, 'transporterName'), `${tk} `, 100);
    const dispatch = {
      ...places,
      fromPincode: '411018',
      toPincode: '560001',
      transportMode: '1',
      distanceKm: DISTANCE_KM.max,
      transporterId: MEHTA,
      transporterName,
      transportDocNumber: 'LR/2026-27/0001',
      transportDocDate: daysAgo(1),
      vehicleNumber: 'TM-ABCD-1234-5678-90',
      vehicleType: 'O',
    };
    // The portal's Loc takes no double quote (the e-invoice schema's pattern): refused at entry, naming the field.
    const quoted = await expectNothingAppended(t.owner, () => t.owner.post(paths.dispatch, { ...dispatch, fromPlace: 'Pune "East"' }), 'a quoted place');
    expect([quoted.status, (quoted.body as Issues).issues.map((i) => i.path)]).toEqual([400, ['fromPlace']]);
    const kept = await write<EDocumentsAnswer>('post', paths.dispatch, dispatch, 200);
    expect(kept.dispatch).toEqual({ ...dispatch, vehicleNumber: 'TMABCD1234567890' });
    const eWayBill = await t.owner.get<{ billLists: Record<string, unknown>[] }>(paths.eWayBill);
    expect(eWayBill.status, eWayBill.text.slice(0, 300)).toBe(200);
    expect(eWayBill.body.billLists[0]).toMatchObject({ ...places, transporterName, transDistance: DISTANCE_KM.max, transDocNo: 'LR/2026-27/0001', vehicleNo: 'TMABCD1234567890' });
    const eInvoice = await t.owner.get(paths.eInvoice);
    expect(eInvoice.status, eInvoice.text.slice(0, 300)).toBe(200);
    expect(strings(eInvoice.body)).toEqual(expect.arrayContaining([places.fromPlace, places.toPlace]));

    const irn = { irn: 'ab'.repeat(32), ackNo: '9'.repeat(20), ackDate: '2026-11-20 12:31:00', signedQrCode: signedQrCode(SIGNED_QR_MAX) };
    expect((await write<EDocumentsAnswer>('post', paths.irn, irn, 200)).irn).toEqual(irn);
    expect((await read<EDocumentsAnswer>(paths.state)).irn).toEqual(irn);
    const pdf = await t.owner.get(pdfPath(byId(salesInvoices.path, invoice.id)));
    expect(pdf.status, pdf.text.slice(0, 300)).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await afterwards();
  });

  it('a GSTR-2B with the longest hostile trade names and numbers, as many rows as one request carries: imported, matched and listed', async () => {
    const tk = token();
    const trdnm = (seed: number) => longestText(TRADE_NAME_MAX, `${tk}${seed} `, seed);
    const fileName = longestText(maxOf(Gstr2bImportBodySchema, 'fileName'), `${tk}.json `, 7);
    const row = (i: number) => ({ inum: twoBNumber(i, 3), dt: '10-04-2026', txval: 1000, igst: 180 });
    const bodyOf = (rows: number) => {
      const all = Array.from({ length: rows }, (_, i) => row(i));
      const half = Math.ceil(rows / 2);
      return { file: twoBFile(OURS, '042026', [{ ctin: MEHTA, trdnm: trdnm(1), inv: all.slice(0, half) }, { ctin: ARVIND, trdnm: trdnm(2), inv: all.slice(half) }]), fileName };
    };
    const rows = mostRowsThatFit(bodyOf);
    // What a request carries is below the contract's 2,000 rows: said so in the report.
    console.info(`GSTR-2B: ${rows} of ${GSTR2B_ROWS_MAX} longest rows fit one request (a file of ${bodyOf(rows).file.length} characters, a body of ${Buffer.byteLength(JSON.stringify(bodyOf(rows)))} bytes)`);
    // Three bills of Mehta in the books under the same hostile numbers: they match.
    const mehta = (await write('post', vendorsEntity.path, { name: `Mehta ${tk}`, gstNumber: MEHTA })).id;
    const bills = [0, 1, 2].map(row);
    for (const b of bills) {
      await write('post', purchaseInvoices.path, { vendorId: mehta, invoiceNumber: b.inum, invoiceDate: '2026-04-10', taxMode: 'gst', lines: [{ itemName: 'Cloth', quantity: '1', rate: '1000', gstRate: '18' }] });
    }
    if (rows < GSTR2B_ROWS_MAX) {
      const oneMore = await expectNothingAppended(t.owner, () => t.owner.post(GSTR2B_PATHS.imports, bodyOf(rows + 1)), 'one row more');
      expect([oneMore.status, (oneMore.body as { error: string }).error]).toEqual([413, 'payload_too_large']);
    }
    const imported = await write('post', GSTR2B_PATHS.imports, bodyOf(rows));
    expect(imported).toMatchObject({ period: '2026-04', documents: rows, notRead: [] });
    const match = await read<Gstr2bMatch>(GSTR2B_PATHS.period('2026-04'));
    expect(match.imported).toMatchObject({ fileName, by: 'owner' });
    expect(match.counts).toEqual({ matched: 3, mismatched: 0, onlyIn2b: rows - 3, onlyInBooks: 0 });
    expect(match.rows.filter((r) => r.status === 'matched').map((r) => [r.bill?.number, r.document?.number, r.document?.supplierName])).toEqual(bills.map((b) => [b.inum, b.inum, trdnm(1)]));
    // Every row listed whole, under its supplier's trade name.
    const listed = new Map(match.rows.map((r) => [`${r.document?.ctin} ${r.document?.number}`, r.document?.supplierName]));
    const half = Math.ceil(rows / 2);
    const wanted = Array.from({ length: rows }, (_, i) => [i < half ? MEHTA : ARVIND, row(i).inum] as const);
    expect(wanted.filter(([ctin, inum]) => listed.get(`${ctin} ${inum}`) !== trdnm(ctin === MEHTA ? 1 : 2))).toEqual([]);
    await afterwards();
  }, 120_000);

  it('each of these one character over its maximum is a 400 naming it, and nothing is appended', async () => {
    const customer = (await write('post', customersEntity.path, { name: `Over ${token()}` })).id;
    const invoice = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: daysAgo(2), taxMode: 'gst', lines: [{ itemName: 'Rice', quantity: '1', rate: '100', gstRate: '5' }] });
    const paths = eDocumentPaths(byId(salesInvoices.path, invoice.id));
    const over = (schema: z.ZodType, field: string) => longestText(maxOf(schema, field) + 1, 'over ', 1);
    const opening = { customerId: customer, invoiceNumber: 'OB/1', invoiceDate: '2025-03-01', amount: '1' };
    const dispatch = { fromPlace: 'Pune', fromPincode: '411018', toPlace: 'Bengaluru', toPincode: '560001', distanceKm: 840, vehicleNumber: 'KA01AB1234' };
    const irn = { irn: 'cd'.repeat(32), ackNo: '1', ackDate: '2026-11-20', signedQrCode: signedQrCode(SIGNED_QR_MAX + 1) };
    const twoB = (trdnm: string, inum: string) => ({ file: twoBFile(OURS, '052026', [{ ctin: MEHTA, trdnm, inv: [{ inum, dt: '10-05-2026', txval: 1, igst: 0 }] }]) });
    // Rows with only what the portal's layout requires, so that one more than the most is within the body limit.
    const bare = Array.from({ length: GSTR2B_ROWS_MAX + 1 }, (_, i) => ({ inum: String(i), dt: '10-05-2026', val: 1, pos: '27', rev: 'N', items: [{ txval: 1 }] }));
    const tooMany = { file: JSON.stringify({ data: { gstin: OURS, rtnprd: '052026', docdata: { b2b: [{ ctin: MEHTA, inv: bare }] } } }) };
    const cases: [string, () => Promise<{ status: number; body: unknown }>, string][] = [
      ['opening invoice number', () => t.owner.post(openingItemsPath(salesInvoices), { ...opening, invoiceNumber: over(openingItemBody(salesInvoices), 'invoiceNumber') }), 'invoiceNumber'],
      ['opening bill over the money cap', () => t.owner.post(openingItemsPath(purchaseInvoices), { vendorId: 1, invoiceNumber: 'GM/1', invoiceDate: '2025-03-01', amount: (MONEY_MAX + 0.01).toFixed(2) }), 'amount'],
      ['unlock reason', () => t.owner.put(lockPath('books'), { upTo: null, reason: over(LockBodySchema, 'reason') }), 'reason'],
      ['API key name', () => t.owner.post(api.apiKeys, { name: over(NewApiKeySchema, 'name'), role: 'staff' }), 'name'],
      ['transporter name', () => t.owner.post(paths.dispatch, { ...dispatch, transporterName: over(DispatchBodySchema, 'transporterName') }), 'transporterName'],
      ['from place', () => t.owner.post(paths.dispatch, { ...dispatch, fromPlace: hostilePlace(maxOf(DispatchBodySchema, 'fromPlace') + 1, 'over ', 1) }), 'fromPlace'],
      ['to place', () => t.owner.post(paths.dispatch, { ...dispatch, toPlace: hostilePlace(maxOf(DispatchBodySchema, 'toPlace') + 1, 'over ', 1) }), 'toPlace'],
      ['signed QR code', () => t.owner.post(paths.irn, irn), 'signedQrCode'],
      ['distance over its cap', () => t.owner.post(paths.dispatch, { ...dispatch, toPincode: '110001', distanceKm: DISTANCE_KM.max + 1 }), 'distanceKm'],
      ['2B trade name', () => t.owner.post(GSTR2B_PATHS.imports, twoB(longestText(TRADE_NAME_MAX + 1, 'over ', 1), 'N1')), 'file.data.docdata.b2b.0.trdnm'],
      ['2B number', () => t.owner.post(GSTR2B_PATHS.imports, twoB('M', twoBNumber(1, 3) + 'x')), 'file.data.docdata.b2b.0.inv.0.inum'],
      ['2B rows', () => t.owner.post(GSTR2B_PATHS.imports, tooMany), 'file.data.docdata.b2b.0.inv'],
      ['2B file name', () => t.owner.post(GSTR2B_PATHS.imports, { ...twoB('M', 'N1'), fileName: over(Gstr2bImportBodySchema, 'fileName') }), 'fileName'],
    ];
    const keys = (await read<ApiKey[]>(api.apiKeys)).length;
    for (const [what, send, field] of cases) {
      const answer = await expectNothingAppended(t.owner, send, what);
      expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(400);
      expect((answer.body as Issues).issues.map((i) => i.path), what).toContain(field);
    }
    expect((await read<ApiKey[]>(api.apiKeys)).length).toBe(keys);
    expect((await read<EDocumentsAnswer>(paths.state)).dispatch).toBeNull();
    await afterwards();
  });
});
