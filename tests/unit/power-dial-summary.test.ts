import { describe, expect, it } from "vitest";
import { summarise, todaysSummaries } from "@/modules/power-dial/lib/summary";

describe("session summary", () => {
  const startedAt = new Date("2026-11-23T15:00:00Z");
  const endedAt = new Date("2026-11-23T15:10:00Z");

  it("counts dials, conversations by flag, talk time, dispositions in prompt order, time per dial", () => {
    const s = summarise(
      [
        { placeId: "a", disposition: "no_answer", talkSeconds: 0 },
        { placeId: "b", disposition: "sale", talkSeconds: 180 },
        { placeId: "c", disposition: "interested", talkSeconds: 95 },
        { placeId: "d", disposition: "do_not_call", talkSeconds: 12 },
        { placeId: "e", disposition: null, talkSeconds: 30 },
        { placeId: "f", disposition: "no_answer", talkSeconds: 0 },
      ],
      { startedAt, endedAt, queued: 12, skipped: 4, leftOut: 3 },
    );
    expect(s).toEqual({
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      dials: 6,
      conversations: 2,
      talkSeconds: 317,
      dispositions: { interested: 1, sale: 1, no_answer: 2, do_not_call: 1 },
      undisposed: 1,
      // 12 queued = 6 dials + 4 skipped + 2 the session never reached.
      queued: 12,
      skipped: 4,
      notDialed: 2,
      leftOut: 3,
      secondsPerDial: 100,
    });
    expect(Object.keys(s.dispositions)).toEqual(["interested", "sale", "no_answer", "do_not_call"]);
  });

  it("has no time per dial without dials", () => {
    expect(summarise([], { startedAt, endedAt, queued: 2, skipped: 2, leftOut: 0 })).toMatchObject({
      dials: 0,
      secondsPerDial: null,
      skipped: 2,
      notDialed: 0,
    });
  });

  it("keeps only today's sessions (the rep's local day)", () => {
    const now = new Date(2026, 10, 23, 12, 0);
    const mk = (d: Date) =>
      summarise([], { startedAt: d, endedAt: d, queued: 0, skipped: 0, leftOut: 0 });
    const kept = todaysSummaries(
      [
        mk(new Date(2026, 10, 23, 8, 0)),
        mk(new Date(2026, 10, 22, 23, 59)),
        mk(new Date(2026, 10, 23, 0, 0)),
      ],
      now,
    );
    expect(kept).toHaveLength(2);
  });
});
