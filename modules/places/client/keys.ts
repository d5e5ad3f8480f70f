/**
 * The TanStack Query keys of places: one business's details, under one key for every screen that
 * reads them (./places.ts).
 */
export const placesKeys = {
  all: ["place"] as const,
  details: (placeId: string) => ["place", placeId] as const,
};
