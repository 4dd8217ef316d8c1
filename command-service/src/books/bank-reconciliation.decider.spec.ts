import { BANK_EVENTS, type BankEvent, DomainError, STATEMENT_PRESETS, type StatementFormat, StatementFormatSchema } from '@erp/contracts';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type BankCommand, bankDecider } from './bank-reconciliation.decider';

const metadata = { now: new Date('2026-05-02T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const account = 'bank';
const spec = DeciderSpecification.for(bankDecider);
const is = (kind: DomainError['kind'], check: (e: DomainError) => boolean = () => true) => (e: unknown) => e instanceof DomainError && e.kind === kind && check(e);
const paths = (e: DomainError) => (e.issues ?? []).map((i) => i.path);

const HDFC = STATEMENT_PRESETS.find((p) => p.name === 'HDFC Bank')!;
const header = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
const april = `${header}
01/04/26,UPI-TILAK STORES-609112345678,609112345678,01/04/26,,1822.00,51822.00
02/04/26,NEFT DR-GUJARAT MILLS,N092612345,02/04/26,105.00,,51717.00
`;
const rows = (csv: string) => Papa.parse<string[]>(csv).data;
const importing = (csv: string, format: StatementFormat | null = null): BankCommand => ({
  type: 'ImportStatement', data: { account, rows: rows(csv), fileName: 'april.csv', format }, metadata,
});
const formatSaved: BankEvent = { type: BANK_EVENTS.formatSaved, data: { account, format: HDFC } };
const line = (lineNo: number, row: number, date: string, narration: string, reference: string, withdrawal: string, deposit: string, balance: string) => ({
  lineNo, key: `${date}|${withdrawal}|${deposit}|${reference}|${balance}#1`, row, date, narration, reference, chequeNumber: null, withdrawal, deposit, balance,
});
const aprilLines = [
  line(1, 2, '2026-04-01', 'UPI-TILAK STORES-609112345678', '609112345678', '0.00', '1822.00', '51822.00'),
  line(2, 3, '2026-04-02', 'NEFT DR-GUJARAT MILLS', 'N092612345', '105.00', '0.00', '51717.00'),
];
const imported: BankEvent = { type: BANK_EVENTS.imported, data: { account, importId: 1, fileName: 'april.csv', format: 'HDFC Bank', lines: aprilLines, duplicates: 0, skipped: 0 } };
const match = (lineNo: number, entries: { stream: string; amount: string }[]): BankCommand => ({ type: 'MatchLine', data: { account, lineNo, entries }, metadata });
const matched: BankEvent = { type: BANK_EVENTS.matched, data: { account, lineNo: 1, entries: [{ stream: 'receipt-12', amount: '1822.00' }], clearedOn: '2026-04-01' } };

describe('Bank reconciliation decider', () => {
  describe('importing a statement', () => {
    it('recognises the bank by its headers, saves the format and keeps each line numbered', () =>
      spec.given([]).when(importing(april)).then([formatSaved, imported]));

    it('a second import of the same statement adds nothing', () => spec.given([formatSaved, imported]).when(importing(april)).thenNothingHappened());

    it('an overlapping statement adds only its new lines, numbered after the last', () => {
      const may = `${april}03/04/26,SMS CHARGES,,03/04/26,17.70,,51699.30\n`;
      spec.given([formatSaved, imported]).when(importing(may)).then([
        { type: BANK_EVENTS.imported, data: { account, importId: 2, fileName: 'april.csv', format: 'HDFC Bank', lines: [{ ...line(3, 4, '2026-04-03', 'SMS CHARGES', '', '17.70', '0.00', '51699.30'), reference: null, key: '2026-04-03|17.70|0.00||51699.30#1' }], duplicates: 2, skipped: 0 } },
      ]);
    });

    it('the same transaction twice in one file is two lines', () => {
      const twice = `When,What,Out,In,Left\n01/04/2026,Charge,10,,100\n01/04/2026,Charge,10,,100\n`;
      const format = StatementFormatSchema.parse({ date: 'When', narration: 'What', withdrawal: 'Out', deposit: 'In', balance: 'Left', dateFormat: 'DD/MM/YYYY' });
      const [, event] = bankDecider.decide(importing(twice, format), bankDecider.initialState()) as BankEvent[];
      expect(event!.type === BANK_EVENTS.imported && event!.data.lines.map((l) => l.key)).toEqual(['2026-04-01|10.00|0.00||100.00#1', '2026-04-01|10.00|0.00||100.00#2']);
    });

    it('refuses a file with a bad row, naming the row and the column, and records nothing', () =>
      spec.given([]).when(importing(`${april}32/04/26,BAD DATE,,,1.00,,51716.00\n`)).thenThrows(is('validation', (e) => paths(e).join() === 'rows.4.Date' && /Row 4, Date/.test(e.issues![0]!.message))));

    it('refuses a file it cannot map, asking for the columns', () =>
      spec.given([]).when(importing('When,What,Out,In,Left\n01/04/2026,Rent,5000,,45000\n')).thenThrows(is('validation', (e) => paths(e).join() === 'format')));

    it('refuses a file with a header and no transactions', () => spec.given([]).when(importing(`${header}\n`)).thenThrows(is('validation', (e) => paths(e).join() === 'csv')));

    it('a file in another layout reads with the format sent, which replaces the saved one', () => {
      const format = StatementFormatSchema.parse({ date: 'When', narration: 'What', withdrawal: 'Out', deposit: 'In', balance: 'Left', dateFormat: 'DD/MM/YYYY' });
      const events = bankDecider.decide(importing('When,What,Out,In,Left\n05/04/2026,Rent,5000,,46717\n', format), [formatSaved, imported].reduce(bankDecider.evolve, bankDecider.initialState())) as BankEvent[];
      expect(events.map((e) => e.type)).toEqual([BANK_EVENTS.formatSaved, BANK_EVENTS.imported]);
      expect(events[1]!.type === BANK_EVENTS.imported && events[1]!.data.lines[0]!.lineNo).toBe(3);
    });
  });

  describe('matching', () => {
    it('clears the entries on the line\'s date when their amounts come to the line\'s', () =>
      spec.given([formatSaved, imported]).when(match(1, [{ stream: 'receipt-12', amount: '1822.00' }])).then([matched]));

    it('one line to several entries', () =>
      spec.given([formatSaved, imported]).when(match(1, [{ stream: 'receipt-12', amount: '1000.00' }, { stream: 'receipt-13', amount: '822.00' }])).then([
        { type: BANK_EVENTS.matched, data: { account, lineNo: 1, entries: [{ stream: 'receipt-12', amount: '1000.00' }, { stream: 'receipt-13', amount: '822.00' }], clearedOn: '2026-04-01' } },
      ]));

    it('refuses amounts that do not agree, saying both', () =>
      spec.given([formatSaved, imported]).when(match(2, [{ stream: 'vendor-payment-3', amount: '-100.00' }])).thenThrows(
        is('validation', (e) => e.issues![0]!.message === 'The entries come to −₹100.00; the line is −₹105.00'),
      ));

    it('refuses a line that does not exist, an entry named twice, one that posts nothing to the bank', () => {
      spec.given([imported]).when(match(9, [{ stream: 'receipt-12', amount: '1822.00' }])).thenThrows(is('validation', (e) => paths(e).join() === 'lineNo'));
      spec.given([imported]).when(match(1, [{ stream: 'receipt-12', amount: '911.00' }, { stream: 'receipt-12', amount: '911.00' }])).thenThrows(is('validation', (e) => paths(e).join() === 'entries.1'));
      spec.given([imported]).when(match(1, [{ stream: 'receipt-12', amount: '0.00' }])).thenThrows(is('validation', (e) => paths(e).join() === 'entries.0'));
    });

    it('a line is matched once, an entry once', () => {
      spec.given([imported, matched]).when(match(1, [{ stream: 'receipt-14', amount: '1822.00' }])).thenThrows(is('conflict', (e) => paths(e).join() === 'lineNo'));
      spec.given([imported, matched]).when(match(2, [{ stream: 'receipt-12', amount: '-105.00' }])).thenThrows(is('conflict', (e) => /line 1/.test(e.message)));
    });

    it('un-matched, the line and the entry can be matched again', () => {
      const unmatched: BankEvent = { type: BANK_EVENTS.unmatched, data: { account, lineNo: 1 } };
      spec.given([imported, matched]).when({ type: 'UnmatchLine', data: { account, lineNo: 1 }, metadata }).then([unmatched]);
      spec.given([imported, matched, unmatched]).when(match(1, [{ stream: 'receipt-12', amount: '1822.00' }])).then([matched]);
      spec.given([imported, matched, unmatched]).when({ type: 'UnmatchLine', data: { account, lineNo: 1 }, metadata }).thenThrows(is('conflict'));
      spec.given([imported]).when({ type: 'UnmatchLine', data: { account, lineNo: 7 }, metadata }).thenThrows(is('not_found'));
    });
  });
});
