import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, email, gstin, integer, money, multiline, pan, phone, requiredText, text } from '../fields';
import { PAYMENT_TERM_DAYS_MAX } from '../payment-terms';

/** Customers (SEED-SPEC §2, §3): who the shop sells to, with a credit limit. */
export const customersEntity = masterDataEntity({
  module: 'sales',
  plural: 'customers',
  singular: 'customer',
  label: 'Customer',
  path: '/api/sales/customers',
  canDelete: true,
  sortBy: 'name',
  search: { fields: ['name', 'contactPerson', 'email', 'phone', 'gstNumber'], phones: ['phone'] },
  // The first document that names the customer (issue 42): once, in the document's own append.
  marks: { CustomerUsed: [] },
  fields: {
    name: requiredText(),
    contactPerson: text(),
    phone: phone(),
    email: email(),
    address: multiline(),
    gstNumber: gstin(),
    panNumber: pan(),
    paymentTerms: text(),
    /** Days from an invoice's date to its due date; `paymentTerms` stays the label (blank: read from it). */
    paymentTermDays: integer({ label: 'Payment term days', max: PAYMENT_TERM_DAYS_MAX }),
    creditLimit: money(),
    active: active(),
  },
});

export const CustomerBodySchema = customersEntity.body;
export const CustomerSchema = customersEntity.record;
export type CustomerBody = BodyOf<typeof customersEntity>;
export type CustomerInput = typeof customersEntity.body._zod.input;
export type Customer = RecordOf<typeof customersEntity>;
export type CustomerEvent = EventOf<typeof customersEntity>;
