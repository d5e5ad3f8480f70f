import { describe, expect, it } from "vitest";
import {
  applyPreset,
  clickDay,
  emptySelection,
  monthBounds,
  rangeClick,
  selectionInterval,
  setMode,
  yearOptions,
} from "@/modules/reports/lib/calendar";
import { PRESETS, presetRange, type PresetId } from "@/modules/reports/lib/presets";

const day = (d: number, h = 0, m = 0) => new Date(2026, 10, d, h, m);
const fixed = new Date(2026, 10, 23, 12, 40, 15);
const clock = () => new Date(fixed);

describe("rangeClick", () => {
  it("first click sets the start (at the start of that day)", () => {
    expect(rangeClick({ start: null, end: null }, day(10, 15, 30))).toEqual({
      start: day(10),
      end: null,
    });
  });
  it("second click sets the end", () => {
    expect(rangeClick({ start: day(10), end: null }, day(14, 9))).toEqual({
      start: day(10),
      end: day(14),
    });
  });
  it("second click earlier than the start swaps the two", () => {
    expect(rangeClick({ start: day(10), end: null }, day(3))).toEqual({
      start: day(3),
      end: day(10),
    });
  });
  it("second click on the start day gives a one-day range", () => {
    expect(rangeClick({ start: day(10), end: null }, day(10, 18))).toEqual({
      start: day(10),
      end: day(10),
    });
  });
  it("third click starts again", () => {
    expect(rangeClick({ start: day(3), end: day(10) }, day(20))).toEqual({
      start: day(20),
      end: null,
    });
  });
});

describe("calendar selection", () => {
  it("single mode: each click selects just that day", () => {
    let s = emptySelection("single");
    s = clickDay(s, day(5, 13));
    expect(s).toEqual({ mode: "single", start: day(5), end: null, preset: null });
    s = clickDay(s, day(9));
    expect(s.start).toEqual(day(9));
    expect(selectionInterval(s)).toEqual({
      start: day(9),
      end: new Date(2026, 10, 9, 23, 59, 59, 999),
    });
  });
  it("range mode follows the click rules and covers whole days", () => {
    let s = emptySelection("range");
    s = clickDay(s, day(14));
    s = clickDay(s, day(2));
    expect(selectionInterval(s)).toEqual({
      start: day(2),
      end: new Date(2026, 10, 14, 23, 59, 59, 999),
    });
    s = clickDay(s, day(20));
    expect(s.start).toEqual(day(20));
    expect(s.end).toBeNull();
  });
  it("a range with only its start covers that day", () => {
    const s = clickDay(emptySelection("range"), day(7));
    expect(selectionInterval(s)).toEqual({
      start: day(7),
      end: new Date(2026, 10, 7, 23, 59, 59, 999),
    });
  });
  it("nothing selected has no interval", () => {
    expect(selectionInterval(emptySelection("single"))).toBeNull();
    expect(selectionInterval(emptySelection("range"))).toBeNull();
  });
  it("a preset switches to range mode with exact times, and the next click restarts", () => {
    const s = applyPreset("day", clock);
    expect(s.mode).toBe("range");
    expect(s.preset).toBe("day");
    expect(selectionInterval(s)).toEqual({ start: new Date(2026, 10, 22, 12, 40, 15), end: fixed });
    const next = clickDay(s, day(1));
    expect(next).toEqual({ mode: "range", start: day(1), end: null, preset: null });
  });
  it("changing mode clears the selection; the same mode keeps it", () => {
    const s = clickDay(emptySelection("single"), day(5));
    expect(setMode(s, "single")).toBe(s);
    expect(setMode(s, "range")).toEqual(emptySelection("range"));
  });
});

describe("presets", () => {
  const expected: Record<PresetId, number> = {
    pastHour: 60,
    hours12: 720,
    day: 1440,
    week: 10080,
    month: 43200,
    months3: 129600,
    months6: 259200,
  };
  it("are the spec's seven, in order", () => {
    expect(PRESETS.map((p) => [p.id, p.minutes])).toEqual(Object.entries(expected));
  });
  it.each(Object.entries(expected))("%s ends now and starts %i minutes earlier", (id, minutes) => {
    const { start, end } = presetRange(id as PresetId, clock);
    expect(end).toEqual(fixed);
    expect(fixed.getTime() - start.getTime()).toBe(minutes * 60_000);
  });
  it("a month is 30 days, 3 and 6 months 90 and 180", () => {
    const days = (id: PresetId) =>
      (fixed.getTime() - presetRange(id, clock).start.getTime()) / 86_400_000;
    expect([days("month"), days("months3"), days("months6")]).toEqual([30, 90, 180]);
  });
});

describe("year list", () => {
  it("is the current year plus or minus 5, eleven years", () => {
    const years = yearOptions(clock);
    expect(years).toHaveLength(11);
    expect(years[0]).toBe(2021);
    expect(years[10]).toBe(2031);
    expect(years).toContain(2026);
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });
  it("month bounds run from January of the first year to December of the last", () => {
    expect(monthBounds(clock)).toEqual({
      startMonth: new Date(2021, 0, 1),
      endMonth: new Date(2031, 11, 1),
    });
  });
});
