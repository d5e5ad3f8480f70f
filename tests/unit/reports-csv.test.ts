import { describe, expect, it } from "vitest";
import { neutralizeCell, UTF8_BOM, writeCsv } from "@/modules/reports/lib/csv";
import {
  callCsv,
  callCsvFileName,
  rangeComment,
  reportCsv,
  reportFileName,
} from "@/modules/reports/lib/exports";
import { sampleCalls } from "@/lib/sample/calls";
import { formatDuration } from "@/lib/format/duration";
import { formatPhone, phoneDigits } from "@/lib/format/phone";

const lines = (csv: string) => csv.slice(1).split("\r\n");

describe("writeCsv", () => {
  it("starts with a UTF-8 BOM and ends records with CRLF", () => {
    const csv = writeCsv({ header: ["a", "b"], rows: [["x", 1]] });
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe("a,b\r\nx,1\r\n");
  });
  it("quotes commas, quotes and line breaks (RFC 4180) and keeps non-ASCII text as is", () => {
    const rows = [["Reed, Marcus", 'say "hi"', "two\nlines", "Müller", "حداد", "plain"]];
    const csv = writeCsv({ header: ["a", "b", "c", "d", "e", "f"], rows });
    expect(csv.slice(1)).toBe(
      'a,b,c,d,e,f\r\n"Reed, Marcus","say ""hi""","two\nlines",Müller,حداد,plain\r\n',
    );
  });
  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const v of ["=1+2", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(neutralizeCell(v)).toBe(`'${v}`);
    }
    const csv = writeCsv({ header: ["f", "g"], rows: [['=HYPERLINK("http://x","y")', "@me"]] });
    expect(lines(csv)[1]).toBe('"\'=HYPERLINK(""http://x"",""y"")",\'@me');
  });
  it("leaves ordinary text and numbers alone, negative numbers included", () => {
    for (const v of ["Olivia", "a=b", "1-2", "CALL-1001", "#tag", ""])
      expect(neutralizeCell(v)).toBe(v);
    expect(neutralizeCell(-5)).toBe(-5);
    expect(neutralizeCell(Number.NaN)).toBe("");
  });
  it("writes a comment line before the header and no data rows when there are none", () => {
    const csv = writeCsv({ comment: "range: a to b", header: ["x", "y"], rows: [] });
    expect(csv).toBe(`${UTF8_BOM}# range: a to b\r\nx,y\r\n`);
  });
});

describe("exports", () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const call = sampleCalls(now)[0];

  it("a call export holds the header and exactly that call's row", () => {
    expect(lines(callCsv(call))).toEqual([
      "id,dialed,originating,agent,duration_seconds,timestamp,disposition,business,note",
      `CALL-1001,4155550132,6285550100,Olivia Bennett,312,${new Date(call.timestamp).toISOString()},,,`,
      "",
    ]);
    expect(new Date(call.timestamp).toISOString()).toBe("2026-11-23T11:56:00.000Z");
    expect(callCsvFileName(call)).toBe("call-CALL-1001.csv");
    expect(callCsvFileName({ ...call, id: "a/b:c" })).toBe("call-a_b_c.csv");
  });
  it("a number starting with + is neutralised in the call export", () => {
    const intl = sampleCalls(now).find((c) => c.dialedNumber.startsWith("+"))!;
    expect(lines(callCsv(intl))[1]).toContain(",'+442071838750,");
  });

  const day = { start: new Date(2026, 10, 23), end: new Date(2026, 10, 23, 23, 59, 59, 999) };
  const range = { start: new Date(2026, 10, 1), end: new Date(2026, 10, 15, 23, 59, 59, 999) };
  const preset = { start: new Date(2026, 10, 23, 11, 40), end: new Date(2026, 10, 23, 12, 40) };

  it("Call Reports: range comment and header only", () => {
    const rows = lines(reportCsv("call-reports", range));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      /^# Call Reports range: 2026-11-01T00:00:00([+-]\d\d:\d\d|Z) to 2026-11-15T23:59:59([+-]\d\d:\d\d|Z)$/,
    );
    expect(rows[1]).toBe(
      "call_id,agent,duration_seconds,timestamp,disposition,business,note,direction,line_result,sip_status,setup_ms,average_mos,worst_mos,worst_jitter_ms,worst_loss_percent,answered_by,automatic_voicemail,abandoned",
    );
    expect(rows[2]).toBe("");
  });
  it("Sales History: range comment and header only", () => {
    const rows = lines(reportCsv("sales-history", day));
    expect(rows).toEqual([
      `# ${rangeComment("sales-history", day)}`,
      "sale_id,agent,amount,timestamp",
      "",
    ]);
    expect(rows[0]).toMatch(/^# Sales History range: 2026-11-23T00:00:00/);
  });
  it("file names carry the report and the range", () => {
    expect(reportFileName("call-reports", day, false)).toBe("call-reports_2026-11-23.csv");
    expect(reportFileName("sales-history", range, false)).toBe(
      "sales-history_2026-11-01_to_2026-11-15.csv",
    );
    expect(reportFileName("call-reports", preset, true)).toBe(
      "call-reports_2026-11-23T1140_to_2026-11-23T1240.csv",
    );
  });
});

describe("display formats", () => {
  it("durations are mm:ss", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(59)).toBe("00:59");
    expect(formatDuration(312)).toBe("05:12");
    expect(formatDuration(3725)).toBe("62:05");
    expect(formatDuration(-3)).toBe("00:00");
    expect(formatDuration(61.9)).toBe("01:01");
  });
  it("10 digits become (xxx) xxx-xxxx, anything else is unchanged", () => {
    expect(formatPhone("4155550132")).toBe("(415) 555-0132");
    expect(formatPhone("415-555-0132")).toBe("(415) 555-0132");
    expect(formatPhone("+442071838750")).toBe("+442071838750");
    expect(formatPhone("12345")).toBe("12345");
    expect(formatPhone("")).toBe("");
    expect(phoneDigits("+1 (415) 555-0132")).toBe("14155550132");
  });
});
