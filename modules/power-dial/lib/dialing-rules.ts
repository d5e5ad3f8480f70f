// Parallel dialing's rules as plain values (no zod: the dialer's first load reads them): the
// countries whose law a team can follow, the bounds a manager may set, and what each country's
// law says. The values are what this product models; each team checks its own law
// (modules/power-dial/README.md, "Parallel dialing's rules").

/** US: the Telemarketing Sales Rule; GB: Ofcom's persistent misuse policy. */
export const DIAL_COUNTRIES = ["US", "GB"] as const;
export type DialCountry = (typeof DIAL_COUNTRIES)[number];

/** The abandonment cap a manager may set, percent of calls answered by a person. */
export const ABANDON_CAP_PERCENT = { min: 0.5, max: 10, default: 3 } as const;
/** Hours a number whose call was abandoned is not dialed again by the parallel dialer. */
export const NO_REDIAL_HOURS = { min: 24, max: 720, default: 24 } as const;
/** Seconds an unanswered call rings before it is hung up: both laws' floor is 15. */
export const MIN_RING_SECONDS = { min: 15, max: 120, default: 15 } as const;
/** The edge's lines for one rep (the operator's DIAL_MAX_LINES). */
export const DIAL_LINES = { min: 1, max: 5, default: 3 } as const;

/** Seconds within which an abandoned person hears the team's message (both laws). */
export const ABANDON_MESSAGE_WITHIN_SECONDS = 2;

/**
 * What each country's law says about abandoned calls: the cap and the window it is counted
 * over. The US counts per campaign over 30 days (16 CFR 310.4(b)(4)(i)); Ofcom over 24 hours.
 */
export const COUNTRY_LAW = {
  US: { capPercent: 3, window: "30d" },
  GB: { capPercent: 3, window: "24h" },
} as const satisfies Record<DialCountry, { capPercent: number; window: "24h" | "30d" }>;
