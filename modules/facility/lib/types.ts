/**
 * The few fields of a place the facility drawer reads. Typed structurally so the drawer does
 * not depend on how the Places module builds its schema; modules/places/lib' Place satisfies it.
 */
export type FacilityPlace = {
  place_id: string;
  name: string;
  address?: string | null;
  phone?: string | null;
  website?: string | null;
  place_url?: string | null;
  geometry?: { lat: number; lng: number } | null;
  /** The place's UTC offset now, in minutes (Places API `utcOffsetMinutes`). */
  utc_offset_minutes?: number | null;
  /** The Places API's primary type ("florist"): the drawer names the business's category. */
  primaryType?: string | null;
};
