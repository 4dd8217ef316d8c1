import {
  compareMoney,
  conflict,
  indiaDate,
  notFound,
  rupees,
  type SettlementChange,
  type SettlementData,
  type SettlementDocument,
  type SettlementLine,
  settlementAnswer,
  subtractMoney,
  sumMoney,
  toMoney,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

export type SettlementState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'recorded';
      readonly settlement: SettlementData;
      readonly voidReason: string | null;
      /** Its money beyond its lines drawn by refunds: the refund's stream → the amount. */
      readonly drawn: Readonly<Record<string, string>>;
    };

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
  /** The amount said (no lines: required; with lines: at least their sum); null: the lines' sum. */
  readonly directAmount: string | null;
}

export type SettlementCommand =
  | Command<'Record', { readonly id: number; readonly draft: SettlementDraft }>
  | Command<'Revise', { readonly id: number; readonly draft: SettlementDraft }>
  | Command<'Void', { readonly id: number; readonly reason: string }>
  /** A refund draws on its advance: `by` the refund's stream; `path` where the amount was asked for. */
  | Command<'Allocate', { readonly id: number; readonly by: string; readonly partyId: number; readonly amount: string; readonly path: string }>
  | Command<'Release', { readonly id: number; readonly by: string }>;

export type SettlementDecider = Decider<SettlementState, SettlementCommand, SettlementChange>;

/** What its lines settle. */
export const appliedOf = (settlement: SettlementData) => sumMoney(settlement.lines.map((l) => l.amount));
/** What refunds drew from it. */
export const drawnOf = (drawn: Readonly<Record<string, string>>, but?: string) => sumMoney(Object.entries(drawn).flatMap(([by, amount]) => (by === but ? [] : [amount])));

/**
 * A payment's or receipt's own stream. Its allocations are decided by each invoice's decider in
 * the same append (settlement.commands.ts); this one records what was paid, on which lines, and
 * what refunds drew from the rest (an advance), never more than that rest. Voided, it is kept as
 * it was, inactive, with the reason; it cannot change any more.
 */
export const settlementDecider = (doc: SettlementDocument): SettlementDecider => {
  const word = doc.label.toLowerCase();
  const recorded = (id: number, draft: SettlementDraft, now: Date, previous?: SettlementData): SettlementData => ({
    id,
    number: draft.number ?? previous?.number ?? null,
    partyId: draft.partyId,
    date: draft.date ?? previous?.date ?? indiaDate(now),
    paymentMethod: draft.paymentMethod,
    texts: draft.texts,
    totalAmount: draft.directAmount ?? sumMoney(draft.lines.map((l) => l.amount)),
    active: draft.active,
    lines: draft.lines,
  });
  const voidedAlready = (id: number) => {
    const message = `${doc.label} ${id} was voided: record a new one instead`;
    return conflict(message, [{ path: 'id', message }]);
  };
  /** Refunded money stays refunded: the rest beyond its lines covers it, and it stays active. */
  const keepsRefunds = (state: Extract<SettlementState, { status: 'recorded' }>, next: SettlementData | null) => {
    const refunded = drawnOf(state.drawn);
    if (compareMoney(refunded, 0) === 0) return;
    if (next && next.active && compareMoney(subtractMoney(next.totalAmount, appliedOf(next)), refunded) >= 0) return;
    const message = `${rupees(refunded)} of this ${word} was refunded: void that refund first`;
    throw conflict(message, [{ path: next ? (next.active ? 'amount' : 'active') : 'id', message }]);
  };
  const evolve = (state: SettlementState, change: SettlementChange): SettlementState => {
    switch (change.kind) {
      case 'recorded':
        return { status: 'recorded', settlement: change.data, voidReason: null, drawn: {} };
      case 'revised':
        return state.status === 'recorded' ? { ...state, settlement: change.data } : state;
      case 'voided':
        return state.status === 'recorded' ? { ...state, settlement: { ...state.settlement, active: false }, voidReason: change.reason } : state;
      case 'allocated':
        return state.status === 'recorded' ? { ...state, drawn: { ...state.drawn, [change.by]: change.amount } } : state;
      case 'released': {
        if (state.status !== 'recorded') return state;
        const { [change.by]: _released, ...rest } = state.drawn;
        return { ...state, drawn: rest };
      }
      default:
        return unreachable(change);
    }
  };
  const draw = (state: SettlementState, command: Extract<SettlementCommand, { type: 'Allocate' }>): SettlementChange[] => {
    const { id, by, partyId, path } = command.data;
    const amount = toMoney(command.data.amount);
    const source = path.replace(/\.[^.]+$/, '.source');
    if (state.status !== 'recorded' || state.voidReason !== null || !state.settlement.active) {
      const message = `${doc.label} ${id} has no money to refund`;
      throw conflict(message, [{ path: source, message }]);
    }
    const { settlement, drawn } = state;
    if (settlement.partyId !== partyId) {
      const message = `${doc.label} ${settlement.number ?? `#${id}`} is not from this ${doc.party.label.toLowerCase()}`;
      throw conflict(message, [{ path: source, message }]);
    }
    if (drawn[by] === amount) return [];
    const left = subtractMoney(subtractMoney(settlement.totalAmount, appliedOf(settlement)), drawnOf(drawn, by));
    if (compareMoney(amount, left) > 0) {
      const message = `Only ${rupees(left)} of ${word} ${settlement.number ?? `#${id}`} is unapplied`;
      throw conflict(message, [{ path, message }]);
    }
    return [{ kind: 'allocated', id, by, amount }];
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
        keepsRefunds(state, next);
        return sameValue(next, state.settlement) ? [] : [{ kind: 'revised', data: next }];
      }
      case 'Void':
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        if (state.voidReason !== null) throw voidedAlready(id);
        keepsRefunds(state, null);
        return [{ kind: 'voided', id, reason: command.data.reason }];
      case 'Allocate':
        return draw(state, command);
      case 'Release':
        if (state.status !== 'recorded' || state.drawn[command.data.by] === undefined) return [];
        return [{ kind: 'released', id, by: command.data.by }];
      default:
        return unreachable(command);
    }
  };
  return { initialState: () => ({ status: 'absent' }), decode: (stored) => doc.read(stored), evolve, decide };
};

const unreachable = (value: never): never => {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
};

/** The payment or receipt as the API answers it, from its folded stream. */
export const settlementOf = (doc: SettlementDocument, state: SettlementState) => {
  if (state.status !== 'recorded') return undefined;
  const { settlement, drawn } = state;
  return { ...doc.storedData(settlement), invoiceId: settlement.lines[0]?.invoiceId ?? null, voidReason: state.voidReason, ...settlementAnswer(settlement, Object.entries(drawn).map(([by, amount]) => ({ by, amount }))) };
};
