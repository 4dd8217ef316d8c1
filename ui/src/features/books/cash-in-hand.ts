import { CASH_IN_HAND_PATH, type CashInHand, compareMoney, decimal, subtractMoney } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Cash in hand must not go below zero without a word (issue 43): what a form says before it
 * saves money going out of the cash box. It reads the cash book's lowest end-of-day balance from
 * the document's date on and takes `out` off it; below zero, it says so. It warns and never
 * stops the save: the owner may know better (cash taken from home, a receipt not yet recorded).
 */
export const useCashWarning = (date: unknown, out: string | null): string | null => {
  const day = typeof date === 'string' && DAY.test(date) ? date : null;
  const leaving = out !== null && compareMoney(out, 0) > 0;
  const cash = useQuery({
    queryKey: ['books', 'cash-in-hand', day],
    queryFn: () => apiClient.get<CashInHand>(`${CASH_IN_HAND_PATH}?from=${day}`),
    enabled: leaving && day !== null,
  });
  if (!leaving || !cash.data?.lowest) return null;
  const after = decimal(cash.data.lowest.balance).minus(out);
  if (!after.lt(0)) return null;
  return `Cash in hand would be ${formatMoney(after)} on ${formatDate(cash.data.lowest.date)}: more would leave the cash box than is in it. Check the payment method (a cheque, transfer or UPI is the bank), or record the cash that came in first. It can still be saved.`;
};

interface CashPaid { readonly paymentMethod: string; readonly totalAmount: string; readonly active: boolean; readonly voidReason: string | null }

/** A payment form's notice: what this payment, if in cash, would leave in hand (an edit counts only what it adds). */
export const usePaymentCashNotice = (values: Record<string, unknown>, total: string, record?: CashPaid) => {
  const before = record && record.paymentMethod === 'cash' && record.active && !record.voidReason ? record.totalAmount : '0';
  const warning = useCashWarning(values.paymentDate, values.paymentMethod === 'cash' ? subtractMoney(total, before) : null);
  return warning ? { text: warning, warning: true } : null;
};
