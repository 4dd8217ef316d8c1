import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import {
  detectDateFormat,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  recogniseStatement,
  guessHeaderRow,
  type StatementFormat,
  StatementFormatSchema,
  statementLineKey,
} from './bank-statement';

/** A CSV split the way the product splits it (Papa Parse), every cell a string. */
const rowsOf = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: false }).data;

// Small statements written by hand in each bank's usual export, two or three transactions each.
const SBI = `Account Name :,SHARMA TRADERS
Account Number :,00000012345678901
,
Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance
1 Apr 2026,1 Apr 2026,BY TRANSFER-UPI/CR/609112345678/TILAK STORES,TRANSFER FROM 609112345678,,"1,822.00","51,822.00"
3 Apr 2026,3 Apr 2026,TO CLEARING-CHQ 000123,000123,"10,000.00",,"41,822.00"
**This is a computer generated statement**,,,,,,
`;
const HDFC = `Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance
********,********,********,********,********,********,********
01/04/26,UPI-TILAK STORES-tilak@okhdfc-609112345678-PAYMENT,0000609112345678,01/04/26,,1822.00,51822.00
02/04/26,NEFT DR-GUJARAT MILLS-N092612345,N092612345,02/04/26,105.00,,51717.00
`;
const ICICI = `S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )
1,01/04/2026,01/04/2026,-,UPI/609112345678/Tilak Stores/tilak@okicici,0.00,1822.00,51822.00
2,05/04/2026,05/04/2026,456,CLG/GUJARAT MILLS,105.00,0.00,51717.00
`;
const AXIS = `Tran Date,CHQNO,PARTICULARS,DR,CR,BAL,SOL
05-04-2026,,UPI/P2M/609112345678/TILAK,,1822.00,51822.00,1234
01-04-2026,,OPENING TRANSFER,,50000.00,50000.00,1234
`;
const KOTAK = `Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Amount,Dr / Cr,Balance,Dr / Cr
1,01-04-2026,01-04-2026,UPI/TILAK STORES/609112345678,UPI-609112345678,"1,822.00",CR,"51,822.00",CR
2,02-04-2026,02-04-2026,Charges for SMS alerts,,17.70,DR,"51,804.30",CR
`;

const lineOf = (csv: string) => {
  const rows = rowsOf(csv);
  const recognised = recogniseStatement(rows);
  expect(recognised).not.toBeNull();
  return { name: recognised!.format.name, dateFormat: recognised!.format.dateFormat, ...readStatement(rows, recognised!.format) };
};

describe('bank statements: the five banks recognised by their headers', () => {
  it('SBI: the header after the account lines, dates as 1 Apr 2026, the footer left out', () => {
    const read = lineOf(SBI);
    expect(read).toMatchObject({ name: 'SBI', dateFormat: 'DD-MMM-YYYY', skipped: 1, issues: [] });
    expect(read.lines).toEqual([
      { row: 5, date: '2026-04-01', narration: 'BY TRANSFER-UPI/CR/609112345678/TILAK STORES', reference: 'TRANSFER FROM 609112345678', chequeNumber: null, withdrawal: '0.00', deposit: '1822.00', balance: '51822.00' },
      { row: 6, date: '2026-04-03', narration: 'TO CLEARING-CHQ 000123', reference: '000123', chequeNumber: null, withdrawal: '10000.00', deposit: '0.00', balance: '41822.00' },
    ]);
  });

  it('HDFC Bank: two-digit years, the row of stars under the header skipped', () => {
    const read = lineOf(HDFC);
    expect(read).toMatchObject({ name: 'HDFC Bank', dateFormat: 'DD/MM/YYYY', skipped: 1, issues: [] });
    expect(read.lines.map((l) => [l.date, l.withdrawal, l.deposit, l.balance, l.reference])).toEqual([
      ['2026-04-01', '0.00', '1822.00', '51822.00', '0000609112345678'],
      ['2026-04-02', '105.00', '0.00', '51717.00', 'N092612345'],
    ]);
  });

  it("ICICI Bank: headers with '(INR )', the cheque number column", () => {
    const read = lineOf(ICICI);
    expect(read).toMatchObject({ name: 'ICICI Bank', issues: [] });
    expect(read.lines.map((l) => [l.date, l.chequeNumber, l.withdrawal, l.deposit])).toEqual([
      ['2026-04-01', null, '0.00', '1822.00'],
      ['2026-04-05', '456', '105.00', '0.00'],
    ]);
  });

  it('Axis Bank: newest first in the file, oldest first once read', () => {
    const read = lineOf(AXIS);
    expect(read).toMatchObject({ name: 'Axis Bank', dateFormat: 'DD/MM/YYYY', issues: [] });
    expect(read.lines.map((l) => [l.row, l.date, l.deposit, l.balance])).toEqual([
      [3, '2026-04-01', '50000.00', '50000.00'],
      [2, '2026-04-05', '1822.00', '51822.00'],
    ]);
  });

  it('Kotak: one amount column with Dr / Cr beside it (the first of the two Dr / Cr columns)', () => {
    const read = lineOf(KOTAK);
    expect(read).toMatchObject({ name: 'Kotak Mahindra Bank', issues: [] });
    expect(read.lines.map((l) => [l.withdrawal, l.deposit, l.balance, l.reference])).toEqual([
      ['0.00', '1822.00', '51822.00', 'UPI-609112345678'],
      ['17.70', '0.00', '51804.30', null],
    ]);
  });

  it('a file of no known bank is not recognised; its header row is guessed for the owner to map', () => {
    const rows = rowsOf('My Bank statement\nWhen,What,Out,In,Left\n01/04/2026,Rent,5000,,45000\n');
    expect(recogniseStatement(rows)).toBeNull();
    expect(guessHeaderRow(rows)).toBe(1);
  });
});

describe('bank statements: a format mapped by the owner', () => {
  const custom = (over: Partial<StatementFormat> = {}): StatementFormat =>
    StatementFormatSchema.parse({ date: 'When', narration: 'What', withdrawal: 'Out', deposit: 'In', balance: 'Left', dateFormat: 'DD/MM/YYYY', ...over });

  it('names the row and the column of every bad cell', () => {
    const rows = rowsOf('When,What,Out,In,Left\n01/04/2026,Rent,5000,,45000\n32/04/2026,Tea,12a,,44988\n02/04/2026,Both,5,5,44988\n03/04/2026,None,,,44988\n');
    expect(readStatement(rows, custom()).issues).toEqual([
      { path: 'rows.3.When', message: 'Row 3, When: "32/04/2026" is not a date like 01/04/2026' },
      { path: 'rows.3.Out', message: 'Row 3, Out: "12a" is not an amount' },
      { path: 'rows.4.In', message: 'Row 4, In: A row is a withdrawal or a deposit, not both' },
      { path: 'rows.5.Out', message: 'Row 5, Out: Neither a withdrawal nor a deposit' },
    ]);
  });

  it('a signed amount column: negative is a withdrawal', () => {
    const rows = rowsOf('When,What,Amount,Left\n2026-04-01,Rent,-5000.50,44999.50\n2026-04-02,Sale,250,45249.50\n');
    const read = readStatement(rows, custom({ withdrawal: null, deposit: null, amount: 'Amount', dateFormat: 'YYYY-MM-DD' }));
    expect(read.lines.map((l) => [l.withdrawal, l.deposit])).toEqual([['5000.50', '0.00'], ['0.00', '250.00']]);
  });

  it('says when the file has none of its columns', () => {
    expect(readStatement(rowsOf('A,B\n1,2\n'), custom()).issues[0]).toMatchObject({ path: 'format' });
  });

  it('refuses a format that maps no money, or half of it', () => {
    const refused = StatementFormatSchema.safeParse({ date: 'When', narration: 'What', withdrawal: 'Out', balance: 'Left', dateFormat: 'DD/MM/YYYY' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.path.join('.'))).toEqual(['deposit']);
    expect(StatementFormatSchema.safeParse({ date: 'When', narration: 'What', balance: 'Left', dateFormat: 'DD/MM/YYYY' }).success).toBe(false);
    expect(StatementFormatSchema.safeParse({ date: 'When', narration: 'What', amount: 'Amt', balance: 'Left', dateFormat: 'DD/MM/YYYY', extra: 1 }).success).toBe(false);
  });
});

describe('bank statements: cells', () => {
  it.each([
    ['01/04/2026', 'DD/MM/YYYY', '2026-04-01'],
    ['1-4-26', 'DD/MM/YYYY', '2026-04-01'],
    ['01.04.2026 10:23:45', 'DD/MM/YYYY', '2026-04-01'],
    ['31/04/2026', 'DD/MM/YYYY', null],
    ['04/01/2026', 'MM/DD/YYYY', '2026-04-01'],
    ['01-Apr-2026', 'DD-MMM-YYYY', '2026-04-01'],
    ['1 APR 2026', 'DD-MMM-YYYY', '2026-04-01'],
    ['01-Sept-26', 'DD-MMM-YYYY', '2026-09-01'],
    ['01-Foo-2026', 'DD-MMM-YYYY', null],
    ['2026-04-01', 'YYYY-MM-DD', '2026-04-01'],
    ['2026-02-29', 'YYYY-MM-DD', null],
    ['2026-04-01 garbage', 'YYYY-MM-DD', null],
  ] as const)('%s in %s → %s', (text, format, expected) => expect(parseStatementDate(text, format)).toBe(expected));

  it('finds the date format from the dates, day first unless only month first reads them', () => {
    expect(detectDateFormat(['01/04/2026', '13/04/2026'])).toBe('DD/MM/YYYY');
    expect(detectDateFormat(['01-Apr-2026'])).toBe('DD-MMM-YYYY');
    expect(detectDateFormat(['2026-04-13'])).toBe('YYYY-MM-DD');
    expect(detectDateFormat(['04/13/2026'])).toBeNull();
  });

  it.each([
    ['1,23,456.78', { ok: true, value: '123456.78', side: null }],
    ['₹ 500', { ok: true, value: '500.00', side: null }],
    ['500.00 Cr', { ok: true, value: '500.00', side: 'Cr' }],
    ['(20.00)', { ok: true, value: '-20.00', side: null }],
    ['-', { ok: true, value: null, side: null }],
    ['', { ok: true, value: null, side: null }],
    ['12.345', { ok: false, why: 'has more than 2 decimal places' }],
    ['abc', { ok: false, why: 'is not an amount' }],
  ])('amount %s', (text, expected) => expect(parseStatementAmount(text)).toEqual(expected));

  it('an overdrawn balance (Dr) is negative', () => {
    const rows = rowsOf('When,What,Out,In,Left\n01/04/2026,Rent,5000,,"1,000.00 Dr"\n');
    const format = StatementFormatSchema.parse({ date: 'When', narration: 'What', withdrawal: 'Out', deposit: 'In', balance: 'Left', dateFormat: 'DD/MM/YYYY' });
    expect(readStatement(rows, format).lines[0]!.balance).toBe('-1000.00');
  });

  it('a line is known by its date, amount, reference and the balance after it', () => {
    const line = { date: '2026-04-01', withdrawal: '0.00', deposit: '1822.00', reference: null, chequeNumber: '123', balance: '51822.00' };
    expect(statementLineKey(line)).toBe('2026-04-01|0.00|1822.00|123|51822.00');
    expect(statementLineKey({ ...line, balance: '51822.01' })).not.toBe(statementLineKey(line));
  });
});
