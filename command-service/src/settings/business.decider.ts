import { type Business, type BusinessBody, type BusinessSaved, BusinessSavedSchema } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

export type BusinessState = { readonly status: 'unset' } | { readonly status: 'set'; readonly profile: Business };

export type BusinessCommand = Command<'Save', { readonly body: BusinessBody }>;

/**
 * The business profile (one stream, `business-profile`): each save records the whole profile,
 * or nothing when nothing changed. Documents read it before they decide (state, GSTIN, series).
 */
export const businessDecider: Decider<BusinessState, BusinessCommand, BusinessSaved> = {
  initialState: () => ({ status: 'unset' }),
  decode: (stored) => (stored.type === 'BusinessProfileSaved' ? BusinessSavedSchema.parse(stored) : null),
  evolve: (_state, event) => ({ status: 'set', profile: event.data }),
  decide: (command, state) => {
    const profile: Business = command.data.body;
    if (state.status === 'set' && sameValue(profile, state.profile)) return [];
    return [{ type: 'BusinessProfileSaved', data: profile }];
  },
};

export const businessOf = (state: BusinessState): Business | null => (state.status === 'set' ? state.profile : null);
