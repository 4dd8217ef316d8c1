import {
  type ActivityPage,
  api,
  BUSINESS_PATH,
  BOOKS_PATHS,
  BusinessBodySchema,
  DATE_YEARS,
  financialYearStart,
  indiaDate,
  employeesEntity,
  byId,
  HEADERS,
  historyOf,
  DOCUMENT_SERIES,
  INVOICE_DOCUMENTS,
  type InvoiceDocument,
  itemsEntity,
  customersEntity,
  followUpsEntity,
  leadConvertPath,
  leadsEntity,
  JOURNAL_VOUCHERS_PATH,
  JournalVoucherBodySchema,
  ledgerCode,
  MASTER_DATA_ENTITIES,
  type MasterDataEntity,
  MONEY_MAX,
  PUBLIC_EVENT_TYPES,
  SETTLEMENT_DOCUMENTS,
  type SettlementDocument,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { HttpClient } from './testing/http-client';
import { hostileText, inputSchemaOf, LAST_DAY, longestMasterDataBody, maxLengthOf, seeds } from './testing/longest-values';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { expectHealthy, expectNothingAppended } from './testing/still-moving';

/**
 * Issue 18 item 2: one long name once stopped every read model. Every field of every entity and
 * document gets the longest and most hostile value its contract accepts, through the real
 * server and every projection; the record reads back as sent, its history and a search find it,
 * health stays ok, and a normal write right after is visible at once. FUZZ_RUNS raises the runs.
 */

const RUNS = Math.max(2, Number(process.env.FUZZ_RUNS ?? 2));

type Row = Record<string, unknown> & { id: number };

describe('the longest and most hostile values the contracts accept', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let owner: HttpClient;
  let position = '0';
  let written = 0;

  beforeAll(async () => {
    database = await testDatabase();
    // Its webhook goes to a loopback port nothing listens on (tests talk to loopback only).
    system = await startOneProcess(database.url, { ERP_WEBHOOK_ALLOW_PRIVATE: 'true' });
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', 'correct horse battery staple');
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await database?.drop();
  }, 60_000);

  const read = <T>(path: string) => owner.get<T>(path, { headers: { [HEADERS.minPosition]: position } });
  const create = async (path: string, body: Record<string, unknown>) => {
    const res = await owner.post<Row>(path, body);
    expect(res.status, `${path}: ${res.text.slice(0, 400)}`).toBe(201);
    position = res.headers.get(HEADERS.eventPosition) ?? position;
    return res.body;
  };
  const token = () => `t${++written}x${Date.now().toString(36)}`;

  /** Read back from the read model (by id, in the list, in a search, in its history): the values sent, as the contract keeps them. */
  const expectReadBack = async (path: string, created: Row, sent: Record<string, unknown>, search: string, computed: readonly string[] = []) => {
    const one = await read<Row>(byId(path, created.id));
    expect(one.status, one.text.slice(0, 300)).toBe(200);
    expect(one.headers.get('X-Read-Model-Stale')).toBeNull();
    expect(one.body).toEqual(created);
    for (const [field, value] of Object.entries(sent)) {
      if (typeof value === 'string' && field !== 'gstNumber' && field !== 'panNumber' && !computed.includes(field)) expect(one.body[field], field).toBe(value);
    }
    const found = await read<Row[]>(`${path}?q=${encodeURIComponent(search)}`);
    expect(found.status).toBe(200);
    expect(found.body.map((r) => r.id)).toContain(created.id);
    const history = await read<unknown[]>(historyOf(path, created.id));
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThan(0);
  };

  /** A normal write after the hostile ones is in the list at once, and no read model has stopped. */
  const expectStillMoving = async (entity: MasterDataEntity) => {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const refs = await references();
    const sent = sample.body(token());
    const body = { ...sent, ...Object.fromEntries(Object.entries(refs).filter(([field]) => typeof sent[field] === 'number')) };
    const normal = await create(entity.path, body);
    const list = await read<Row[]>(entity.path);
    expect(list.headers.get('X-Read-Model-Stale')).toBeNull();
    expect(list.body.map((r) => r.id)).toContain(normal.id);
    await expectHealthy(owner);
  };

  let refCache: Record<string, number> | undefined;
  const references = async () =>
    (refCache ??= {
      itemId: (await create(itemsEntity.path, MASTER_DATA_SAMPLES.items!.body(token()))).id,
      leadId: (await create(leadsEntity.path, MASTER_DATA_SAMPLES.leads!.body(token()))).id,
      customerId: (await create(customersEntity.path, MASTER_DATA_SAMPLES.customers!.body(token()))).id,
    });

  it.each(MASTER_DATA_ENTITIES.map((e) => [e.label, e] as const))('%s: every field at its longest and most hostile', async (_label, entity) => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const t = token();
        // One payroll per employee per month: each run its own employee.
        const perRun: Record<string, number> = entity.rules?.uniqueKey ? { employeeId: (await create(employeesEntity.path, MASTER_DATA_SAMPLES.employees!.body(t))).id } : {};
        const body = longestMasterDataBody(entity, t, seed, { ...(await references()), ...perRun });
        const created = await create(entity.path, body);
        const search = entity.search.fields.some((f) => typeof body[f] === 'string') ? t : String(created.id);
        if (search === t) await expectReadBack(entity.path, created, body, t);
        else expect((await read<Row>(byId(entity.path, created.id))).body).toEqual(created);
        await expectStillMoving(entity);
      }),
      { numRuns: RUNS, seed: 18 },
    );
  }, 180_000);

  /** Every property of a body JSON schema gets a value: a new field without one fails here. */
  const expectEveryField = (schema: z.ZodType, body: Record<string, unknown>) => {
    const properties = Object.keys(inputSchemaOf(schema).properties ?? {});
    // A conversion's source is a stream and id, bounded by its schema; estimates.int.spec.ts sends it.
    const ignored = new Set(['amount', 'totalAmount', 'source']);
    expect(properties.filter((p) => !(p in body) && !ignored.has(p))).toEqual([]);
  };

  const partyFor = async (doc: { party: { field: string } }, t: string, seed: number) => {
    const entity = MASTER_DATA_ENTITIES.find((e) => e.path === (doc.party.field === 'vendorId' ? '/api/purchase/vendors' : '/api/sales/customers'))!;
    return (await create(entity.path, longestMasterDataBody(entity, `${t}p`, seed, await references()))).id;
  };

  /**
   * Lines and tax at the caps, by hand or with GST (alternately): a quantity with the most
   * digits, a rate up to the rest of ₹1,000 crore, the whole total at ₹1,000 crore (the most a
   * payment line may pay). With GST the number is the longest GST allows on a sales document (16).
   * `paid`: a part paid as it is recorded (its receipt's description names the longest number).
   */
  const longestInvoice = (doc: InvoiceDocument, partyId: number, t: string, seed: number, itemId: number, againstId?: number, paid = false) => {
    const schema = inputSchemaOf(doc.body);
    // A note's lines are checked by its type (a price difference's are typed like an invoice's).
    const line = doc.against ? inputSchemaOf(doc.lineInput) : schema.properties!.lines!.items!;
    const text = (name: string, multiline = true) => hostileText(maxLengthOf(schema.properties![name])!, `${t} `, seed, multiline);
    const gst = seed % 2 === 0;
    const number = gst && doc.side === 'sales' ? `Z${t}`.replace(/[^A-Za-z0-9]/g, '').concat('/-'.repeat(8)).slice(0, 16) : hostileText(maxLengthOf(schema.properties![doc.numberField])!, t, seed);
    const body: Record<string, unknown> = {
      [doc.party.field]: partyId,
      [doc.numberField]: number,
      [doc.dateField]: `${DATE_YEARS.max}-12-30`,
      [doc.dueField]: LAST_DAY,
      taxMode: gst ? 'gst' : 'manual',
      taxAmount: (MONEY_MAX / 10).toFixed(2),
      // The last state in the list (another territory: IGST from Maharashtra).
      placeOfSupply: '97',
      reverseCharge: true,
      active: true,
      // A note's lines typed, as long as they go: a price difference (a return copies the invoice's).
      ...(doc.against ? { [doc.against.field]: againstId, noteType: 'price' } : {}),
      ...Object.fromEntries(doc.texts.map((name) => [name, text(name)])),
      // A kind the party answers (a quotation) takes its answer; the others' bodies say null.
      ...(schema.properties!.answer ? { answer: doc.answers ? 'accepted' : null } : {}),
      // A kind booked by category (an expense) takes its last head; one that repeats, monthly.
      ...(doc.category ? { category: doc.category.accounts.at(-1) } : {}),
      ...(doc.repeats ? { repeatMonthly: true } : {}),
      lines: [0, 1].map((i) => ({
        itemId,
        itemName: hostileText(maxLengthOf(line.properties!.itemName)!, `${t}${i} `, seed + i),
        description: hostileText(maxLengthOf(line.properties!.description)!, `${t}${i} `, seed + i, true),
        hsn: '99887766',
        unit: 'MLT',
        quantity: ['999999999.999', '1'][i],
        rate: gst ? ['1.00', '6142857142.85'][i] : ['1.00', (MONEY_MAX * 0.8).toFixed(2)][i],
        discount: '0.01',
        gstRate: '40',
      })),
      ...(paid ? { paidNow: '1.00', paymentMethod: 'bank_transfer' } : {}),
    };
    if (paid || !doc.settleNow) expectEveryField(doc.body, body);
    return body;
  };

  it('Business profile: every field at its longest and most hostile', async () => {
    const schema = inputSchemaOf(BusinessBodySchema);
    const t = token();
    const text = (name: string, multiline = false) => hostileText(maxLengthOf(schema.properties![name])!, `${t} `, 7, multiline);
    const body: Record<string, unknown> = {
      legalName: text('legalName'),
      tradeName: text('tradeName'),
      address: text('address', true),
      state: '27',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      phone: '+91 (22) 4000-5000 / 98200 11223, 1'.slice(0, maxLengthOf(schema.properties!.phone)),
      email: `${'x'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.shop`.slice(0, 254),
      taxpayerType: 'composition',
      bankName: text('bankName'),
      bankAccountNumber: '123456789012345678',
      ifsc: 'SBIN0001234',
      upiId: `${'a'.repeat(64)}@${'b'.repeat(33)}`,
      // Every kind's series: the longest prefix, each its own (a new kind's series is covered here).
      ...Object.fromEntries(DOCUMENT_SERIES.map((series, i) => [series.setting, i === 0 ? 'ZZZZ' : `${String.fromCharCode(65 + i)}0${String.fromCharCode(65 + i)}0`])),
      // The day the books begin: the earliest a business could have (documents after it are ordinary).
      booksBegin: '1900-04-01',
    };
    expectEveryField(BusinessBodySchema, body);
    const saved = await owner.put<Record<string, unknown>>(BUSINESS_PATH, body);
    expect(saved.status, saved.text.slice(0, 400)).toBe(200);
    position = saved.headers.get(HEADERS.eventPosition) ?? position;
    const read = await owner.get<{ configured: boolean; profile: Record<string, unknown> }>(BUSINESS_PATH, { headers: { [HEADERS.minPosition]: position } });
    expect(read.body.configured).toBe(true);
    for (const [field, value] of Object.entries(body)) expect(read.body.profile[field], field).toBe(value);
    // Documents in GST mode read it: a regular taxpayer in Maharashtra from here on.
    const regular = await owner.put(BUSINESS_PATH, { ...body, taxpayerType: 'regular' });
    expect(regular.status).toBe(200);
    await expectStillMoving(MASTER_DATA_ENTITIES[2]);
  });

  it.each(INVOICE_DOCUMENTS.map((d) => [d.label, d] as const))('%s: every field and line at its longest and most hostile', async (_label, doc) => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const t = token();
        const partyId = await partyFor(doc, t, seed);
        const { itemId } = await references();
        // A note is against an invoice of its party as long as itself (it credits all of it).
        const invoiceDoc = INVOICE_DOCUMENTS.find((d) => d.stream === doc.against?.stream);
        const invoice = invoiceDoc ? await create(invoiceDoc.path, longestInvoice(invoiceDoc, partyId, `${t}a`, seed, itemId!)) : undefined;
        const paid = doc.settleNow !== undefined;
        const longest = longestInvoice(doc, partyId, t, seed, itemId!, invoice ? Number(invoice.id) : undefined, paid);
        // A credit note is taxed at its invoice's place of supply (another one is refused).
        const body = invoice && doc.side === 'sales' ? { ...longest, placeOfSupply: invoice.placeOfSupply } : longest;
        const created = await create(doc.path, body);
        // A note's status is its credit's: all of it applied on its invoice.
        // A quotation or an order is owed by nobody: its status is its answer's, or open.
        const money = doc.owed === false ? { status: doc.answers ? 'accepted' : 'open' } : { status: paid ? 'partial' : doc.against ? 'paid' : 'pending', paidAmount: paid ? '1.00' : '0.00' };
        expect(created).toMatchObject({ [doc.numberField]: body[doc.numberField], ...money });
        // With GST the tax and the place of supply are the server's to work out; what is paid now is a receipt's.
        await expectReadBack(doc.path, created, body, t, ['taxAmount', 'placeOfSupply', 'paidNow', 'paymentMethod']);
        const lines = await read<{ itemName: string; description: string }[]>(`${byId(doc.path, created.id)}/lines`);
        expect(lines.body.map((l) => l.description)).toEqual((body.lines as { description: string }[]).map((l) => l.description));
        // The same number again is refused by its claim, not by a 500 on a stream id.
        const again = await owner.post(doc.path, { ...body, [doc.party.field]: body[doc.party.field] });
        expect(again.status, again.text).toBe(409);
        await expectStillMoving(MASTER_DATA_ENTITIES[0]);
      }),
      { numRuns: RUNS, seed: 18 },
    );
  }, 180_000);

  it.each(SETTLEMENT_DOCUMENTS.map((d) => [d.label, d] as const))('%s: every field at its longest and most hostile, settling a hostile invoice', async (_label, doc: SettlementDocument) => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const t = token();
        const partyId = await partyFor(doc.invoices, t, seed);
        const invoice = await create(doc.invoices.path, longestInvoice(doc.invoices, partyId, `${t}i`, seed, (await references()).itemId!));
        const schema = inputSchemaOf(doc.body);
        const body: Record<string, unknown> = {
          [doc.party.field]: partyId,
          [doc.dateField]: LAST_DAY,
          paymentMethod: 'bank_transfer',
          active: true,
          ...Object.fromEntries(doc.texts.map((name) => [name, hostileText(maxLengthOf(schema.properties![name])!, `${t} `, seed, name !== 'referenceNumber')])),
          lines: [{ invoiceId: invoice.id, [doc.lineAmount.field]: invoice.totalAmount }],
        };
        expectEveryField(doc.body, body);
        const created = await create(doc.path, body);
        await expectReadBack(doc.path, created, body, t);
        expect((await read<Row>(byId(doc.invoices.path, invoice.id))).body).toMatchObject({ status: 'paid', balanceDue: '0.00' });
        await expectStillMoving(MASTER_DATA_ENTITIES[1]);
      }),
      { numRuns: RUNS, seed: 18 },
    );
  }, 180_000);

  it('Journal voucher: every field and a hundred lines at their longest and most hostile, through the journal, its reports and a statement PDF', async () => {
    const schema = inputSchemaOf(JournalVoucherBodySchema);
    const line = schema.properties!.lines!.items!;
    const t = token();
    const text = (name: string) => hostileText(maxLengthOf(schema.properties![name])!, `${t} `, 11, name === 'narration');
    const customers = MASTER_DATA_ENTITIES.find((e) => e.singular === 'customer')!;
    const party = `customer-${(await create(customers.path, longestMasterDataBody(customers, `${t}p`, 11, await references()))).id}`;
    const most = MONEY_MAX.toFixed(2);
    const body = {
      voucherDate: LAST_DAY,
      voucherType: 'Opening Balance',
      voucherNumber: text('voucherNumber'),
      referenceNumber: text('referenceNumber'),
      narration: text('narration'),
      active: true,
      // The most lines a voucher takes, each amount at the cap: 50 debits (one on the customer's ledger), 50 credits.
      lines: Array.from({ length: 100 }, (_, i) => ({
        account: i === 0 ? 'debtors' : i < 50 ? 'cash' : 'capital',
        party: i === 0 ? party : null,
        particulars: hostileText(maxLengthOf(line.properties!.particulars)!, `${t}${i} `, 11 + i, true),
        ...(i < 50 ? { debit: most } : { credit: most }),
      })),
    };
    expectEveryField(JournalVoucherBodySchema, body);
    const created = await create(JOURNAL_VOUCHERS_PATH, body);
    const one = await read<Row>(byId(JOURNAL_VOUCHERS_PATH, created.id));
    expect(one.body).toMatchObject({ voucherNumber: body.voucherNumber, referenceNumber: body.referenceNumber, narration: body.narration, totalAmount: (MONEY_MAX * 50).toFixed(2) });
    const trial = await read<{ totalDebit: string; totalCredit: string }>(`${BOOKS_PATHS.trialBalance}?asOf=${LAST_DAY}`);
    expect(trial.body.totalDebit).toBe(trial.body.totalCredit);
    const day = await read<{ entries: { voucherType: string; voucherNumber: string }[] }>(`${BOOKS_PATHS.dayBook}?from=${LAST_DAY}&to=${LAST_DAY}`);
    expect(day.body.entries.filter((e) => e.voucherNumber === body.voucherNumber)).toHaveLength(100);
    const statement = await read<{ closing: string }>(`${BOOKS_PATHS.statement(party)}?from=${DATE_YEARS.max}-12-01&to=${LAST_DAY}`);
    expect(statement.body.closing).toBe(most);
    const pdf = await owner.get(`${BOOKS_PATHS.statement(party)}/pdf?from=${DATE_YEARS.max}-12-01&to=${LAST_DAY}`, { headers: { [HEADERS.minPosition]: position } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await expectStillMoving(customers);
  });

  it('A ledger and a stock adjustment at their longest: through the journal, the chart, a voucher, the trial balance and the day book', async () => {
    const t = token();
    const ledgers = MASTER_DATA_ENTITIES.find((e) => e.singular === 'ledger')!;
    const adjustments = MASTER_DATA_ENTITIES.find((e) => e.singular === 'stock-adjustment')!;
    const ledgerBody = { ...longestMasterDataBody(ledgers, t, 21, await references()), accountType: 'asset' };
    const ledger = await create(ledgers.path, ledgerBody);
    const name = String((ledgerBody as Record<string, unknown>).accountName);
    const code = ledgerCode(ledger.id);
    // ₹1,000 crore a unit times the most units: the largest value an adjustment can post.
    await create(adjustments.path, longestMasterDataBody(adjustments, `${t}a`, 21, await references()));
    const most = MONEY_MAX.toFixed(2);
    await create(JOURNAL_VOUCHERS_PATH, { voucherDate: LAST_DAY, lines: [{ account: code, debit: most }, { account: 'capital', credit: most }] });

    const chart = await read<{ code: string; accountName: string; balance: string }[]>(`${BOOKS_PATHS.accounts}?asOf=${LAST_DAY}`);
    expect(chart.body.find((a) => a.code === code)).toMatchObject({ accountName: name, balance: (MONEY_MAX * 2).toFixed(2) });
    const trial = await read<{ totalDebit: string; totalCredit: string; rows: { code: string; balance: string }[] }>(`${BOOKS_PATHS.trialBalance}?asOf=${LAST_DAY}`);
    expect(trial.body.totalDebit).toBe(trial.body.totalCredit);
    expect(trial.body.rows.find((r) => r.code === 'stock-in-hand')?.balance).toBeDefined();
    // Paid payrolls at ₹1,000 crore basic and allowances (the run above) post to Salaries, the bank and deductions payable.
    expect(trial.body.rows.find((r) => r.code === 'salary-deductions-payable')?.balance).toMatch(/^-\d+\.\d{2}$/);
    // The opening balance is dated where the books of this year begin; the voucher on the last day.
    const opened = financialYearStart(indiaDate(new Date()));
    const day = await read<{ entries: { voucherNumber: string; accountName: string }[] }>(`${BOOKS_PATHS.dayBook}?from=${opened}&to=${opened}`);
    expect(day.body.entries.some((e) => e.voucherNumber === name && e.accountName === name)).toBe(true);
    const own = await read<{ accountName: string; closing: string }>(`${BOOKS_PATHS.ledger(code)}?from=${DATE_YEARS.max}-01-01&to=${LAST_DAY}`);
    expect(own.body).toMatchObject({ accountName: name, closing: (MONEY_MAX * 2).toFixed(2) });
    await expectStillMoving(ledgers);
  });

  it('A follow-up at its longest, for a customer and for a lead at theirs: found by their names, in the due lists and the home counts; the lead converts', async () => {
    const t = token();
    const refs = await references();
    const customer = await create(customersEntity.path, longestMasterDataBody(customersEntity, `${t}c`, 7, refs));
    const lead = await create(leadsEntity.path, longestMasterDataBody(leadsEntity, `${t}l`, 8, refs));
    for (const [field, named] of [['customerId', customer], ['leadId', lead]] as const) {
      const body = { ...longestMasterDataBody(followUpsEntity, `${t}f`, 9, refs), leadId: null, customerId: null, [field]: named.id, followUpDate: `${DATE_YEARS.min}-01-01`, status: 'pending' };
      const created = await create(followUpsEntity.path, body);
      await expectReadBack(followUpsEntity.path, created, body, `${t}f`);
      const byName = await read<Row[]>(`${followUpsEntity.path}?q=${encodeURIComponent(`${t}${field === 'leadId' ? 'l' : 'c'}`)}`);
      expect(byName.body.map((r) => r.id)).toContain(created.id);
      const overdue = await read<Row[]>(`${followUpsEntity.path}?due=overdue&q=${encodeURIComponent(`${t}f`)}`);
      expect(overdue.body.map((r) => r.id)).toContain(created.id);
    }
    expect((await read<{ followUpsOverdue: number }>(api.homeSummary)).body.followUpsOverdue).toBeGreaterThanOrEqual(2);
    const converted = await owner.post<{ customer: Row }>(leadConvertPath(byId(leadsEntity.path, lead.id)), {});
    expect(converted.status, converted.text.slice(0, 300)).toBe(201);
    position = converted.headers.get(HEADERS.eventPosition) ?? position;
    expect(converted.body.customer).toMatchObject({ name: lead.company, contactPerson: lead.name, phone: lead.phone, email: lead.email });
    expect((await read<Row>(byId(customersEntity.path, converted.body.customer.id))).body).toEqual(converted.body.customer);
    await expectStillMoving(followUpsEntity);
  }, 120_000);

  it('A user and a webhook at their longest: the user signs in, is listed and named in the activity log; the webhook is kept whole and gets its deliveries', async () => {
    const t = token();
    const username = hostileText(100, `${t}u`, 11).slice(0, 100).trim();
    const added = await owner.post<{ id: number; username: string }>(api.users, { username, password: 'x'.repeat(200), role: 'staff' });
    expect(added.status, added.text.slice(0, 300)).toBe(201);
    expect(added.body.username).toBe(username);
    const staff = new HttpClient(system.baseUrl);
    expect((await staff.login(username, 'x'.repeat(200))).status).toBe(200);
    expect((await staff.get<{ username: string }>(api.auth.me)).body.username).toBe(username);
    expect((await owner.get<{ username: string }[]>(api.users)).body.map((u) => u.username)).toContain(username);
    // What the user writes carries the name into the event metadata, the history and the activity log.
    const vendor = await staff.post<Row>('/api/purchase/vendors', { name: `${t} by the longest user` });
    expect(vendor.status).toBe(201);
    position = vendor.headers.get(HEADERS.eventPosition) ?? position;
    const mine = await read<ActivityPage>(`${api.activity}?user=${encodeURIComponent(username)}`);
    expect(mine.status, mine.text.slice(0, 300)).toBe(200);
    expect(mine.body.rows.map((r) => [r.type, r.user])).toEqual([['VendorCreated', username]]);

    const url = `http://127.0.0.1:9/${encodeURIComponent(hostileText(2000, t, 12))}`.slice(0, 2000);
    // Every published event type (a type never published is refused, issue 46).
    const eventTypes = PUBLIC_EVENT_TYPES.map((p) => p.type);
    const hook = await owner.post<{ id: number; url: string; eventTypes: string[]; secret: string }>(api.webhooks, { url, eventTypes, active: true });
    expect(hook.status, hook.text.slice(0, 300)).toBe(201);
    expect(hook.body).toMatchObject({ url, eventTypes });
    expect((await owner.get(byId(api.webhooks, hook.body.id))).body).toMatchObject({ url, eventTypes });
    const another = await owner.post<Row>('/api/purchase/vendors', { name: `${t} for the webhook` });
    expect(another.status).toBe(201);
    await expect.poll(async () => (await owner.get<{ eventType: string }[]>(`${byId(api.webhooks, hook.body.id)}/deliveries`)).body.map((d) => d.eventType), { timeout: 10_000 }).toEqual(['VendorCreated']);
    expect((await owner.delete(byId(api.webhooks, hook.body.id))).status).toBe(204);
  }, 120_000);

  it('a value one character over a maximum is refused with its field named, and nothing is written', async () => {
    const vendors = MASTER_DATA_ENTITIES[0];
    const max = maxLengthOf(inputSchemaOf(vendors.body).properties!.name)!;
    const res = await expectNothingAppended(owner, () => owner.post<{ issues: { path: string; message: string }[] }>(vendors.path, { name: 'ब'.repeat(max + 1) }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'name', message: `At most ${max} characters` }]);
  });
});
