import { conflict, indiaDate, notFound, type RefundChange, type RefundData, type RefundDocument, type RefundLine, sumMoney } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

export type RefundState =
  | { readonly status: 'absent' }
  | { readonly status: 'recorded'; readonly refund: RefundData; readonly voidReason: string | null };

/** A refund as the command prepared it: each line matched to its credit. */
export interface RefundDraft {
  /** The number its series gave it (Record); null keeps the one it has (Revise). */
  readonly number: string | null;
  readonly partyId: number;
  readonly date: string | null;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly lines: readonly RefundLine[];
}

export type RefundCommand =
  | Command<'Record', { readonly id: number; readonly draft: RefundDraft }>
  | Command<'Revise', { readonly id: number; readonly draft: RefundDraft }>
  | Command<'Void', { readonly id: number; readonly reason: string }>;

export type RefundDecider = Decider<RefundState, RefundCommand, RefundChange>;

/**
 * A refund's own stream (issue 42): what was paid back, from which credits. Each credit's own
 * decider refuses more than it has unapplied, in the same append (refund.commands.ts). Voided, it
 * is kept as it was, inactive, with the reason, and cannot change any more.
 */
export const refundDecider = (doc: RefundDocument): RefundDecider => {
  const recorded = (id: number, draft: RefundDraft, now: Date, previous?: RefundData): RefundData => ({
    id,
    number: draft.number ?? previous?.number ?? null,
    partyId: draft.partyId,
    date: draft.date ?? previous?.date ?? indiaDate(now),
    paymentMethod: draft.paymentMethod,
    texts: draft.texts,
    totalAmount: sumMoney(draft.lines.map((l) => l.amount)),
    active: draft.active,
    lines: draft.lines,
  });
  const voidedAlready = (id: number) => {
    const message = `${doc.label} ${id} was voided: record a new one instead`;
    return conflict(message, [{ path: 'id', message }]);
  };
  const evolve = (state: RefundState, change: RefundChange): RefundState => {
    if (change.kind === 'voided') return state.status === 'recorded' ? { ...state, refund: { ...state.refund, active: false }, voidReason: change.reason } : state;
    return { status: 'recorded', refund: change.data, voidReason: state.status === 'recorded' ? state.voidReason : null };
  };
  const decide = (command: RefundCommand, state: RefundState): RefundChange[] => {
    const { id } = command.data;
    switch (command.type) {
      case 'Record':
        if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
        return [{ kind: 'recorded', data: recorded(id, command.data.draft, command.metadata.now) }];
      case 'Revise': {
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        if (state.voidReason !== null) throw voidedAlready(id);
        const next = recorded(id, command.data.draft, command.metadata.now, state.refund);
        return sameValue(next, state.refund) ? [] : [{ kind: 'revised', data: next }];
      }
      case 'Void':
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        if (state.voidReason !== null) throw voidedAlready(id);
        return [{ kind: 'voided', id, reason: command.data.reason }];
      default: {
        const never: never = command;
        throw new Error(`Unhandled ${JSON.stringify(never)}`);
      }
    }
  };
  return { initialState: () => ({ status: 'absent' }), decode: (stored) => doc.read(stored), evolve, decide };
};

export const refundOf = (doc: RefundDocument, state: RefundState) =>
  state.status === 'recorded' ? { ...doc.storedData(state.refund), voidReason: state.voidReason } : undefined;
