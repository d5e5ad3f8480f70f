"use client";

import { useFormatter, useTimeZone } from "next-intl";
import { useMemo } from "react";
import { instantFormat } from "@/lib/format/date-time";

/**
 * Formats instants as the rest of the app does (lib/format/date-time.ts): in the rep's time
 * zone (Settings' or the browser's) and the active language. Facility data only exists in the
 * browser, so these strings are never rendered on the server.
 */
export function useLocalTime() {
  const format = useFormatter();
  const timeZone = useTimeZone();
  return useMemo(
    () => ({
      format: (ts: number) => format.dateTime(new Date(ts), instantFormat),
      zone: timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
    [format, timeZone],
  );
}
