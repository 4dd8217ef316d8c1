import { sumMoney } from '@erp/contracts';
import { Wallet } from 'lucide-react';
import { useMemo } from 'react';

import type { CardConfig, OpenInvoice } from '@/components/entity-config';
import { formatMoney } from '@/lib/format';


/** A resource's list hook (`vendorsResource.useList`). */
type UseList<T> = () => { data?: readonly T[] | undefined };

/** What a label shows while its list loads: neither a name nor "Unknown …" (issue 47). */
const LOADING_LABEL = '…';

/**
 * Labels by id from a list, for cards: '…' while the list loads, and `unknown` ('Unknown Vendor')
 * only once it has loaded without that id.
 */
export function useLabels<T extends { id: number }>(useList: UseList<T>, labelOf: (record: T) => string) {
  const { data } = useList();
  const labels = new Map((data ?? []).map((r) => [r.id, labelOf(r)]));
  return (id: number | null | undefined, unknown: string) => (!id ? unknown : (labels.get(id) ?? (data ? unknown : LOADING_LABEL)));
}

/** Select options from a master-data list; null while it loads (a document's party: partyOptionsFrom). */
export const optionsFrom =
  <T extends { id: number; name: string }>(useList: UseList<T>) =>
  () => {
    const { data } = useList();
    return data ? data.map((r) => ({ value: String(r.id), label: r.name })) : null;
  };

interface InvoiceRow extends OpenInvoice {
  readonly id: number;
  readonly status: string;
}

/**
 * The party's invoices a payment or receipt line may settle: not fully paid, plus those this
 * document already settles (their balance counts its own share back in).
 */
export const openInvoicesOf =
  <TRecord extends { lines: readonly Record<string, unknown>[] }, I extends InvoiceRow>(useList: UseList<I>, partyOf: (invoice: I) => number, amountField: string) =>
  (partyId: number, record?: TRecord): readonly OpenInvoice[] => {
    const { data } = useList();
    const own = new Map((record?.lines ?? []).map((l) => [Number(l.invoiceId), String(l[amountField])]));
    return (data ?? [])
      .filter((invoice) => partyOf(invoice) === partyId && (invoice.status !== 'paid' || own.has(invoice.id)))
      .map((invoice) => {
        const mine = own.get(invoice.id);
        const balance = mine ? sumMoney([invoice.balanceDue, mine]) : invoice.balanceDue;
        return { id: invoice.id, invoiceNumber: invoice.invoiceNumber, totalAmount: invoice.totalAmount, balanceDue: balance };
      });
  };

/**
 * What each party owes on its active invoices (a customer to us, or we to a vendor): the sum of
 * their balances due, by party id; null while the invoices load.
 */
export function useOwed<I extends { readonly balanceDue: string; readonly active: boolean }>(useList: UseList<I>, partyField: keyof I & string) {
  const { data } = useList();
  return useMemo(() => {
    if (!data) return null;
    const due = new Map<number, string[]>();
    for (const invoice of data) {
      if (!invoice.active || invoice.balanceDue === '0.00') continue;
      const party = Number(invoice[partyField]);
      due.set(party, [...(due.get(party) ?? []), invoice.balanceDue]);
    }
    return (partyId: number) => sumMoney(due.get(partyId) ?? []);
  }, [data, partyField]);
}

/**
 * A party list whose cards first say what is owed on each party's invoices (`Owes`, `We Owe`):
 * one wrapper for customers and vendors. The line is there from the first paint ('…' until the
 * invoices have loaded), so the cards do not grow and push each other down when they arrive.
 */
export function useOwedCards<C extends { readonly card: CardConfig<never> }, I extends { readonly balanceDue: string; readonly active: boolean }>(
  list: C,
  useInvoices: UseList<I>,
  partyField: keyof I & string,
  label: string,
): C {
  const owed = useOwed(useInvoices, partyField);
  return useMemo(() => {
    const field = { label, icon: Wallet, value: (party: { id: number }) => (owed ? formatMoney(owed(party.id)) : '…') };
    return { ...list, card: { ...list.card, fields: [field, ...list.card.fields] } };
  }, [owed, list, label]);
}

/**
 * A party list whose cards also say the credit each party has to use or take back (issue 42):
 * what its notes left unapplied and its receipts' or payments' advances; '…' until both lists
 * have loaded.
 */
export function useCreditCards<C extends { readonly card: CardConfig<never> }, N extends object, S extends object>(
  list: C,
  useNotes: UseList<N>,
  useSettlements: UseList<S>,
  partyField: string,
  label: string,
): C {
  const notes = useNotes().data;
  const settlements = useSettlements().data;
  const credit = useMemo(() => {
    if (!notes || !settlements) return null;
    const left = new Map<number, string[]>();
    for (const row of [...notes, ...settlements]) {
      // A note's figure is typed loosely by its contract (only notes have it): read by name.
      const unapplied = String(Reflect.get(row, 'unappliedAmount') ?? '0.00');
      if (unapplied === '0.00') continue;
      const party = Number(Reflect.get(row, partyField));
      left.set(party, [...(left.get(party) ?? []), unapplied]);
    }
    return (partyId: number) => sumMoney(left.get(partyId) ?? []);
  }, [notes, settlements, partyField]);
  return useMemo(() => {
    const field = { label, icon: Wallet, value: (party: { id: number }) => (credit ? formatMoney(credit(party.id)) : '…') };
    return { ...list, card: { ...list.card, fields: [...list.card.fields.slice(0, 1), field, ...list.card.fields.slice(1)] } };
  }, [credit, list, label]);
}
