import { z } from 'zod';

import { optionalDateInput, optionalTextInput } from '../fields';
import { LOCKS_PATH } from '../paths';

/**
 * Locked periods (issue 43 item 3): the owner locks a scope up to a date, and nothing dated on
 * or before it is recorded, changed or voided. One scope now, the books; a second (a GST period
 * locked once its return is filed) is another entry here, checked by the same pipeline.
 */
export const LOCK_SCOPES = ['books'] as const;
export type LockScope = (typeof LOCK_SCOPES)[number];

/** What each scope is called in a refusal and on the Settings screen. */
export const LOCK_SCOPE_LABELS: Readonly<Record<LockScope, { readonly name: string; readonly label: string; readonly unlockHint: string }>> = {
  books: { name: 'The books', label: 'Books lock', unlockHint: 'Unlock them in Settings to change this.' },
};

export const lockPath = (scope: string) => `${LOCKS_PATH}/${scope}`;
/** One stream per scope: `period-lock:books`. */
export const lockStream = (scope: LockScope) => `period-lock:${scope}`;

/** PUT /api/settings/locks/{scope}: lock up to a date (null: no lock); a reason is required to move it earlier. */
export const LockBodySchema = z.object({
  upTo: optionalDateInput(),
  reason: optionalTextInput(),
});
export type LockBody = z.output<typeof LockBodySchema>;

const LockChange = z.object({
  scope: z.enum(LOCK_SCOPES),
  /** The lock after the change: on or before this date nothing changes; null: no lock. */
  upTo: z.string().nullable(),
  /** The lock before it. */
  was: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LockChange = z.output<typeof LockChange>;

/** `PeriodLocked` moves the lock later (or sets it); `PeriodUnlocked` moves it earlier or clears it, with a reason. */
export const LOCK_EVENTS = { locked: 'PeriodLocked', unlocked: 'PeriodUnlocked' } as const;
export const LockEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(LOCK_EVENTS.locked), data: LockChange }),
  z.object({ type: z.literal(LOCK_EVENTS.unlocked), data: LockChange }),
]);
export type LockEvent = z.output<typeof LockEventSchema>;

/** One scope's lock as GET /api/settings/locks answers it, with its changes, newest first. */
export const LockSchema = z.object({
  scope: z.enum(LOCK_SCOPES),
  upTo: z.string().nullable(),
  version: z.number().int(),
  history: z.array(
    z.object({ type: z.enum([LOCK_EVENTS.locked, LOCK_EVENTS.unlocked]), upTo: z.string().nullable(), was: z.string().nullable(), reason: z.string().nullable(), at: z.string(), user: z.string().nullable() }),
  ),
});
export type Lock = z.output<typeof LockSchema>;
export const LocksAnswerSchema = z.object({ locks: z.array(LockSchema) });
export type LocksAnswer = z.output<typeof LocksAnswerSchema>;

/** 2026-03-31 → 31-03-2026, as the refusal says it. */
const dayMonthYear = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** What a refused command is told: `The books are locked up to 31-03-2026. Unlock them in Settings to change this.` */
export const lockedMessage = (scope: LockScope, upTo: string) => {
  const { name, unlockHint } = LOCK_SCOPE_LABELS[scope];
  return `${name} are locked up to ${dayMonthYear(upTo)}. ${unlockHint}`;
};

/** The first of these dates on or before the lock (YYYY-MM-DD compares as text); null when none is. */
export const lockedDate = (upTo: string | null, dates: readonly (string | null | undefined)[]): string | null =>
  upTo === null ? null : (dates.find((d): d is string => typeof d === 'string' && d <= upTo) ?? null);
