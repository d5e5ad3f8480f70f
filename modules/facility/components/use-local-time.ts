"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";

/**
 * Formats instants in the rep's time zone (the browser's) and the active language. Facility
 * data only exists in the browser, so these strings are never rendered on the server.
 */
export function useLocalTime() {
  const locale = useLocale();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    const zone = new Intl.DateTimeFormat(locale).resolvedOptions().timeZone;
    return { format: (ts: number) => dateTime.format(ts), zone };
  }, [locale]);
}
