import { describe, expect, it } from "vitest";
import {
  callDtoSchema,
  callListQuerySchema,
  callPutBodySchema,
  callStatsBodySchema,
  dispositionBodySchema,
  reportQuerySchema,
} from "@/modules/calls/lib/schemas";

const start = "2026-11-23T10:00:00.000Z";

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.path.join("."));
}

describe("callPutBodySchema", () => {
  it("accepts a new call and a completed one", () => {
    expect(
      callPutBodySchema.safeParse({ dialedDigits: "4155550132", startedAt: start }).success,
    ).toBe(true);
    const done = callPutBodySchema.parse({
      placeId: "ChIJ123",
      dialedDigits: "+442071838750",
      startedAt: start,
      connectedAt: "2026-11-23T10:00:05Z",
      endedAt: "2026-11-23T10:01:00+00:00",
      endReason: "remote",
    });
    expect(done.endReason).toBe("remote");
  });

  it("rejects times out of order, an end without its reason, bad digits", () => {
    expect(
      issues(
        callPutBodySchema.safeParse({
          dialedDigits: "1",
          startedAt: start,
          connectedAt: "2026-11-23T09:59:59Z",
        }),
      ),
    ).toEqual(["connectedAt"]);
    expect(
      issues(
        callPutBodySchema.safeParse({
          dialedDigits: "1",
          startedAt: start,
          connectedAt: "2026-11-23T10:00:30Z",
          endedAt: "2026-11-23T10:00:10Z",
          endReason: "local",
        }),
      ),
    ).toEqual(["endedAt"]);
    expect(
      issues(callPutBodySchema.safeParse({ dialedDigits: "1", startedAt: start, endedAt: start })),
    ).toEqual(["endReason"]);
    expect(issues(callPutBodySchema.safeParse({ dialedDigits: "41a5", startedAt: start }))).toEqual(
      ["dialedDigits"],
    );
    expect(
      issues(callPutBodySchema.safeParse({ dialedDigits: "1", startedAt: "yesterday" })),
    ).toEqual(["startedAt"]);
  });
});

describe("dispositionBodySchema", () => {
  it("normalises a sale's amount to two places", () => {
    expect(
      dispositionBodySchema.parse({ disposition: "sale", saleAmount: "1250" }).saleAmount,
    ).toBe("1250.00");
    expect(dispositionBodySchema.parse({ disposition: "sale", saleAmount: 99.5 }).saleAmount).toBe(
      "99.50",
    );
  });

  it("a sale needs an amount, a callback a time, and nothing else takes them", () => {
    expect(issues(dispositionBodySchema.safeParse({ disposition: "sale" }))).toEqual([
      "saleAmount",
    ]);
    expect(
      issues(dispositionBodySchema.safeParse({ disposition: "sale", saleAmount: "0" })),
    ).toEqual(["saleAmount"]);
    expect(
      issues(dispositionBodySchema.safeParse({ disposition: "sale", saleAmount: "1.234" })),
    ).toEqual(["saleAmount"]);
    expect(issues(dispositionBodySchema.safeParse({ disposition: "callback" }))).toEqual([
      "callbackAt",
    ]);
    expect(
      issues(
        dispositionBodySchema.safeParse({
          disposition: "busy",
          saleAmount: "5",
          callbackAt: start,
        }),
      ),
    ).toEqual(["saleAmount", "callbackAt"]);
    expect(
      dispositionBodySchema.safeParse({ disposition: "callback", callbackAt: start }).success,
    ).toBe(true);
  });

  it("an empty note is no note; long notes are refused", () => {
    expect(dispositionBodySchema.parse({ disposition: "busy", note: "  " }).note).toBeNull();
    expect(
      issues(dispositionBodySchema.safeParse({ disposition: "busy", note: "x".repeat(2001) })),
    ).toEqual(["note"]);
  });
});

describe("queries and DTO", () => {
  it("list defaults to my calls, 25 per page", () => {
    expect(callListQuerySchema.parse({})).toEqual({ scope: "mine", limit: 25 });
    expect(callListQuerySchema.safeParse({ limit: "500" }).success).toBe(false);
    expect(callListQuerySchema.parse({ disposition: "undisposed" }).disposition).toBe("undisposed");
  });

  it("stats take at most 100 places", () => {
    const ids = Array.from({ length: 101 }, (_, i) => `p${i}`);
    expect(callStatsBodySchema.safeParse({ placeIds: ids }).success).toBe(false);
    expect(callStatsBodySchema.safeParse({ placeIds: ids.slice(1) }).success).toBe(true);
  });

  it("report ranges keep their order", () => {
    expect(reportQuerySchema.parse({ from: start, to: start, withTime: "1" }).withTime).toBe(true);
    expect(reportQuerySchema.safeParse({ from: start, to: "2026-11-22T00:00:00Z" }).success).toBe(
      false,
    );
  });

  it("a DTO's amount has two places", () => {
    const dto = {
      id: "CALL-1001",
      placeId: null,
      businessName: null,
      dialedDigits: "4155550132",
      dialedNumber: "+14155550132",
      originatingNumber: null,
      agent: "demo",
      startedAt: start,
      connectedAt: null,
      endedAt: null,
      talkSeconds: null,
      endReason: null,
      disposition: "sale",
      note: null,
      saleAmount: "10.00",
      callbackAt: null,
      direction: "outbound",
      outcome: null,
      sipStatus: null,
      setupMs: null,
      quality: null,
      monitored: false,
    };
    expect(callDtoSchema.safeParse(dto).success).toBe(true);
    expect(callDtoSchema.safeParse({ ...dto, saleAmount: "10" }).success).toBe(false);
  });
});
