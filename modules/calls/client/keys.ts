/** The Call Log's filters, as its key and its request carry them. */
export type CallLogFilters = {
  /** ISO instants: from inclusive, to exclusive. */
  from: string | null;
  to: string | null;
  /** A disposition, "undisposed", or null for all. */
  disposition: string | null;
};

/**
 * The TanStack Query keys of call data. Every key starts with "calls", so one invalidation (the
 * outbox does it after each saved request: ./refresh.ts) refreshes every screen that counts calls.
 */
export const callsKeys = {
  all: ["calls"] as const,
  stats: (placeIds: readonly string[]) => ["calls", "stats", ...placeIds] as const,
  place: (placeId: string) => ["calls", "place", placeId] as const,
  log: (filters: CallLogFilters) => ["calls", "log", filters] as const,
  search: (q: string) => ["calls", "search", q] as const,
  missed: ["calls", "missed"] as const,
  dashboard: ["calls", "dashboard"] as const,
  /** Which of these phones are on the do-not-call list (Targets; changes with each Do not call outcome). */
  doNotCallPlaces: (places: readonly { placeId: string; phone: string | null }[]) =>
    ["calls", "do-not-call-places", places] as const,
};
