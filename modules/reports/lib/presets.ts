/**
 * Calendar presets (spec section 9): minutes before now, a month being 30 days. A preset puts
 * the calendar in range mode with start = now minus the preset and end = now.
 */
import { subMinutes } from "date-fns";

export const PRESETS = [
  { id: "pastHour", minutes: 60 },
  { id: "hours12", minutes: 720 },
  { id: "day", minutes: 1440 },
  { id: "week", minutes: 10080 },
  { id: "month", minutes: 43200 },
  { id: "months3", minutes: 129600 },
  { id: "months6", minutes: 259200 },
] as const;

export type PresetId = (typeof PRESETS)[number]["id"];

/** A clock is injected so tests (and one render) see a single fixed "now". */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function presetMinutes(id: PresetId): number {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`Unknown preset ${id}`);
  return preset.minutes;
}

export function presetRange(id: PresetId, clock: Clock = systemClock): { start: Date; end: Date } {
  const end = clock();
  return { start: subMinutes(end, presetMinutes(id)), end };
}
