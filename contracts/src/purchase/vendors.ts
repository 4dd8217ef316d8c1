import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, email, gstin, integer, multiline, pan, phone, requiredText, text } from '../fields';
import { PAYMENT_TERM_DAYS_MAX } from '../payment-terms';

/** Vendors (SEED-SPEC §2, §3): the suppliers a shop buys from. */
export const vendorsEntity = masterDataEntity({
  module: 'purchase',
  plural: 'vendors',
  singular: 'vendor',
  label: 'Vendor',
  path: '/api/purchase/vendors',
  canDelete: true,
  sortBy: 'name',
  search: { fields: ['name', 'contactPerson', 'email', 'phone', 'gstNumber'], phones: ['phone'] },
  // The first document that names the vendor (issue 42): once, in the document's own append.
  marks: { VendorUsed: [] },
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
    active: active(),
  },
});

export const VendorBodySchema = vendorsEntity.body;
export const VendorSchema = vendorsEntity.record;
export type VendorBody = BodyOf<typeof vendorsEntity>;
export type VendorInput = typeof vendorsEntity.body._zod.input;
export type Vendor = RecordOf<typeof vendorsEntity>;
export type VendorEvent = EventOf<typeof vendorsEntity>;
