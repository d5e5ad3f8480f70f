import { describe, expect, it } from "vitest";
import {
  callingWindow,
  formatLocalTime,
  localMinuteOfWeek,
  type DefaultWindow,
} from "@/modules/power-dial/lib/calling-window";
import { parseDays, parseWindow } from "@/lib/env-parsers";
import type { OpeningHours, OpeningPeriod } from "@/modules/places/lib/schemas";

const nineToSix: DefaultWindow = { startMinute: 9 * 60, endMinute: 18 * 60, days: [1, 2, 3, 4, 5] };

const hours = (periods: OpeningPeriod[]): OpeningHours => ({
  open_now: null,
  periods,
  weekday_text: [],
});
const at = (day: number, hour: number, minute = 0) => ({ day, hour, minute });
const weekdays9to17 = [1, 2, 3, 4, 5].map((d) => ({ open: at(d, 9), close: at(d, 17) }));

// 2026-11-23 is a Monday. Austin in winter is UTC-6 (-360).
const utc = (iso: string) => new Date(`${iso}Z`);
const austin = (periods: OpeningPeriod[] | null, offset = -360) => ({
  opening_hours: periods === null ? null : hours(periods),
  utc_offset_minutes: offset,
});

describe("callingWindow: published hours", () => {
  it("is open inside a period and says when it closes, in business-local time", () => {
    // 16:00 UTC = 10:00 in Austin on Monday.
    const w = callingWindow(austin(weekdays9to17), utc("2026-11-23T16:00:00"), nineToSix);
    expect(w).toMatchObject({
      state: "open",
      source: "hours",
      closesAt: at(1, 17),
      now: at(1, 10),
    });
  });

  it("treats the close minute as closed and the open minute as open", () => {
    expect(
      callingWindow(austin(weekdays9to17), utc("2026-11-23T23:00:00"), nineToSix),
    ).toMatchObject({ state: "closed", opensAt: at(2, 9), opensInMinutes: 16 * 60 });
    expect(
      callingWindow(austin(weekdays9to17), utc("2026-11-23T15:00:00"), nineToSix),
    ).toMatchObject({ state: "open" });
    expect(
      callingWindow(austin(weekdays9to17), utc("2026-11-23T14:59:00"), nineToSix),
    ).toMatchObject({ state: "closed", opensAt: at(1, 9), opensInMinutes: 1 });
  });

  it("on Friday evening opens next Monday (across the week's end)", () => {
    // Friday 2026-11-27 20:00 Austin = Saturday 02:00 UTC.
    const w = callingWindow(austin(weekdays9to17), utc("2026-11-28T02:00:00"), nineToSix);
    expect(w).toMatchObject({ state: "closed", opensAt: at(1, 9), now: at(5, 20) });
    if (w.state === "closed") expect(w.opensInMinutes).toBe((2 * 24 + 13) * 60);
  });

  it("handles hours crossing midnight (bar open 18:00-02:00)", () => {
    const bar = [1, 2, 3, 4, 5, 6].map((d) => ({ open: at(d, 18), close: at((d + 1) % 7, 2) }));
    // Tuesday 01:30 local: still inside Monday's period.
    expect(callingWindow(austin(bar), utc("2026-11-24T07:30:00"), nineToSix)).toMatchObject({
      state: "open",
      closesAt: at(2, 2),
      now: at(2, 1, 30),
    });
    // Tuesday 02:00 local: closed until 18:00.
    expect(callingWindow(austin(bar), utc("2026-11-24T08:00:00"), nineToSix)).toMatchObject({
      state: "closed",
      opensAt: at(2, 18),
    });
  });

  it("handles a Saturday period that closes on Sunday (wrapping the week)", () => {
    const sat = [{ open: at(6, 22), close: at(0, 3) }];
    // Sunday 01:00 local = Sunday 07:00 UTC (2026-11-29).
    expect(callingWindow(austin(sat), utc("2026-11-29T07:00:00"), nineToSix)).toMatchObject({
      state: "open",
      closesAt: at(0, 3),
    });
    // Saturday 23:00 local.
    expect(callingWindow(austin(sat), utc("2026-11-29T05:00:00"), nineToSix)).toMatchObject({
      state: "open",
    });
    expect(callingWindow(austin(sat), utc("2026-11-29T09:00:00"), nineToSix)).toMatchObject({
      state: "closed",
      opensAt: at(6, 22),
    });
  });

  it("treats a period without close as open 24 hours, every day", () => {
    const allDay = [{ open: at(0, 0), close: null }];
    for (const iso of ["2026-11-23T03:00:00", "2026-11-28T12:00:00", "2026-11-29T23:59:00"]) {
      expect(callingWindow(austin(allDay), utc(iso), nineToSix)).toMatchObject({
        state: "open",
        closesAt: null,
      });
    }
  });

  it("treats an empty period list as never open, even inside the default window", () => {
    const w = callingWindow(austin([]), utc("2026-11-23T16:00:00"), nineToSix);
    expect(w).toEqual({
      state: "closed",
      source: "hours",
      opensAt: null,
      opensInMinutes: null,
      now: at(1, 10),
    });
  });

  it("ignores the provider's stale open_now and uses the periods", () => {
    const place = {
      opening_hours: { open_now: true, periods: weekdays9to17, weekday_text: [] },
      utc_offset_minutes: -360,
    };
    expect(callingWindow(place, utc("2026-11-24T03:00:00"), nineToSix).state).toBe("closed");
  });

  it("picks the nearest of several periods on one day (lunch break)", () => {
    const split = [
      { open: at(1, 8), close: at(1, 12) },
      { open: at(1, 13), close: at(1, 17) },
    ];
    // Monday 12:30 local.
    expect(callingWindow(austin(split), utc("2026-11-23T18:30:00"), nineToSix)).toMatchObject({
      state: "closed",
      opensAt: at(1, 13),
      opensInMinutes: 30,
    });
  });
});

describe("callingWindow: time zones by UTC offset", () => {
  const instant = utc("2026-11-23T16:00:00"); // Monday 16:00 UTC

  it("gives different answers for the same instant in different zones", () => {
    const places = [
      { offset: -360, state: "open", hour: 10 }, // Austin: 10:00
      { offset: 0, state: "open", hour: 16 }, // London: 16:00
      { offset: 60, state: "closed", hour: 17 }, // Berlin: 17:00, the close minute
      { offset: 330, state: "closed", hour: 21 }, // Mumbai (+05:30): 21:30
      { offset: 540, state: "closed", hour: 1 }, // Tokyo: Tuesday 01:00
    ];
    for (const p of places) {
      const w = callingWindow(austin(weekdays9to17, p.offset), instant, nineToSix);
      expect(w.state, `offset ${p.offset}`).toBe(p.state);
      if (w.state !== "unknown") expect(w.now.hour).toBe(p.hour);
    }
  });

  it("handles half-hour and 45-minute offsets to the minute", () => {
    // Nepal +05:45: 03:14 UTC = 09:00 local... minus one minute is 08:59.
    expect(localMinuteOfWeek(utc("2026-11-23T03:15:00"), 345) % 1440).toBe(9 * 60);
    expect(
      callingWindow(austin(weekdays9to17, 345), utc("2026-11-23T03:14:00"), nineToSix),
    ).toMatchObject({ state: "closed", opensInMinutes: 1 });
  });

  it("rolls the local day across UTC midnight in both directions", () => {
    // Monday 02:00 UTC is Sunday 20:00 in Austin, Monday 11:00 in Tokyo.
    expect(localMinuteOfWeek(utc("2026-11-23T02:00:00"), -360)).toBe(0 * 1440 + 20 * 60);
    expect(localMinuteOfWeek(utc("2026-11-23T02:00:00"), 540)).toBe(1 * 1440 + 11 * 60);
    // Saturday 23:00 UTC is Sunday 08:00 in Tokyo (week wraps forward).
    expect(localMinuteOfWeek(utc("2026-11-28T23:00:00"), 540)).toBe(8 * 60);
  });

  it("does not depend on the machine's time zone", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "Asia/Kolkata";
      const a = callingWindow(austin(weekdays9to17), utc("2026-11-23T16:00:00"), nineToSix);
      process.env.TZ = "America/Los_Angeles";
      const b = callingWindow(austin(weekdays9to17), utc("2026-11-23T16:00:00"), nineToSix);
      expect(a).toEqual(b);
    } finally {
      process.env.TZ = before;
    }
  });

  it("is unknown without an offset (a search row before its details)", () => {
    expect(
      callingWindow(
        { opening_hours: hours(weekdays9to17), utc_offset_minutes: null },
        new Date(),
        nineToSix,
      ),
    ).toEqual({ state: "unknown" });
  });
});

describe("callingWindow: DST edges (a fixed offset is the offset Places saw)", () => {
  // US spring forward: 2026-03-08 02:00 CST -> 03:00 CDT (08:00 UTC). Austin is -360 before, -300 after.
  it("is exact when the offset matches the instant (fetched after the change)", () => {
    // Monday 2026-03-09 14:00 UTC = 09:00 CDT: open.
    expect(
      callingWindow(austin(weekdays9to17, -300), utc("2026-03-09T14:00:00"), nineToSix),
    ).toMatchObject({ state: "open", now: at(1, 9) });
  });

  it("is one hour behind with an offset fetched before the change (the documented limit)", () => {
    // The same instant with the stale winter offset reads 08:00: closed, opening in 60 minutes.
    expect(
      callingWindow(austin(weekdays9to17, -360), utc("2026-03-09T14:00:00"), nineToSix),
    ).toMatchObject({ state: "closed", opensInMinutes: 60, now: at(1, 8) });
  });

  it("has no skipped or repeated local hour: local time moves with UTC at a fixed offset", () => {
    // Across the instant of the US change, the local minute advances one for one.
    const before = localMinuteOfWeek(utc("2026-03-08T07:59:00"), -360);
    const after = localMinuteOfWeek(utc("2026-03-08T08:01:00"), -360);
    expect(after - before).toBe(2);
  });

  it("handles a southern-hemisphere summer offset (Sydney +11:00 in November)", () => {
    // Monday 2026-11-23 00:00 UTC = 11:00 in Sydney (AEDT).
    expect(
      callingWindow(austin(weekdays9to17, 660), utc("2026-11-23T00:00:00"), nineToSix),
    ).toMatchObject({ state: "open", now: at(1, 11) });
  });
});

describe("callingWindow: no hours, the organization window", () => {
  it("is open inside 09:00-18:00 business-local on a listed day", () => {
    expect(callingWindow(austin(null), utc("2026-11-23T16:00:00"), nineToSix)).toMatchObject({
      state: "open",
      source: "default",
      closesAt: at(1, 18),
    });
  });

  it("is closed outside it and on days not listed", () => {
    // Monday 18:00 local.
    expect(callingWindow(austin(null), utc("2026-11-24T00:00:00"), nineToSix)).toMatchObject({
      state: "closed",
      source: "default",
      opensAt: at(2, 9),
    });
    // Saturday noon local: opens Monday.
    expect(callingWindow(austin(null), utc("2026-11-28T18:00:00"), nineToSix)).toMatchObject({
      state: "closed",
      opensAt: at(1, 9),
    });
  });

  it("supports a window crossing midnight and a 24-hour window", () => {
    const night: DefaultWindow = { startMinute: 22 * 60, endMinute: 2 * 60, days: [1] };
    expect(callingWindow(austin(null), utc("2026-11-24T07:00:00"), night)).toMatchObject({
      state: "open",
      closesAt: at(2, 2),
    });
    const always: DefaultWindow = { startMinute: 0, endMinute: 0, days: [0, 1, 2, 3, 4, 5, 6] };
    expect(callingWindow(austin(null), utc("2026-11-29T09:00:00"), always).state).toBe("open");
  });

  it("never opens with no days", () => {
    expect(
      callingWindow(austin(null), utc("2026-11-23T16:00:00"), { ...nineToSix, days: [] }),
    ).toMatchObject({ state: "closed", opensAt: null });
  });
});

describe("parsing and formatting the settings", () => {
  it("parses windows and rejects malformed ones", () => {
    expect(parseWindow("09:00-18:00")).toEqual({ startMinute: 540, endMinute: 1080 });
    expect(parseWindow("22:30-02:00")).toEqual({ startMinute: 1350, endMinute: 120 });
    expect(parseWindow("00:00-24:00")).toEqual({ startMinute: 0, endMinute: 0 });
    for (const bad of ["9-18", "09:00", "25:00-18:00", "09:60-18:00", "24:30-01:00", ""]) {
      expect(parseWindow(bad), bad).toBeNull();
    }
  });

  it("parses day lists and ranges", () => {
    expect(parseDays("1-5")).toEqual([1, 2, 3, 4, 5]);
    expect(parseDays("0,6")).toEqual([0, 6]);
    expect(parseDays("1-3, 5")).toEqual([1, 2, 3, 5]);
    for (const bad of ["7", "5-1", "mon", "1,,2"]) expect(parseDays(bad), bad).toBeNull();
  });

  it("formats the business's wall time without converting it", () => {
    expect(formatLocalTime(at(1, 9, 5), "en-GB", false)).toBe("9:05");
    expect(formatLocalTime(at(1, 9, 5), "en-GB", true)).toMatch(/^Mon/);
    // "Open · closes 6:00 PM" in American English: no leading zero on the hour.
    expect(formatLocalTime(at(1, 18, 0), "en-US", false)).toMatch(/^6:00\s?PM$/);
    expect(formatLocalTime(at(0, 14, 0), "de", true)).toMatch(/So/);
  });
});
