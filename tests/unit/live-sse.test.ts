// The live channel's SSE reader and its change check: events split anywhere across chunks, CRLF
// and LF lines, comments (keep-alives) ignored, multi-line data joined; unknown topics refused.
import { describe, expect, it } from "vitest";
import { parseTeamChange } from "@/lib/live/changes";
import { createSseParser } from "@/lib/live/sse";

function read(chunks: string[]) {
  const events: [string, string][] = [];
  const parse = createSseParser((name, data) => events.push([name, data]));
  chunks.forEach(parse);
  return events;
}

describe("createSseParser", () => {
  const text =
    'retry: 2000\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: change\ndata: {"topic":"calls","by":"u1"}\n\ndata: a\ndata: b\n\n';
  const expected: [string, string][] = [
    ["ready", "{}"],
    ["change", '{"topic":"calls","by":"u1"}'],
    ["message", "a\nb"],
  ];

  it("reads whole events, named or not, and skips comments", () => {
    expect(read([text])).toEqual(expected);
  });

  it("reads the same events however the stream is cut", () => {
    for (let size = 1; size <= 7; size++) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g"))!;
      expect(read(chunks)).toEqual(expected);
    }
  });

  it("reads CRLF lines, and holds an event until its blank line arrives", () => {
    expect(read(["event: change\r\ndata: x\r\n"])).toEqual([]);
    expect(read(["event: change\r\ndata: x\r\n\r\n"])).toEqual([["change", "x"]]);
  });
});

describe("parseTeamChange", () => {
  it("keeps a known change and refuses anything else", () => {
    expect(parseTeamChange({ topic: "records", placeId: "p1", by: "u1" })).toEqual({
      topic: "records",
      placeId: "p1",
      by: "u1",
    });
    expect(parseTeamChange({ topic: "calls", by: "u1" })).toEqual({ topic: "calls", by: "u1" });
    expect(parseTeamChange({ topic: "secrets", by: "u1" })).toBeNull();
    expect(parseTeamChange({ topic: "calls" })).toBeNull();
    expect(parseTeamChange({ topic: "records", placeId: 5, by: "u1" })).toBeNull();
    expect(parseTeamChange("calls")).toBeNull();
  });
});
