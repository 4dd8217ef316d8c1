import { conflict, type LeadConverted, type LeadEvent, leadsEntity, notFound } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { masterDataDecider, type MasterDataState } from '../master-data/master-data.decider';

export type ConvertLead = Command<'Convert', { readonly id: number; readonly customerId: number }>;
export type LeadConversionEvent = LeadEvent | LeadConverted;

const lead = masterDataDecider(leadsEntity);

/**
 * Converting a lead to a customer (issue: follow-ups and conversion): a lead that exists and
 * was not converted before records `LeadConverted`, naming the customer made from it in the same
 * append. The lead's stream folds as the master-data lead does; `LeadConverted` reads there as
 * the update of `convertedCustomerId`.
 */
export const leadConversionDecider: Decider<MasterDataState, ConvertLead, LeadConversionEvent> = {
  initialState: lead.initialState,
  decode: lead.decode,
  evolve: (state, event) => {
    if (event.type !== 'LeadConverted') return lead.evolve(state, event);
    const asUpdate = lead.decode(event);
    return asUpdate ? lead.evolve(state, asUpdate) : state;
  },
  decide: ({ data: { id, customerId } }, state) => {
    if (state.status !== 'active') throw notFound(`Lead ${id} not found`);
    const converted = state.values.convertedCustomerId;
    if (typeof converted === 'number') throw conflict(`Lead ${id} was already converted to customer ${converted}`);
    return { type: 'LeadConverted', data: { id, convertedCustomerId: customerId } };
  },
};
