// The live floor: a rep's browser reports its dialer's state (PUT /api/floor/presence) and a
// manager reads the team's states and today's figures (GET /api/floor). Presence lives in each
// instance's memory and travels on the live bus; the figures come from the Call table.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getDbState } from "@/lib/db/client";
import { subscribeTeam } from "@/lib/live/bus";
import type { TeamChange } from "@/lib/live/changes";
import { PRESENCE_STALE_MS } from "@/modules/floor/lib/limits";
import type { FloorResponse, FloorRep } from "@/modules/floor/lib/schemas";
import { completedCall, newId, organization, putCall, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const { GET } = await import("@/app/api/floor/route");
const { PUT } = await import("@/app/api/floor/presence/route");

let manager: Rep;
let rep: Rep;
let teammate: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [manager, rep, teammate, stranger] = await Promise.all([
    repOf(org.id, "manager"),
    repOf(org.id),
    repOf(org.id),
    repOf(other.id),
  ]);
});
afterEach(() => vi.useRealTimers());

const report = (who: Rep, body: unknown) =>
  PUT(request("PUT", "/api/floor/presence", { token: who.token, body }));

async function floor(who: Rep, since?: string) {
  const qs = since ? `?since=${encodeURIComponent(since)}` : "";
  return GET(request("GET", `/api/floor${qs}`, { token: who.token }));
}

async function floorOf(who: Rep, since?: string): Promise<FloorRep[]> {
  const res = await floor(who, since);
  expect(res.status).toBe(200);
  return ((await res.json()) as FloorResponse).reps;
}

const find = (reps: FloorRep[], who: Rep) => reps.find((r) => r.id === who.userId);

const onCall = {
  state: "in-call",
  business: { placeId: "ChIJfloor-1", name: "Blue Bottle Coffee" },
  powerDial: { lines: 3 },
};

describe("the live floor", () => {
  it("shows a rep's reported state, business and power-dial session to their manager", async () => {
    expect((await report(rep, onCall)).status).toBe(200);
    const reps = await floorOf(manager);
    const shown = find(reps, rep);
    expect(shown).toMatchObject({
      name: rep.username,
      role: "rep",
      state: "in-call",
      business: { placeId: "ChIJfloor-1", name: "Blue Bottle Coffee" },
      powerDial: { lines: 3 },
    });
    expect(Date.now() - Date.parse(shown!.since!)).toBeLessThan(5_000);
    // Someone who never reported is offline; the manager is on their own floor too.
    expect(find(reps, teammate)).toMatchObject({ state: "offline", since: null, business: null });
    expect(find(reps, manager)).toMatchObject({ role: "manager", self: true });
    expect(shown?.self).toBe(false);

    // A heartbeat with the same state keeps when the call began.
    const since = shown!.since;
    await new Promise((r) => setTimeout(r, 20));
    expect((await report(rep, onCall)).status).toBe(200);
    expect(find(await floorOf(manager), rep)!.since).toBe(since);

    // Ready: no business any more, even if the browser sent one.
    expect((await report(rep, { ...onCall, state: "ready", powerDial: null })).status).toBe(200);
    expect(find(await floorOf(manager), rep)).toMatchObject({
      state: "ready",
      business: null,
      powerDial: null,
    });
  });

  it("shows the live call's quality without restarting the call's clock, and only in a call", async () => {
    expect((await report(teammate, { ...onCall, quality: "good" })).status).toBe(200);
    const first = find(await floorOf(manager), teammate)!;
    expect(first.quality).toBe("good");
    await new Promise((r) => setTimeout(r, 20));
    expect((await report(teammate, { ...onCall, quality: "poor" })).status).toBe(200);
    const later = find(await floorOf(manager), teammate)!;
    expect(later).toMatchObject({ state: "in-call", quality: "poor", since: first.since });
    // Wrapping up: the call is over, whatever the browser sent.
    expect(
      (await report(teammate, { ...onCall, state: "wrapping-up", quality: "poor" })).status,
    ).toBe(200);
    expect(find(await floorOf(manager), teammate)!.quality).toBeNull();
    expect((await report(teammate, { ...onCall, quality: "excellent" })).status).toBe(400);
    expect((await report(teammate, { state: "offline" })).status).toBe(200);
  });

  it("reads a rep whose browser went silent, or said goodbye, as offline", async () => {
    expect((await report(teammate, { state: "ready" })).status).toBe(200);
    expect(find(await floorOf(manager), teammate)?.state).toBe("ready");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PRESENCE_STALE_MS + 1_000 });
    expect(find(await floorOf(manager), teammate)).toMatchObject({ state: "offline", since: null });
    vi.useRealTimers();

    expect((await report(teammate, { state: "dialing" })).status).toBe(200);
    expect(find(await floorOf(manager), teammate)?.state).toBe("dialing");
    expect((await report(teammate, { state: "offline" })).status).toBe(200);
    expect(find(await floorOf(manager), teammate)?.state).toBe("offline");
  });

  it("never shows another organization's members, and keeps the floor to managers", async () => {
    expect((await report(stranger, onCall)).status).toBe(200);
    const reps = await floorOf(manager);
    expect(find(reps, stranger)).toBeUndefined();
    expect(reps.every((r) => [manager, rep, teammate].some((m) => m.userId === r.id))).toBe(true);
    expect((await floor(rep)).status).toBe(403);
    expect((await GET(request("GET", "/api/floor"))).status).toBe(401);
  });

  it("refuses a bad report (400) and keeps the state it had", async () => {
    expect((await report(rep, { state: "ready" })).status).toBe(200);
    const bad = [
      { state: "napping" },
      {},
      { state: "in-call", business: { placeId: "p", name: "x".repeat(201) } },
      { state: "in-call", business: { placeId: "", name: null } },
      { state: "ready", powerDial: { lines: 0 } },
      { state: "ready", extra: 1 },
    ];
    for (const body of bad)
      expect((await report(rep, body)).status, JSON.stringify(body)).toBe(400);
    expect(find(await floorOf(manager), rep)).toMatchObject({ state: "ready", business: null });
  });

  it("counts today's outbound dials, connects and talk time since the given start", async () => {
    const since = new Date(Date.now() - 3600_000);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const db = await getDb();
    // Two connected calls (60 s and 30 s), one never answered, one inbound, one before `since`.
    for (const body of [
      completedCall(at(30), 60),
      completedCall(at(20), 30),
      {
        dialedDigits: "4155550132",
        startedAt: at(10).toISOString(),
        endedAt: at(9).toISOString(),
        endReason: "local",
      },
    ])
      expect((await putCall(teammate, newId(), body)).status).toBe(201);
    const inbound = newId();
    expect((await putCall(teammate, inbound, completedCall(at(15), 45))).status).toBe(201);
    await db.call.update({ where: { id: inbound }, data: { direction: "inbound" } });
    const old = newId();
    expect((await putCall(teammate, old, completedCall(at(5), 100))).status).toBe(201);
    await db.call.update({
      where: { id: old },
      data: { startedAt: new Date(since.getTime() - 60_000) },
    });

    const shown = find(await floorOf(manager, since.toISOString()), teammate);
    expect(shown?.today).toEqual({ dials: 3, connects: 2, talkSeconds: 90 });
    expect(find(await floorOf(manager, since.toISOString()), rep)?.today).toEqual({
      dials: 0,
      connects: 0,
      talkSeconds: 0,
    });
    expect((await floor(manager, "yesterday")).status).toBe(400);
  });

  it("announces a change of state on the team's live channel, and not a mere heartbeat", async () => {
    const heard: TeamChange[] = [];
    const stop = subscribeTeam(manager.organizationId, (c) => heard.push(c));
    const strangers: TeamChange[] = [];
    const stopStranger = subscribeTeam(stranger.organizationId, (c) => strangers.push(c));
    try {
      expect((await report(rep, { state: "ringing" })).status).toBe(200);
      expect(heard).toEqual([{ topic: "floor", by: rep.userId }]);
      expect((await report(rep, { state: "ringing" })).status).toBe(200);
      expect(heard).toHaveLength(1);
      expect((await report(rep, { state: "ready" })).status).toBe(200);
      expect(heard).toHaveLength(2);
      expect(strangers).toEqual([]);
    } finally {
      stop();
      stopStranger();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "on PostgreSQL, learns another instance's report through NOTIFY",
    async () => {
      const heard: TeamChange[] = [];
      const stop = subscribeTeam(manager.organizationId, (c) => heard.push(c));
      try {
        const { connection } = await getDbState();
        await expect
          .poll(async () => {
            const { rows } = await connection.pool!.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN dialflow_team_changes'",
            );
            return rows[0].n;
          })
          .toBeGreaterThan(0);
        const now = Date.now();
        const presence = {
          userId: teammate.userId,
          state: "wrapping-up",
          since: now,
          seenAt: now,
          business: { placeId: "ChIJelsewhere", name: "Elsewhere Inc" },
          powerDial: null,
        };
        await connection.pool!.query("SELECT pg_notify('dialflow_team_changes', $1)", [
          JSON.stringify({
            org: manager.organizationId,
            from: "another-instance",
            presence,
            change: { topic: "floor", by: teammate.userId },
          }),
        ]);
        await expect.poll(() => heard).toEqual([{ topic: "floor", by: teammate.userId }]);
        expect(find(await floorOf(manager), teammate)).toMatchObject({
          state: "wrapping-up",
          business: { name: "Elsewhere Inc" },
        });
      } finally {
        stop();
      }
    },
  );
});
