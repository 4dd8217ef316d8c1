import {
  conflict,
  indiaDate,
  notFound,
  readSettlementEvent,
  type SettlementChange,
  type SettlementData,
  type SettlementDocument,
  settlementEvent,
  sumMoney,
} from '@erp/contracts';

import type { Command, Decider, StoredEvent } from '../shared/decider';

export type SettlementState =
  | { readonly status: 'absent' }
  | { readonly status: 'recorded'; readonly settlement: SettlementData; readonly voidReason: string | null };

/** A payment or receipt as the command prepared it: lines already matched to their invoices. */
export interface SettlementDraft {
  readonly partyId: number;
  /** Blank → kept (revise) or today in India. */
  readonly date: string | null;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly lines: SettlementData['lines'];
  /** A direct payment's amount (no lines). */
  readonly directAmount: string | null;
}

export type SettlementCommand =
  | Command<'Record', { readonly id: number; readonly draft: SettlementDraft }>
  | Command<'Revise', { readonly id: number; readonly draft: SettlementDraft }>
  | Command<'Void', { readonly id: number; readonly reason: string }>;

export type SettlementDecider = Decider<SettlementState, SettlementCommand, StoredEvent>;

/** Structural equality of two recorded settlements (key order does not matter). */
const sameData = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

/**
 * A payment's or receipt's own stream. Its allocations are decided by each invoice's decider in
 * the same append (document.commands.ts); this one records what was paid, and on which lines.
 */
export const settlementDecider = (doc: SettlementDocument): SettlementDecider => {
  const amountField = doc.lineAmount.field;
  const recorded = (id: number, draft: SettlementDraft, now: Date, previousDate?: string): SettlementData => ({
    id,
    [doc.party.field]: draft.partyId,
    [doc.dateField]: draft.date ?? previousDate ?? indiaDate(now),
    paymentMethod: draft.paymentMethod,
    ...Object.fromEntries(doc.texts.map((t) => [t, draft.texts[t] ?? null])),
    totalAmount: draft.lines.length > 0 ? sumMoney(draft.lines.map((l) => String(l[amountField]))) : (draft.directAmount ?? '0.00'),
    active: draft.active,
    lines: draft.lines,
  });
  const emit = (change: SettlementChange) => settlementEvent(doc, change);
  const voidedAlready = (id: number) => {
    const message = `${doc.label} ${id} was voided: record a new one instead`;
    return conflict(message, [{ path: 'id', message }]);
  };
  return {
    initialState: () => ({ status: 'absent' }),
    decode: (stored) => (doc.events.types.includes(stored.type) ? doc.events.event.parse(stored) : null),
    evolve: (state, event) => {
      const change = readSettlementEvent(doc, event);
      if (!change) return state;
      switch (change.kind) {
        case 'recorded':
        case 'revised':
          return { status: 'recorded', settlement: change.data, voidReason: null };
        case 'voided':
          return state.status === 'recorded' ? { ...state, settlement: { ...state.settlement, active: false }, voidReason: change.reason } : state;
      }
    },
    decide: (command, state) => {
      const { id } = command.data;
      switch (command.type) {
        case 'Record':
          if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
          return emit({ kind: 'recorded', data: recorded(id, command.data.draft, command.metadata.now) });
        case 'Revise': {
          if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
          if (state.voidReason !== null) throw voidedAlready(id);
          const next = recorded(id, command.data.draft, command.metadata.now, String(state.settlement[doc.dateField]));
          return sameData(next, state.settlement) ? [] : emit({ kind: 'revised', data: next });
        }
        case 'Void':
          if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
          if (state.voidReason !== null) throw voidedAlready(id);
          return emit({ kind: 'voided', id, reason: command.data.reason });
      }
    },
  };
};

export const settlementOf = (state: SettlementState) =>
  state.status === 'recorded'
    ? { ...state.settlement, invoiceId: state.settlement.lines[0]?.invoiceId ?? null, voidReason: state.voidReason }
    : undefined;
