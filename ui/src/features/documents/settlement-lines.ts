import { compareMoney, isDecimal, sumMoney } from '@erp/contracts';

import type { LinesConfig, OpenInvoice } from '@/components/entity-config';
import { formatMoney } from '@/lib/format';

const filled = (v: string | undefined) => v !== undefined && v.trim() !== '';
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

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
  /** What a line settles, as its kind calls it ('Expense'); 'Invoice' unless said. */
  invoiceLabel?: string;
}): LinesConfig<TRecord> => {
  const label = texts.invoiceLabel ?? 'Invoice';
  const word = label.toLowerCase();
  return {
    title: `${label} Lines`,
    addLabel: `Add ${label}`,
    states: { draft: 'Not Saved', saved: 'Saved' },
    columns: [
      { name: 'invoiceId', label, kind: 'invoice', required: true, wide: true },
      { name: texts.amountField, label: texts.amountLabel, kind: 'money', required: true, wide: true },
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
      if (!filled(line.invoiceId)) return `Please select ${article(word)} ${word}`;
      const amount = line[texts.amountField]?.trim();
      if (!filled(amount)) return `${texts.amountLabel} is required`;
      if (!isDecimal(amount!)) return `${texts.amountLabel} must be a number, like 1250.50`;
      if (compareMoney(amount!, 0) <= 0) return `${texts.amountLabel} must be above 0`;
      // The invoice's balance when it was chosen (a line being edited was chosen before: the server checks it).
      const due = line.balanceDue;
      if (filled(due) && compareMoney(amount!, due!) > 0) return `Only ${formatMoney(due!)} is due on ${line.invoiceNumber ?? `this ${word}`}`;
      return null;
    },
    keepOne: true,
    needSaved: texts.needSaved,
    totalsTitle: texts.totalsTitle,
    useTotals: (saved) => {
      const total = sumMoney(saved.map((l) => l[texts.amountField] || '0'));
      return { rows: [{ label: texts.totalLabel, value: formatMoney(total) }], total };
    },
    invoices: { partyField: texts.partyField, hint: texts.hint, amountField: texts.amountField, useOpen: texts.useOpen, placeholder: `Select ${article(word)} ${word}…` },
    toBody: (line) => ({ invoiceId: Number(line.invoiceId), [texts.amountField]: line[texts.amountField]?.trim() }),
  };
};
