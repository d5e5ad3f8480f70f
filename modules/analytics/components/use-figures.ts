"use client";

import { useFormatter } from "next-intl";

/** Locale-aware number formats of the Analytics screen (Intl, through next-intl). */
export function useFigures() {
  const format = useFormatter();
  return {
    count: (n: number) => format.number(n),
    percent: (r: number | null) =>
      r === null ? "—" : format.number(r, { style: "percent", maximumFractionDigits: 1 }),
    money: (n: number) =>
      format.number(n, { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
    minutes: (seconds: number) =>
      format.number(Math.round(seconds / 60), {
        style: "unit",
        unit: "minute",
        unitDisplay: "short",
      }),
    seconds: (seconds: number | null) =>
      seconds === null
        ? "—"
        : format.number(Math.round(seconds), {
            style: "unit",
            unit: "second",
            unitDisplay: "short",
          }),
    decimal: (n: number | null) =>
      n === null ? "—" : format.number(n, { maximumFractionDigits: 1 }),
    change: (r: number) =>
      format.number(r, { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" }),
    /** "2026-03-08" or "2026-03-08T09:00" (local wall-clock, no zone) as a short label. */
    bucket: (start: string, unit: "hour" | "day") => {
      const at = new Date(`${start.length === 10 ? `${start}T00:00` : start}:00Z`);
      return unit === "hour"
        ? format.dateTime(at, { timeZone: "UTC", hour: "numeric", minute: "2-digit" })
        : format.dateTime(at, { timeZone: "UTC", month: "short", day: "numeric" });
    },
  };
}
export type Figures = ReturnType<typeof useFigures>;
