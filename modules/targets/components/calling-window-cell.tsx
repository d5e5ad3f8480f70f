"use client";

import { useLocale, useTranslations } from "next-intl";
import { useContext, useSyncExternalStore } from "react";
import { callingWindow, formatLocalTime } from "@/modules/power-dial/lib/calling-window";
import type { Place } from "@/modules/places/lib/schemas";
import { DialSettingsContext } from "./dial-settings-context";

const minuteNow = () => Math.floor(Date.now() / 60_000);
const noMinute = () => -1;
function subscribeMinutes(onChange: () => void) {
  const id = window.setInterval(onChange, 15_000);
  return () => window.clearInterval(id);
}

/** The current minute, refreshed as it changes (client only; null during the server render). */
export function useMinuteClock(): Date | null {
  const minute = useSyncExternalStore(subscribeMinutes, minuteNow, noMinute);
  return minute < 0 ? null : new Date(minute * 60_000);
}

/**
 * Open · closes 6:00 PM / Opens at 9:00 AM (Tue 9:00 AM when not today), in the business's local
 * time, from its opening hours and UTC offset; places without hours use the organization's
 * window. "Open now" for a business open around the clock.
 */
export function CallingWindowLabel({ place, now }: { place: Place; now: Date | null }) {
  const t = useTranslations("Targets");
  const locale = useLocale();
  const settings = useContext(DialSettingsContext);
  if (!now || (!place.opening_hours && !settings)) return null;
  const w = callingWindow(
    place,
    now,
    settings?.window ?? { startMinute: 0, endMinute: 0, days: [] },
  );
  if (w.state === "unknown") {
    return <span className="text-fg-muted">{t("hours.unknown")}</span>;
  }
  if (w.state === "open") {
    // "Open · closes 6:00 PM", in the business's local time (a later day named when not today).
    return (
      <span className="font-medium text-success-soft-fg" data-window="open">
        {w.closesAt
          ? t("hours.openCloses", {
              time: formatLocalTime(w.closesAt, locale, w.closesAt.day !== w.now.day),
            })
          : t("hours.openNow")}
      </span>
    );
  }
  if (!w.opensAt) {
    return (
      <span className="text-fg-muted" data-window="closed">
        {t("hours.closed")}
      </span>
    );
  }
  const time = formatLocalTime(w.opensAt, locale, w.opensAt.day !== w.now.day);
  return (
    <span className="text-warning-soft-fg" data-window="closed">
      {t("hours.opensAt", { time })}
    </span>
  );
}
