import { conflict, GSTR2B_EVENTS, type Gstr2bDocument, type Gstr2bEvent, Gstr2bEventSchema, type ImsStatus, notFound, type OwnerAction, toMoney, validationError } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

/** A return period's 2B: how many imports, the documents of the last one, the tolerance set. */
export interface Gstr2bState {
  readonly imports: number;
  readonly keys: ReadonlySet<string>;
  readonly tolerance: string | null;
  /** Each document's last action (the owner's or an IMS file's). */
  readonly actions: ReadonlyMap<string, string>;
}

export type Gstr2bCommand =
  | Command<'Import2b', { readonly period: string; readonly fileName: string | null; readonly gstin: string; readonly generatedOn: string | null; readonly documents: readonly Gstr2bDocument[]; readonly notRead: readonly string[] }>
  | Command<'ImportIms', { readonly period: string; readonly fileName: string | null; readonly statuses: readonly ImsStatus[] }>
  | Command<'TakeAction', { readonly period: string; readonly key: string; readonly action: OwnerAction }>
  | Command<'SetTolerance', { readonly period: string; readonly tolerance: string }>;

/**
 * GSTR-2B and IMS for one return period (issue 44 item 3). A 2B import replaces the period's
 * documents (the earlier import stays in the log); an action is on a document of the last import;
 * the tolerance is the owner's, ₹0 to ₹1,000.
 */
export const gstr2bDecider: Decider<Gstr2bState, Gstr2bCommand, Gstr2bEvent> = {
  initialState: () => ({ imports: 0, keys: new Set(), tolerance: null, actions: new Map() }),
  decode: (stored) => {
    const parsed = Gstr2bEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: (state, event) => {
    switch (event.type) {
      case GSTR2B_EVENTS.imported:
        return { ...state, imports: event.data.importId, keys: new Set(event.data.documents.map((d) => d.key)) };
      case GSTR2B_EVENTS.imsImported:
        return { ...state, actions: new Map([...state.actions, ...event.data.statuses.map((s) => [s.key, s.action] as const)]) };
      case GSTR2B_EVENTS.actionTaken:
        return { ...state, actions: new Map(state.actions).set(event.data.key, event.data.action) };
      case GSTR2B_EVENTS.toleranceSet:
        return { ...state, tolerance: event.data.tolerance };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Import2b':
        return [{ type: GSTR2B_EVENTS.imported, data: { ...command.data, documents: [...command.data.documents], notRead: [...command.data.notRead], importId: state.imports + 1 } }];
      case 'ImportIms': {
        const { period, fileName, statuses } = command.data;
        return [{ type: GSTR2B_EVENTS.imsImported, data: { period, fileName, statuses: statuses.map(({ key, action }) => ({ key, action })) } }];
      }
      case 'TakeAction': {
        const { period, key, action } = command.data;
        if (state.imports === 0) throw notFound(`No GSTR-2B imported for ${period}`);
        if (!state.keys.has(key)) throw validationError('Not a document of this GSTR-2B', [{ path: 'key', message: `${key.slice(0, 80)} is not in the 2B imported for ${period}` }]);
        if (state.actions.get(key) === action) throw conflict(`That document is already marked ${action}`, [{ path: 'action', message: `Already ${action}` }]);
        return [{ type: GSTR2B_EVENTS.actionTaken, data: { period, key, action } }];
      }
      case 'SetTolerance': {
        const tolerance = toMoney(command.data.tolerance);
        return tolerance === state.tolerance ? [] : [{ type: GSTR2B_EVENTS.toleranceSet, data: { period: command.data.period, tolerance } }];
      }
    }
  },
};
