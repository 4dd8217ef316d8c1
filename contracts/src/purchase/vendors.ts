import { z } from 'zod';

import type { MasterDataEntity } from '../entity';
import {
  activeFlag,
  optionalEmail,
  optionalGstin,
  optionalPan,
  optionalText,
  requiredText,
} from '../fields';

/** Body of POST and PUT /api/purchase/vendors (SEED-SPEC §7). */
export const VendorBodySchema = z.object({
  name: requiredText(),
  contactPerson: optionalText(),
  phone: optionalText(),
  email: optionalEmail(),
  address: optionalText(),
  gstNumber: optionalGstin(),
  panNumber: optionalPan(),
  paymentTerms: optionalText(),
  active: activeFlag(),
});
export type VendorBody = z.output<typeof VendorBodySchema>;
export type VendorInput = z.input<typeof VendorBodySchema>;

export const VendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  gstNumber: z.string().nullable(),
  panNumber: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  active: z.boolean(),
});
export type Vendor = z.infer<typeof VendorSchema>;

export const VendorCreatedSchema = z.object({
  type: z.literal('VendorCreated'),
  data: VendorSchema,
});
export const VendorUpdatedSchema = z.object({
  type: z.literal('VendorUpdated'),
  data: z.object({ id: z.number().int(), changes: VendorBodySchema.partial() }),
});
export const VendorDeletedSchema = z.object({
  type: z.literal('VendorDeleted'),
  data: z.object({ id: z.number().int() }),
});
export const VendorEventSchema = z.discriminatedUnion('type', [
  VendorCreatedSchema,
  VendorUpdatedSchema,
  VendorDeletedSchema,
]);
export type VendorEvent = z.infer<typeof VendorEventSchema>;

export const vendorsEntity = {
  module: 'purchase',
  plural: 'vendors',
  singular: 'vendor',
  label: 'Vendor',
  path: '/api/purchase/vendors',
  body: VendorBodySchema,
  record: VendorSchema,
  fields: [
    'name',
    'contactPerson',
    'phone',
    'email',
    'address',
    'gstNumber',
    'panNumber',
    'paymentTerms',
    'active',
  ] satisfies (keyof VendorBody)[],
  events: { created: 'VendorCreated', updated: 'VendorUpdated', deleted: 'VendorDeleted' },
  canDelete: true,
} as const satisfies MasterDataEntity<typeof VendorBodySchema, typeof VendorSchema>;
