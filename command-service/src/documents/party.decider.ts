import { type PartyConfig, partyUseClosedType, type PartyUseEvent, PartyUseEventSchema, partyUsedType, validationError } from '@erp/contracts';

import type { MasterDataState } from '../master-data/master-data.decider';
import type { Command, Decider } from '../shared/decider';

/** A party's use stream, folded: has a document named it since uses were recorded. */
export interface PartyUseState {
  readonly used: boolean;
}

/** What the command read before deciding: the party's record as it stands, and what the document is. */
export interface PartyUseContext {
  readonly party: PartyConfig<string>;
  readonly record: MasterDataState;
  /** A new invoice, or one moved to this party: new business, refused for an inactive party. */
  readonly opensBusiness: boolean;
}

export type PartyUseCommand =
  | Command<'Use', { readonly id: number; readonly by: string; readonly context: PartyUseContext }>
  /** The party is deleted (its own decider said it may be): closes the stream's first version to a racing first use. */
  | Command<'Close', { readonly id: number; readonly party: PartyConfig<string> }>;

/**
 * A document names a customer or vendor (issue 42): the party must exist (a 400 on the
 * document's party field otherwise, with the seed's message); an inactive one takes no new
 * invoice, while what settles its documents (receipts, payments, notes, vouchers) still goes.
 * The first use is recorded once, and a delete closes the stream: the two take its first version,
 * so of a delete and a first document racing, one conflicts (party-use stream).
 */
export const partyUseDecider: Decider<PartyUseState, PartyUseCommand, PartyUseEvent> = {
  initialState: () => ({ used: false }),
  decode: (stored) => {
    const parsed = PartyUseEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: (state, event) => ('by' in event.data ? { used: true } : state),
  decide: (command, state) => {
    if (command.type === 'Close') return [{ type: partyUseClosedType(command.data.party.label), data: { id: command.data.id } }];
    const { id, by, context } = command.data;
    const { party, record, opensBusiness } = context;
    if (record.status !== 'active') throw validationError(`${party.label} ${id} not found`, [{ path: party.field, message: party.missing }]);
    if (opensBusiness && record.values.active === false) {
      const message = `This ${party.label.toLowerCase()} is inactive: make them active again to record a new invoice`;
      throw validationError(message, [{ path: party.field, message }]);
    }
    return state.used ? [] : [{ type: partyUsedType(party.label), data: { id, by } }];
  },
};
