import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, email, gstin, integer, multiline, pan, phone, requiredText, select, text, udyam } from '../fields';
import { PAYMENT_TERM_DAYS_MAX } from '../payment-terms';

/** MSME categories (Udyam); blank: not registered. */
export const MSME_CATEGORIES = ['micro', 'small', 'medium'] as const;
/** The categories whose dues s.43B(h) limits to 45 days. */
export const MSME_45_DAYS: readonly string[] = ['micro', 'small'];

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
    /** Registered under MSMED Act as a micro or small enterprise (or medium): dues to micro and small ones unpaid beyond 45 days are disallowed (Income-tax Act s.43B(h)). */
    msme: select(MSME_CATEGORIES),
    udyamNumber: udyam(),
    active: active(),
  },
});

export const VendorBodySchema = vendorsEntity.body;
export const VendorSchema = vendorsEntity.record;
export type VendorBody = BodyOf<typeof vendorsEntity>;
export type VendorInput = typeof vendorsEntity.body._zod.input;
export type Vendor = RecordOf<typeof vendorsEntity>;
export type VendorEvent = EventOf<typeof vendorsEntity>;
