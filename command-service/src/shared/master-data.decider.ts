import { type DomainEvent, type MasterDataEntity, conflict, notFound } from '@erp/contracts';

import type { Command, Decider } from './decider';

type Fields = Record<string, unknown>;

export type MasterDataState =
  | { readonly status: 'absent' }
  | { readonly status: 'active'; readonly record: Fields & { id: number } }
  | { readonly status: 'deleted'; readonly id: number };

export type MasterDataCommand =
  | Command<'Create', { id: number; body: Fields }>
  | Command<'Update', { id: number; body: Fields }>
  | Command<'Delete', { id: number }>;

export type MasterDataEvent =
  | DomainEvent<string, Fields & { id: number }>
  | DomainEvent<string, { id: number; changes: Fields }>
  | DomainEvent<string, { id: number }>;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * One decider for master data (STYLE b.3 shortcut): vendors, customers, items, employees and
 * leads have no rules beyond validation. Event names and payloads stay per entity.
 */
export const masterDataDecider = (
  entity: Pick<MasterDataEntity, 'label' | 'fields' | 'events'>,
): Decider<MasterDataState, MasterDataCommand, MasterDataEvent> => {
  const { created, updated, deleted } = entity.events;
  const missing = (id: number) => notFound(`${entity.label} ${id} not found`);

  const create = (data: { id: number; body: Fields }, state: MasterDataState): MasterDataEvent => {
    if (state.status !== 'absent') throw conflict(`${entity.label} ${data.id} already exists`);
    return { type: created, data: { ...data.body, id: data.id } };
  };

  const update = (data: { id: number; body: Fields }, state: MasterDataState): MasterDataEvent[] => {
    if (state.status !== 'active') throw missing(data.id);
    const changes = Object.fromEntries(
      entity.fields
        .filter((f) => f in data.body && !same(data.body[f], state.record[f]))
        .map((f) => [f, data.body[f] ?? null]),
    );
    return Object.keys(changes).length === 0 ? [] : [{ type: updated, data: { id: data.id, changes } }];
  };

  const remove = (data: { id: number }, state: MasterDataState): MasterDataEvent => {
    if (state.status !== 'active') throw missing(data.id);
    return { type: deleted, data: { id: data.id } };
  };

  const evolve = (state: MasterDataState, event: MasterDataEvent): MasterDataState => {
    const data = event.data as Fields & { id: number; changes?: Fields };
    if (event.type === created) return { status: 'active', record: { ...data } };
    if (event.type === updated && state.status === 'active') {
      return { status: 'active', record: { ...state.record, ...data.changes } };
    }
    if (event.type === deleted) return { status: 'deleted', id: data.id };
    return state;
  };

  const decide = (command: MasterDataCommand, state: MasterDataState) => {
    switch (command.type) {
      case 'Create':
        return create(command.data, state);
      case 'Update':
        return update(command.data, state);
      case 'Delete':
        return remove(command.data, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  };

  return { initialState: () => ({ status: 'absent' }), evolve, decide };
};
