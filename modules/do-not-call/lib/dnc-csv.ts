/**
 * The do-not-call list as CSV, both ways (browser-safe, no database): the cells an export writes
 * and how an import reads a file back, so that importing an export restores every entry with its
 * note exactly.
 *
 * The shared writer (modules/reports/lib/csv.ts) puts an apostrophe before any cell a spreadsheet would
 * run as a formula ("=1+2" is written "'=1+2"). An import must take that apostrophe off a note
 * again, but only that one: a note that itself starts with apostrophes before a formula character
 * ("'=1+2") would read back as "=1+2". So the export adds one more apostrophe to such a note, and
 * the import removes exactly one from any cell of apostrophes followed by a formula character.
 */
import { neutralizeCell, type CsvCell } from "@/modules/reports/lib/csv";
import { readCsv } from "./csv-read";
import { dncNoteMax, type DncEntry, type DncImportResponse } from "./schemas";

export const DNC_CSV_HEADER = ["number", "note", "added_by", "added_at"] as const;

/** Whether the writer would escape this text (its formula test, not a copy of it). */
const formulaLike = (text: string) => neutralizeCell(text) !== text;
/** Apostrophes, then what the writer escapes: the one shape an escaped cell can have. */
const escapedShape = (text: string) => /^'+/.test(text) && formulaLike(text.replace(/^'+/, ""));

/** A note as the export writes it (the writer adds its own apostrophe to formula-like notes). */
export function exportNote(note: string): string {
  return escapedShape(note) ? `'${note}` : note;
}

/** A note cell read back: exactly the export's escaping undone, anything else as it is. */
export function importNote(cell: string): string {
  return escapedShape(cell) ? cell.slice(1) : cell;
}

/** One entry as a CSV row, before the writer's own neutralizing. */
export function dncCsvRow(entry: DncEntry): CsvCell[] {
  return [entry.number, exportNote(entry.note ?? ""), entry.addedBy ?? "", entry.createdAt];
}

const numberHeader = /^(number|phone|phone number|telefon|nummer|الهاتف|رقم)$/;
const noteHeader = /^(note|notes|notiz|ملاحظة)$/;
const invalidReportMax = 100;

export type DncCsvRead = {
  /** Each number once (E.164), with the note of its first line (null: an empty note cell). */
  numbers: Map<string, string | null>;
  /** Whether the file has a note column (else no line says anything about notes). */
  hasNotes: boolean;
  invalid: DncImportResponse["invalid"];
};

/**
 * Reads an import: a column named number/phone/telefon/الهاتف (else the first column) and an
 * optional note column; a header row is recognised by having no readable number. `toNumber` is
 * the organization's dial-string reading. Lines that are not phone numbers are reported (line and
 * value, at most 100), "#" lines are comments.
 */
export function readDncCsv(csv: string, toNumber: (raw: string) => string | null): DncCsvRead {
  // A number cell may carry a spreadsheet's text apostrophe ("'+1 512...", our own export too).
  const numberOf = (cell: string) => toNumber(cell.trim().replace(/^'/, ""));
  const records = readCsv(csv).filter((r) => !r.cells[0]?.trim().startsWith("#"));
  let numberCol = 0;
  let noteCol = -1;
  const header = records[0]?.cells.map((c) => c.trim().toLowerCase());
  if (header && !header.some((c) => numberOf(c))) {
    const found = header.findIndex((c) => numberHeader.test(c));
    numberCol = found === -1 ? 0 : found;
    noteCol = header.findIndex((c) => noteHeader.test(c));
    records.shift();
  }
  const invalid: DncCsvRead["invalid"] = [];
  const numbers = new Map<string, string | null>();
  for (const r of records) {
    const raw = (r.cells[numberCol] ?? "").trim();
    const number = numberOf(raw);
    if (!number) {
      if (invalid.length < invalidReportMax)
        invalid.push({ line: r.line, value: raw.slice(0, 40) });
      continue;
    }
    // Unescaped before it is cut to length (an escaped 200-character note is 201 in the file),
    // and trimmed after, as every stored note is: a stored note survives export and import.
    const cell = (r.cells[noteCol] ?? "").trim();
    const note = importNote(cell).slice(0, dncNoteMax).trim();
    if (!numbers.has(number)) numbers.set(number, note || null);
  }
  return { numbers, hasNotes: noteCol >= 0, invalid };
}
