import { type BooksPart, gstReturnStream, LOCK_SCOPES, LOCKING_RETURN, lockedDate, type LockScope, lockStream, periodOfDate } from '@erp/contracts';

import { refuseFiled } from '../gst/filing.decider';

import { lockDecider, refuseLocked } from '../settings/lock.decider';
import type { CommandContext, StreamHandle } from './handle-command';

/**
 * What a command is dated by, per lock scope (issue 43 item 3): each kind says it — a document
 * its date, an edit or a void its old date and its new one, a payroll its month's end and the
 * day it was paid. Null and undefined dates are ignored. `gst`: the dates an edit or a void of a
 * document in GSTR-1 changes, refused in a month whose GSTR-1 is filed (issue 44 item 4).
 */
export type Dated = { readonly [S in LockScope | 'gst']?: readonly (string | null | undefined)[] } & {
  /** The body field the dates are of, named in a refusal: `date` unless said (the profile's `booksBegin`). */
  readonly field?: string;
};

/**
 * The one lock check of the command pipeline: for each scope the command is dated in (a date,
 * not only nulls), its lock — as this process last read it (ctx.guard), so a write costs no read
 * of it — and a date on or before it refused (409 naming the lock), after reading the lock again
 * (a copy may be older than an unlock). The lock streams are returned to be checked at their
 * versions in the command's append, under their guard: a lock committed meanwhile, here or in
 * another process, makes the command decide again and be refused then; a lock that commits
 * after the append began waits for it, so nothing it refuses lands after it in the log.
 */
export const checkLocks = async (ctx: CommandContext, dated: Dated | undefined): Promise<StreamHandle<unknown>[]> => {
  const read: StreamHandle<unknown>[] = [];
  for (const scope of LOCK_SCOPES) {
    const dates = (dated?.[scope] ?? []).filter((d): d is string => typeof d === 'string');
    if (dates.length === 0) continue;
    let stream = await ctx.guard(lockStream(scope), lockDecider);
    if (lockedDate(stream.state.upTo, dates) !== null) stream = await ctx.guard(lockStream(scope), lockDecider, { fresh: true });
    refuseLocked(scope, stream.state, dates, dated?.field);
    read.push(stream);
  }
  read.push(...(await checkFiled(ctx, dated?.gst ?? [], dated?.field)));
  return read;
};

/**
 * A month's GSTR-1 is filed when its stream has an event: only its version is read (the filed
 * copy is not), and an unfiled month's stream is checked at version 0 in the append, so a
 * filing committed meanwhile makes the command decide again.
 */
const checkFiled = async (ctx: CommandContext, dates: readonly (string | null | undefined)[], field?: string): Promise<StreamHandle<unknown>[]> => {
  const months = [...new Set(dates.filter((d): d is string => typeof d === 'string').map(periodOfDate))];
  if (months.length === 0) return [];
  const streams = await Promise.all(months.map((m) => ctx.versionOf(gstReturnStream(LOCKING_RETURN, m))));
  const filed = new Set(months.filter((_, i) => streams[i]!.version > 0));
  refuseFiled((period) => filed.has(period), dates, field);
  return streams;
};

/** A command dated in the books by these dates. */
export const datedInBooks = (...dates: (string | null | undefined)[]): Dated => ({ books: dates });

/**
 * The days a change of a record's postings touches, part by part: a part whose day or lines
 * change counts with its old day and its new one (a payroll paid in May leaves April's salary as
 * it was, so a lock of April does not refuse it).
 */
export const changedParts = (before: readonly BooksPart[], after: readonly BooksPart[]): Dated => {
  const dates: (string | null)[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const was = before[i];
    const is = after[i];
    if (was?.date === is?.date && JSON.stringify(was?.postings ?? []) === JSON.stringify(is?.postings ?? [])) continue;
    dates.push(was?.date ?? null, is?.date ?? null);
  }
  return datedInBooks(...dates);
};
