import { JOURNAL_VOUCHERS_PATH, lockPath, lockStream } from '@erp/contracts';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { signedInSystem } from './testing/signed-in-system';

const locked = (date: string) => `The books are locked up to ${date}. Unlock them in Settings to change this.`;
const voucher = (voucherDate: string, narration: string) => ({
  voucherDate,
  voucherType: 'Journal',
  narration,
  lines: [{ account: 'rent', debit: '100.00' }, { account: 'cash', credit: '100.00' }],
});

/**
 * The books' lock against writes in flight, over HTTP on two processes of one database (each
 * keeps its own copy of the lock, issue 43): many backdated vouchers race the owner's lock; once
 * the lock is in the log, no voucher dated on or before it comes after it. A process whose copy
 * is older than a lock (the other process locked) refuses all the same, and one whose copy is
 * older than an unlock lets the write through.
 */
describe('the books lock on two processes, racing backdated writes', () => {
  let scratch: TestDatabase;
  let other: RunningSystem;
  const t = signedInSystem(
    async () => {
      scratch = await testDatabase();
      return startOneProcess(scratch.url);
    },
    async () => {
      await other?.stop();
      await scratch?.drop();
    },
  );
  let b: HttpClient;
  beforeAll(async () => {
    other = await startOneProcess(t.system.databaseUrl!);
    b = new HttpClient(other.baseUrl);
    expect((await b.login('owner', 'correct horse battery staple')).status).toBe(200);
  }, 180_000);

  /** Vouchers and lock events in the log's order: (transaction id, position). */
  const log = async () =>
    (await sql<{ stream_id: string; type: string; date: string | null; up_to: string | null }>`
      select stream_id, type, data->>'voucherDate' as date, data->>'upTo' as up_to from events
      where stream_id = ${lockStream('books')} or type like 'JournalVoucher%'
      order by transaction_id, position`.execute(t.database.db)).rows;

  it('both processes read the lock once (a write in April on each), then B locks March: A refuses March at once', async () => {
    expect((await t.owner.post(JOURNAL_VOUCHERS_PATH, voucher('2026-04-02', 'A, April'))).status).toBe(201);
    expect((await b.post(JOURNAL_VOUCHERS_PATH, voucher('2026-04-02', 'B, April'))).status).toBe(201);
    expect((await b.put(lockPath('books'), { upTo: '2026-03-31' })).status).toBe(200);
    const refused = await t.owner.post<{ message: string }>(JOURNAL_VOUCHERS_PATH, voucher('2026-03-15', 'A, March, after B locked'));
    expect([refused.status, refused.body.message]).toEqual([409, locked('31-03-2026')]);
    // B unlocks to February; A's copy says March is locked: it reads the lock again and lets March through.
    expect((await b.put(lockPath('books'), { upTo: '2026-02-28', reason: 'A March bill came late' })).status).toBe(200);
    expect((await t.owner.post(JOURNAL_VOUCHERS_PATH, voucher('2026-03-15', 'A, March, after B unlocked'))).status).toBe(201);
  });

  it('60 backdated vouchers on both processes race a lock: none dated in the lock is after it in the log', async () => {
    const clients = [t.owner, b];
    let lockAnswered = false;
    const answers: { status: number; message?: string; afterLock: boolean }[] = [];
    const writes = Array.from({ length: 60 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i % 20) * 15));
      const sentAfterLock = lockAnswered;
      const res = await clients[i % 2]!.post<{ message?: string }>(JOURNAL_VOUCHERS_PATH, voucher('2026-06-15', `race ${i}`));
      answers.push({ status: res.status, message: res.body.message, afterLock: sentAfterLock });
    });
    const lock = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      const res = await clients[1]!.put(lockPath('books'), { upTo: '2026-06-30' });
      expect(res.status).toBe(200);
      lockAnswered = true;
    })();
    await Promise.all([...writes, lock]);
    // Each is written or refused naming the lock; one sent after the lock answered is refused.
    for (const a of answers) expect([201, 409]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.message).toBe(locked('30-06-2026'));
    expect(answers.filter((a) => a.afterLock && a.status === 201)).toEqual([]);

    const rows = await log();
    const at = rows.findIndex((r) => r.up_to === '2026-06-30');
    expect(at).toBeGreaterThan(-1);
    const after = rows.slice(at + 1).filter((r) => r.date !== null && r.date <= '2026-06-30');
    expect(after).toEqual([]);
    const written = rows.filter((r) => r.date === '2026-06-15').length;
    expect(written).toBe(answers.filter((a) => a.status === 201).length);
    console.log(`race: ${written} vouchers before the lock, ${60 - written} refused by it`);
  });
});
