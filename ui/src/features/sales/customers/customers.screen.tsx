import { customersEntity, routes, type Customer, type CustomerBody } from '@erp/contracts';
import { IndianRupee, Mail, Phone, Receipt, User } from 'lucide-react';
import { useMemo } from 'react';

import { formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { addFollowUp } from '@/features/crm/follow-ups/add-follow-up';
import { useNextFollowUpField } from '@/features/crm/follow-ups/next-follow-up';
import { useCreditCards, useOwedCards } from '@/features/documents/lookups';
import { activeField, inactiveBadge, partyTermsFields } from '@/features/documents/parties';
import { usePartyLink } from '@/features/parties/party-link';
import { creditNotesResource } from '@/features/sales/credit-notes/credit-notes.resource';
import { salesInvoicesResource } from '@/features/sales/invoices/invoices.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { receiptsResource } from '@/features/sales/receipts/receipts.resource';
import { formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const customersList: ListConfig<Customer, Values, CustomerBody> = {
  title: 'Customers',
  subtitle: 'Manage customer database',
  addLabel: 'Add Customer',
  searchPlaceholder: 'Search customers...',
  backTo: { to: routes.module('sales'), label: 'Back to Sales' },
  empty: {
    searching: 'No customers found matching your search.',
    initial: 'No customers found. Create your first customer!',
  },
  search: customersEntity.search,
  card: {
    title: (customer) => customer.name,
    badge: inactiveBadge,
    actions: (customer) => [addFollowUp('customerId', customer.id)],
    fields: [
      { label: 'Contact', icon: User, value: (c) => c.contactPerson, hideWhenEmpty: true },
      { label: 'Phone', icon: Phone, value: (c) => c.phone, hideWhenEmpty: true },
      { label: 'Email', icon: Mail, value: (c) => c.email, hideWhenEmpty: true },
      { label: 'Credit Limit', icon: IndianRupee, value: (c) => (c.creditLimit ? formatMoney(c.creditLimit) : null), hideWhenEmpty: true },
      { label: 'GST', icon: Receipt, value: (c) => c.gstNumber, hideWhenEmpty: true },
    ],
  },
  resource: customersResource,
  form: {
    entityLabel: customersEntity.label,
    schema: customersEntity.body,
    titles: { create: 'Create Customer', edit: 'Edit Customer' },
    subtitles: { create: 'Add new customer details', edit: 'Update customer information' },
    submitLabels: { create: 'Create Customer', update: 'Update Customer' },
    deleteConfirm: {
      title: 'Delete Customer',
      body: 'Are you sure you want to delete this customer? This action cannot be undone.',
      orInactive: true,
    },
    sections: [
      {
        title: 'Customer Information',
        fields: [
          { name: 'name', label: 'Customer Name', kind: 'text', required: true, placeholder: 'Enter customer name' },
          { name: 'contactPerson', label: 'Contact Person', kind: 'text', placeholder: 'Enter contact person name' },
          { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+91-9876543210' },
          { name: 'email', label: 'Email', kind: 'email', placeholder: 'customer@example.com' },
          { name: 'address', label: 'Address', kind: 'textarea', placeholder: 'Enter complete address' },
          { name: 'gstNumber', label: 'GST Number', kind: 'text', uppercase: true, placeholder: '15-character GSTIN, e.g. 27AAPFU0939F1ZV' },
          { name: 'panNumber', label: 'PAN Number', kind: 'text', uppercase: true, placeholder: '10-character PAN, e.g. ABCDE1234F' },
          ...partyTermsFields(),
          { name: 'creditLimit', label: 'Credit Limit', kind: 'money', placeholder: '0.00' },
          activeField(),
        ],
      },
    ],
    emptyValues: { name: '', contactPerson: '', phone: '', email: '', address: '', gstNumber: '', panNumber: '', paymentTerms: '', paymentTermDays: '', creditLimit: '', active: true },
    toFormValues: (customer) => formValuesOf(customer, customersEntity.fieldNames),
  },
};

/** The list, its cards saying what is owed on each party's invoices and the credit they have (once loaded). */
export function CustomersScreen() {
  const owing = useOwedCards(customersList, salesInvoicesResource.useList, 'customerId', 'Owes');
  const owed = useCreditCards(owing, creditNotesResource.useList, receiptsResource.useList, 'customerId', 'Credit Left');
  const nextFollowUp = useNextFollowUpField<Customer>('customerId');
  const withFollowUp = useMemo(() => ({ ...owed, card: { ...owed.card, fields: [...owed.card.fields, nextFollowUp] } }), [owed, nextFollowUp]);
  const config = usePartyLink<Customer, typeof withFollowUp>(withFollowUp, customersEntity.singular);
  return <EntityListScreen config={config} />;
}
