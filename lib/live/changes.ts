// What the live channel tells a signed-in browser: that some of its team's data changed, and
// which. It carries no data itself (the browser refetches what it shows, with its own rights),
// so an event can never show a rep something their requests would not.

/**
 * The kinds of team data a screen may be showing ("floor": a member's presence, the live floor;
 * "monitor": a call monitoring session changed for the member named in `for`).
 */
export const LIVE_TOPICS = ["records", "calls", "do-not-call", "floor", "monitor"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export type TeamChange = {
  topic: LiveTopic;
  /** The business whose account record changed (topic "records"). */
  placeId?: string;
  /** Who changed it (a user id). */
  by: string;
  /**
   * The one member it concerns (a user id): every browser of the team hears it, and the others
   * ignore it. It says nothing they could not read: their requests would answer 404.
   */
  for?: string;
};

/** The SSE event names the stream sends. */
export const LIVE_EVENTS = { ready: "ready", change: "change" } as const;

/** A comment line on an idle stream, so proxies and the browser keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;

/** A TeamChange read back from the wire, or null when it is not one. */
export function parseTeamChange(value: unknown): TeamChange | null {
  if (typeof value !== "object" || value === null) return null;
  const { topic, placeId, by, for: to } = value as Record<string, unknown>;
  if (typeof topic !== "string" || !(LIVE_TOPICS as readonly string[]).includes(topic)) return null;
  if (typeof by !== "string") return null;
  if (placeId !== undefined && typeof placeId !== "string") return null;
  if (to !== undefined && typeof to !== "string") return null;
  return {
    topic: topic as LiveTopic,
    by,
    ...(placeId === undefined ? {} : { placeId }),
    ...(to === undefined ? {} : { for: to }),
  };
}
