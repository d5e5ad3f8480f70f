// The do-not-call CSV both ways: an export read back by the import gives every stored note
// exactly (the writer's formula apostrophe undone, a note's own apostrophes kept), checked on
// tricky notes and on many generated ones.
import { describe, expect, it } from "vitest";
import { dialStringToE164 } from "@/modules/calls/lib/dialed-number";
import {
  DNC_CSV_HEADER,
  dncCsvRow,
  exportNote,
  importNote,
  readDncCsv,
} from "@/modules/do-not-call/lib/dnc-csv";
import { dncNoteMax, type DncEntry } from "@/modules/do-not-call/lib/schemas";
import { writeCsv } from "@/modules/reports/lib/csv";

const numberAt = (i: number) => `+1512${2_000_000 + i}`;
const entry = (i: number, note: string | null): DncEntry => ({
  number: numberAt(i),
  note,
  addedBy: i % 2 ? "=cmd|' /C calc'!A0" : "olivia",
  createdAt: "2026-11-23T10:00:00.000Z",
});

/** Export these notes, import the file, and return the notes that came back, in order. */
function roundTrip(notes: (string | null)[]) {
  const csv = writeCsv({
    header: DNC_CSV_HEADER,
    rows: notes.map((note, i) => dncCsvRow(entry(i, note))),
  });
  const read = readDncCsv(csv, (raw) => dialStringToE164(raw));
  expect(read.invalid).toEqual([]);
  expect(read.hasNotes).toBe(true);
  return notes.map((_, i) => read.numbers.get(numberAt(i)));
}

/** A small deterministic generator, so a failure names a note that can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const ALPHABET = [
  "'",
  "'",
  "'",
  "=",
  "+",
  "-",
  "@",
  "\t",
  "\r",
  "\n",
  '"',
  ",",
  ";",
  " ",
  "#",
].concat([..."abcXYZ019"], ["ملاحظة", "Notiz ä", "\u00a0"]);

describe("do-not-call CSV notes", () => {
  it("come back exactly for the notes a probe tries", () => {
    const notes = [
      "=1+2",
      "+1 asked twice",
      "-called back",
      "@support",
      '=HYPERLINK("http://example.test")',
      "=1\r\n=2\tx",
      "-\tx",
      "'=1+2",
      "''=SUM(A1)",
      "'+1",
      "'quoted on purpose",
      "'",
      "''",
      "it's fine",
      'said "never", twice; really',
      "two\nlines",
      "=".repeat(dncNoteMax),
      "'".repeat(dncNoteMax - 1) + "=",
      "# not a comment",
      null,
    ];
    expect(roundTrip(notes)).toEqual(notes);
  });

  it("come back exactly for many generated notes (every note the API can store)", () => {
    const next = random(20_261_123);
    const notes: string[] = [];
    while (notes.length < 2_000) {
      const length = Math.floor(next() * 12) + (next() < 0.05 ? dncNoteMax : 0);
      let note = "";
      for (let i = 0; i < length; i++) note += ALPHABET[Math.floor(next() * ALPHABET.length)];
      // As the add route and the import store a note: trimmed, at most 200 characters.
      note = note.trim().slice(0, dncNoteMax).trim();
      if (note) notes.push(note);
    }
    const back = roundTrip(notes);
    notes.forEach((note, i) => expect(back[i], JSON.stringify(note)).toBe(note));
  });

  it("undo exactly the export's escaping and nothing else", () => {
    expect(importNote("'=1+2")).toBe("=1+2");
    expect(importNote("''=1+2")).toBe("'=1+2");
    expect(importNote("'hello")).toBe("'hello");
    expect(importNote("'")).toBe("'");
    expect(importNote("=1+2")).toBe("=1+2");
    expect(exportNote("'=1+2")).toBe("''=1+2");
    expect(exportNote("'hello")).toBe("'hello");
    expect(exportNote("=1+2")).toBe("=1+2");
  });

  it("a file without a note column imports its numbers without notes", () => {
    const read = readDncCsv("5125550101\n(512) 555-0102 x3\n*67 512 555 0103\nnope", (raw) =>
      dialStringToE164(raw),
    );
    expect(read.hasNotes).toBe(false);
    expect([...read.numbers.keys()]).toEqual(["+15125550101", "+15125550102", "+15125550103"]);
    expect(read.invalid).toEqual([{ line: 4, value: "nope" }]);
  });
});
