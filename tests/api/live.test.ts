// The live channel (GET /api/live): a teammate's note, call and do-not-call change reach every
// open stream of the team, and no other team's; on PostgreSQL a change published by another
// instance (NOTIFY) reaches this one's streams, and this instance's own are not delivered twice.
import crypto from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDbState } from "@/lib/db/client";
import { liveSubscriberCount } from "@/lib/live/bus";
import { createSseParser } from "@/lib/live/sse";
import { organization, putCall, repOf, newId, type Rep } from "./calls-helpers";
import { base } from "./helpers";

const { GET } = await import("@/app/api/live/route");
const { PUT: putItems } = await import("@/app/api/records/[placeId]/items/route");
const { POST: addDnc } = await import("@/app/api/do-not-call/route");

let rep: Rep;
let teammate: Rep;
let manager: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [rep, teammate, manager, stranger] = await Promise.all([
    repOf(org.id),
    repOf(org.id),
    repOf(org.id, "manager"),
    repOf(other.id),
  ]);
});

type Event = { name: string; data: unknown };
type Stream = { next(): Promise<Event>; close(): void };
const open: Stream[] = [];
afterEach(() => open.splice(0).forEach((s) => s.close()));

/** Opens a stream as `who` and reads its events one by one. */
async function stream(who: Rep): Promise<Stream> {
  const controller = new AbortController();
  const res = await GET(
    new NextRequest(`${base}/api/live`, {
      headers: { authorization: `Bearer ${who.token}`, "x-dialflow-socket-ip": "198.18.7.7" },
      signal: controller.signal,
    }),
    { params: Promise.resolve({}) },
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const queue: Event[] = [];
  const waiting: ((e: Event) => void)[] = [];
  const parse = createSseParser((name, data) => {
    const event = { name, data: JSON.parse(data) as unknown };
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else queue.push(event);
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: "", done: true }));
      if (done) return;
      parse(value);
    }
  })();
  const s: Stream = {
    next: () =>
      new Promise<Event>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting.push(resolve);
      }),
    close: () => controller.abort(),
  };
  open.push(s);
  expect(await s.next()).toEqual({ name: "ready", data: {} });
  return s;
}

const place = () => `ChIJlive-${crypto.randomBytes(5).toString("hex")}`;

function pushNote(who: Rep, placeId: string) {
  const itemId = crypto.randomUUID();
  return putItems(
    new NextRequest(`${base}/api/records/${placeId}/items`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${who.token}`,
        "content-type": "application/json",
        "x-dialflow-socket-ip": "198.18.7.8",
      },
      body: JSON.stringify({
        changes: [
          {
            kind: "note",
            itemId,
            op: "put",
            data: { id: itemId, text: "call after lunch", created: Date.now() },
          },
        ],
      }),
    }),
    { params: Promise.resolve({ placeId }) },
  );
}

describe("the live channel", () => {
  it("tells every open stream of the team about a note, and no other team", async () => {
    const [mine, theirs, other] = await Promise.all([
      stream(rep),
      stream(teammate),
      stream(stranger),
    ]);
    const placeId = place();
    expect((await pushNote(rep, placeId)).status).toBe(200);
    const expected = { name: "change", data: { topic: "records", placeId, by: rep.userId } };
    expect(await theirs.next()).toEqual(expected);
    expect(await mine.next()).toEqual(expected);

    // The stranger's first event is their own team's change, not ours.
    const theirPlace = place();
    expect((await pushNote(stranger, theirPlace)).status).toBe(200);
    expect(await other.next()).toEqual({
      name: "change",
      data: { topic: "records", placeId: theirPlace, by: stranger.userId },
    });
  });

  it("announces a call and a do-not-call change", async () => {
    const watching = await stream(teammate);
    const created = await putCall(rep, newId(), {
      placeId: place(),
      dialedDigits: "4155550132",
      startedAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    expect(await watching.next()).toEqual({
      name: "change",
      data: { topic: "calls", by: rep.userId },
    });

    const res = await addDnc(
      new NextRequest(`${base}/api/do-not-call`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${manager.token}`,
          "content-type": "application/json",
          "x-dialflow-socket-ip": "198.18.7.9",
        },
        body: JSON.stringify({ number: "+14155550199" }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBeLessThan(300);
    expect(await watching.next()).toEqual({
      name: "change",
      data: { topic: "do-not-call", by: manager.userId },
    });
  });

  it("refuses a request without a session and lets go of a closed stream", async () => {
    const res = await GET(new NextRequest(`${base}/api/live`), { params: Promise.resolve({}) });
    expect(res.status).toBe(401);
    const before = liveSubscriberCount();
    const s = await stream(rep);
    expect(liveSubscriberCount()).toBe(before + 1);
    s.close();
    await expect.poll(() => liveSubscriberCount()).toBe(before);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "on PostgreSQL, delivers another instance's NOTIFY once and this instance's own once",
    async () => {
      const watching = await stream(teammate);
      const { connection } = await getDbState();
      const placeId = place();
      const change = { topic: "records", placeId, by: manager.userId };
      // Another instance's change arrives through LISTEN only; wait until LISTEN is in place.
      await expect
        .poll(async () => {
          const { rows } = await connection.pool!.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN dialflow_team_changes'",
          );
          return rows[0].n;
        })
        .toBeGreaterThan(0);
      await connection.pool!.query("SELECT pg_notify('dialflow_team_changes', $1)", [
        JSON.stringify({ org: teammate.organizationId, from: "another-instance", change }),
      ]);
      expect(await watching.next()).toEqual({ name: "change", data: change });

      // Our own change: delivered at once, and its NOTIFY echo is not delivered again (the next
      // event is the one after it).
      const mine = place();
      expect((await pushNote(rep, mine)).status).toBe(200);
      expect(await watching.next()).toMatchObject({ data: { placeId: mine } });
      const after = place();
      expect((await pushNote(rep, after)).status).toBe(200);
      expect(await watching.next()).toMatchObject({ data: { placeId: after } });
    },
  );
});
