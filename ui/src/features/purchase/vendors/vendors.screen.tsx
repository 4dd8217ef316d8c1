import {
  MSME_CATEGORIES,
  routes,
  VendorBodySchema,
  vendorsEntity,
  type Vendor,
  type VendorBody,
  type VendorInput,
} from '@erp/contracts';
import { CalendarClock, Mail, Phone, Receipt, User } from 'lucide-react';

import { formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { useCreditCards, useOwedCards } from '@/features/documents/lookups';
import { activeField, inactiveBadge, partyTermsFields } from '@/features/documents/parties';
import { usePartyLink } from '@/features/parties/party-link';
import { debitNotesResource } from '@/features/purchase/debit-notes/debit-notes.resource';
import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorPaymentsResource } from '@/features/purchase/payments/payments.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';

const MSME_OPTIONS = [{ value: '', label: 'Not registered' }, ...MSME_CATEGORIES.map((c) => ({ value: c, label: `${c[0]!.toUpperCase()}${c.slice(1)} enterprise` }))];

type Values = Record<string, unknown>;

const emptyValues: VendorInput = {
  name: '',
  contactPerson: '',
  phone: '',
  email: '',
  address: '',
  gstNumber: '',
  panNumber: '',
  paymentTerms: '',
  paymentTermDays: '',
  msme: '',
  udyamNumber: '',
  active: true,
};

const vendorsList: ListConfig<Vendor, Values, VendorBody> = {
  title: 'Vendors',
  subtitle: 'Manage supplier information',
  addLabel: 'Add Vendor',
  searchPlaceholder: 'Search vendors...',
  backTo: { to: routes.module('purchase'), label: 'Back to Purchase' },
  empty: {
    searching: 'No vendors found matching your search.',
    initial: 'No vendors found. Create your first vendor!',
  },
  search: vendorsEntity.search,
  card: {
    title: (vendor) => vendor.name,
    badge: inactiveBadge,
    fields: [
      { label: 'Contact', icon: User, value: (v) => v.contactPerson, hideWhenEmpty: true },
      { label: 'Phone', icon: Phone, value: (v) => v.phone, hideWhenEmpty: true },
      { label: 'Email', icon: Mail, value: (v) => v.email, hideWhenEmpty: true },
      { label: 'Terms', icon: CalendarClock, value: (v) => v.paymentTerms, hideWhenEmpty: true },
      { label: 'GST', icon: Receipt, value: (v) => v.gstNumber, hideWhenEmpty: true },
    ],
  },
  resource: vendorsResource,
  form: {
    entityLabel: 'Vendor',
    schema: VendorBodySchema,
    titles: { create: 'Create Vendor', edit: 'Edit Vendor' },
    subtitles: { create: 'Add new supplier details', edit: 'Update vendor information' },
    submitLabels: { create: 'Create Vendor', update: 'Update Vendor' },
    deleteConfirm: {
      title: 'Delete Vendor',
      body: 'Are you sure you want to delete this vendor? This action cannot be undone.',
      orInactive: true,
    },
    sections: [
      {
        title: 'Vendor Information',
        fields: [
          { name: 'name', label: 'Vendor Name', kind: 'text', required: true, placeholder: 'Enter vendor name' },
          { name: 'contactPerson', label: 'Contact Person', kind: 'text', placeholder: 'Enter contact person name' },
          { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+91-9876543210', autoComplete: 'off' },
          { name: 'email', label: 'Email', kind: 'email', placeholder: 'vendor@example.com' },
          { name: 'address', label: 'Address', kind: 'textarea', placeholder: 'Enter complete address' },
          {
            name: 'gstNumber',
            label: 'GST Number',
            kind: 'text',
            uppercase: true,
            placeholder: '15-character GSTIN, e.g. 27AAPFU0939F1ZV',
          },
          {
            name: 'panNumber',
            label: 'PAN Number',
            kind: 'text',
            uppercase: true,
            placeholder: '10-character PAN, e.g. ABCDE1234F',
          },
          ...partyTermsFields(),
          { name: 'msme', label: 'MSME (Udyam)', kind: 'select', options: MSME_OPTIONS, hint: 'Micro or small: pay within 45 days' },
          { name: 'udyamNumber', label: 'Udyam Number', kind: 'text', uppercase: true, placeholder: 'UDYAM-MH-19-0012345' },
          activeField(),
        ],
      },
    ],
    emptyValues,
    toFormValues: (vendor) => formValuesOf(vendor, vendorsEntity.fieldNames),
  },
};

/** The list, its cards saying what is owed on each party's invoices and our credit with them (once loaded). */
export function VendorsScreen() {
  const owing = useOwedCards(vendorsList, purchaseInvoicesResource.useList, 'vendorId', 'We Owe');
  const credit = useCreditCards(owing, debitNotesResource.useList, vendorPaymentsResource.useList, 'vendorId', 'Our Credit');
  const config = usePartyLink<Vendor, typeof credit>(credit, vendorsEntity.singular);
  return <EntityListScreen config={config} />;
}
