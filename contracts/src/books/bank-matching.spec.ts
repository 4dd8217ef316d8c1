import { describe, expect, it } from 'vitest';

import { matchHolds, reconcile, referenceTokens, suggestMatches } from './bank-matching';
import type { BookEntry, StatementLine } from './bank-reconciliation';

const entry = (stream: string, date: string, amount: string, over: Partial<BookEntry> = {}): BookEntry => ({
  stream, voucherType: 'Receipt', voucherNumber: null, date, amount, party: null, reference: null, narration: null, opening: false, ...over,
});
const line = (lineNo: number, date: string, amount: string, over: Partial<StatementLine> = {}): StatementLine => ({
  lineNo, row: lineNo + 1, date, narration: '', reference: null, chequeNumber: null,
  withdrawal: amount.startsWith('-') ? amount.slice(1) : '0.00', deposit: amount.startsWith('-') ? '0.00' : amount,
  balance: '0.00', amount, match: null, ...over,
});
const rupeesOf = (paise: number) => (paise / 100).toFixed(2);

describe('suggested matches', () => {
  it('offers entries of the same amount within the window, a shared reference first, then the nearer date', () => {
    const lines = [line(1, '2026-04-05', '1822.00', { narration: 'UPI/CR/609112345678/TILAK STORES' })];
    const entries = [
      entry('receipt-1', '2026-04-05', '1822.00'),
      entry('receipt-2', '2026-04-03', '1822.00', { reference: '609112345678' }),
      entry('receipt-3', '2026-04-04', '1822.01'),
      entry('receipt-4', '2026-04-01', '1822.00'),
      entry('journal-voucher-1', '2026-04-05', '1822.00', { opening: true }),
    ];
    const [candidates] = [...suggestMatches(lines, entries, 3).values()];
    expect(candidates).toEqual([
      { stream: 'receipt-2', score: 102, reasons: ['Same amount', 'Reference 609112345678', '2 days apart'], suggested: true },
      { stream: 'receipt-1', score: 4, reasons: ['Same amount', 'Same day'], suggested: false },
    ]);
    expect(suggestMatches(lines, entries, 4).get(1)!.map((c) => c.stream)).toEqual(['receipt-2', 'receipt-1', 'receipt-4']);
  });

  it('a cheque number matches with or without its leading zeros; withdrawals match payments', () => {
    const lines = [line(1, '2026-04-08', '-10000.00', { chequeNumber: '000123' })];
    const entries = [entry('vendor-payment-1', '2026-04-08', '-10000.00'), entry('vendor-payment-2', '2026-04-06', '-10000.00', { reference: 'Chq 123' })];
    expect(suggestMatches(lines, entries, 3).get(1)!.map((c) => [c.stream, c.suggested])).toEqual([['vendor-payment-2', true], ['vendor-payment-1', false]]);
  });

  it('suggests each entry for one line at most: the better pair wins, the other line gets the next entry', () => {
    const lines = [line(1, '2026-04-05', '500.00'), line(2, '2026-04-06', '500.00', { narration: 'NEFT N0926' })];
    const entries = [entry('receipt-1', '2026-04-05', '500.00'), entry('receipt-2', '2026-04-06', '500.00', { reference: 'N0926' })];
    const suggestions = suggestMatches(lines, entries, 3);
    expect(suggestions.get(2)!.filter((c) => c.suggested).map((c) => c.stream)).toEqual(['receipt-2']);
    expect(suggestions.get(1)!.filter((c) => c.suggested).map((c) => c.stream)).toEqual(['receipt-1']);
  });

  it('finds references, not words or short numbers', () => {
    expect([...referenceTokens('UPI/CR/609112345678/TILAK STORES 12', 'CHQ 000123')]).toEqual(['609112345678', '123']);
  });
});

describe('the reconciliation statement', () => {
  // Paise, the test's own arithmetic: opening 50,000.00; a receipt of 1,822.00 cleared on the
  // 6th; a cheque of 10,000.00 issued on the 8th and presented on the 12th; a deposit of 2,500.50
  // on the 29th not yet credited; SMS charges of 17.70 on the 30th that the books do not have.
  const opening = 5_000_000, receipt = 182_200, cheque = 1_000_000, deposit = 250_050, charges = 1_770;
  const entries = [
    entry('journal-voucher-1', '2026-04-01', rupeesOf(opening), { opening: true }),
    entry('receipt-1', '2026-04-05', rupeesOf(receipt)),
    entry('vendor-payment-1', '2026-04-08', rupeesOf(-cheque)),
    entry('receipt-2', '2026-04-29', rupeesOf(deposit)),
  ];
  const matched = (stream: string, amount: number) => ({ entries: [{ stream, amount: rupeesOf(amount) }], clearedOn: '', matchedAt: '2026-05-01T00:00:00Z', changed: false });
  const lines = [
    line(1, '2026-04-06', rupeesOf(receipt), { balance: rupeesOf(opening + receipt), match: matched('receipt-1', receipt) }),
    line(2, '2026-04-12', rupeesOf(-cheque), { balance: rupeesOf(opening + receipt - cheque), match: matched('vendor-payment-1', -cheque) }),
    line(3, '2026-04-30', rupeesOf(-charges), { balance: rupeesOf(opening + receipt - cheque - charges) }),
  ];
  const on = (asOf: string) => reconcile({ account: 'bank', accountName: 'Bank Accounts', asOf, lines, entries });

  it('on the 10th: the cheque issued is not presented yet; books less nothing plus it is the statement', () => {
    const r = on('2026-04-10');
    expect(r.balancePerBooks).toBe(rupeesOf(opening + receipt - cheque));
    expect(r.notPresented).toEqual({ total: rupeesOf(-cheque), items: [entries[2]] });
    expect(r.notCredited.items).toEqual([]);
    expect(r.workedOutBankBalance).toBe(rupeesOf(opening + receipt));
    expect([r.balancePerBank, r.statementDate, r.difference]).toEqual([rupeesOf(opening + receipt), '2026-04-06', '0.00']);
  });

  it('on the 30th: the deposit not credited, the charges only the bank has; no difference', () => {
    const r = on('2026-04-30');
    expect(r.balancePerBooks).toBe(rupeesOf(opening + receipt - cheque + deposit));
    expect(r.notCredited.total).toBe(rupeesOf(deposit));
    expect(r.bankOnlyDebits).toEqual({ total: rupeesOf(-charges), items: [lines[2]] });
    expect(r.workedOutBankBalance).toBe(rupeesOf(opening + receipt - cheque - charges));
    expect(r.balancePerBank).toBe(rupeesOf(opening + receipt - cheque - charges));
    expect(r.difference).toBe('0.00');
  });

  it('before the receipt was recorded in the books but after the bank credited it: the bank has it alone', () => {
    const early = reconcile({ account: 'bank', accountName: 'Bank', asOf: '2026-04-06', lines, entries: entries.map((e) => (e.stream === 'receipt-1' ? { ...e, date: '2026-04-07' } : e)) });
    expect(early.bankOnlyCredits.total).toBe(rupeesOf(receipt));
    expect(early.difference).toBe('0.00');
  });

  it('a match whose receipt was revised since no longer clears it, and is named', () => {
    const revised = entries.map((e) => (e.stream === 'receipt-1' ? { ...e, amount: '1800.00' } : e));
    expect(matchHolds(lines[0]!.match!.entries, new Map(revised.map((e) => [e.stream, e])))).toBe(false);
    const r = reconcile({ account: 'bank', accountName: 'Bank', asOf: '2026-04-10', lines, entries: revised });
    expect(r.changedMatches).toEqual([1]);
    expect(r.notCredited.items.map((e) => e.stream)).toEqual(['receipt-1']);
    expect(r.bankOnlyCredits.items.map((l) => l.lineNo)).toEqual([1]);
  });

  it('without a statement line by then there is no bank balance and no difference', () => {
    expect(on('2026-04-02')).toMatchObject({ balancePerBank: null, statementDate: null, difference: null, balancePerBooks: rupeesOf(opening) });
  });
});
