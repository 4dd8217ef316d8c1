import { type Business, categoryChoices, chargesGst, GST_STATES, type InvoiceDocument, PAYMENT_METHODS } from '@erp/contracts';

import type { FieldConfig, FormSection } from '@/components/entity-config';
import { todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;
type Options = (values: Values) => readonly { value: string; label: string }[] | null;

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
const titled = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());
const gst = (values: Values) => values.taxMode === 'gst';

export interface InvoiceFormTexts {
  /** The section's title: 'Invoice Details'. */
  readonly section: string;
  readonly useParties: Options;
  /** A note's invoice: the party's invoices it may be against. */
  readonly useAgainst?: Options;
  /** Fields of the kind's own after the note's invoice (a note's type). */
  readonly extra?: readonly FieldConfig<Values>[];
  /** Overrides of the labels, placeholders, hints and when they show, over what the contract's names give. */
  readonly fields?: Readonly<Record<string, Partial<Pick<FieldConfig<Values>, 'label' | 'placeholder' | 'hint' | 'required' | 'showWhen'>>>>;
  /** Fields of the contract the screen leaves out (a note's due date). */
  readonly omit?: readonly string[];
  /** The due date's hint from the form's values: the date it gets when left blank (a hook). */
  readonly useDueHint?: (values: Values) => string | null;
}

/**
 * The header of an invoice-like document's form, derived from its contract: the party, the note's
 * invoice, number (optional where a series numbers it), date, due date, how tax is charged (GST
 * per line, or typed by hand as the seed had it), the place of supply, reverse charge on purchases,
 * and the kind's own texts. Labels come from the field names; a screen overrides what the seed
 * words differently.
 */
export const invoiceForm = (doc: InvoiceDocument, texts: InvoiceFormTexts, business: Business | null) => {
  const own = (name: string, field: FieldConfig<Values>): FieldConfig<Values> => ({ ...field, ...texts.fields?.[name] });
  const numbered = doc.series !== undefined;
  const fields: FieldConfig<Values>[] = [
    own(doc.party.field, { name: doc.party.field, label: doc.party.label, kind: 'select', required: true, useOptions: texts.useParties }),
    // A kind booked by category (an expense's head): one of its ledgers.
    ...(doc.category ? [own('category', { name: 'category', label: doc.category.label, kind: 'select', required: true, options: categoryChoices(doc.category) })] : []),
    ...(doc.against && texts.useAgainst
      ? [own(doc.against.field, { name: doc.against.field, label: doc.against.label, kind: 'select', required: true, useOptions: texts.useAgainst })]
      : []),
    ...(texts.extra ?? []),
    own(doc.numberField, {
      name: doc.numberField,
      label: titled(doc.numberLabel),
      kind: 'text',
      required: !numbered,
      placeholder: numbered ? 'Leave blank for the next number' : undefined,
    }),
    own(doc.dateField, { name: doc.dateField, label: words(doc.dateField), kind: 'date', required: true }),
    own(doc.dueField, { name: doc.dueField, label: titled(doc.dueLabel), kind: 'date', ...(texts.useDueHint ? { useHint: texts.useDueHint } : {}) }),
    ...(doc.answers
      ? [
          own('answer', {
            name: 'answer',
            label: "Customer's Answer",
            kind: 'select',
            placeholder: 'No answer yet',
            options: [
              { value: 'accepted', label: 'Accepted' },
              { value: 'declined', label: 'Declined' },
            ],
          }),
        ]
      : []),
    own('taxMode', {
      name: 'taxMode',
      label: 'Tax Mode',
      kind: 'select',
      required: true,
      options: [
        { value: 'gst', label: 'GST on each line' },
        { value: 'manual', label: 'Tax amount typed by hand' },
      ],
    }),
    own('placeOfSupply', {
      name: 'placeOfSupply',
      label: doc.side === 'sales' ? 'Place of Supply' : "Supplier's State",
      kind: 'select',
      options: GST_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })),
      hint: doc.side === 'purchase' ? 'For a vendor without a GSTIN; blank: your state' : doc.against ? "Blank: the invoice's (a note is taxed where its invoice was)" : 'For a customer without a GSTIN; blank: your state',
      showWhen: gst,
    }),
    own('taxAmount', { name: 'taxAmount', label: 'Tax Amount', kind: 'money', showWhen: (values) => !gst(values) }),
    ...(doc.reverseCharge ? [own('reverseCharge', { name: 'reverseCharge', label: 'Tax Payable on Reverse Charge', kind: 'checkbox', showWhen: gst })] : []),
    ...doc.texts.map((name) => own(name, { name, label: words(name), kind: 'textarea' })),
    ...(doc.repeats ? [own('repeatMonthly', { name: 'repeatMonthly', label: 'Repeats Every Month', kind: 'checkbox' })] : []),
  ].filter((field) => !texts.omit?.includes(field.name));
  const sections: readonly FormSection<Values>[] = [{ title: texts.section, fields }];
  // A new invoice paid as it is recorded: the amount and how, under the totals.
  const settleNow = doc.settleNow && {
    section: {
      title: 'Payment',
      fields: [
        { name: 'paidNow', label: titled(doc.settleNow.label), kind: 'money', placeholder: '0.00', hint: 'Blank: nothing paid yet' },
        { name: 'paymentMethod', label: 'Payment Method', kind: 'select', required: true, options: PAYMENT_METHODS },
      ] satisfies FieldConfig<Values>[],
    },
    amountField: 'paidNow',
    fullLabel: doc.side === 'sales' ? 'Received in full' : 'Paid in full',
  };
  const names = [...fields.map((f) => f.name), 'active'];
  const emptyValues: Values = {
    ...Object.fromEntries(fields.map((f) => [f.name, ''])),
    [doc.dateField]: todayInIndia(),
    // A registered business charges GST; otherwise the seed's way, the tax typed in whole.
    taxMode: business && chargesGst(business) ? 'gst' : 'manual',
    taxAmount: '0',
    reverseCharge: false,
    ...(doc.repeats ? { repeatMonthly: false } : {}),
    active: true,
    // A note is a return unless said otherwise.
    ...(doc.against ? { noteType: 'return' } : {}),
    ...(settleNow ? { paidNow: '', paymentMethod: 'cash' } : {}),
  };
  /** A record's values as the form holds them: null as an empty input, numbers as text. */
  const toFormValues = (record: object): Values =>
    Object.fromEntries(
      names.map((name) => {
        const value: unknown = Reflect.get(record, name);
        return [name, value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value];
      }),
    );
  return { schema: doc.header, sections, emptyValues, toFormValues, ...(settleNow ? { settleNow, remember: ['paymentMethod'] } : {}) };
};
