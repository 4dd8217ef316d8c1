import { conflict, indiaDate, notFound, type SettlementData, type SettlementDocument, sumMoney } from '@erp/contracts';

import type { Command, Decider, StoredEvent } from '../shared/decider';

export type SettlementState =
  | { readonly status: 'absent' }
  | { readonly status: 'recorded'; readonly settlement: SettlementData };

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
  | Command<'Revise', { readonly id: number; readonly draft: SettlementDraft }>;

export type SettlementDecider = Decider<SettlementState, SettlementCommand, StoredEvent>;

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
  return {
    initialState: () => ({ status: 'absent' }),
    decode: (stored) => (doc.events.types.includes(stored.type) ? doc.events.event.parse(stored) : null),
    evolve: (_state, event) => ({ status: 'recorded', settlement: event.data as SettlementData }),
    decide: (command, state) => {
      const { id, draft } = command.data;
      switch (command.type) {
        case 'Record':
          if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
          return { type: doc.events.names.recorded, data: recorded(id, draft, command.metadata.now) };
        case 'Revise': {
          if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
          const next = recorded(id, draft, command.metadata.now, String(state.settlement[doc.dateField]));
          return JSON.stringify(next) === JSON.stringify(state.settlement) ? [] : { type: doc.events.names.revised, data: next };
        }
      }
    },
  };
};

export const settlementOf = (state: SettlementState) =>
  state.status === 'recorded' ? { ...state.settlement, invoiceId: state.settlement.lines[0]?.invoiceId ?? null } : undefined;
