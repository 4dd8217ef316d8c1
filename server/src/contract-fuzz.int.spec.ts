import net from 'node:net';

import {
  api,
  byId,
  customersEntity,
  employeesEntity,
  DateString,
  ErrorBodySchema,
  HEADERS,
  IDEMPOTENCY_KEY_MAX,
  INVOICE_DOCUMENTS,
  itemsEntity,
  MASTER_DATA_ENTITIES,
  RecordedEventSchema,
  REFUND_DOCUMENTS,
  SETTLEMENT_DOCUMENTS,
  vendorsEntity,
} from '@erp/contracts';
import { type TestDatabase, testDatabase, testPool } from '@erp/eventstore/testing';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { HOSTILE_IDS, HOSTILE_QUERIES, hostileBodies, hostileValue } from './testing/fuzz-hostile';
import { type Fixtures, type WriteTarget, writeTargets } from './testing/fuzz-inputs';
import { budget } from './testing/budget';
import { type Answer, HttpClient } from './testing/http-client';
import { productRoutes, sampleUrl } from './testing/routes';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { ownWork, throwIfTestEnded } from './testing/test-work';

/**
 * Issue 10 item 4: every write route, derived from the routers and described by the contracts,
 * gets generated valid, almost valid and hostile bodies, hostile ids, query strings and headers,
 * against the product as a real process on a real PostgreSQL. Never a 5xx; a rejected write
 * appends no event; an accepted one reads back as the contract normalises it and touches no
 * other stream. FUZZ_RUNS raises the generated cases per route (default 4; seed FUZZ_SEED).
 * Each test's time limit is its number of requests times a request's budget (testing/budget.ts),
 * and a test past its limit is stopped before the next one counts events (testing/test-work.ts).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const MISSING_ID = 2147483647;
const Strict = { error: ErrorBodySchema.strict(), events: z.array(RecordedEventSchema) };

interface Request {
  readonly method: string;
  readonly url: string;
  readonly json?: unknown;
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  readonly anonymous?: boolean;
}

describe('fuzzing the HTTP contract from the contracts', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let pool: pg.Pool;
  let owner: HttpClient;
  let fixtures: Fixtures;
  /** One record per collection, for PUT and the record GETs. */
  const records = new Map<string, number>();
  const figures = { requests: 0, rejected: 0, accepted: 0, serverErrors: 0, eventsFromRejected: 0 };
  const targets = writeTargets(productRoutes());
  // What each test sends, known before it runs: its time limit is counted from it.
  const validTargets = targets.filter((t) => t.kind !== 'auth' && t.kind !== 'action' && t.kind !== 'settings' && t.kind !== 'users' && t.kind !== 'batch' && t.method !== 'DELETE');
  const schemaTargets = targets.filter((t) => t.schema);
  const idRoutes = productRoutes().filter((r) => r.path.includes('/:'));
  const getRoutes = productRoutes().filter((r) => r.method === 'GET');
  const queriesOf = (path: string) => (path.includes('/:') ? HOSTILE_QUERIES.slice(0, 3) : HOSTILE_QUERIES);
  // Random letters do not compress: a long key is as long in the index as on the wire.
  const randomKey = (n: number) => fc.sample(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: n, maxLength: n }), { seed: SEED, numRuns: 1 })[0]!;
  const IF_MATCH = ['garbage', '"', '""', 'W/', '"-1"', '"99999999999"', '"1", "2", junk', `"${'9'.repeat(5000)}"`, ' , , ', '"1"'.repeat(200)];
  const KEYS = ['', '   ', 'clé-ÿ', randomKey(200), randomKey(3000), randomKey(8000), '\t k \t'];
  const POSITIONS = ['-1', 'abc', '1e3', '99999999999999999999', '0x10', '', ' 1 ', '1.5', '9'.repeat(5000)];

  const eventCount = async () => Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  const head = async () => String((await pool.query<{ p: string }>('select coalesce(max(position), 0) as p from events')).rows[0]!.p);

  const describeRequest = (r: Request) => `${r.method} ${r.url.slice(0, 120)} ${JSON.stringify(r.headers ?? {}).slice(0, 120)} ${(r.raw ?? JSON.stringify(r.json) ?? '').slice(0, 160)}`;

  /** Sends one request; a 5xx, or a 4xx without the error body, fails here. */
  const send = async (r: Request): Promise<Answer> => {
    figures.requests += 1;
    const res = await owner.request(r.method, r.url, { json: r.json, raw: r.raw, headers: r.headers, anonymous: r.anonymous });
    if (res.status >= 500) figures.serverErrors += 1;
    expect(res.status, `${describeRequest(r)} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
    // 431 (headers too large) comes from Node's HTTP parser, before any of our code runs.
    if (res.status >= 400 && res.status !== 431) {
      expect(res.headers.get('content-type'), describeRequest(r)).toMatch(/application\/json/);
      expect(Strict.error.safeParse(res.body).success, `${describeRequest(r)} → ${res.text.slice(0, 300)}`).toBe(true);
    }
    return res;
  };

  /** A write: when rejected, the event log is exactly as long as before. */
  const write = async (r: Request) => {
    const before = await eventCount();
    const position = await head();
    const res = await send(r);
    const appended = (await eventCount()) - before;
    if (res.status >= 400) {
      figures.rejected += 1;
      figures.eventsFromRejected += appended;
      expect(appended, `${describeRequest(r)} → ${res.status} appended events`).toBe(0);
    } else {
      figures.accepted += 1;
    }
    return { res, appended, position };
  };

  const collectionOf = (target: WriteTarget) => target.path.replace(/\/:id.*$/, '');
  /** A record route with a record of its own (a void), else of its collection. */
  // A record the fuzz made no record for (a batch's, an opening's) is addressed at an id that does not exist: its body is checked all the same.
  const urlOf = (target: WriteTarget, id?: number) =>
    target.path.replace(':id', String(id ?? records.get(target.path) ?? records.get(collectionOf(target)) ?? MISSING_ID));

  /** What the contract says the server keeps of a body (its own normalisation). */
  const normalised = (target: WriteTarget, body: unknown) => (target.shape ?? target.schema!).parse(body) as Record<string, unknown>;

  /** An accepted write: the answer is the contract's normal form, a GET answers the same, and
   *  every event appended went to this record's stream or a claim of its unique values. */
  const expectRoundTrip = async (target: WriteTarget, body: Record<string, unknown>, res: Answer, fromPosition: string) => {
    const answer = res.body as Record<string, unknown> & { id: number };
    const expected = normalised(target, body);
    const dateField = target.defaultedDate && expected[target.defaultedDate] === null ? target.defaultedDate : undefined;
    for (const [key, value] of Object.entries(expected)) {
      if (key === 'lines' || key === 'amount' || key === dateField || value === undefined) continue;
      // Paid now is a receipt or payment of its own, not a field of the invoice.
      if (target.kind === 'invoice' && (key === 'paidNow' || key === 'paymentMethod')) continue;
      // What the server works out (a payroll's net) is not what was sent: payroll.int.spec.ts checks it.
      if (target.computed?.includes(key)) continue;
      expect(answer[key], `${key} of ${JSON.stringify(body)}`).toEqual(value);
    }
    if (dateField) expect(DateString.safeParse(answer[dateField]).success, dateField).toBe(true);
    if (target.kind === 'invoice') {
      // A return's lines are the invoice's lines it names, with the quantities sent.
      const parsed = target.schema!.parse(body) as { lines: Record<string, unknown>[]; returned: Record<string, unknown>[] };
      const pick = ({ itemName, description, quantity, rate }: Record<string, unknown>) => ({ itemName, description, quantity, rate });
      const returned = ({ invoiceLineNo, quantity }: Record<string, unknown>) => ({ invoiceLineNo, quantity });
      const lines = answer.lines as Record<string, unknown>[];
      if (parsed.returned.length > 0) expect(lines.map(returned)).toEqual(parsed.returned.map(returned));
      else expect(lines.map(pick)).toEqual(parsed.lines.map(pick));
    }
    if (target.kind === 'settlement') expect(answer.totalAmount).toBe(Number(body.amount).toFixed(2));
    const read = await owner.get<Record<string, unknown>>(byId(collectionOf(target), answer.id), {
      headers: { [HEADERS.minPosition]: res.headers.get(HEADERS.eventPosition)! },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-read-model-stale')).toBeNull();
    for (const key of Object.keys(answer)) expect(read.body[key], key).toEqual(answer[key]);
    const events = await owner.get(`${api.events}?after=${fromPosition}&limit=1000`);
    const streams = new Set(Strict.events.parse(events.body).map((e) => e.streamId));
    const own = [...target.streams.map((s) => `${s}-${answer.id}`), ...(target.related?.(body) ?? [])];
    for (const stream of streams) {
      const claim = target.streams.some((s) => stream.startsWith(`${s}-`) && stream.includes(':'));
      expect(own.includes(stream) || claim, `${stream} written by ${target.method} ${target.path}`).toBe(true);
    }
  };

  beforeAll(async () => {
    database = await testDatabase();
    // The fuzzed webhooks (paused) point at 127.0.0.1: private targets allowed, so they are taken.
    system = await startOneProcess(database.url, { ERP_WEBHOOK_ALLOW_PRIVATE: 'true' });
    pool = testPool(database.url);
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', 'correct horse battery staple');
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await owner.post<{ id: number }>(path, body);
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    };
    fixtures = {
      vendorId: await create(vendorsEntity.path, { name: 'Fuzz Vendor' }),
      customerId: await create(customersEntity.path, { name: 'Fuzz Customer' }),
      itemId: await create(itemsEntity.path, { name: 'Fuzz Item', unit: 'KG' }),
      // No salary: a payroll left blank stays blank (the fill from the employee is payroll.int.spec.ts's).
      employeeId: await create(employeesEntity.path, { employeeId: 'FUZZ-1', name: 'Fuzz Employee' }),
      invoices: {},
      advances: {},
    };
    // What credit and debit notes are against: one large invoice of each side, dated on the first
    // day a generated date can be (a note is not dated before its invoice).
    const invoices: Record<string, number> = {};
    for (const doc of INVOICE_DOCUMENTS.filter((d) => !d.against && d.owed !== false)) {
      const partyId = doc.party.field === 'vendorId' ? fixtures.vendorId : fixtures.customerId;
      const body = { [doc.party.field]: partyId, [doc.numberField]: `FUZZ-${doc.stream}`, [doc.dateField]: '1950-01-01', ...(doc.category ? { category: doc.category.accounts[0] } : {}), lines: [{ itemName: 'Room for notes', quantity: '1000000', rate: '90' }] };
      invoices[doc.stream] = await create(doc.path, body);
    }
    // What refunds draw on: an advance of each side, large enough for all of them.
    const advances: Record<string, string> = {};
    for (const refund of REFUND_DOCUMENTS) {
      const settlement = refund.sources.settlements;
      const partyId = settlement.party.field === 'vendorId' ? fixtures.vendorId : fixtures.customerId;
      advances[refund.stream] = settlement.streamOf(await create(settlement.path, { [settlement.party.field]: partyId, paymentMethod: 'cash', amount: '1000000' }));
    }
    fixtures = { ...fixtures, invoices, advances };
    // The users' routes work on a user of their own (`POST api.users` makes one here), never on the owner.
    for (const target of targets.filter((t) => t.method === 'POST' && t.kind !== 'auth' && t.kind !== 'action' && t.kind !== 'batch' && (t.kind !== 'users' || t.path === api.users || t.path === api.webhooks))) {
      // Another seed than the properties', or its first body would claim the same unique values.
      const [body] = fc.sample(target.valid(fixtures), { seed: SEED + 1, numRuns: 1 });
      records.set(target.path, await create(target.path, body!));
    }
    // A void (an apply, an unapply) has a record of its own: once voided, the others stay editable.
    for (const [index, target] of targets.filter((t) => t.kind === 'action').entries()) {
      const collection = targets.find((t) => t.method === 'POST' && t.path === collectionOf(target))!;
      // A seed of its own: two actions on one collection would claim the same unique values.
      const [body] = fc.sample(collection.valid(fixtures), { seed: SEED + 1000 + index, numRuns: 1 });
      records.set(target.path, await create(collection.path, body!));
    }
  }, budget({ databases: 1, starts: 1, requests: targets.length + 10 }));

  afterAll(async () => {
    // The figures for the README.
    console.log(`contract fuzz: ${JSON.stringify({ ...figures, runs: RUNS, seed: SEED })}`);
    await pool?.end();
    await system?.stop();
    await database?.drop();
  }, 60_000);

  it('sees every write route of the routers, each described by a contract', () => {
    const methods = targets.map((t) => `${t.method} ${t.path}`);
    for (const entity of MASTER_DATA_ENTITIES) expect(methods).toContain(`PUT ${entity.path}/:id`);
    for (const doc of [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS]) expect(methods).toContain(`POST ${doc.path}`);
    expect(methods).toContain(`POST ${api.auth.login}`);
  });

  // A void is done once per record: documents.int.spec.ts has its round trip. Each case sends
  // three requests: the write, the record read back and the events it appended.
  it('accepts generated valid bodies on every create and update, and reads them back as the contract normalises them', ownWork(async () => {
    for (const [index, target] of validTargets.entries()) {
      await fc.assert(
        fc.asyncProperty(target.valid(fixtures), async (body) => {
          const { res, position } = await write({ method: target.method, url: urlOf(target), json: body });
          expect(res.status, `${target.method} ${target.path} ${JSON.stringify(body)} → ${res.text}`).toBe(target.method === 'POST' ? 201 : 200);
          await expectRoundTrip(target, body, res, position);
        }),
        // A seed per route: a POST and a PUT with the same bodies would claim the same unique values.
        // No shrinking: a shrunk body repeats an invoice number already written, and hides the first failure.
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    }
  }), budget({ requests: validTargets.length * RUNS * 3 }));

  it('rejects almost valid bodies (one field wrong) with a 400 naming it, and appends nothing', ownWork(async () => {
    for (const target of schemaTargets) {
      const almost = fc.tuple(target.valid(fixtures), fc.nat(), hostileValue).map(([body, n, value]) => {
        const keys = Object.keys(body);
        const key = keys[n % keys.length]!;
        return { body: { ...body, [key]: value }, key };
      });
      await fc.assert(
        fc.asyncProperty(almost, async ({ body, key }) => {
          const { res } = await write({ method: target.method, url: urlOf(target), json: body, anonymous: target.kind === 'auth' });
          const wire = JSON.stringify(body);
          if (/"__proto__":/.test(wire)) {
            // Refused by the JSON parser wherever it is, before any schema: said so, not "invalid JSON".
            expect(res.status).toBe(400);
            expect(Strict.error.parse(res.body).message, wire).toMatch(/__proto__/);
            return;
          }
          // The oracle judges what goes on the wire: JSON has no -Infinity or undefined.
          if (target.schema!.safeParse(JSON.parse(wire)).success) return;
          expect(res.status, `${target.method} ${target.path} ${key}=${JSON.stringify(body[key])} → ${res.text}`).toBe(400);
          const issues = Strict.error.parse(res.body).issues ?? [];
          expect(issues.some((i) => i.path === key || i.path.startsWith(`${key}.`)), res.text).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS * 2 },
      );
    }
  }), budget({ requests: schemaTargets.length * RUNS * 2 }));

  it('answers hostile bodies with a 4xx error body, never a 5xx, and a rejected one appends nothing', ownWork(async () => {
    for (const target of targets) {
      const [valid] = fc.sample(target.valid(fixtures), { seed: SEED, numRuns: 1 });
      const url = target.method === 'DELETE' ? urlOf(target, MISSING_ID) : urlOf(target);
      for (const hostile of hostileBodies(valid!)) {
        const headers: Record<string, string> = { 'content-type': hostile.contentType ?? 'application/json' };
        if (hostile.contentType === '') delete headers['content-type'];
        if (hostile.encoding) headers['content-encoding'] = hostile.encoding;
        const { res } = await write({ method: target.method, url, raw: hostile.raw, headers, anonymous: target.kind === 'auth' });
        if (hostile.name === '__proto__ key' && target.method !== 'DELETE') expect(Strict.error.parse(res.body).message).toMatch(/__proto__/);
        if (res.status < 300 && target.schema) {
          // Accepted only when it was JSON the contract takes (unknown keys are dropped); no body at all is {} (a cancel with nothing to say).
          const raw = hostile.raw.replace(/^\ufeff/, '');
          expect(target.schema.safeParse(raw.trim() === '' ? {} : JSON.parse(raw)).success, `${hostile.name} accepted by ${target.method} ${target.path}`).toBe(true);
        }
      }
    }
  }), budget({ requests: targets.length * hostileBodies({}).length }));

  it('answers hostile ids in every record path with a 4xx, and writes nothing', ownWork(async () => {
    const before = await eventCount();
    const [vendor] = fc.sample(targets.find((t) => t.path === vendorsEntity.path)!.valid(fixtures), { seed: SEED, numRuns: 1 });
    for (const route of idRoutes) {
      for (const id of HOSTILE_IDS) {
        const url = route.path.replace(/:\w+/, id).replace(/:\w+/g, (p) => sampleUrl(p));
        const res = await send({ method: route.method, url, json: route.method === 'GET' || route.method === 'DELETE' ? undefined : vendor });
        expect(res.status, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await eventCount()).toBe(before);
  }), budget({ requests: idRoutes.length * HOSTILE_IDS.length }));

  it('answers hostile query strings on every GET with 200 or a 4xx error body', ownWork(async () => {
    // Lists read q, limit and after; the other GETs must ignore them or refuse them.
    for (const route of getRoutes) {
      const queries = queriesOf(route.path);
      const id = records.get(route.path.replace(/\/:id.*$/, '')) ?? fixtures.vendorId;
      const path = sampleUrl(route.path.replace(':id', String(id)));
      for (const query of queries) {
        const res = await send({ method: 'GET', url: `${path}?${query}` });
        if (res.status === 400) expect(Strict.error.parse(res.body).issues?.length ?? 1).toBeGreaterThan(0);
      }
    }
  }), budget({ requests: getRoutes.reduce((n, r) => n + queriesOf(r.path).length, 0) }));

  it('answers hostile If-Match, Idempotency-Key and X-Min-Position headers without a 5xx, and rejects without writing', ownWork(async () => {
    const vendorPut = targets.find((t) => t.method === 'PUT' && t.path.startsWith(vendorsEntity.path))!;
    const vendorPost = targets.find((t) => t.method === 'POST' && t.path === vendorsEntity.path)!;
    const bodies = fc.sample(vendorPut.valid(fixtures), { seed: SEED, numRuns: 40 });
    for (const value of IF_MATCH) {
      const { res } = await write({ method: 'PUT', url: urlOf(vendorPut), json: bodies.pop(), headers: { 'if-match': value } });
      expect([200, 412], value).toContain(res.status);
    }
    for (const key of KEYS) {
      const { res } = await write({ method: 'POST', url: vendorPost.path, json: bodies.pop(), headers: { [HEADERS.idempotencyKey]: key } });
      expect(res.status, `key of ${key.length}`).toBe(key.trim().length > IDEMPOTENCY_KEY_MAX ? 400 : 201);
    }
    for (const position of POSITIONS) {
      const res = await send({ method: 'GET', url: vendorsEntity.path, headers: { [HEADERS.minPosition]: position } });
      expect(res.status).toBe(200);
    }
  }), budget({ requests: IF_MATCH.length + KEYS.length + POSITIONS.length }));

  /** How long a hand-written request waits for an answer. */
  const SOCKET_WAIT_MS = 3_000;
  /** One request written by hand on a socket: what the server answers, or '' if it says nothing in time. */
  const rawExchange = (head: string, body: string, endAfterWrite: boolean) => {
    throwIfTestEnded();
    return new Promise<string>((resolve) => {
      const { hostname, port } = new URL(system.baseUrl);
      const socket = net.connect(Number(port), hostname);
      let answer = '';
      const done = () => {
        socket.destroy();
        resolve(answer);
      };
      socket.setTimeout(SOCKET_WAIT_MS, done);
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('end', done);
      socket.on('error', done);
      socket.on('connect', () => {
        socket.write(`${head}\r\n\r\n${body}`);
        if (endAfterWrite) socket.end();
      });
    });
  };

  /** [head, half-close after the body, the server rightly waits for the bytes still owed] */
  const lengthCases = (head: (length: string, extra?: string) => string, body: string): [string, boolean, boolean][] => [
    [head(String(body.length + 50)), true, false],
    [head(String(body.length + 50)), false, true],
    [head('5'), false, false],
    [head('abc'), false, false],
    [head('-1'), false, false],
    [head(String(body.length), '\r\nContent-Length: 3'), false, false],
    [head(String(body.length), '\r\nTransfer-Encoding: chunked'), false, false],
    [head('99999999999999999999'), false, false],
  ];
  const LENGTH_CASES = lengthCases(String, '').length;

  it('survives Content-Length that does not match the body: a 4xx (or a wait for the bytes owed), no event, still serving', ownWork(async () => {
    const before = await eventCount();
    const body = JSON.stringify({ name: 'Length Games' });
    const cookie = owner.cookieHeader();
    const head = (length: string, extra = '') =>
      `POST ${vendorsEntity.path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${length}${extra}`;
    for (const [h, end, waits] of lengthCases(head, body)) {
      figures.requests += 1;
      const answer = await rawExchange(h, body, end);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const what = `${h.split('\r\n').at(-1)} → ${answer.slice(0, 200) || 'no answer'}`;
      if (waits) expect(status, what).toBe(0);
      else expect(status >= 400 && status < 500, what).toBe(true);
    }
    expect(await eventCount()).toBe(before);
    expect((await owner.get(api.health)).status).toBe(200);
  }), budget({ requests: LENGTH_CASES + 1, ms: LENGTH_CASES * SOCKET_WAIT_MS }));
});
