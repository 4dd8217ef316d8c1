import { indiaDate, LOCK_EVENTS, LOCK_SCOPE_LABELS, type LockBody, type LockEvent, LockEventSchema, type LockScope, lockedDate, lockedMessage, conflict, validationError } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

/** A scope's lock, folded from its stream: nothing on or before `upTo` changes (null: no lock). */
export interface LockState {
  readonly upTo: string | null;
}

export type LockCommand = Command<'Set', { readonly scope: LockScope; readonly body: LockBody }>;

const unlockReason = (scope: LockScope) => `Say why you unlock ${LOCK_SCOPE_LABELS[scope].name.toLowerCase()}`;

/**
 * The owner locks a scope up to a date (issue 43 item 3): up to today at the latest (a lock in
 * the future would refuse today's sales). Moving it later is a lock; moving it earlier or
 * clearing it is an unlock, which needs a reason (it is in the setting's history and the
 * activity log). The same date again records nothing.
 */
export const lockDecider: Decider<LockState, LockCommand, LockEvent> = {
  initialState: () => ({ upTo: null }),
  decode: (stored) => {
    const parsed = LockEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: (_state, event) => ({ upTo: event.data.upTo }),
  decide: ({ data: { scope, body }, metadata }, state) => {
    const { upTo, reason } = body;
    if (upTo === state.upTo) return [];
    const today = indiaDate(metadata.now);
    if (upTo !== null && upTo > today) throw validationError('A lock cannot be in the future', [{ path: 'upTo', message: 'Lock up to today at the latest' }]);
    const data = { scope, upTo, was: state.upTo, reason };
    if (state.upTo === null || (upTo !== null && upTo > state.upTo)) return [{ type: LOCK_EVENTS.locked, data }];
    if (!reason) throw validationError(unlockReason(scope), [{ path: 'reason', message: unlockReason(scope) }]);
    return [{ type: LOCK_EVENTS.unlocked, data }];
  },
};

/**
 * The one check of every dated command (handleCommand): a date on or before the scope's lock is
 * refused with a 409 naming the lock and the field of the date, nothing appended.
 */
export const refuseLocked = (scope: LockScope, state: LockState, dates: readonly (string | null | undefined)[], field = 'date') => {
  if (state.upTo === null || lockedDate(state.upTo, dates) === null) return;
  const message = lockedMessage(scope, state.upTo);
  throw conflict(message, [{ path: field, message }]);
};
