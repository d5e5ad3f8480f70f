// The call API's constants without zod, for browser code that must not load it (the Targets
// page's stats query); lib/calls/schemas.ts re-exports them beside the schemas.

export const END_REASONS = ["local", "remote", "failed"] as const;
export type EndReason = (typeof END_REASONS)[number];

/** POST /api/calls/stats takes at most this many place ids per request. */
export const STATS_MAX_PLACES = 100;
