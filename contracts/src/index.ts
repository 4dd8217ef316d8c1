export * from './activity';
export * from './auth';
export * from './permissions';
export * from './users';
export * from './api-keys';
export * from './constants';
export * from './domain-errors';
export * from './entity';
export * from './errors';
export * from './thrown';
export * from './events';
export * from './documented';
export * from './fields';
export * from './modules';
export * from './money';
export * from './paths';
export * from './payment-terms';
export * from './reservation';
export * from './search';
export * from './summary';
export * from './health';
export * from './csv';
export * from './dates';
export * from './validators';
export * from './purchase/vendors';
export * from './sales/customers';
export * from './inventory/items';
export * from './hr/employees';
export * from './hr/payroll';
export * from './crm/leads';
export * from './crm/follow-ups';
export * from './inventory/stock-adjustments';
export * from './inventory/stock';
export * from './inventory/valuation';

import { customersEntity } from './sales/customers';
import { employeesEntity } from './hr/employees';
import { itemsEntity } from './inventory/items';
import { leadsEntity } from './crm/leads';
import { followUpsEntity } from './crm/follow-ups';
import { vendorsEntity } from './purchase/vendors';
import { stockAdjustmentsEntity } from './inventory/stock-adjustments';
import { ledgersEntity } from './books/ledgers';
import { payrollEntity } from './hr/payroll';

/**
 * Every master-data entity: the command routes, read models, query routes, OpenAPI document,
 * id floors and tests iterate this one list. A new entity is one file and one line here.
 */
export const MASTER_DATA_ENTITIES = [
  vendorsEntity,
  customersEntity,
  itemsEntity,
  employeesEntity,
  leadsEntity,
  stockAdjustmentsEntity,
  ledgersEntity,
  payrollEntity,
  followUpsEntity,
] as const;
export * from './master-data-codec';
export * from './documents';
export * from './kinds';

import { INVOICE_DOCUMENTS, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from './kinds';
import { publicEventTypes } from './integration/event-types';

/** Every event type the product publishes: what a webhook may ask for (integration/event-types.ts). */
export const PUBLIC_EVENT_TYPES = publicEventTypes({
  entities: MASTER_DATA_ENTITIES,
  documents: [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS],
});
export * from './gst';
export * from './settings/business';
export * from './settings/devices';
export * from './settings/locks';
export * from './books';
export * from './integration/events';
export * from './integration/webhooks';
export * from './integration/event-types';
