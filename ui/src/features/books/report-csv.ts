import { CSV_FORMULA } from '@erp/contracts';
import Papa from 'papaparse';

import { downloadCsv } from '../inventory/report/inventory-csv';

import type { ReportTable } from './report-screen';

export { downloadCsv };

/** A report's tables as one CSV: each table's heading, its columns, its rows, a blank line between. */
export const reportCsv = (tables: readonly ReportTable[]): string =>
  tables
    .map((table) =>
      Papa.unparse(
        // Amounts as plain numbers a spreadsheet adds up: '₹1,23,456.50 Dr' → '123456.50 Dr'.
        { fields: [...table.columns.map((c) => c.label)], data: table.rows.map((r) => r.cells.map((cell, i) => (table.columns[i]?.numeric ? cell.replace(/[₹,]/g, '') : cell))) },
        { newline: '\r\n', escapeFormulae: CSV_FORMULA },
      ),
    )
    .map((csv, i) => `${tables[i]!.heading}\r\n${csv}`)
    .join('\r\n\r\n');
