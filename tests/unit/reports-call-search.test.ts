import { describe, expect, it } from "vitest";
import { searchCall } from "@/modules/reports/lib/call-search";
import { sampleAgents } from "@/lib/sample/dashboard";
import { sampleCalls, type SampleCall } from "@/lib/sample/calls";

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const calls = sampleCalls(now);
const idOf = (q: string) => searchCall(calls, q)?.call.id ?? null;

describe("sample calls", () => {
  it("are newest first, timed before now, with the dashboard's agents", () => {
    const agents = new Set(sampleAgents.map((a) => a.name));
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (const c of calls) {
      expect(agents.has(c.agent)).toBe(true);
      expect(c.timestamp).toBeLessThanOrEqual(now);
    }
    const times = calls.map((c) => c.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
  });
});

describe("searchCall", () => {
  it("finds nothing for an empty or blank query", () => {
    expect(searchCall(calls, "")).toBeNull();
    expect(searchCall(calls, "   ")).toBeNull();
  });
  it("finds by id, trimmed and case-insensitive", () => {
    expect(searchCall(calls, "  call-1007 ")).toEqual({ call: calls[6], matchedBy: "id" });
    expect(idOf("CALL-1012")).toBe("CALL-1012");
  });
  it("finds by dialed number whatever its formatting", () => {
    for (const q of [
      "4155550132",
      "(415) 555-0132",
      "415.555.0132",
      "+1 415 555 0132",
      " 415-555-0132 ",
    ]) {
      expect(searchCall(calls, q)).toEqual({ call: calls[0], matchedBy: "number" });
    }
    expect(idOf("+44 20 7183 8750")).toBe("CALL-1011");
  });
  it("finds by originating number, newest call first", () => {
    expect(idOf("(628) 555-0103")).toBe("CALL-1004");
    // 628-555-0100 originated CALL-1001 and CALL-1009; the newest wins.
    expect(idOf("628 555 0100")).toBe("CALL-1001");
  });
  it("finds by part of a number from four digits on", () => {
    expect(idOf("555-0144")).toBe("CALL-1003");
    expect(idOf("0144")).toBe("CALL-1003");
    expect(idOf("014")).toBeNull();
  });
  it("finds by agent name, full or partial, case-insensitive", () => {
    expect(searchCall(calls, "sofia alvarez")).toEqual({ call: calls[2], matchedBy: "agent" });
    expect(idOf("  YUSUF ")).toBe("CALL-1008");
    expect(idOf("kaya")).toBe("CALL-1008");
  });
  it("prefers an exact match over a partial one earlier in the list", () => {
    const list: SampleCall[] = [
      { ...calls[0], id: "X-10", agent: "Ann Lee" },
      { ...calls[1], id: "X-1", agent: "Bo" },
    ];
    expect(searchCall(list, "x-1")?.call.id).toBe("X-1");
  });
  it("finds nothing for text that matches no field", () => {
    expect(idOf("Nobody Here")).toBeNull();
    expect(idOf("CALL-9999")).toBeNull();
    expect(idOf("999-999-9999")).toBeNull();
  });
});
