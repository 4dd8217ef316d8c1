import {
  byId,
  customerFromLead,
  customersEntity,
  type LeadConversion,
  leadConvertPath,
  leadsEntity,
  recordStream,
  validationError,
} from '@erp/contracts';
import type Router from '@koa/router';

import { MASTER_DATA_SLICES } from '../master-data';
import { masterDataCommands } from '../master-data/master-data.commands';
import { masterDataDecider, recordOf } from '../master-data/master-data.decider';
import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute, NO_BODY } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
import { leadConversionDecider } from './lead-conversion.decider';

const sliceOf = (plural: string) => {
  const slice = MASTER_DATA_SLICES.find((s) => s.entity.plural === plural);
  if (!slice) throw new Error(`No master-data slice ${plural}`);
  return slice;
};

/** A lead's text field as it holds it (null when blank). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * `POST /api/crm/leads/{id}/convert`: the customer made from the lead (customerFromLead) and
 * the lead's `LeadConverted` naming it, in one append over both streams. 201 with both records;
 * a lead converted before is a 409 that names its customer.
 */
export const leadConversionRoutes = (router: Router, deps: CommandDeps) => {
  const customers = sliceOf(customersEntity.plural);
  const createCustomer = masterDataCommands(customersEntity, masterDataDecider(customersEntity)).create;

  const replay = async (leadStream: string): Promise<LeadConversion> => {
    const lead = recordOf(leadsEntity, foldStored(leadConversionDecider, (await deps.store.readStream(leadStream)).events));
    const customerId = lead?.convertedCustomerId;
    const customer = customerId ? recordOf(customersEntity, foldStored(customers.decider, (await deps.store.readStream(recordStream(customersEntity, customerId))).events)) : undefined;
    if (!lead || !customer) throw new Error(`${leadStream} has no conversion to answer with`);
    return { lead, customer };
  };

  commandRoute<typeof NO_BODY, LeadConversion>(router, deps.store, {
    method: 'post',
    path: leadConvertPath(byId(leadsEntity.path, ':id')),
    label: leadsEntity.label,
    body: NO_BODY,
    status: 201,
    command: async ({ id, metadata }) => {
      // Allocated once, not again when the append is retried (a lead converted meanwhile leaves a gap).
      const customerId = await deps.ids.next(customersEntity.singular);
      return async (ctx) => {
        const lead = await ctx.load(recordStream(leadsEntity, id), leadConversionDecider);
        const events = decideAll(leadConversionDecider, { type: 'Convert', data: { id, customerId }, metadata }, lead.state);
        const after = stateAfter(leadConversionDecider, lead, events);
        const values = lead.state.status === 'active' ? lead.state.values : {};
        const body = customersEntity.body.safeParse(customerFromLead({
          name: String(values.name),
          company: textOf(values.company),
          phone: textOf(values.phone),
          email: textOf(values.email),
        }));
        if (!body.success) throw validationError(`Lead ${id} cannot become a customer: ${body.error.issues[0]?.message ?? 'invalid'}`, []);
        const customer = await createCustomer(customerId, body.data, metadata)(ctx);
        const result = { lead: recordOf(leadsEntity, after)!, customer: customer.result! };
        return { main: lead, appends: [{ stream: lead, events }, ...customer.appends], result };
      };
    },
    location: (result) => byId(customersEntity.path, result.customer.id),
    replay,
  });
};
