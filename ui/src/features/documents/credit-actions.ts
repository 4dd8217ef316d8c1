import { compareMoney, type RefundDocument, routes } from '@erp/contracts';
import { Undo2 } from 'lucide-react';

import type { OpenElsewhere } from '@/components/entity-config';
import { openNew } from '@/components/use-screen-view';

/**
 * 'Refund' on a credit's details (issue 42): the refund form with the party, this credit and what
 * is left of it filled in, paid in cash unless changed. Null when nothing is left.
 */
export const refundAction = (
  refunds: RefundDocument,
  credit: { source: string; number: string; total: string; left: string; partyId: number },
): (OpenElsewhere & { icon: typeof Undo2 }) | null => {
  if (compareMoney(credit.left, 0) <= 0) return null;
  const line = { invoiceId: credit.source, invoiceNumber: credit.number, invoiceAmount: credit.total, amount: credit.left, balanceDue: credit.left };
  return {
    label: 'Refund',
    icon: Undo2,
    to: openNew(routes.task(refunds.module, refunds.plural), { values: { [refunds.party.field]: String(credit.partyId), paymentMethod: 'cash' }, lines: [line] }),
  };
};
