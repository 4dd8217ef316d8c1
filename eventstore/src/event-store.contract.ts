import { randomUUID } from 'node:crypto';

import { isRecord, type RecordedEvent } from '@erp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  compareCursors,
  type EventMetadataInput,
  type EventPage,
  type EventStore,
  type EventToAppend,
  type GlobalCursor,
  START,
  StreamVersionConflict,
} from './event-store';
import type { IdAllocator } from './ids';
import type { Notifier } from './notifier';

/** An event written inside a transaction that is still open. */
export interface UncommittedAppend {
  readonly position: string;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** What the contract needs from an adapter. Optional parts are adapter capabilities. */
export interface EventStoreHarness {
  /** An empty store of its own (the suite shares it between its tests). */
  readonly store: EventStore;
  /** The notifier the store publishes 'appended' on. */
  readonly notifier?: Notifier;
  /** The command side's id allocator that lives beside this store, if any. */
  readonly ids?: IdAllocator;
  /** More allocators on the same database, as other processes would have. */
  readonly moreIds?: () => IdAllocator[];
  /**
   * Writes one event (version 1 of a new stream) in a transaction left open, so that it holds
   * a position lower than the appends that follow. Only for adapters with such transactions.
   */
  readonly beginUncommittedAppend?: (
    streamId: string,
    event: EventToAppend,
    metadata: EventMetadataInput,
  ) => Promise<UncommittedAppend>;
  close(): Promise<void>;
}

const metadata: EventMetadataInput = {
  userId: 7,
  username: 'asha',
  correlationId: 'corr-contract',
  at: '2026-11-22T10:00:00.000Z',
};

const RACE_WRITERS = 8;
const RACE_APPENDS_PER_WRITER = 500;
const RACE_PAGE = 200;

const streamOf = (name: string) => `${name}-${randomUUID()}`;

const eventOf = (type: string, data: unknown): EventToAppend => ({
  eventId: randomUUID(),
  type,
  data,
});

const withoutPosition = ({ position: _position, ...rest }: RecordedEvent) => rest;

const expected = (streamId: string, events: readonly EventToAppend[], fromVersion = 0) =>
  events.map((e, i) => ({
    eventId: e.eventId,
    streamId,
    streamVersion: fromVersion + i + 1,
    type: e.type,
    data: e.data,
    metadata,
  }));

/** Reads the log from `from` until a page comes back empty. */
/**
 * Everything after `from` up to the head. The log holds events back while any older transaction
 * of the whole cluster is open (other test databases on a shared server too), so an empty page
 * before the head means "wait", as a projection would.
 */
const drain = async (store: EventStore, from: GlobalCursor, limit = 500) => {
  const events: RecordedEvent[] = [];
  let cursor = from;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await store.readAll(cursor, limit);
    if (page.events.length > 0) {
      events.push(...page.events);
      cursor = page.cursor;
      continue;
    }
    if (compareCursors(cursor, await store.endCursor()) >= 0 || Date.now() > deadline) return { events, cursor };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Resolves on the next 'appended' signal, or after `ms` (a reader also polls). */
const nextAppended = (notifier: Notifier | undefined, ms: number) =>
  new Promise<void>((resolve) => {
    if (!notifier) return void setImmediate(resolve);
    const timer = setTimeout(done, ms);
    const off = notifier.subscribe('appended', done);
    function done() {
      clearTimeout(timer);
      off();
      resolve();
    }
  });

/**
 * One command whose positions cross a power of ten (…, 99, 100, …), so that an order by
 * position as text ('100' < '99') shows. Sized from the head; a gap in the positions
 * (failed inserts) can push it past the boundary, then it tries the next one.
 */
const appendAcrossDigitBoundary = async (store: EventStore) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const head = BigInt(await store.headPosition());
    const boundary = 10n ** BigInt(String(head + 1n).length);
    const count = Math.max(12, Number(boundary - head) + 5);
    const streamId = streamOf('counted');
    const events = Array.from({ length: count }, (_, i) => eventOf('Counted', { i }));
    await store.append([{ streamId, expectedVersion: 0, events }], metadata);
    const read = await store.readStream(streamId);
    const first = BigInt(read.events[0]!.position);
    const last = BigInt(read.events.at(-1)!.position);
    if (first < boundary && last >= boundary) return { streamId, events: read.events };
  }
  throw new Error('could not append across a power of ten');
};

const mapLimit = async <T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

/**
 * The event store contract (DESIGN §1, STYLE b.14): every adapter runs this same suite.
 * `factory` is called once per suite and must return an empty store.
 */
/** Which optional parts a harness has; their cases are only declared for adapters that do. */
export interface HarnessCapabilities {
  readonly notifier: boolean;
  readonly ids: boolean;
  readonly openTransactions: boolean;
}

export const eventStoreContract = (
  name: string,
  factory: () => Promise<EventStoreHarness>,
  capabilities: HarnessCapabilities,
) => {
  /** A test of a capability the harness has; none at all for one it lacks. */
  const itWith = (has: boolean) => (name: string, test: () => Promise<void>) => {
    if (has) it(name, test);
  };
  describe(name, () => {
    let harness: EventStoreHarness | undefined;
    const h = () => {
      if (!harness) throw new Error(`${name}: the harness did not start`);
      return harness;
    };

    beforeAll(async () => {
      harness = await factory();
    });
    afterAll(async () => {
      await harness?.close();
    });

    describe('append and readStream', () => {
      it('appends to a new stream as versions 1..n and reads them back in order', async () => {
        const { store } = h();
        const streamId = streamOf('vendor');
        const events = [
          eventOf('VendorCreated', {
            id: 1,
            name: 'Ā "quoted", back\\slash, {braces}, [brackets]',
            gstin: null,
            amount: '1234.50',
            tags: ['a', 'b'],
            nested: { deep: { list: [1, 2.5, true] } },
          }),
          eventOf('VendorRenamed', { id: 1, name: 'Asha Traders' }),
          eventOf('VendorDeleted', { id: 1 }),
        ];

        const result = await store.append([{ streamId, expectedVersion: 0, events }], metadata);

        expect(result.duplicate).toBe(false);
        expect(result.lastPosition).toMatch(/^[1-9]\d*$/);
        expect(result.streams).toEqual([{ streamId, version: 3 }]);
        const read = await store.readStream(streamId);
        expect(read.version).toBe(3);
        expect(read.events.map(withoutPosition)).toEqual(expected(streamId, events));
        const positions = read.events.map((e) => BigInt(e.position));
        expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
        expect(new Set(positions).size).toBe(3);
        expect(read.events.at(-1)?.position).toBe(result.lastPosition);
      });

      it('continues a stream from the version the caller read', async () => {
        const { store } = h();
        const streamId = streamOf('vendor');
        const first = [eventOf('VendorCreated', { id: 2 })];
        const second = [eventOf('VendorRenamed', { id: 2 }), eventOf('VendorRenamed', { id: 2 })];

        const r1 = await store.append([{ streamId, expectedVersion: 0, events: first }], metadata);
        const r2 = await store.append([{ streamId, expectedVersion: 1, events: second }], metadata);

        expect(r2.streams).toEqual([{ streamId, version: 3 }]);
        expect(BigInt(r2.lastPosition)).toBeGreaterThan(BigInt(r1.lastPosition));
        const read = await store.readStream(streamId);
        expect(read.events.map(withoutPosition)).toEqual([
          ...expected(streamId, first),
          ...expected(streamId, second, 1),
        ]);
      });

      it('reads an unknown stream as version 0 with no events', async () => {
        expect(await h().store.readStream(streamOf('nobody'))).toEqual({ version: 0, events: [] });
      });

      itWith(capabilities.notifier)('publishes the last position on the notifier after an append', async () => {
        const { store } = h();
        const notifier = h().notifier!;
        const signals: string[] = [];
        const off = notifier.subscribe('appended', (position) => signals.push(position));

        const result = await store.append(
          [{ streamId: streamOf('vendor'), expectedVersion: 0, events: [eventOf('VendorCreated', {})] }],
          metadata,
        );
        await nextAppended(signals.includes(result.lastPosition) ? undefined : notifier, 5_000);
        off();

        expect(signals).toContain(result.lastPosition);
      });
    });

    describe('optimistic concurrency', () => {
      it.each([
        ['too low', 1],
        ['zero on an existing stream', 0],
        ['too high', 3],
        ['far too high', 40],
      ])('rejects an expected version %s and appends nothing', async (_label, expectedVersion) => {
        const { store } = h();
        const streamId = streamOf('vendor');
        await store.append(
          [{ streamId, expectedVersion: 0, events: [eventOf('VendorCreated', {}), eventOf('VendorRenamed', {})] }],
          metadata,
        );
        const before = await store.readStream(streamId);
        const head = await store.headPosition();

        const attempt = store.append(
          [{ streamId, expectedVersion, events: [eventOf('VendorRenamed', { late: true })] }],
          metadata,
        );

        await expect(attempt).rejects.toBeInstanceOf(StreamVersionConflict);
        await expect(attempt).rejects.toMatchObject({ streamId, expectedVersion });
        expect(await store.readStream(streamId)).toEqual(before);
        expect(await store.headPosition()).toBe(head);
      });

      it('lets exactly one of two concurrent appends at the same version win', async () => {
        const { store } = h();
        const streamId = streamOf('vendor');
        // Round 0 races on a new stream, the others on an existing one.
        for (let version = 0; version < 10; version++) {
          const contenders = [eventOf('VendorRenamed', { by: 'a' }), eventOf('VendorRenamed', { by: 'b' })];

          const outcomes = await Promise.allSettled(
            contenders.map((event) =>
              store.append([{ streamId, expectedVersion: version, events: [event] }], metadata),
            ),
          );

          const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [contenders[i]!] : []));
          const lost: unknown[] = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0]).toBeInstanceOf(StreamVersionConflict);
          const read = await store.readStream(streamId);
          expect(read.version).toBe(version + 1);
          expect(read.events.at(-1)?.eventId).toBe(won[0]!.eventId);
        }
      });

      it('two appends over the same streams named in opposite orders: one wins, the other is a conflict, never a deadlock', async () => {
        const { store } = h();
        for (let round = 0; round < 20; round++) {
          const [a, b, c] = [streamOf('invoice'), streamOf('invoice'), streamOf('invoice')];
          const orders = [[a, b, c], [c, b, a], [b, a, c], [c, a, b]];
          const outcomes = await Promise.allSettled(
            orders.map((streams) =>
              store.append(streams.map((streamId) => ({ streamId, expectedVersion: 0, events: [eventOf('Allocated', { round })] })), metadata),
            ),
          );
          const lost: unknown[] = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
          expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
          for (const reason of lost) expect(reason).toBeInstanceOf(StreamVersionConflict);
          for (const streamId of [a, b, c]) expect((await store.readStream(streamId)).version).toBe(1);
        }
      });

      it('appends to several streams atomically: one wrong version, no stream changes', async () => {
        const { store } = h();
        const fresh = streamOf('payment');
        const existing = streamOf('invoice');
        await store.append(
          [{ streamId: existing, expectedVersion: 0, events: [eventOf('InvoiceRecorded', {})] }],
          metadata,
        );
        const head = await store.headPosition();

        const wrongSecond = () =>
          store.append(
            [
              { streamId: fresh, expectedVersion: 0, events: [eventOf('PaymentRecorded', {})] },
              { streamId: existing, expectedVersion: 0, events: [eventOf('InvoicePaid', {})] },
            ],
            metadata,
          );
        const wrongFirst = () =>
          store.append(
            [
              { streamId: existing, expectedVersion: 5, events: [eventOf('InvoicePaid', {})] },
              { streamId: fresh, expectedVersion: 0, events: [eventOf('PaymentRecorded', {})] },
            ],
            metadata,
          );

        // The conflict names the stream that moved, wherever it stands in the append.
        await expect(wrongSecond()).rejects.toMatchObject({ streamId: existing, movedStreams: [existing] });
        await expect(wrongFirst()).rejects.toMatchObject({ streamId: existing, movedStreams: [existing] });
        expect((await store.readStream(fresh)).version).toBe(0);
        expect((await store.readStream(existing)).version).toBe(1);
        expect(await store.headPosition()).toBe(head);

        const payment = eventOf('PaymentRecorded', { amount: '10.00' });
        const paid = eventOf('InvoicePaid', { amount: '10.00' });
        const ok = await store.append(
          [
            { streamId: fresh, expectedVersion: 0, events: [payment] },
            { streamId: existing, expectedVersion: 1, events: [paid] },
          ],
          metadata,
        );
        expect(ok.streams).toEqual([
          { streamId: fresh, version: 1 },
          { streamId: existing, version: 2 },
        ]);
        expect((await store.readStream(fresh)).events.map(withoutPosition)).toEqual(
          expected(fresh, [payment]),
        );
        // The last position is the command's last event, whichever stream it went to.
        const lastOf = async (streamId: string) => BigInt((await store.readStream(streamId)).events.at(-1)!.position);
        const last = [await lastOf(fresh), await lastOf(existing)].reduce((a, b) => (a > b ? a : b));
        expect(ok.lastPosition).toBe(String(last));
      });

      it('checks a stream named with no events beside the one event appended: its wrong version stops the append', async () => {
        const { store } = h();
        const checked = streamOf('customer');
        const written = streamOf('invoice');
        await store.append([{ streamId: checked, expectedVersion: 0, events: [eventOf('CustomerCreated', {})] }], metadata);
        const appendBeside = (version: number) =>
          store.append(
            [
              { streamId: checked, expectedVersion: version, events: [] },
              { streamId: written, expectedVersion: 0, events: [eventOf('InvoiceRecorded', {})] },
            ],
            metadata,
          );
        await expect(appendBeside(0)).rejects.toMatchObject({ movedStreams: [checked] });
        expect((await store.readStream(written)).version).toBe(0);
        const ok = await appendBeside(1);
        expect(ok.streams).toContainEqual({ streamId: written, version: 1 });
      });
    });

    describe('idempotent retries', () => {
      it('answers a retried append with the same event ids as a duplicate, appending nothing', async () => {
        const { store } = h();
        const streamId = streamOf('vendor');
        const events = [eventOf('VendorCreated', { id: 9 }), eventOf('VendorRenamed', { id: 9 })];
        const first = await store.append([{ streamId, expectedVersion: 0, events }], metadata);
        const head = await store.headPosition();

        const retry = await store.append([{ streamId, expectedVersion: 0, events }], metadata);

        expect(retry).toEqual({
          duplicate: true,
          lastPosition: first.lastPosition,
          streams: [{ streamId, version: 2 }],
        });
        expect((await store.readStream(streamId)).events.map(withoutPosition)).toEqual(
          expected(streamId, events),
        );
        expect(await store.headPosition()).toBe(head);
      });

      it('recognises a retry after the stream has moved on, and across several streams', async () => {
        const { store } = h();
        const payment = streamOf('payment');
        const invoice = streamOf('invoice');
        const command = [
          { streamId: payment, expectedVersion: 0, events: [eventOf('PaymentRecorded', {})] },
          { streamId: invoice, expectedVersion: 0, events: [eventOf('InvoiceRecorded', {})] },
        ];
        const first = await store.append(command, metadata);
        await store.append(
          [{ streamId: invoice, expectedVersion: 1, events: [eventOf('InvoicePaid', {})] }],
          metadata,
        );
        const head = await store.headPosition();

        const retry = await store.append(command, metadata);

        expect(retry.duplicate).toBe(true);
        expect(retry.lastPosition).toBe(first.lastPosition);
        expect([...retry.streams].sort((a, b) => a.streamId.localeCompare(b.streamId))).toEqual(
          [
            { streamId: payment, version: 1 },
            { streamId: invoice, version: 1 },
          ].sort((a, b) => a.streamId.localeCompare(b.streamId)),
        );
        expect(await store.headPosition()).toBe(head);
        expect((await store.readStream(invoice)).version).toBe(2);
      });

      it('rejects a command that reuses one old event id beside a new one, appending nothing', async () => {
        const { store } = h();
        const streamId = streamOf('vendor');
        const old = eventOf('VendorCreated', {});
        await store.append([{ streamId, expectedVersion: 0, events: [old] }], metadata);
        const head = await store.headPosition();

        const mixed = store.append(
          [{ streamId, expectedVersion: 1, events: [old, eventOf('VendorRenamed', {})] }],
          metadata,
        );

        await expect(mixed).rejects.toThrow();
        expect((await store.readStream(streamId)).version).toBe(1);
        expect(await store.headPosition()).toBe(head);
      });
    });

    describe('readAll', () => {
      it('pages through the log in order with the cursor and returns an empty page at the head', async () => {
        const { store } = h();
        const { cursor: start } = await drain(store, START);
        const first = streamOf('vendor');
        const second = streamOf('customer');
        const a = [eventOf('VendorCreated', {}), eventOf('VendorRenamed', {}), eventOf('VendorRenamed', {})];
        const b = [eventOf('CustomerCreated', {}), eventOf('CustomerRenamed', {})];
        await store.append([{ streamId: first, expectedVersion: 0, events: a }], metadata);
        await store.append([{ streamId: second, expectedVersion: 0, events: b }], metadata);
        await drain(store, start);

        const page1 = await store.readAll(start, 2);
        const page2 = await store.readAll(page1.cursor, 2);
        const page3 = await store.readAll(page2.cursor, 2);
        const atHead = await store.readAll(page3.cursor, 2);

        expect([...page1.events, ...page2.events, ...page3.events].map(withoutPosition)).toEqual([
          ...expected(first, a),
          ...expected(second, b),
        ]);
        expect([page1, page2, page3].map((p) => p.events.length)).toEqual([2, 2, 1]);
        expect(compareCursors(page1.cursor, start)).toBe(1);
        expect(compareCursors(page2.cursor, page1.cursor)).toBe(1);
        expect(compareCursors(page3.cursor, page2.cursor)).toBe(1);
        expect(atHead).toEqual({ events: [], cursor: page3.cursor });
        expect(page3.cursor.position).toBe(page3.events[0]!.position);
      });

      it('stops at an until cursor, and reads on from there', async () => {
        const { store } = h();
        const { cursor: start } = await drain(store, START);
        const streamId = streamOf('until');
        await store.append(
          [{ streamId, expectedVersion: 0, events: [1, 2, 3, 4, 5].map((n) => eventOf('Counted', { n })) }],
          metadata,
        );
        const all = await store.readAll(start, 100);
        const third = all.events[2]!;
        const until = (await store.cursorAt(third.position))!;

        const first = await store.readAll(start, 100, until);
        expect(first.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
        expect(first.cursor).toEqual(until);
        expect((await store.readAll(first.cursor, 100, until)).events).toEqual([]);
        expect((await store.readAll(first.cursor, 100)).events.map((e) => e.data)).toEqual([{ n: 4 }, { n: 5 }]);
      });

      it('with types, reads only those and moves its cursor past the others it scanned', async () => {
        const { store } = h();
        const { cursor: start } = await drain(store, START);
        const streamId = streamOf('typed');
        const types = ['Kept', 'Skipped', 'Kept', 'Skipped', 'Skipped', 'Kept', 'Skipped'];
        await store.append([{ streamId, expectedVersion: 0, events: types.map((type, n) => eventOf(type, { n })) }], metadata);
        const all = await store.readAll(start, 100);
        const end = all.cursor;

        // Pages of two: full pages end on their last event, the short one on the last event scanned.
        const page1 = await store.readAll(start, 2, undefined, ['Kept']);
        const page2 = await store.readAll(page1.cursor, 2, undefined, ['Kept']);
        expect([...page1.events, ...page2.events].map((e) => e.data)).toEqual([{ n: 0 }, { n: 2 }, { n: 5 }]);
        expect(page1.events.map((e) => e.type)).toEqual(['Kept', 'Kept']);
        expect(page1.events).toEqual(all.events.filter((e) => e.type === 'Kept').slice(0, 2));
        expect(page1.cursor.position).toBe(all.events[2]!.position);
        expect(page2.cursor).toEqual(end);
        expect(await store.readAll(page2.cursor, 2, undefined, ['Kept'])).toEqual({ events: [], cursor: end });

        // None of the types: an empty page whose cursor has moved to the end of what it scanned.
        expect(await store.readAll(start, 100, undefined, ['Absent'])).toEqual({ events: [], cursor: end });
        expect(await store.readAll(start, 100, undefined, [])).toEqual({ events: [], cursor: end });
        // Stopped by until, on the last event at or before it, whatever its type.
        const until = (await store.cursorAt(all.events[3]!.position))!;
        const upTo = await store.readAll(start, 100, until, ['Kept']);
        expect(upTo.events.map((e) => e.data)).toEqual([{ n: 0 }, { n: 2 }]);
        expect(upTo.cursor).toEqual(until);
      });

      it('keeps position order inside one command whose positions cross a power of ten', async () => {
        const { store } = h();
        const { cursor: start } = await drain(store, START);
        const { streamId, events } = await appendAcrossDigitBoundary(store);

        const read = await drain(store, start, 7);

        expect(read.events.filter((e) => e.streamId === streamId)).toEqual(events);
        const positions = read.events.map((e) => BigInt(e.position));
        expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
      });

      it('ends the log at the last event in global order and counts what lies after a cursor', async () => {
        const { store } = h();
        const { cursor: start } = await drain(store, START);
        await store.append([{ streamId: streamOf('vendor'), expectedVersion: 0, events: [eventOf('VendorCreated', {}), eventOf('VendorRenamed', {})] }], metadata);
        const { cursor: end } = await drain(store, start);

        expect(await store.endCursor()).toEqual(end);
        expect(await store.countAfter(start, 100)).toBe(2);
        expect(await store.countAfter(start, 1)).toBe(1);
        expect(await store.countAfter(end, 100)).toBe(0);
      });

      it('gives the cursor of a visible event with cursorAt; a gap or a later position maps to the event before it', async () => {
        const { store } = h();
        const { cursor: start } = await drain(store, START);
        await store.append(
          [{ streamId: streamOf('vendor'), expectedVersion: 0, events: [eventOf('VendorCreated', {}), eventOf('VendorRenamed', {})] }],
          metadata,
        );
        await drain(store, start);
        const page = await store.readAll(start, 1);
        const last = page.events[0]!;

        expect(await store.cursorAt(last.position)).toEqual(page.cursor);
        expect(await store.readAll(page.cursor, 10)).toMatchObject({ events: [{ streamVersion: 2 }] });
        const head = await store.headPosition();
        const headCursor = await store.cursorAt(head);
        expect(headCursor?.position).toBe(head);
        expect(await store.cursorAt('9000000000000000000')).toEqual(headCursor);
        expect(await store.cursorAt('0')).toBeNull();
      });

      itWith(capabilities.openTransactions)('does not read past a transaction still open with a lower position, and reads it once committed', async () => {
        const { store } = h();
        const beginUncommittedAppend = h().beginUncommittedAppend!;
        const { cursor: start } = await drain(store, START);
        const heldStream = streamOf('held');
        const laterStream = streamOf('later');
        const held = await beginUncommittedAppend(heldStream, eventOf('HeldBack', {}), metadata);
        let later: Awaited<ReturnType<EventStore['append']>>;
        try {
          later = await store.append(
            [{ streamId: laterStream, expectedVersion: 0, events: [eventOf('CommittedFirst', {})] }],
            metadata,
          );
          expect(BigInt(later.lastPosition)).toBeGreaterThan(BigInt(held.position));

          // The later event is committed, yet a reader must wait for the open transaction.
          const during = await drain(store, start);
          expect(during.events).toEqual([]);
          expect(during.cursor).toEqual(start);
          // A read of some types does not move its cursor past it either.
          expect(await store.readAll(start, 100, undefined, ['CommittedFirst'])).toEqual({ events: [], cursor: start });
          expect(await store.readAll(start, 100, undefined, ['Absent'])).toEqual({ events: [], cursor: start });
          expect((await store.readStream(laterStream)).version).toBe(1);

          await held.commit();
        } finally {
          await held.rollback();
        }

        const after = await drain(store, start);
        expect(after.events.map((e) => [e.position, e.streamId])).toEqual([
          [held.position, heldStream],
          [later.lastPosition, laterStream],
        ]);
        const typed = await store.readAll(start, 100, undefined, ['HeldBack']);
        expect(typed.events.map((e) => e.position)).toEqual([held.position]);
        expect(typed.cursor.position).toBe(later.lastPosition);
      });

      it(
        `never skips nor repeats an event while ${RACE_WRITERS} writers append concurrently`,
        async () => {
          const { store, notifier } = h();
          const run = randomUUID().slice(0, 8);
          const total = RACE_WRITERS * RACE_APPENDS_PER_WRITER;
          const appended: string[] = [];
          let writersDone = false;

          const writer = async (w: number) => {
            const streamId = `race-${run}-${w}`;
            for (let i = 0; i < RACE_APPENDS_PER_WRITER; i++) {
              const result = await store.append(
                [{ streamId, expectedVersion: i, events: [eventOf('RaceAppended', { w, i })] }],
                metadata,
              );
              appended.push(result.lastPosition);
            }
          };

          const seen: RecordedEvent[] = [];
          const pageCursors: GlobalCursor[] = [];
          let polls = 0;
          let emptyPolls = 0;
          let maxLag = 0;
          const reader = async () => {
            let cursor = START;
            let raceSeen = 0;
            const deadline = Date.now() + 50_000;
            for (;;) {
              if (Date.now() > deadline) throw new Error(`reader saw ${raceSeen}/${total} events`);
              const finished = writersDone;
              const page = await store.readAll(cursor, RACE_PAGE);
              polls++;
              if (page.events.length === 0) {
                expect(page.cursor).toEqual(cursor);
                emptyPolls++;
                // Caught up after the last writer finished: everything is committed and visible.
                if (finished) return;
                await nextAppended(notifier, 20);
                continue;
              }
              pageCursors.push(page.cursor);
              seen.push(...page.events);
              raceSeen += page.events.filter((e) => e.streamId.startsWith(`race-${run}-`)).length;
              maxLag = Math.max(maxLag, appended.length - raceSeen);
              cursor = page.cursor;
            }
          };

          const started = performance.now();
          const readerDone = reader();
          readerDone.catch(() => undefined); // awaited below, after the writers
          await Promise.all(Array.from({ length: RACE_WRITERS }, (_, w) => writer(w)));
          const elapsed = performance.now() - started;
          writersDone = true;
          await readerDone;

          const racePositions = seen
            .filter((e) => e.streamId.startsWith(`race-${run}-`))
            .map((e) => e.position);
          // Events committed late with a lower position than one already read: a reader going
          // by position alone would have skipped each of them.
          let maxPosition = 0n;
          let lateLowerPositions = 0;
          for (const e of seen) {
            const p = BigInt(e.position);
            if (p < maxPosition) lateLowerPositions++;
            else maxPosition = p;
          }
          const rate = Math.round((total / elapsed) * 1000);
          console.log(
            `[${name}] race: ${RACE_WRITERS} writers × ${RACE_APPENDS_PER_WRITER} appends = ${total} events ` +
              `in ${Math.round(elapsed)} ms → ${rate} appends/s; reader: ${polls} polls ` +
              `(${emptyPolls} empty), max lag ${maxLag}, ${lateLowerPositions} events read after a higher position`,
          );

          expect(appended).toHaveLength(total);
          expect(new Set(appended).size).toBe(total);
          // Every appended position exactly once, nothing else from the race.
          expect(racePositions).toHaveLength(total);
          expect(new Set(racePositions)).toEqual(new Set(appended));
          // No position of the whole log was read twice.
          expect(new Set(seen.map((e) => e.position)).size).toBe(seen.length);
          // Page cursors increase strictly.
          for (let i = 1; i < pageCursors.length; i++) {
            expect(compareCursors(pageCursors[i]!, pageCursors[i - 1]!)).toBe(1);
          }
          // Event by event, the order is (transaction, position): within a transaction the
          // positions increase, and the cursors of the events increase strictly.
          const cursors = await mapLimit(seen, 8, async (e) => {
            const cursor = await store.cursorAt(e.position);
            if (!cursor) throw new Error(`no cursor for visible position ${e.position}`);
            return cursor;
          });
          const byTransaction = new Map<string, bigint[]>();
          for (let i = 0; i < cursors.length; i++) {
            const c = cursors[i]!;
            if (i > 0) expect(compareCursors(c, cursors[i - 1]!)).toBe(1);
            byTransaction.set(c.tx, [...(byTransaction.get(c.tx) ?? []), BigInt(c.position)]);
          }
          for (const positions of byTransaction.values()) {
            expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
          }
          // The last cursor of each page is the cursor of its last event.
          expect(cursors.at(-1)).toEqual(pageCursors.at(-1));
        },
        90_000,
      );
    });

    describe('readFeed', () => {
      it('filters by type and stream and pages in global order', async () => {
        const { store } = h();
        const run = randomUUID().slice(0, 8);
        const created = `ListCreated_${run}`;
        const renamed = `ListRenamed_${run}`;
        const one = streamOf('vendor');
        const two = streamOf('vendor');
        const after = await store.endCursor();
        await store.append(
          [{ streamId: one, expectedVersion: 0, events: [eventOf(created, { n: 1 }), eventOf(renamed, { n: 2 }), eventOf(created, { n: 3 })] }],
          metadata,
        );
        await store.append(
          [{ streamId: two, expectedVersion: 0, events: [eventOf(created, { n: 4 }), eventOf(renamed, { n: 5 })] }],
          metadata,
        );
        const data = (page: EventPage) => page.events.map((e) => (isRecord(e.data) ? e.data.n : undefined));

        const byType = await store.readFeed({ after, limit: 100, type: created });
        const byStream = await store.readFeed({ after, limit: 100, streamId: two });
        const byBoth = await store.readFeed({ after, limit: 100, type: created, streamId: one });
        const page1 = await store.readFeed({ after, limit: 2, type: created });
        const page2 = await store.readFeed({ after: page1.cursor, limit: 2, type: created });
        const page3 = await store.readFeed({ after: page2.cursor, limit: 2, type: created });
        const byTypes = await store.readFeed({ after, limit: 100, types: [created, renamed] });
        const byPattern = await store.readFeed({ after, limit: 100, types: [renamed], streamPattern: `^${two.replace(/[^a-z0-9]/gi, '.')}$` });

        expect(data(byType)).toEqual([1, 3, 4]);
        expect(data(byStream)).toEqual([4, 5]);
        expect(data(byBoth)).toEqual([1, 3]);
        expect(data(byTypes)).toEqual([1, 2, 3, 4, 5]);
        expect(data(byPattern)).toEqual([5]);
        expect([data(page1), data(page2), data(page3)]).toEqual([[1, 3], [4], []]);
        // An empty page leaves the cursor where it was: the pager polls from there.
        expect(page3.cursor).toEqual(page2.cursor);
        expect(byType.events.every((e) => e.type === created && e.metadata.correlationId === metadata.correlationId)).toBe(true);
      });

      it('pages across a power of ten without skipping', async () => {
        const { store } = h();
        const after = await store.endCursor();
        const { streamId, events } = await appendAcrossDigitBoundary(store);

        const pages: RecordedEvent[] = [];
        let from = after;
        for (;;) {
          const page = await store.readFeed({ after: from, limit: 97, streamId });
          if (page.events.length === 0) break;
          expect(pages.length).toBeLessThanOrEqual(events.length);
          pages.push(...page.events);
          from = page.cursor;
        }

        expect(pages).toEqual(events);
      });

      it('never skips nor repeats an event while 8 writers append concurrently', async () => {
        const { store } = h();
        const run = `Feed_${randomUUID().slice(0, 8)}`;
        let from = await store.endCursor();
        let writing = true;
        const seen: string[] = [];
        const pager = (async () => {
          for (;;) {
            const done = !writing;
            const page = await store.readFeed({ after: from, limit: 50, type: run });
            seen.push(...page.events.map((e) => e.eventId));
            from = page.cursor;
            if (done && page.events.length === 0) return;
          }
        })();
        const written = (
          await Promise.all(
            Array.from({ length: 8 }, async () => {
              const ids: string[] = [];
              for (let i = 0; i < 60; i++) {
                const event = eventOf(run, { i });
                await store.append([{ streamId: streamOf('feed'), expectedVersion: 0, events: [event] }], metadata);
                ids.push(event.eventId);
              }
              return ids;
            }),
          )
        ).flat();
        writing = false;
        await pager;
        expect(seen).toHaveLength(written.length);
        expect(new Set(seen)).toEqual(new Set(written));
      }, 90_000);
    });

    describe('eventAt and findEvents', () => {
      it('find events by position and by id; a missing one is absent', async () => {
        const { store } = h();
        const streamId = streamOf('found');
        const events = [eventOf('Found', { n: 1 }), eventOf('Found', { n: 2 })];
        const appended = await store.append([{ streamId, expectedVersion: 0, events }], metadata);
        const at = await store.eventAt(appended.lastPosition);
        expect(at).toMatchObject({ eventId: events[1]!.eventId, streamId, streamVersion: 2, position: appended.lastPosition });
        expect(await store.eventAt('999999999999')).toBeNull();
        const found = await store.findEvents([events[1]!.eventId, randomUUID(), events[0]!.eventId]);
        expect(found.map((e) => e.streamVersion)).toEqual([1, 2]);
        expect(await store.findEvents([])).toEqual([]);
      });
    });

    describe('streamsWith', () => {
      it('finds the streams with an event of these types whose data contains the value, each once', async () => {
        const { store } = h();
        const [named, renamed, other] = [streamOf('named'), streamOf('renamed'), streamOf('other')];
        const customer = Math.floor(Math.random() * 1e9) + 1;
        await store.append(
          [
            { streamId: named, expectedVersion: 0, events: [eventOf('InvoiceRecorded', { customerId: customer }), eventOf('InvoiceRevised', { customerId: customer })] },
            { streamId: renamed, expectedVersion: 0, events: [eventOf('InvoiceRecorded', { customerId: customer + 1 }), eventOf('InvoiceRevised', { customerId: customer })] },
            { streamId: other, expectedVersion: 0, events: [eventOf('NoteRecorded', { customerId: customer }), eventOf('InvoiceRecorded', { customerId: customer + 1 })] },
          ],
          metadata,
        );
        const invoices = { types: ['InvoiceRecorded', 'InvoiceRevised'], contains: { customerId: customer } };
        expect(await store.streamsWith([invoices])).toEqual([named, renamed].sort());
        expect(await store.streamsWith([{ types: ['NoteRecorded'], contains: { customerId: customer } }])).toEqual([other]);
        expect(await store.streamsWith([invoices, { types: ['NoteRecorded'], contains: { customerId: customer } }])).toEqual([named, other, renamed].sort());
        expect(await store.streamsWith([{ types: [], contains: { customerId: customer } }])).toEqual([]);
      });
    });

    describe('importEvents', () => {
      it('keeps event ids, stream ids, versions and metadata, and the stream continues after them', async () => {
        const { store } = h();
        const streamId = streamOf('imported');
        const head = await store.headPosition();
        const exported: RecordedEvent[] = [1, 2, 3].map((version) => ({
          position: String(version),
          eventId: randomUUID(),
          streamId,
          streamVersion: version,
          type: version === 1 ? 'VendorCreated' : 'VendorRenamed',
          data: { version, name: `O'Brien "${version}"` },
          metadata: {
            userId: 3,
            username: 'old-admin',
            correlationId: `import-${version}`,
            at: `2024-01-0${version}T08:00:00.000Z`,
          },
        }));

        await store.importEvents(exported);

        const read = await store.readStream(streamId);
        expect(read.version).toBe(3);
        expect(read.events.map(withoutPosition)).toEqual(exported.map(withoutPosition));
        for (const e of read.events) expect(BigInt(e.position)).toBeGreaterThan(BigInt(head));
        const next = await store.append(
          [{ streamId, expectedVersion: 3, events: [eventOf('VendorRenamed', {})] }],
          metadata,
        );
        expect(next.streams).toEqual([{ streamId, version: 4 }]);
      });
    });

    describe('id allocator', () => {
      itWith(capabilities.ids)('gives 50 concurrent callers 50 distinct consecutive ids', async () => {
        const ids = h().ids!;

        const given = await Promise.all(Array.from({ length: 50 }, () => ids.next('vendor')));

        expect([...given].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(await ids.next('customer')).toBe(1);
      });

      itWith(capabilities.ids)('never gives one id twice, across allocators (processes) racing', async () => {
        const harness = h();
        const others = harness.moreIds?.() ?? [];
        const all = [harness.ids!, ...others];
        const name = `race-${randomUUID().slice(0, 8)}`;

        const given = (await Promise.all(all.flatMap((ids) => Array.from({ length: 40 }, () => ids.next(name))))).sort((a, b) => a - b);

        expect(new Set(given).size).toBe(given.length);
        expect(given.length).toBe(40 * all.length);
      });

      itWith(capabilities.ids)('raises the floor with atLeast and never lowers it', async () => {
        const ids = h().ids!;
        const name = `product-${randomUUID()}`;

        await ids.atLeast(name, 1000);
        const afterFloor = await ids.next(name);
        await ids.atLeast(name, 10);
        const afterLowerFloor = await ids.next(name);

        expect([afterFloor, afterLowerFloor]).toEqual([1001, 1002]);
      });
    });
  });
};
