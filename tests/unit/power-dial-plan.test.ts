import { describe, expect, it } from "vitest";
import type { DefaultWindow } from "@/modules/power-dial/lib/calling-window";
import { planSession } from "@/modules/power-dial/lib/plan";
import { emptyPlace, type Place } from "@/modules/places/lib/schemas";

const window: DefaultWindow = { startMinute: 540, endMinute: 1080, days: [1, 2, 3, 4, 5] };
// Monday 2026-11-23 16:00 UTC = 10:00 in Austin (-360).
const now = new Date("2026-11-23T16:00:00Z");
const free = { doNotCall: false, reservedBy: null, recentCallAt: null };

function place(id: string, opts: Partial<Place> = {}): Place {
  return { ...emptyPlace(id, id), phone: "(512) 555-0101", utc_offset_minutes: -360, ...opts };
}
const closedHours = {
  open_now: true,
  periods: [{ open: { day: 1, hour: 13, minute: 0 }, close: { day: 1, hour: 17, minute: 0 } }],
  weekday_text: [],
};

describe("planSession (the preview's skip rules)", () => {
  const places = [
    place("open"),
    place("closed", { opening_hours: closedHours }),
    place("nophone", { phone: null }),
    place("blank", { phone: "  " }),
    place("dnc"),
    place("reserved"),
    place("recent"),
    place("unknown", { utc_offset_minutes: null, opening_hours: closedHours }),
    place("open"),
  ];
  const checks = {
    open: free,
    closed: free,
    dnc: { ...free, doNotCall: true },
    reserved: { ...free, reservedBy: "olivia" },
    recent: { ...free, recentCallAt: "2026-11-23T15:00:00.000Z" },
  };

  it("counts each skipped business once, under the first reason, and keeps the order", () => {
    const plan = planSession(places, checks, { now, window, includeClosed: false });
    expect(plan.total).toBe(8);
    expect(plan.counts).toEqual({ noPhone: 2, doNotCall: 1, reserved: 1, recent: 1, closed: 1 });
    expect(plan.toDial.map((p) => p.place_id)).toEqual(["open", "unknown"]);
    expect(plan.rows.find((r) => r.place.place_id === "closed")?.window).toMatchObject({
      state: "closed",
      opensAt: { day: 1, hour: 13, minute: 0 },
    });
  });

  it("dials closed businesses when the rep includes them, never the other skips", () => {
    const plan = planSession(places, checks, { now, window, includeClosed: true });
    expect(plan.counts.closed).toBe(0);
    expect(plan.toDial.map((p) => p.place_id)).toEqual(["open", "closed", "unknown"]);
  });

  it("dials businesses the team called recently when the rep includes them", () => {
    const plan = planSession(places, checks, {
      now,
      window,
      includeClosed: false,
      includeRecent: true,
    });
    expect(plan.counts.recent).toBe(0);
    expect(plan.toDial.map((p) => p.place_id)).toEqual(["open", "recent", "unknown"]);
  });

  it("prefers no phone over do-not-call, and do-not-call over closed", () => {
    const plan = planSession(
      [place("x", { phone: null }), place("y", { opening_hours: closedHours })],
      { x: { ...free, doNotCall: true }, y: { ...free, doNotCall: true } },
      { now, window, includeClosed: false },
    );
    expect(plan.counts).toMatchObject({ noPhone: 1, doNotCall: 1, closed: 0 });
  });

  it("uses the organization window for places without hours", () => {
    const evening = new Date("2026-11-24T01:00:00Z"); // Monday 19:00 in Austin
    const plan = planSession([place("a")], {}, { now: evening, window, includeClosed: false });
    expect(plan.counts.closed).toBe(1);
    expect(plan.rows[0]?.window).toMatchObject({ state: "closed", source: "default" });
  });
});
