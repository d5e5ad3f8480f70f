// The call body's own bound on a call's length (the clock-relative bounds need the server's
// clock and are covered by tests/api/calls-time-bounds.test.ts).
import { describe, expect, it } from "vitest";
import { CALL_MAX_MS, callPutBodySchema } from "@/modules/calls/lib/schemas";

const start = "2026-11-23T10:00:00.000Z";
const after = (ms: number) => new Date(Date.parse(start) + ms).toISOString();

function issues(body: Record<string, unknown>) {
  const result = callPutBodySchema.safeParse({ dialedDigits: "1", startedAt: start, ...body });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("callPutBodySchema: how long a call may last", () => {
  it("accepts exactly 24 hours from start to end", () => {
    expect(issues({ endedAt: after(CALL_MAX_MS), endReason: "local" })).toEqual([]);
  });

  it("refuses an end, or a connect, more than 24 hours after the start", () => {
    expect(issues({ endedAt: after(CALL_MAX_MS + 1000), endReason: "local" })).toEqual([
      "endedAt: A call cannot last more than 24 hours",
    ]);
    expect(issues({ connectedAt: after(CALL_MAX_MS + 1000) })).toEqual([
      "connectedAt: A call cannot last more than 24 hours",
    ]);
  });

  it("refuses a start in 1958 ended today, whose talk seconds would not fit an int", () => {
    expect(
      issues({
        startedAt: "1958-03-01T10:00:00.000Z",
        connectedAt: "1958-03-01T10:00:05.000Z",
        endedAt: start,
        endReason: "remote",
      }),
    ).toEqual(["endedAt: A call cannot last more than 24 hours"]);
  });
});
