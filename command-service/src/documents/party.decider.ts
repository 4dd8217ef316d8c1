import { type MasterDataEntity, type PartyConfig, validationError } from '@erp/contracts';

import { masterDataDecider, type MasterDataState } from '../master-data/master-data.decider';
import type { Command, Decider, StoredEvent } from '../shared/decider';

/** A customer's or vendor's stream, folded: the record, and whether a document has named it. */
export interface PartyState {
  readonly record: MasterDataState;
  readonly used: boolean;
}

export type PartyUseCommand = Command<
  'Use',
  {
    readonly id: number;
    /** The document's party field and messages. */
    readonly party: PartyConfig<string>;
    /** A new invoice, or one moved to this party: new business, refused for an inactive party. */
    readonly opensBusiness: boolean;
  }
>;

/** `CustomerUsed`: the entity's mark of its first use (contracts: `marks`). */
export const usedType = (entity: Pick<MasterDataEntity, 'label'>) => `${entity.label}Used`;

/**
 * A document names a customer or vendor (issue 42), decided on the party's own stream: the party
 * must exist (a 400 on the document's party field otherwise, with the seed's message); an
 * inactive one takes no new invoice, while what settles its documents (receipts, payments,
 * notes, vouchers) still goes. The first use appends `CustomerUsed` to the party's stream, in the
 * document's append: a delete racing it appends at the same version, so one of the two decides
 * again — and a party once used is not deleted (the master-data decider, told by the command).
 */
export const partyDecider = (entity: MasterDataEntity): Decider<PartyState, PartyUseCommand, StoredEvent> => {
  const record = masterDataDecider(entity);
  const used = usedType(entity);
  if (!entity.events.marks[used]) throw new Error(`${entity.label} has no ${used} mark`);
  return {
    initialState: () => ({ record: record.initialState(), used: false }),
    decode: (stored) => (stored.type === used ? stored : record.decode(stored)),
    evolve: (state, event) => {
      if (event.type === used) return { ...state, used: true };
      const change = record.decode(event);
      return change ? { ...state, record: record.evolve(state.record, change) } : state;
    },
    decide: ({ data: { id, party, opensBusiness } }, state) => {
      if (state.record.status !== 'active') throw validationError(`${party.label} ${id} not found`, [{ path: party.field, message: party.missing }]);
      if (opensBusiness && state.record.values.active === false) {
        const message = `This ${party.label.toLowerCase()} is inactive: make them active again to record a new invoice`;
        throw validationError(message, [{ path: party.field, message }]);
      }
      return state.used ? [] : [{ type: used, data: { id } }];
    },
  };
};
