import { ledgersEntity, payrollEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import type { CommandContext } from './handle-command';
import { changedParts, checkLocks, datedInBooks } from './period-locks';

const parts = (values: Readonly<Record<string, unknown>>) => payrollEntity.booksParts!(values, { addedOn: '2026-04-01' });
const pending = { basicSalary: '18000.00', allowances: '0.00', deductions: '0.00', netSalary: '18000.00', month: 4, year: 2026, status: 'pending', active: true };
const paid = { ...pending, status: 'paid', paidOn: '2026-05-02', paidFrom: 'bank' };

describe('the days a payroll change is dated by (issue 43)', () => {
  it('a new payroll: its month end', () => expect(changedParts(parts({ active: false }), parts(pending)).books).toEqual([null, '2026-04-30']));
  it('paid in May: only the payment day, April untouched', () => expect(changedParts(parts(pending), parts(paid)).books).toEqual([null, '2026-05-02']));
  it('a note changed: nothing', () => expect(changedParts(parts(paid), parts({ ...paid, notes: 'ok' })).books).toEqual([]));
  it('cancelled once paid: both days', () => expect(changedParts(parts(paid), parts({ ...paid, status: 'cancelled' })).books).toEqual(['2026-04-30', '2026-04-30', '2026-05-02', '2026-05-02']));
});

describe("a ledger's opening balance: on the first day of the year it was added in", () => {
  const ledger = ledgersEntity.booksParts!;
  const added = { addedOn: '2026-11-27' };
  it('added with one: 1 April of that year', () => expect(changedParts([], ledger({ accountType: 'asset', openingBalance: '500.00' }, added)).books).toEqual([null, '2026-04-01']));
  it('added without one, or with 0.00: nothing', () => expect(changedParts([], ledger({ accountType: 'asset', openingBalance: '0.00' }, added)).books).toEqual([]));
  it('renamed: nothing', () => expect(changedParts(ledger({ accountName: 'A', accountType: 'asset', openingBalance: '5.00' }, added), ledger({ accountName: 'B', accountType: 'asset', openingBalance: '5.00' }, added)).books).toEqual([]));
  it('added in March: the year before', () => expect(changedParts([], ledger({ accountType: 'expense', openingBalance: '5.00' }, { addedOn: '2027-03-31' })).books).toEqual([null, '2026-04-01']));
});

describe('the lock as this process last read it (ctx.guard)', () => {
  /** A context whose copy of the lock says `copy` and whose store says `stored`; each read noted (fresh or not). */
  const context = (copy: string | null, stored: string | null) => {
    const reads: string[] = [];
    const ctx = {
      guard: (streamId: string, _evolver: unknown, options?: { fresh?: boolean }) => {
        reads.push(options?.fresh ? 'fresh' : 'copy');
        return Promise.resolve({ streamId, state: { upTo: options?.fresh ? stored : copy }, version: 1, lastPosition: '1', guard: true });
      },
    } as unknown as CommandContext;
    return { ctx, reads };
  };
  it('a date after the lock: decided on the copy, the lock returned to be checked in the append', async () => {
    const { ctx, reads } = context('2026-03-31', '2026-03-31');
    expect((await checkLocks(ctx, datedInBooks('2026-04-02'))).map((s) => [s.streamId, s.guard])).toEqual([['period-lock:books', true]]);
    expect(reads).toEqual(['copy']);
  });
  it('a date the copy locks is read again before it is refused: unlocked elsewhere, it goes through', async () => {
    const { ctx, reads } = context('2026-03-31', null);
    await expect(checkLocks(ctx, datedInBooks('2026-03-15'))).resolves.toHaveLength(1);
    expect(reads).toEqual(['copy', 'fresh']);
  });
  it('still locked when read again: refused naming the lock', async () => {
    const { ctx } = context('2026-03-31', '2026-03-31');
    await expect(checkLocks(ctx, datedInBooks('2026-03-15'))).rejects.toThrow('The books are locked up to 31-03-2026. Unlock them in Settings to change this.');
  });
  it('nothing dated, or only nulls: the lock is not read', async () => {
    const { ctx, reads } = context('2026-03-31', '2026-03-31');
    expect(await checkLocks(ctx, undefined)).toEqual([]);
    expect(await checkLocks(ctx, datedInBooks(null, undefined))).toEqual([]);
    expect(reads).toEqual([]);
  });
});
