/**
 * The report calendar's selection (spec section 4 "Calendar"). Single mode: a click selects one
 * day. Range mode: the first click sets the start, the second the end (the two swap when the
 * second is earlier), the third starts a new range. A preset switches to range mode with exact
 * times. react-day-picker draws the month; these rules decide what a click means.
 */
import { addYears, endOfDay, isBefore, isSameDay, startOfDay, startOfYear } from "date-fns";
import { presetRange, systemClock, type Clock, type PresetId } from "@/modules/reports/lib/presets";

export type CalendarMode = "single" | "range";

export type CalendarSelection = {
  mode: CalendarMode;
  start: Date | null;
  end: Date | null;
  /** Set when a preset chose the range: start and end are exact times, not whole days. */
  preset: PresetId | null;
};

export const emptySelection = (mode: CalendarMode = "single"): CalendarSelection => ({
  mode,
  start: null,
  end: null,
  preset: null,
});

/** The range-click rules on their own: first click start, second end (swapped), third restart. */
export function rangeClick(
  current: { start: Date | null; end: Date | null },
  day: Date,
): { start: Date; end: Date | null } {
  const clicked = startOfDay(day);
  if (!current.start || current.end) return { start: clicked, end: null };
  const start = startOfDay(current.start);
  return isBefore(clicked, start) ? { start: clicked, end: start } : { start, end: clicked };
}

export function clickDay(selection: CalendarSelection, day: Date): CalendarSelection {
  if (selection.mode === "single") {
    return { mode: "single", start: startOfDay(day), end: null, preset: null };
  }
  // A preset range counts as complete, so the next click starts a new day range.
  return { mode: "range", ...rangeClick(selection, day), preset: null };
}

/** Changing mode drops the selection: a day and a range are different questions. */
export function setMode(selection: CalendarSelection, mode: CalendarMode): CalendarSelection {
  return selection.mode === mode ? selection : emptySelection(mode);
}

export function applyPreset(id: PresetId, clock: Clock = systemClock): CalendarSelection {
  return { mode: "range", ...presetRange(id, clock), preset: id };
}

/**
 * The period a report covers: whole days from the start of the first to the end of the last, or
 * a preset's exact times. A range whose end is not chosen yet covers its first day. Null when
 * nothing is selected, which is when Extract CSV must refuse.
 */
export function selectionInterval(selection: CalendarSelection): { start: Date; end: Date } | null {
  const { start, end, preset } = selection;
  if (!start) return null;
  if (preset && end) return { start, end };
  return { start: startOfDay(start), end: endOfDay(end ?? start) };
}

/** Whether the days in the grid should be drawn as one day or as a range start..end. */
export function isSingleDay(selection: CalendarSelection): boolean {
  return !!selection.start && (!selection.end || isSameDay(selection.start, selection.end));
}

/** Year dropdown (spec section 9): the current year plus or minus 5, eleven years in all. */
export const YEARS_AROUND = 5;

export function yearOptions(clock: Clock = systemClock): number[] {
  const year = clock().getFullYear();
  return Array.from({ length: 2 * YEARS_AROUND + 1 }, (_, i) => year - YEARS_AROUND + i);
}

/** The first and last month the calendar can show, matching yearOptions. */
export function monthBounds(clock: Clock = systemClock): { startMonth: Date; endMonth: Date } {
  const thisYear = startOfYear(clock());
  return {
    startMonth: addYears(thisYear, -YEARS_AROUND),
    endMonth: new Date(addYears(thisYear, YEARS_AROUND).getFullYear(), 11, 1),
  };
}
