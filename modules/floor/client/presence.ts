import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { floorAnswer, presenceAnswer } from "@/modules/floor/client/floor.gen";
import { readSession } from "@/lib/client/session";
import type { PresenceBody } from "@/modules/floor/lib/schemas";

// The live floor's calls (PUT /api/floor/presence, GET /api/floor), checked with rules generated
// from the routes' schemas: the presence report runs on every /app page, which loads no zod.

const PRESENCE_URL = "/api/floor/presence";

/** Reports the rep's presence; a failure waits for the next change or heartbeat. */
export async function sendPresence(body: PresenceBody): Promise<void> {
  await apiClient.put(PRESENCE_URL, body, { schema: presenceAnswer, credential: "rep" });
}

/**
 * The tab is going away: says "offline" in a request that outlives the page. Not
 * `navigator.sendBeacon`, which cannot carry the bearer token; `keepalive` is its fetch form.
 */
export function sendGoodbye() {
  const { token } = readSession();
  if (!token) return;
  const body: PresenceBody = { state: "offline" };
  void fetch(PRESENCE_URL, {
    method: "PUT",
    keepalive: true,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/** The manager's floor since `since` (the browser's midnight). */
export function fetchFloor(since: string, signal?: AbortSignal) {
  return apiClient.get("/api/floor", {
    schema: floorAnswer,
    credential: "rep",
    signal,
    query: { since },
  });
}
