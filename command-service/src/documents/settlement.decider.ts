import {
  conflict,
  indiaDate,
  notFound,
  type SettlementChange,
  type SettlementData,
  type SettlementDocument,
  type SettlementLine,
  sumMoney,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

export type SettlementState =
  | { readonly status: 'absent' }
  | { readonly status: 'recorded'; readonly settlement: SettlementData; readonly voidReason: string | null };

/** A payment or receipt as the command prepared it: lines already matched to their invoices. */
export interface SettlementDraft {
  /** The number the series gave it (Record); null keeps the one it has (Revise). */
  readonly number: string | null;
  readonly partyId: number;
  /** Blank → kept (revise) or today in India. */
  readonly date: string | null;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly lines: readonly SettlementLine[];
  /** A direct payment's amount (no lines). */
  readonly directAmount: string | null;
}

export type SettlementCommand =
  | Command<'Record', { readonly id: number; readonly draft: SettlementDraft }>
  | Command<'Revise', { readonly id: number; readonly draft: SettlementDraft }>
  | Command<'Void', { readonly id: number; readonly reason: string }>;

export type SettlementDecider = Decider<SettlementState, SettlementCommand, SettlementChange>;

/**
 * A payment's or receipt's own stream. Its allocations are decided by each invoice's decider in
 * the same append (document.commands.ts); this one records what was paid, and on which lines.
 * Voided, it is kept as it was, inactive, with the reason; it cannot change any more.
 */
export const settlementDecider = (doc: SettlementDocument): SettlementDecider => {
  const recorded = (id: number, draft: SettlementDraft, now: Date, previous?: SettlementData): SettlementData => ({
    id,
    number: draft.number ?? previous?.number ?? null,
    partyId: draft.partyId,
    date: draft.date ?? previous?.date ?? indiaDate(now),
    paymentMethod: draft.paymentMethod,
    texts: draft.texts,
    totalAmount: draft.lines.length > 0 ? sumMoney(draft.lines.map((l) => l.amount)) : (draft.directAmount ?? '0.00'),
    active: draft.active,
    lines: draft.lines,
  });
  const voidedAlready = (id: number) => {
    const message = `${doc.label} ${id} was voided: record a new one instead`;
    return conflict(message, [{ path: 'id', message }]);
  };
  const evolve = (state: SettlementState, change: SettlementChange): SettlementState => {
    switch (change.kind) {
      case 'recorded':
      case 'revised':
        return { status: 'recorded', settlement: change.data, voidReason: null };
      case 'voided':
        return state.status === 'recorded' ? { ...state, settlement: { ...state.settlement, active: false }, voidReason: change.reason } : state;
      default:
        return unreachable(change);
    }
  };
  const decide = (command: SettlementCommand, state: SettlementState): SettlementChange[] => {
    const { id } = command.data;
    switch (command.type) {
      case 'Record':
        if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
        return [{ kind: 'recorded', data: recorded(id, command.data.draft, command.metadata.now) }];
      case 'Revise': {
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        if (state.voidReason !== null) throw voidedAlready(id);
        const next = recorded(id, command.data.draft, command.metadata.now, state.settlement);
        return sameValue(next, state.settlement) ? [] : [{ kind: 'revised', data: next }];
      }
      case 'Void':
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        if (state.voidReason !== null) throw voidedAlready(id);
        return [{ kind: 'voided', id, reason: command.data.reason }];
      default:
        return unreachable(command);
    }
  };
  return { initialState: () => ({ status: 'absent' }), decode: (stored) => doc.read(stored), evolve, decide };
};

const unreachable = (value: never): never => {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
};

export const settlementOf = (doc: SettlementDocument, state: SettlementState) =>
  state.status === 'recorded'
    ? { ...doc.storedData(state.settlement), invoiceId: state.settlement.lines[0]?.invoiceId ?? null, voidReason: state.voidReason }
    : undefined;
