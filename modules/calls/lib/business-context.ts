/**
 * What a call record keeps about the business it rang, for the best-time heatmap:
 * the business's offset from UTC when it was called and its category (the place's primary
 * type). Both are derived attributes, not Places content: no name, address or phone is kept
 * beyond what the record already holds. Browser-safe and zod-free (Targets, which dials, must
 * not load zod); the route's zod schemas (modules/calls/lib/schemas.ts) use the same bounds.
 */

/** The widest offsets in use are UTC-12 and UTC+14. */
export const BUSINESS_UTC_OFFSET = { min: -840, max: 840 } as const;
export const businessOffsetMessage = "A UTC offset is a whole number of minutes from -840 to 840";

/**
 * A category is a place type token in the form the map provider's types take ("dentist",
 * "car_repair"): lower-case letters, digits and underscores, at most 40. Free text (a name, an
 * address) cannot pass, so nothing else rides in on it.
 */
export const BUSINESS_CATEGORY = /^[a-z][a-z0-9_]{0,39}$/;
export const businessCategoryMessage =
  "A category is a place type such as dentist (a-z, 0-9, _; at most 40)";

export function isBusinessUtcOffset(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= BUSINESS_UTC_OFFSET.min &&
    value <= BUSINESS_UTC_OFFSET.max
  );
}

export function isBusinessCategory(value: unknown): value is string {
  return typeof value === "string" && BUSINESS_CATEGORY.test(value);
}

export type BusinessContext = { utcOffsetMinutes: number | null; category: string | null };

/** The business context of a place as search or details gave it; what would be refused is left out. */
export function businessContextOf(place: {
  utc_offset_minutes?: number | null;
  primaryType?: string | null;
}): BusinessContext {
  return {
    utcOffsetMinutes: isBusinessUtcOffset(place.utc_offset_minutes)
      ? place.utc_offset_minutes
      : null,
    category: isBusinessCategory(place.primaryType) ? place.primaryType : null,
  };
}
