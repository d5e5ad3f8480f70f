/**
 * Local caller ID: which of an organization's caller IDs a call presents. Prospects
 * answer local numbers more often, so the closest number wins: the same NANP area code (the 3
 * digits after +1), then the same state or province (ISO 3166-2), then the same country, else the
 * organization's default. Pure and browser-safe: the server decides with it when it authorises
 * a call (modules/telephony/lib/authorize.ts) and when it records one (modules/calls/lib/record.ts).
 */
import { countryOf } from "@/modules/calls/lib/phone";
import { nanpRegionOf } from "./nanp-regions";

export type CallerIdCandidate = {
  /** E.164. */
  number: string;
  /** ISO 3166-2 as stored; null: derived from the NANP area code, if any. */
  region: string | null;
  isDefault: boolean;
};

/** Why a number was chosen, most local first. */
export const CALLER_ID_MATCHES = ["area_code", "region", "country", "default"] as const;
export type CallerIdMatch = (typeof CALLER_ID_MATCHES)[number];

/** The NANP area code of an E.164 number ("+15125550100" -> "512"), or null outside +1. */
export function areaCodeOf(e164: string | null | undefined): string | null {
  const m = e164 ? /^\+1([2-9]\d{2})\d{7}$/.exec(e164) : null;
  return m ? m[1]! : null;
}

/** The region a number is in: the one given, else its NANP area code's. */
export function regionOf(e164: string, given: string | null = null): string | null {
  if (given) return given.toUpperCase();
  const area = areaCodeOf(e164);
  return area ? nanpRegionOf(area) : null;
}

/**
 * The caller ID to present when calling `dialed` (E.164, or null when unreadable: then the
 * default), with why; null for an empty pool. Among equally close numbers the default wins, then
 * the pool's order (oldest first), so the same call always presents the same number.
 */
export function chooseCallerId<T extends CallerIdCandidate>(
  pool: readonly T[],
  dialed: string | null,
): { callerId: T; match: CallerIdMatch } | null {
  if (pool.length === 0) return null;
  const ordered = [...pool.filter((c) => c.isDefault), ...pool.filter((c) => !c.isDefault)];
  if (dialed) {
    const area = areaCodeOf(dialed);
    const region = regionOf(dialed);
    const country = countryOf(dialed) ?? null;
    const tests: [CallerIdMatch, (c: T) => boolean][] = [
      ["area_code", (c) => area !== null && areaCodeOf(c.number) === area],
      ["region", (c) => region !== null && regionOf(c.number, c.region) === region],
      ["country", (c) => country !== null && countryOf(c.number) === country],
    ];
    for (const [match, test] of tests) {
      const found = ordered.find(test);
      if (found) return { callerId: found, match };
    }
  }
  // A pool always has one default (modules/telephony/lib/caller-ids.ts); the first is a safe fallback.
  return { callerId: ordered[0]!, match: "default" };
}
