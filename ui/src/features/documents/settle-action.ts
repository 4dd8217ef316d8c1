import { compareMoney, type InvoiceDocument, routes, SETTLEMENT_DOCUMENTS } from '@erp/contracts';

import type { OpenElsewhere } from '@/components/entity-config';
import { openNew } from '@/components/use-screen-view';

interface Settleable {
  readonly id: number;
  readonly totalAmount: string;
  readonly balanceDue: string;
  readonly active: boolean;
}

/**
 * 'Receive payment' on a sales invoice, 'Record payment' on a bill: the receipt or payment form
 * with the party, this invoice and its balance filled in (one tap to save). Null once nothing is due.
 */
export const settleAction = <TRecord extends Settleable>(doc: InvoiceDocument, label: string) => {
  const settling = SETTLEMENT_DOCUMENTS.find((s) => s.invoices.stream === doc.stream);
  if (!settling) throw new Error(`Nothing settles ${doc.label}`);
  return (record: TRecord): OpenElsewhere | null => {
    if (!record.active || compareMoney(record.balanceDue, 0) <= 0) return null;
    const line = {
      invoiceId: String(record.id),
      invoiceNumber: String(Reflect.get(record, doc.numberField)),
      invoiceAmount: record.totalAmount,
      [settling.lineAmount.field]: record.balanceDue,
      balanceDue: record.balanceDue,
    };
    const partyId = String(Reflect.get(record, doc.party.field));
    return { label, to: openNew(routes.task(settling.module, settling.plural), { values: { [settling.party.field]: partyId }, lines: [line] }) };
  };
};
