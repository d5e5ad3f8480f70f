/**
 * The one CSV writer behind every export (Call History, Call Reports, Sales History).
 * csv-stringify does the quoting (RFC 4180: fields holding commas, quotes or line breaks are
 * quoted, quotes doubled). Its browser ESM sync build runs in the client as well as in tests.
 *
 * Cells a spreadsheet would run as a formula (starting with =, +, -, @, or a tab or carriage
 * return, as OWASP lists) get a leading apostrophe, so opening a download never runs anything.
 * Numbers are written as numbers and left alone: -5 is data, not a formula.
 * The UTF-8 byte-order mark makes Excel read non-ASCII names (Arabic, German) correctly.
 */
import { stringify } from "csv-stringify/browser/esm/sync";

export type CsvCell = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;
export const UTF8_BOM = "\uFEFF";

export function neutralizeCell(value: CsvCell): CsvCell {
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// csv-stringify quotes a field holding the record delimiter (CRLF here) but not a lone LF or
// CR, which spreadsheets still read as a line break: quote those as well.
const options = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

export function writeCsv(input: {
  /** A line before the header, written as "# ..." (the range of a report). */
  comment?: string;
  header: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}): string {
  const records: CsvCell[][] = [];
  if (input.comment !== undefined) records.push([`# ${input.comment}`]);
  records.push([...input.header]);
  for (const row of input.rows) records.push(row.map(neutralizeCell));
  return stringify(records, { ...options, bom: true });
}

/**
 * More data rows of a file that writeCsv began (no byte-order mark, no header): a streamed
 * export writes its rows batch by batch with this, with the same quoting and neutralizing.
 */
export function writeCsvRows(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutralizeCell)),
    options,
  );
}
