import { compareMoney, lineAmount, sumMoney } from '@erp/contracts';

import type { LinesConfig, OpenInvoice } from '@/components/entity-config';
import { formatMoney } from '@/lib/format';

const filled = (v: string | undefined) => v !== undefined && v.trim() !== '';

/** Invoice lines (SEED-SPEC §4, §5, §9): item, description, quantity (0.001), rate (0.01). */
export const invoiceLines = <TRecord extends { lines: readonly { itemName: string; description: string | null; quantity: string; rate: string }[] }>(texts: {
  needSaved: string;
  defaultQuantity?: string;
}): LinesConfig<TRecord> => ({
  title: 'Line Items',
  addLabel: 'Add Line',
  states: { draft: 'Draft', saved: 'Saved' },
  columns: [
    { name: 'itemName', label: 'Item Name', kind: 'text', required: true, placeholder: 'Enter item name' },
    { name: 'description', label: 'Description', kind: 'text', placeholder: 'Optional' },
    { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
    { name: 'rate', label: 'Rate', kind: 'money', required: true },
  ],
  blank: { itemName: '', description: '', quantity: texts.defaultQuantity ?? '', rate: '' },
  fromRecord: (record) => record.lines.map((l) => ({ itemName: l.itemName, description: l.description ?? '', quantity: l.quantity, rate: l.rate })),
  problem: (line) =>
    filled(line.itemName) && filled(line.quantity) && filled(line.rate) && Number(line.quantity) > 0 && Number(line.rate) >= 0
      ? null
      : 'Please fill all required fields (Item Name, Quantity, Rate)',
  savedToast: { title: 'Line saved', description: 'Line item has been saved successfully' },
  needSaved: texts.needSaved,
  amountOf: (line) => (filled(line.quantity) && filled(line.rate) && !Number.isNaN(Number(line.quantity)) && !Number.isNaN(Number(line.rate)) ? lineAmount(line.quantity!, line.rate!) : null),
  totalsTitle: 'Totals',
  totalOf: (saved, values) => {
    const tax = String(values.taxAmount ?? '') || '0';
    return sumMoney([...saved.map((l) => lineAmount(l.quantity!, l.rate!)), Number.isNaN(Number(tax)) ? '0' : tax]);
  },
  totals: (saved, values) => {
    const subTotal = sumMoney(saved.map((l) => lineAmount(l.quantity!, l.rate!)));
    const tax = String(values.taxAmount ?? '') || '0';
    const taxAmount = Number.isNaN(Number(tax)) ? '0' : tax;
    return [
      { label: 'Sub Total', value: formatMoney(subTotal) },
      { label: 'Tax Amount', value: formatMoney(taxAmount) },
      { label: 'Total', value: formatMoney(sumMoney([subTotal, taxAmount])) },
    ];
  },
  toBody: (line) => ({ itemName: line.itemName, description: line.description || null, quantity: line.quantity, rate: line.rate }),
});

/**
 * Lines of a payment or receipt (SEED-SPEC §4, §5): an invoice of the chosen party that is not
 * fully paid, prefilled with its number, amount and balance; Not Saved / Saved; deleted only
 * while more than one line exists.
 */
export const settlementLines = <TRecord extends { lines: readonly Record<string, unknown>[] }>(texts: {
  amountField: string;
  amountLabel: string;
  partyField: string;
  hint: string;
  needSaved: string;
  totalsTitle: string;
  totalLabel: string;
  useOpen: (partyId: number, record?: TRecord) => readonly OpenInvoice[];
}): LinesConfig<TRecord> => ({
  title: 'Invoice Lines',
  addLabel: 'Add Invoice',
  states: { draft: 'Not Saved', saved: 'Saved' },
  columns: [
    { name: 'invoiceId', label: 'Invoice', kind: 'invoice', required: true },
    { name: texts.amountField, label: texts.amountLabel, kind: 'money', required: true },
  ],
  blank: { invoiceId: '', invoiceNumber: '', invoiceAmount: '', [texts.amountField]: '' },
  fromRecord: (record) =>
    record.lines.map((l) => ({
      invoiceId: String(l.invoiceId),
      invoiceNumber: String(l.invoiceNumber),
      invoiceAmount: String(l.invoiceAmount),
      [texts.amountField]: String(l[texts.amountField]),
    })),
  problem: (line) => {
    if (!filled(line.invoiceId)) return 'Please select an invoice';
    const amount = line[texts.amountField];
    if (!filled(amount) || Number.isNaN(Number(amount)) || compareMoney(amount!, 0) <= 0) return `${texts.amountLabel} must be above 0`;
    return null;
  },
  keepOne: true,
  needSaved: texts.needSaved,
  totalsTitle: texts.totalsTitle,
  totals: (saved) => [{ label: texts.totalLabel, value: formatMoney(sumMoney(saved.map((l) => l[texts.amountField] || '0'))) }],
  invoices: { partyField: texts.partyField, hint: texts.hint, amountField: texts.amountField, useOpen: texts.useOpen },
  toBody: (line) => ({ invoiceId: Number(line.invoiceId), [texts.amountField]: line[texts.amountField] }),
});
