"use client";

import { useFormatter, useTranslations } from "next-intl";

const byteUnits = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"] as const;
const timeUnits = ["day", "hour", "minute", "second"] as const;

/**
 * The console's figures for the reader's language: numbers through Intl (next-intl's
 * formatter), byte units from messages (Admin.units), durations as Intl's narrow units. Pure
 * text; the panels isolate each figure in a `<bdi>` so that, in Arabic, a number and its unit
 * never swap places with the label beside them. (modules/console/lib/format.ts keeps the English forms the
 * server writes into logs and files.)
 */
export function useOpsFormat() {
  const format = useFormatter();
  const t = useTranslations("Admin.units");
  const unit = (value: number, name: (typeof timeUnits)[number] | "millisecond", digits = 0) =>
    format.number(value, {
      style: "unit",
      unit: name,
      unitDisplay: "narrow",
      maximumFractionDigits: digits,
    });

  /** 1536 → "1.5 KiB" (units of 1024; whole bytes below 1 KiB). */
  const bytes = (n: number) => {
    let value = n;
    let i = 0;
    while (value >= 1024 && i < byteUnits.length - 1) {
      value /= 1024;
      i++;
    }
    const figure = format.number(value, {
      minimumFractionDigits: i === 0 ? 0 : 1,
      maximumFractionDigits: i === 0 ? 0 : 1,
    });
    return t("bytes", { value: figure, unit: t(byteUnits[i]) });
  };

  /** Seconds → the largest two units: "3d 4h", "2h 5m", "23m 49s", "12s". */
  const duration = (totalSeconds: number) => {
    const s = Math.max(0, Math.floor(totalSeconds));
    const parts = [
      Math.floor(s / 86_400),
      Math.floor((s % 86_400) / 3600),
      Math.floor((s % 3600) / 60),
      s % 60,
    ];
    const first = parts.findIndex((n) => n > 0);
    if (first === -1) return unit(0, "second");
    return parts
      .map((n, i) => ({ n, name: timeUnits[i]! }))
      .slice(first, first + 2)
      .filter(({ n }, i) => i === 0 || n > 0)
      .map(({ n, name }) => unit(n, name))
      .join(" ");
  };

  /** Milliseconds → "850 ms", "12.3 s", "2m 5s". */
  const ms = (n: number) => {
    if (n < 1000) return unit(Math.round(n), "millisecond");
    if (n < 60_000) return unit(n / 1000, "second", 1);
    return duration(n / 1000);
  };

  return {
    bytes,
    duration,
    ms,
    number: (n: number, digits = 0) =>
      format.number(n, { maximumFractionDigits: digits, minimumFractionDigits: digits }),
  };
}
