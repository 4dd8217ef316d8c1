/**
 * A CSV cell a spreadsheet would run as a formula: one that starts with = + - @, a tab or a CR,
 * also after spaces (Excel and LibreOffice skip leading blanks before they look for `=`). A plain
 * number (-2.25, a negative stock or a netted amount) is left as it is. Every CSV writer uses it:
 * Papa Parse takes it as `escapeFormulae`, hand-written writers call `csvText`.
 */
export const CSV_FORMULA = /^(?!\s*-\d+(\.\d+)?$)\s*[=+\-@\t\r]/;

/** Text for a CSV cell: behind a single quote when a spreadsheet would run it (OWASP's advice). */
export const csvText = (value: string): string => (CSV_FORMULA.test(value) ? `'${value}` : value);

/** One CSV line (RFC 4180): each cell through csvText, quoted when it holds a comma, quote or line break. */
export const csvRow = (cells: readonly (string | null)[]): string =>
  cells
    .map((value) => {
      const safe = csvText(value ?? '');
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
