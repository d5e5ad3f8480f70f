// The time zone the app shows times in: the rep's choice in Settings, or the
// browser's own. The spec's four offsets stay in the list as fixed zones (IANA's Etc/GMT
// names count the other way round: UTC+2 is Etc/GMT-2).

export const SPEC_TIME_ZONES = [
  { label: "UTC", zone: "UTC" },
  { label: "UTC+2", zone: "Etc/GMT-2" },
  { label: "UTC+3", zone: "Etc/GMT-3" },
  { label: "UTC+4", zone: "Etc/GMT-4" },
] as const;

/** Whether this runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every zone the runtime knows, for the Settings list (UTC first when the list lacks it). */
export function allTimeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/** The browser's own zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
