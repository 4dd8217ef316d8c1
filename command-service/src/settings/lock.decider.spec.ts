import { DomainError, type LockEvent, lockedMessage } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type LockCommand, lockDecider, refuseLocked } from './lock.decider';

const metadata = { now: new Date('2026-05-10T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const set = (upTo: string | null, reason: string | null = null): LockCommand => ({ type: 'Set', data: { scope: 'books', body: { upTo, reason } }, metadata });
const locked = (upTo: string, was: string | null = null, reason: string | null = null): LockEvent => ({ type: 'PeriodLocked', data: { scope: 'books', upTo, was, reason } });
const unlocked = (upTo: string | null, was: string, reason: string): LockEvent => ({ type: 'PeriodUnlocked', data: { scope: 'books', upTo, was, reason } });

const spec = DeciderSpecification.for(lockDecider);
const refusedOn = (path: string) => (e: unknown) => e instanceof DomainError && e.kind === 'validation' && e.issues?.[0]?.path === path;

describe('locking the books (issue 43)', () => {
  it('locks up to a date', () => spec.given([]).when(set('2026-03-31')).then([locked('2026-03-31')]));
  it('moves the lock later without a reason', () => spec.given([locked('2026-03-31')]).when(set('2026-04-30')).then([locked('2026-04-30', '2026-03-31')]));
  it('records nothing for the same date again', () => spec.given([locked('2026-03-31')]).when(set('2026-03-31')).thenNothingHappened());
  it('records nothing for clearing a lock there is not', () => spec.given([]).when(set(null, 'why not')).thenNothingHappened());
  it('locks up to today at the latest (India time): a lock in the future would refuse today\'s sales', () => {
    spec.given([]).when(set('2026-05-10')).then([locked('2026-05-10')]);
    spec.given([]).when(set('2026-05-11')).thenThrows(refusedOn('upTo'));
  });
});

describe('unlocking the books: an owner action with a reason', () => {
  it('moves the lock earlier with a reason', () =>
    spec.given([locked('2026-04-30')]).when(set('2026-03-31', 'April bill found late')).then([unlocked('2026-03-31', '2026-04-30', 'April bill found late')]));
  it('clears it with a reason', () => spec.given([locked('2026-04-30')]).when(set(null, 'Audit adjustments')).then([unlocked(null, '2026-04-30', 'Audit adjustments')]));
  it('refuses an unlock without a reason, on the reason', () => {
    spec.given([locked('2026-04-30')]).when(set('2026-03-31')).thenThrows(refusedOn('reason'));
    spec.given([locked('2026-04-30')]).when(set(null)).thenThrows(refusedOn('reason'));
  });
  it('locks again after an unlock', () =>
    spec.given([locked('2026-04-30'), unlocked(null, '2026-04-30', 'late bill')]).when(set('2026-04-30')).then([locked('2026-04-30', null)]));
});

describe('the check every dated command goes through', () => {
  const state = { upTo: '2026-03-31' };
  const refusal = (dates: (string | null)[]) => {
    try {
      refuseLocked('books', state, dates);
      return null;
    } catch (error) {
      return error as DomainError;
    }
  };
  it('refuses a date on or before the lock with a conflict naming it', () => {
    for (const dates of [['2026-03-31'], ['2019-04-01'], ['2026-05-02', '2026-03-15']]) {
      const error = refusal(dates);
      expect(error?.kind).toBe('conflict');
      expect(error?.message).toBe('The books are locked up to 31-03-2026. Unlock them in Settings to change this.');
    }
  });
  it('lets through a date after it, no date, and anything without a lock', () => {
    expect(refusal(['2026-04-01', null])).toBeNull();
    expect(refusal([])).toBeNull();
    expect(() => refuseLocked('books', { upTo: null }, ['2019-04-01'])).not.toThrow();
  });
  it('says the lock as day-month-year', () => expect(lockedMessage('books', '2027-01-05')).toBe('The books are locked up to 05-01-2027. Unlock them in Settings to change this.'));
});
