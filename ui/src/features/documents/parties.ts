import { dueDateFrom, termDaysOf } from '@erp/contracts';

import type { BadgeTone, FieldConfig } from '@/components/entity-config';
import { formatDate, todayInIndia } from '@/lib/format';

/** A resource's list hook (`customersResource.useList`). */
type UseList<T> = () => { data?: readonly T[] | undefined };
interface Party {
  readonly id: number;
  readonly name: string;
  readonly active: boolean;
  readonly paymentTerms: string | null;
  readonly paymentTermDays: number | null;
}

/**
 * A customer's or vendor's payment terms (issue 42): the label as the seed had it, the days
 * beside it that give an invoice its due date, and whether they are active (an inactive one is
 * hidden from new documents' pickers, kept everywhere else).
 */
/** A form of the screens' generic values (a field map), where any field name is a path. */
type PartyValues = Record<string, unknown>;

export const partyTermsFields = (): FieldConfig<PartyValues>[] => [
  { name: 'paymentTerms', label: 'Payment Terms', kind: 'text', placeholder: 'e.g., 30 days, Net 15' },
  {
    name: 'paymentTermDays',
    label: 'Payment Term (days)',
    kind: 'integer',
    placeholder: 'e.g., 30',
    hint: "Days from an invoice's date to its due date; blank: read from the terms",
  },
];

export const activeField = (): FieldConfig<PartyValues> => ({
  name: 'active',
  label: 'Active',
  kind: 'checkbox',
  hint: 'Inactive: not offered on new invoices, kept in lists and reports',
});

/** The card's badge of an inactive party. */
export const inactiveBadge = (party: { readonly active: boolean }): { label: string; tone: BadgeTone } | null =>
  party.active ? null : { label: 'INACTIVE', tone: 'grey' };

/**
 * A document's party select: the active customers (vendors), and the one it already names
 * when that one was made inactive since (so an older document still shows its party); null
 * while the list loads.
 */
export const partyOptionsFrom =
  <T extends Party>(useList: UseList<T>, field: string) =>
  (values: Record<string, unknown>) => {
    const { data } = useList();
    if (!data) return null;
    const chosen = String(values[field] ?? '');
    return data
      .filter((party) => party.active || String(party.id) === chosen)
      .map((party) => ({ value: String(party.id), label: party.active ? party.name : `${party.name} (inactive)` }));
  };

/**
 * The due date's hint on an invoice form: the date it will get when left blank, from the
 * party's payment terms (their days, else what their terms label says), as the server gives it.
 */
export const dueDateHint =
  <T extends Party>(useList: UseList<T>, doc: { readonly party: { readonly field: string; readonly label: string }; readonly dateField: string }) =>
  (values: Record<string, unknown>): string | null => {
    const { data } = useList();
    if (values.dueDate) return null;
    const party = data?.find((p) => String(p.id) === String(values[doc.party.field] ?? ''));
    if (!party) return `Blank: due after the ${doc.party.label.toLowerCase()}'s payment terms`;
    const typed = values[doc.dateField];
    const date = typeof typed === 'string' && typed ? typed : todayInIndia();
    const days = termDaysOf(party);
    const due = dueDateFrom(date, days);
    return due ? `Blank: due ${formatDate(due)} (${days} days, ${party.name}'s terms)` : `Blank: no due date (${party.name} has no payment terms)`;
  };
