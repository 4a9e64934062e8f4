/**
 * CSV as spreadsheets and tills write it (RFC 4180): fields separated by commas, quoted with double quotes when they
 * hold a separator of any locale (comma, semicolon, tab), a quote or a line break, a quote inside doubled; lines end
 * in CRLF or LF. Files we write start with a byte-order mark, so Excel reads them as UTF-8 (Arabic included), and a
 * cell that a spreadsheet would run as a formula is written as text.
 */

import { sql, type SQL } from 'drizzle-orm';

/** UTF-8's byte-order mark: Excel needs it to read a CSV file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * Text cells starting like a formula (=, +, -, @, tab, CR) are prefixed with ' so a spreadsheet shows them as text;
 * numbers (a negative amount) are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  // `;` and tab too: a spreadsheet set to another locale's separator would otherwise split the cell, and what follows
  // the split (`a;=HYPERLINK(…)`) would start a cell of its own, past the formula guard.
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * An instant as the shop's files write it, in SQL: Cairo's date and time to the minute ("2026-11-25 14:30"), the
 * clock the back office shows and the shop works by, not UTC's.
 */
export const csvShopTime = (instant: SQL) => sql`to_char(${instant} AT TIME ZONE 'Africa/Cairo', 'YYYY-MM-DD HH24:MI')`;

/** One line of CSV, CRLF-terminated. */
export const csvLine = (values: readonly (string | number | null)[]) => `${values.map(cell).join(',')}\r\n`;

/** A row of a CSV file and the line of the file it starts on (1 is the first). */
export type CsvRow = { line: number; cells: string[] };

/**
 * The rows of a CSV text, each a list of its fields as written (quotes removed), with the line each starts on; a
 * byte-order mark is skipped and blank lines are dropped. Null when a quoted field is never closed.
 */
export function parseCsv(text: string): CsvRow[] | null {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  for (let i = text.startsWith(CSV_BOM) ? 1 : 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '\n') line++;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(field);
      field = '';
    } else if (ch === '\n') {
      endRow();
      rowLine = line;
    } else if (ch !== '\r') field += ch;
  }
  if (quoted) return null;
  endRow();
  return rows;
}
