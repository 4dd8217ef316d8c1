import {
  BANK_RECONCILIATION_PATHS,
  type BankAccountSummary,
  type BookEntry,
  decimal,
  type EntriesAnswer,
  type LinesAnswer,
  type Reconciliation,
} from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';

/** Every bank reconciliation read sits under the books' key: a write anywhere in the books reloads them. */
const KEY = ['books', 'bank-reconciliation'] as const;

export const useBankAccounts = () => useQuery({ queryKey: [...KEY, 'accounts'], queryFn: () => apiClient.get<BankAccountSummary[]>(BANK_RECONCILIATION_PATHS.accounts) });

export const useLines = (account: string, window: number) =>
  useQuery({ queryKey: [...KEY, account, 'lines', window], queryFn: () => apiClient.get<LinesAnswer>(`${BANK_RECONCILIATION_PATHS.lines(account)}?window=${window}`) });

export const useUnclearedEntries = (account: string) =>
  useQuery({ queryKey: [...KEY, account, 'entries'], queryFn: () => apiClient.get<EntriesAnswer>(`${BANK_RECONCILIATION_PATHS.entries(account)}?status=uncleared`) });

export const useReconciliation = (account: string, asOf: string) =>
  useQuery({ queryKey: [...KEY, account, 'statement', asOf], queryFn: () => apiClient.get<Reconciliation>(`${BANK_RECONCILIATION_PATHS.statement(account)}?asOf=${asOf}`), enabled: asOf !== '' });

/** A write of bank reconciliation; after it every read of the books is read again. */
export const useBankWrite = <Args, Answer>(write: (args: Args) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['books'] }) });
};

/** '+₹1,822.00' in, '−₹10,000.00' out. */
export const signedMoney = (amount: string) => `${decimal(amount).lt(0) ? '−' : '+'}${formatMoney(decimal(amount).abs())}`;

/** How an entry reads in a list: 'Receipt RCT/2026-27/0001 · Tilak Stores · 3 Apr 2026'. */
export const entryLabel = (entry: BookEntry) =>
  [`${entry.voucherType} ${entry.voucherNumber ?? ''}`.trim(), entry.party, formatDate(entry.date), entry.reference ? `Ref ${entry.reference}` : null].filter(Boolean).join(' · ');
