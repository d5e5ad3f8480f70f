"use client";

import { useMemo, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { Field, NativeSelect } from "@/components/ui";
import { timeZoneKey, useStoredValue } from "@/lib/client/storage";
import { allTimeZones, browserTimeZone, SPEC_TIME_ZONES } from "@/lib/i18n/time-zone";

const AUTOMATIC = "";
const noop = () => () => {};

/**
 * The time zone times are shown in: automatic (the browser's), the spec's four
 * offsets, or any IANA zone. Applies at once, per device (components/zoned-intl.tsx).
 */
export function TimeZoneField() {
  const t = useTranslations("Settings");
  const [chosen, setChosen] = useStoredValue(timeZoneKey);
  // The browser's zone and the list are known only in the browser: nothing to mismatch before.
  const browser = useSyncExternalStore(noop, browserTimeZone, () => null);
  const zones = useMemo(() => (browser ? allTimeZones() : []), [browser]);
  const spec = new Set<string>(SPEC_TIME_ZONES.map((z) => z.zone));
  return (
    <Field id="settings-tz" label={t("timeZone")} hint={t("timeZoneHint")}>
      <NativeSelect
        value={chosen ?? AUTOMATIC}
        disabled={!browser}
        onChange={(e) => setChosen(e.target.value === AUTOMATIC ? null : e.target.value)}
        data-testid="settings-tz"
      >
        <option value={AUTOMATIC}>
          {browser ? t("timeZoneAutomatic", { zone: browser }) : t("timeZone")}
        </option>
        {SPEC_TIME_ZONES.map((z) => (
          <option key={z.zone} value={z.zone}>
            {z.label}
          </option>
        ))}
        <optgroup label={t("timeZoneAll")}>
          {zones
            .filter((z) => !spec.has(z))
            .map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
        </optgroup>
      </NativeSelect>
    </Field>
  );
}
