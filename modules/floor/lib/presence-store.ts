import "server-only";
import { publishPresence, subscribePresence } from "@/lib/live/bus";
import {
  CALL_QUALITY_LEVELS,
  CALL_STATES,
  PRESENCE_STALE_MS,
  PRESENCE_STATES,
  type CallQualityLevel,
  type PresenceState,
} from "./limits";
import type { PresenceBody } from "./schemas";

// Each instance keeps the members' latest presence in memory (a report every 20 s per open tab
// is no data worth a table), and every instance's reports reach the others on the live bus, so
// whichever instance a manager's GET lands on knows the whole floor. After a restart the floor
// reads offline until each browser's next heartbeat, at most 20 s later.

export type StoredPresence = {
  userId: string;
  state: PresenceState;
  /** When this state began, server clock (ms). */
  since: number;
  /** The last report, server clock (ms): older than PRESENCE_STALE_MS reads offline. */
  seenAt: number;
  business: { placeId: string; name: string | null } | null;
  powerDial: { lines: number | null } | null;
  /** The rep's live call (dialing, ringing, in a call), which a manager may monitor. */
  callId: string | null;
  /** That call's quality now (in a call with media); its changes never restart `since`. */
  quality: CallQualityLevel | null;
};

type Store = { byOrg: Map<string, Map<string, StoredPresence>>; unsubscribe: () => void };

const holder = globalThis as unknown as { __floorPresence?: Store };

function store(): Store {
  if (!holder.__floorPresence) {
    const byOrg = new Map<string, Map<string, StoredPresence>>();
    // Every instance's reports, this one's included (it applies its own before publishing: same
    // values, so applying them twice changes nothing).
    const unsubscribe = subscribePresence((org, value) => {
      const presence = readStored(value);
      if (presence) keep(byOrg, org, presence);
    });
    holder.__floorPresence = { byOrg, unsubscribe };
  }
  return holder.__floorPresence;
}

function keep(byOrg: Store["byOrg"], org: string, presence: StoredPresence) {
  let members = byOrg.get(org);
  if (!members) byOrg.set(org, (members = new Map()));
  const current = members.get(presence.userId);
  // Reports can cross on the bus: the latest seen wins.
  if (current && current.seenAt > presence.seenAt) return;
  members.set(presence.userId, presence);
}

/** A presence read back from another instance, or null when it is not one. */
function readStored(value: unknown): StoredPresence | null {
  if (typeof value !== "object" || value === null) return null;
  const p = value as Partial<StoredPresence>;
  if (typeof p.userId !== "string" || typeof p.since !== "number" || typeof p.seenAt !== "number")
    return null;
  if (!(PRESENCE_STATES as readonly unknown[]).includes(p.state)) return null;
  return {
    userId: p.userId,
    state: p.state as PresenceState,
    since: p.since,
    seenAt: p.seenAt,
    business: p.business ?? null,
    powerDial: p.powerDial ?? null,
    callId: typeof p.callId === "string" ? p.callId : null,
    quality: (CALL_QUALITY_LEVELS as readonly unknown[]).includes(p.quality)
      ? (p.quality as CallQualityLevel)
      : null,
  };
}

/** Whether two presences show the same thing on the floor (a heartbeat changes neither). */
function sameShown(
  a: StoredPresence | undefined,
  b: Omit<StoredPresence, "since" | "seenAt" | "quality">,
) {
  return (
    !!a &&
    a.state === b.state &&
    a.business?.placeId === b.business?.placeId &&
    a.business?.name === b.business?.name &&
    (a.powerDial === null) === (b.powerDial === null) &&
    a.powerDial?.lines === b.powerDial?.lines &&
    a.callId === b.callId
  );
}

/** A member's presence as its reading at `now` shows it: a silent browser is offline. */
export function currentPresence(
  organizationId: string,
  userId: string,
  now = Date.now(),
): StoredPresence | null {
  const p = store().byOrg.get(organizationId)?.get(userId);
  if (!p || p.state === "offline" || now - p.seenAt > PRESENCE_STALE_MS) return null;
  return p;
}

/**
 * Records a member's report and tells the other instances. The team's streams hear of it only
 * when what the floor shows changed (a heartbeat keeps the member online, silently).
 */
export async function reportPresence(
  organizationId: string,
  userId: string,
  body: PresenceBody,
  now = Date.now(),
) {
  const { byOrg } = store();
  const shown = {
    userId,
    state: body.state,
    business: body.state === "ready" || body.state === "offline" ? null : (body.business ?? null),
    powerDial: body.state === "offline" ? null : (body.powerDial ?? null),
    callId: (CALL_STATES as readonly string[]).includes(body.state) ? (body.callId ?? null) : null,
    quality: body.state === "in-call" ? (body.quality ?? null) : null,
  };
  const before = currentPresence(organizationId, userId, now) ?? undefined;
  // A new state restarts its clock; a quality change only refreshes the floor.
  const newState = !sameShown(before, shown);
  const changed = newState || before?.quality !== shown.quality;
  const presence: StoredPresence = {
    ...shown,
    since: newState || !before ? now : before.since,
    seenAt: now,
  };
  keep(byOrg, organizationId, presence);
  await publishPresence(organizationId, presence, changed ? { topic: "floor", by: userId } : null);
  return { changed };
}

/** Forgets every presence (tests; the console's cache clearing need not: it is live state). */
export function resetPresence() {
  store().byOrg.clear();
}
