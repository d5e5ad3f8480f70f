// A small RFC 4180 reader for do-not-call imports (browser-safe): quoted fields, doubled quotes,
// commas, semicolons or tabs as the delimiter (spreadsheets in German locales write semicolons),
// CRLF, LF or CR line ends, a UTF-8 byte-order mark. Returns each record with its 1-based line.

export type CsvRecord = { line: number; cells: string[] };

function delimiterOf(firstLine: string): string {
  let best = ",";
  let bestCount = 0;
  for (const d of [",", ";", "\t"]) {
    const count = firstLine.split(d).length - 1;
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}

export function readCsv(text: string): CsvRecord[] {
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const delimiter = delimiterOf(src.split(/\r\n|\n|\r/, 1)[0] ?? "");
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && src[i + 1] !== "\n")) line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}
