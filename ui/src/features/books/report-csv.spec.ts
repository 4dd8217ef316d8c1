import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { reportCsv } from './report-csv';

describe("a report's CSV", () => {
  it('puts a quote before a cell a spreadsheet would run, also after spaces; amounts stay numbers', () => {
    const names = ['=HYPERLINK("http://x")', '  =1+1', ' @SUM(A1)', 'Rice'];
    const csv = reportCsv([
      { heading: 'Ledger', columns: [{ label: 'Particulars' }, { label: 'Amount', numeric: true }], rows: names.map((name) => ({ key: name, cells: [name, '-₹1,234.50'] })) },
    ]);
    const rows = Papa.parse<string[]>(csv.split('\r\n').slice(1).join('\r\n'), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r[0])).toEqual([`'=HYPERLINK("http://x")`, "'  =1+1", "' @SUM(A1)", 'Rice']);
    expect(rows.map((r) => r[1])).toEqual(names.map(() => '-1234.50'));
  });
});
