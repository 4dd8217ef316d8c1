import { describe, expect, it } from 'vitest';

import { lineBody } from '../documents/lines';
import type { InvoiceData } from '../documents/invoice-kind';
import { type Priced, priceDocument } from '../documents/pricing';
import type { SettlementData } from '../documents/settlement-document';
import { decimal, sumMoney, toMoney } from '../money';
import { creditNotes } from '../sales/credit-notes';
import { salesInvoices } from '../sales/invoices';
import { receipts } from '../sales/receipts';
import { debitNotes } from '../purchase/debit-notes';
import { purchaseInvoices } from '../purchase/invoices';
import { vendorPayments } from '../purchase/payments';
import { vendorRefunds } from '../purchase/vendor-refunds';
import { customerRefunds } from '../sales/refunds';
import { adjustmentPostings, balances, invoicePostings, type Posting, repost, settlementPostings } from './postings';

const line = lineBody('1');
const business = { state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' as const };
const worked = [
  line.parse({ itemName: 'Tea', hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' }),
  line.parse({ itemName: 'Notebooks', hsn: '4820', quantity: '7', rate: '33.13', gstRate: '12' }),
  line.parse({ itemName: 'Electric kettle', hsn: '8516', quantity: '3', rate: '411.59', gstRate: '18' }),
];

const invoiceData = (priced: Priced, over: Partial<InvoiceData> = {}): InvoiceData => ({
  id: 1, partyId: 7, number: 'INV/1', date: '2026-04-10', dueDate: null, texts: {}, active: true, taxMode: 'gst',
  againstId: null, againstNumber: null, ...priced, ...over,
});
const settlement = (over: Partial<SettlementData> = {}): SettlementData => ({
  id: 1, number: 'RCT/1', partyId: 7, date: '2026-04-11', paymentMethod: 'cash', texts: {}, totalAmount: '1822.00', active: true, lines: [], ...over,
});
const lines = (postings: readonly Posting[]) => postings.map((p) => `${p.account}${p.party ? `(${p.party})` : ''} ${p.debit !== '0.00' ? `Dr ${p.debit}` : `Cr ${p.credit}`}`);

describe('postings (GST-AND-BOOKS §6.1)', () => {
  const sale = priceDocument('sales', { taxMode: 'gst', taxAmount: '0', placeOfSupply: null, reverseCharge: false, lines: worked }, business, '27ABCPT5678L1ZV')!;

  it('posts the worked sale: Dr the customer 1,822.00 / Cr Sales, CGST, SGST, Round Off', () => {
    const postings = invoicePostings(salesInvoices, invoiceData(sale));
    expect(lines(postings)).toEqual(['debtors(customer-7) Dr 1822.00', 'sales Cr 1566.78', 'output-cgst Cr 127.54', 'output-sgst Cr 127.54', 'round-off Cr 0.14']);
    expect(balances(postings)).toBe(true);
  });

  it('posts an inter-state purchase to Purchases and input IGST, a round off below zero on the debit side reversed', () => {
    const bought = priceDocument('purchase', { taxMode: 'gst', taxAmount: '0', placeOfSupply: null, reverseCharge: false, lines: [line.parse({ itemName: 'Rice', quantity: '3', rate: '33.33', gstRate: '5' })] }, business, '29AABCT1332L1ZT')!;
    expect(bought.totalAmount).toBe('105.00');
    const postings = invoicePostings(purchaseInvoices, invoiceData(bought, { partyId: 3 }));
    expect(lines(postings)).toEqual(['purchases Dr 99.99', 'input-igst Dr 5.00', 'round-off Dr 0.01', 'creditors(vendor-3) Cr 105.00']);
    expect(balances(postings)).toBe(true);
  });

  it('posts a purchase on reverse charge: the vendor is owed the taxable value, the tax is payable to the government', () => {
    const bought = priceDocument('purchase', { taxMode: 'gst', taxAmount: '0', placeOfSupply: null, reverseCharge: true, lines: [line.parse({ itemName: 'Legal fees', hsn: '998211', quantity: '1', rate: '10000', gstRate: '18' })] }, business, null)!;
    const postings = invoicePostings(purchaseInvoices, invoiceData(bought, { partyId: 3 }));
    expect(lines(postings)).toEqual(['purchases Dr 10000.00', 'input-cgst Dr 900.00', 'input-sgst Dr 900.00', 'rcm-payable Cr 1800.00', 'creditors(vendor-3) Cr 10000.00']);
  });

  it('runs notes the other way: a credit note to Sales Returns, a debit note to Purchase Returns', () => {
    expect(lines(invoicePostings(creditNotes, invoiceData(sale)))).toEqual(['debtors(customer-7) Cr 1822.00', 'sales-returns Dr 1566.78', 'output-cgst Dr 127.54', 'output-sgst Dr 127.54', 'round-off Dr 0.14']);
    const bought = priceDocument('purchase', { taxMode: 'manual', taxAmount: '18', placeOfSupply: null, reverseCharge: false, lines: [line.parse({ itemName: 'Rice', quantity: '1', rate: '100' })] }, null, null)!;
    expect(lines(invoicePostings(debitNotes, invoiceData(bought, { taxMode: 'manual', partyId: 3 })))).toEqual(['purchase-returns Cr 100.00', 'input-tax Cr 18.00', 'creditors(vendor-3) Dr 118.00']);
  });

  it('posts a receipt to Cash or Bank by its method, a payment the other way, a voided or inactive one nothing', () => {
    expect(lines(settlementPostings(receipts, settlement()))).toEqual(['cash Dr 1822.00', 'debtors(customer-7) Cr 1822.00']);
    expect(lines(settlementPostings(vendorPayments, settlement({ paymentMethod: 'upi', totalAmount: '50.00' })))).toEqual(['creditors(vendor-7) Dr 50.00', 'bank Cr 50.00']);
    expect(settlementPostings(receipts, settlement(), true)).toEqual([]);
    expect(settlementPostings(receipts, settlement({ active: false }))).toEqual([]);
    expect(invoicePostings(salesInvoices, invoiceData(sale, { active: false }))).toEqual([]);
  });

  it('posts a refund to a customer as money out of Cash or Bank onto their ledger, a vendor\'s refund as money in', () => {
    expect(lines(settlementPostings(customerRefunds, settlement({ totalAmount: '380.00' })))).toEqual(['debtors(customer-7) Dr 380.00', 'cash Cr 380.00']);
    expect(lines(settlementPostings(vendorRefunds, settlement({ paymentMethod: 'bank_transfer', totalAmount: '75.00' })))).toEqual(['bank Dr 75.00', 'creditors(vendor-7) Cr 75.00']);
    expect(settlementPostings(customerRefunds, settlement({ active: false }))).toEqual([]);
  });

  it('posts a stock adjustment at cost: an increase to Stock-in-Hand, opening stock against Temporary Opening, a decrease to Stock Adjustment', () => {
    const adjustment = (values: Parameters<typeof adjustmentPostings>[0]) => lines(adjustmentPostings(values));
    expect(adjustment({ adjustmentType: 'increase', quantity: '3.33', unitCost: '10.05', reason: 'Purchase' })).toEqual(['stock-in-hand Dr 33.47', 'stock-adjustment Cr 33.47']);
    expect(adjustment({ adjustmentType: 'increase', quantity: '10', unitCost: '12.50', reason: 'Opening Stock' })).toEqual(['stock-in-hand Dr 125.00', 'temporary-opening Cr 125.00']);
    expect(adjustment({ adjustmentType: 'decrease', quantity: '2.5', unitCost: '12.50', reason: 'Damaged' })).toEqual(['stock-adjustment Dr 31.25', 'stock-in-hand Cr 31.25']);
    expect(adjustment({ adjustmentType: 'decrease', quantity: '2', unitCost: null, reason: 'Lost' })).toEqual([]);
    expect(adjustment({ adjustmentType: 'decrease', quantity: '2', unitCost: '5.00', reason: 'Lost', active: false })).toEqual([]);
  });

  it('reposts a revision as the old posting reversed on its date and the new one on its date; an unchanged one adds nothing', () => {
    const before = { date: '2026-04-10', postings: settlementPostings(receipts, settlement()) };
    const after = { date: '2026-04-12', postings: settlementPostings(receipts, settlement({ totalAmount: '100.00' })) };
    expect(repost(before, before)).toEqual([]);
    const added = repost(before, after);
    expect(added.map((v) => [v.date, lines(v.postings)])).toEqual([
      ['2026-04-10', ['cash Cr 1822.00', 'debtors(customer-7) Dr 1822.00']],
      ['2026-04-12', ['cash Dr 100.00', 'debtors(customer-7) Cr 100.00']],
    ]);
    expect(repost(null, after)).toHaveLength(1);
    expect(repost(after, { date: '2026-04-12', postings: [] })).toHaveLength(1);
  });
});

/** A small seeded generator (mulberry32): the same histories on every run. */
const random = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('the journal over 1,000 generated histories of sales, notes, receipts, revisions and voids', () => {
  it('balances every voucher, nets to each document as it stands, and keeps each customer ledger equal to its invoices due less what is unallocated', () => {
    const RATES = ['0', '5', '12', '18', '28'];
    for (let history = 0; history < 1000; history++) {
      const next = random(history + 1);
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
      const money = (max: number) => toMoney((Math.floor(next() * max * 100) / 100).toFixed(2));
      type Doc = { kind: 'invoice' | 'note' | 'receipt'; party: number; total: string; active: boolean; against?: number; shares: Map<number, string>; date: string; postings: Posting[] };
      const docs: Doc[] = [];
      const journal: { doc: number; date: string; postings: Posting[] }[] = [];
      const due = (i: number) => {
        const d = docs[i]!;
        const taken = docs.filter((o) => o.active && o.shares.has(i)).map((o) => o.shares.get(i)!);
        return d.active ? toMoney(decimal(d.total).minus(decimal(sumMoney(taken)))) : '0.00';
      };
      const post = (i: number, postings: Posting[], date: string) => {
        const d = docs[i]!;
        for (const v of repost(d.postings.length > 0 || d.date ? { date: d.date, postings: d.postings } : null, { date, postings })) journal.push({ doc: i, ...v });
        d.postings = postings;
        d.date = date;
      };
      const steps = 5 + Math.floor(next() * 25);
      for (let step = 0; step < steps; step++) {
        const party = 1 + Math.floor(next() * 3);
        const date = `2026-04-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
        const open = docs.map((d, i) => i).filter((i) => docs[i]!.kind === 'invoice' && docs[i]!.party === party && decimal(due(i)).gt(0));
        const roll = next();
        if (roll < 0.4 || open.length === 0) {
          const priced = priceDocument('sales', {
            taxMode: 'gst', taxAmount: '0', placeOfSupply: pick(['27', '29', null]), reverseCharge: next() < 0.05,
            lines: Array.from({ length: 1 + Math.floor(next() * 4) }, () => line.parse({ itemName: 'x', quantity: String(1 + Math.floor(next() * 5)), rate: money(5000), gstRate: pick(RATES) })),
          }, business, next() < 0.5 ? '27ABCPT5678L1ZV' : null)!;
          docs.push({ kind: 'invoice', party, total: priced.totalAmount, active: true, shares: new Map(), date: '', postings: [] });
          post(docs.length - 1, invoicePostings(salesInvoices, invoiceData(priced, { partyId: party })), date);
        } else if (roll < 0.55) {
          const against = pick(open);
          const amount = toMoney(decimal(due(against)).times(next()).round(2, 0));
          if (decimal(amount).eq(0)) continue;
          const priced = priceDocument('sales', { taxMode: 'manual', taxAmount: '0', placeOfSupply: null, reverseCharge: false, lines: [line.parse({ itemName: 'return', rate: amount })] }, null, null)!;
          docs.push({ kind: 'note', party, total: priced.totalAmount, active: true, against, shares: new Map([[against, priced.totalAmount]]), date: '', postings: [] });
          post(docs.length - 1, invoicePostings(creditNotes, invoiceData(priced, { taxMode: 'manual', partyId: party })), date);
        } else if (roll < 0.8) {
          const shares = new Map<number, string>();
          for (const i of open) if (next() < 0.6) shares.set(i, toMoney(decimal(due(i)).times(next()).round(2, 0)));
          const extra = next() < 0.3 ? money(500) : '0.00';
          const total = sumMoney([...shares.values(), extra]);
          if (decimal(total).eq(0)) continue;
          docs.push({ kind: 'receipt', party, total, active: true, shares, date: '', postings: [] });
          post(docs.length - 1, settlementPostings(receipts, settlement({ partyId: party, totalAmount: total, paymentMethod: pick(['cash', 'upi']) })), date);
        } else {
          // Void a receipt or a note, or make an invoice with nothing against it inactive.
          const i = Math.floor(next() * docs.length);
          const d = docs[i]!;
          if (!d.active) continue;
          if (d.kind === 'invoice' && docs.some((o) => o.active && o.shares.has(i))) continue;
          d.active = false;
          post(i, [], d.date);
        }
      }
      for (const entry of journal) expect(balances(entry.postings), `history ${history}`).toBe(true);
      // The journal nets, document by document, to its posting as it stands.
      for (const [i, d] of docs.entries()) {
        const net = (p: Posting) => decimal(p.debit).minus(decimal(p.credit));
        const inJournal = journal.filter((e) => e.doc === i).flatMap((e) => e.postings).reduce((s, p) => s.plus(net(p)), decimal(0));
        expect(inJournal.eq(0)).toBe(true);
        const debtorsNow = journal.filter((e) => e.doc === i).flatMap((e) => e.postings).filter((p) => p.account === 'debtors').reduce((s, p) => s.plus(net(p)), decimal(0));
        const expected = d.postings.filter((p) => p.account === 'debtors').reduce((s, p) => s.plus(net(p)), decimal(0));
        expect(debtorsNow.eq(expected), `history ${history} doc ${i}`).toBe(true);
      }
      // Each customer's ledger = their invoices' balances due − what their receipts left unallocated.
      for (const party of [1, 2, 3]) {
        const ledger = journal.flatMap((e) => e.postings).filter((p) => p.party === `customer-${party}`).reduce((s, p) => s.plus(decimal(p.debit)).minus(decimal(p.credit)), decimal(0));
        const invoicesDue = sumMoney(docs.flatMap((d, i) => (d.kind === 'invoice' && d.party === party ? [due(i)] : [])));
        const unallocated = sumMoney(docs.flatMap((d) => (d.kind === 'receipt' && d.active && d.party === party ? [decimal(d.total).minus(decimal(sumMoney([...d.shares.values()])))] : [])));
        expect(toMoney(ledger), `history ${history} customer ${party}`).toBe(toMoney(decimal(invoicesDue).minus(decimal(unallocated))));
      }
    }
  });
});
