import { CSV_FORMULA, toMoney } from '@erp/contracts';
import Papa from 'papaparse';

/** One report row as the CSV needs it. */
export interface CsvRow {
  name: string;
  description: string | null;
  unit: string;
  currentStock: string;
  costPrice: string | null;
  sellingPrice: string | null;
  reorderLevel: number | null;
  status: string;
  value: string;
  hsnCode: string | null;
  taxRate: string | null;
}

/** SEED-SPEC §9's columns, in order. */
export const CSV_COLUMNS = ['Item', 'Description', 'Unit', 'Current Stock', 'Cost Price', 'Selling Price', 'Reorder Level', 'Status', 'Total Value'] as const;
/** What a GST return and an accountant also need, after them, for a business registered for GST. */
export const GST_COLUMNS = ['HSN/SAC', 'GST %'] as const;

/**
 * The report as RFC 4180 CSV (DESIGN §3.2) by Papa Parse: values with commas, quotes or new
 * lines are quoted and survive; numbers keep 2 decimals; no rows → the header line alone. `gst`:
 * with the HSN/SAC and GST rate columns.
 */
export const inventoryCsv = (rows: readonly CsvRow[], gst = false): string =>
  Papa.unparse(
    {
      fields: [...CSV_COLUMNS, ...(gst ? GST_COLUMNS : [])],
      data: rows.map((r) => [
        r.name,
        r.description ?? '',
        r.unit,
        toMoney(r.currentStock),
        toMoney(r.costPrice ?? 0),
        toMoney(r.sellingPrice ?? 0),
        r.reorderLevel ?? '',
        r.status,
        toMoney(r.value),
        ...(gst ? [r.hsnCode ?? '', r.taxRate ?? ''] : []),
      ]),
    },
    // A cell a spreadsheet would run as a formula gets a ' before it from Papa Parse (contracts'
    // CSV_FORMULA); a plain number (a negative stock, -2.25) is left as it is.
    { quotes: false, newline: '\r\n', escapeFormulae: CSV_FORMULA },
  ).replace(/\r\n$/, '');

export const csvFileName = (today: string) => `inventory-report-${today}.csv`;

/** Hands the CSV to the browser as a download. */
export const downloadCsv = (csv: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
