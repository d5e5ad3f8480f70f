import { describe, expect, it } from "vitest";
import { readCsv } from "@/modules/do-not-call/lib/csv-read";

describe("readCsv (do-not-call import)", () => {
  it("reads commas, quotes with doubled quotes, CRLF, and skips blank lines", () => {
    expect(
      readCsv('\uFEFFnumber,note\r\n"+1 512, 555",\"said \"\"no\"\"\"\r\n\r\n5125550101,x\r\n'),
    ).toEqual([
      { line: 1, cells: ["number", "note"] },
      { line: 2, cells: ["+1 512, 555", 'said "no"'] },
      { line: 4, cells: ["5125550101", "x"] },
    ]);
  });

  it("detects semicolon and tab delimiters from the first line", () => {
    expect(readCsv("a;b\n1;2").map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(readCsv("a\tb\r1\t2").map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("keeps line numbers right after a quoted field with a line break", () => {
    expect(readCsv('n,note\n1,"two\nlines"\nbad,x').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it("reads a single column without a trailing newline", () => {
    expect(readCsv("5125550101")).toEqual([{ line: 1, cells: ["5125550101"] }]);
    expect(readCsv("")).toEqual([]);
  });
});
