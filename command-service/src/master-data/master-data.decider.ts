import {
  type BodyOf,
  compareMoney,
  conflict,
  decodeMasterDataEvent,
  type EventOf,
  exactlyOneProblem,
  fieldValues,
  type FieldValues,
  validationError,
  type MasterDataEntity,
  masterDataEvent,
  notFound,
  readMasterDataEvent,
  type RecordOf,
  rupees,
  withComputed,
} from '@erp/contracts';
import { z } from 'zod';

import type { Command, Decider } from '../shared/decider';

export type MasterDataState =
  | { readonly status: 'absent' }
  | { readonly status: 'active'; readonly id: number; readonly values: FieldValues }
  | { readonly status: 'deleted'; readonly id: number };

export type MasterDataCommand<E extends MasterDataEntity> =
  | Command<'Create', { readonly id: number; readonly body: BodyOf<E> }>
  | Command<'Update', { readonly id: number; readonly body: BodyOf<E> }>
  /** `usage`: what names the record, as the command read it (a customer's or vendor's documents). */
  | Command<'Delete', { readonly id: number; readonly usage?: RecordUsage }>
  /** One of the entity's actions (a payroll's pay), with its parsed body. */
  | Command<'Act', { readonly id: number; readonly action: string; readonly values: Readonly<Record<string, unknown>> }>;

/** What names a record (issue 42: a party's documents); a record in use is not deleted. */
export interface RecordUsage {
  /** A document named it since uses were recorded (its use stream). */
  readonly used: boolean;
  /** The documents that name it now, by kind ('sales invoice'), those recorded before uses were too. */
  readonly documents: readonly { readonly label: string; readonly count: number }[];
  /** Still due on its invoices, owed by `them` (a customer) or by `us` (to a vendor). */
  readonly balanceDue: string;
  readonly owedBy: 'them' | 'us';
}

/** 'has 3 sales invoices and 1 receipt and owes ₹4,251.00', or null when nothing names the record. */
const inUse = (usage: RecordUsage): string | null => {
  const kinds = usage.documents.filter((d) => d.count > 0).map((d) => `${d.count} ${d.label}${d.count === 1 ? '' : 's'}`);
  const listed = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds[0];
  const owing = compareMoney(usage.balanceDue, 0) > 0 ? `${usage.owedBy === 'them' ? 'owes' : 'is owed'} ${rupees(usage.balanceDue)}` : null;
  if (listed) return `has ${listed}${owing ? ` and ${owing}` : ''}`;
  return usage.used ? 'is named on documents' : null;
};

export type MasterDataDecider<E extends MasterDataEntity> = Decider<MasterDataState, MasterDataCommand<E>, EventOf<E>>;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * One decider for master data (STYLE b.3): vendors, customers, items, employees and leads have
 * no rules beyond validation, and a record the command says is in use (a party documents name)
 * is not deleted. It speaks each entity's own events (VendorCreated, LeadUpdated…), read and
 * written through the entity's schemas; an update records only the fields that changed.
 */
export const masterDataDecider = <E extends MasterDataEntity>(entity: E): MasterDataDecider<E> => {
  const missing = (id: number) => notFound(`${entity.label} ${id} not found`);
  /** The entity's rule across fields (a follow-up names a lead or a customer), on the record as it would be. */
  const checkRules = (values: FieldValues) => {
    const issues = entity.exactlyOne && exactlyOneProblem(entity.exactlyOne, values);
    if (issues) throw validationError(entity.exactlyOne!.message, issues);
  };

  const create = (id: number, body: BodyOf<E>, state: MasterDataState): EventOf<E> => {
    if (state.status !== 'absent') throw conflict(`${entity.label} ${id} already exists`);
    const values = withComputed(entity, fieldValues(body));
    checkRules(values);
    return masterDataEvent(entity, { kind: 'created', id, values });
  };

  const changesTo = (state: MasterDataState & { status: 'active' }, next: FieldValues) => {
    const changes = Object.fromEntries(
      entity.fieldNames.filter((f) => f in next && !same(next[f], state.values[f])).map((f) => [f, next[f] ?? null]),
    );
    const locked = entity.rules?.locked;
    if (locked && locked.when(state.values) && locked.fields.some((f) => f in changes)) {
      throw conflict(locked.message, locked.fields.filter((f) => f in changes).map((path) => ({ path, message: locked.message })));
    }
    return changes;
  };

  const update = (id: number, body: BodyOf<E>, state: MasterDataState): EventOf<E>[] => {
    if (state.status !== 'active') throw missing(id);
    const changes = changesTo(state, withComputed(entity, fieldValues(body)));
    if (Object.keys(changes).length === 0) return [];
    checkRules({ ...state.values, ...changes });
    return [masterDataEvent(entity, { kind: 'updated', id, changes })];
  };

  const act = (id: number, name: string, values: FieldValues, state: MasterDataState): EventOf<E>[] => {
    const action = entity.rules?.actions?.[name];
    if (!action) throw notFound(`${entity.label} has no action ${name}`);
    if (state.status !== 'active') throw missing(id);
    const current = String(state.values[action.field] ?? entity.fields[action.field]?.defaultValue ?? '');
    if (!action.from.includes(current)) throw conflict(action.refused(current), [{ path: action.field, message: action.refused(current) }]);
    const changes = changesTo(state, { ...state.values, ...values, [action.field]: action.to });
    return Object.keys(changes).length === 0 ? [] : [masterDataEvent(entity, { kind: 'updated', id, changes })];
  };

  /** A record in use is kept: it can be made inactive instead (hidden from pickers, kept in reports). */
  const remove = (id: number, state: MasterDataState, usage?: RecordUsage): EventOf<E> => {
    if (state.status !== 'active') throw missing(id);
    const reason = usage && inUse(usage);
    if (reason) throw conflict(`${String(state.values[entity.sortBy] ?? `${entity.label} ${id}`)} ${reason}; make them inactive instead`);
    return masterDataEvent(entity, { kind: 'deleted', id });
  };

  return {
    initialState: () => ({ status: 'absent' }),
    decode: (stored) => decodeMasterDataEvent(entity, stored),
    evolve: (state, event) => {
      const change = readMasterDataEvent(entity, event);
      if (!change) return state;
      switch (change.kind) {
        case 'created':
          return { status: 'active', id: change.id, values: change.values };
        case 'updated':
          return state.status === 'active' ? { ...state, values: { ...state.values, ...change.changes } } : state;
        case 'deleted':
          return { status: 'deleted', id: change.id };
      }
    },
    decide: (command, state) => {
      switch (command.type) {
        case 'Create':
          return create(command.data.id, command.data.body, state);
        case 'Update':
          return update(command.data.id, command.data.body, state);
        case 'Delete':
          return remove(command.data.id, state, command.data.usage);
        case 'Act':
          return act(command.data.id, command.data.action, command.data.values, state);
      }
    },
  };
};

/** The record as the API answers it, from the decider's state; absent fields become their default. */
export const recordOf = <E extends MasterDataEntity>(entity: E, state: MasterDataState): RecordOf<E> | undefined => {
  if (state.status !== 'active') return undefined;
  const values = Object.fromEntries(
    entity.fieldNames.map((f) => [f, state.values[f] ?? entity.fields[f]?.defaultValue ?? null]),
  );
  const schema: E['record'] = entity.record;
  return z.parse(schema, { ...values, id: state.id });
};
