// Real calls on the record: what the line reported (direction, outcome, SIP status,
// setup time, quality) stored and only ever filled in, inbound calls recorded whatever the
// do-not-call list says or the caller's number reads as, bad values refused with nothing changed,
// and the Missed Calls listing (own calls only, newest first, paged, the team's business match
// and call-back).
import { beforeAll, describe, expect, it } from "vitest";
import {
  callResponseSchema,
  callStatsResponseSchema,
  missedCallsResponseSchema,
  type CallPutBody,
} from "@/modules/calls/lib/schemas";
import { getDb } from "@/lib/db/client";
import {
  callStats,
  completedCall,
  newId,
  organization,
  putCall,
  repOf,
  type Rep,
} from "./calls-helpers";
import { request } from "./helpers";

const { GET: missedRoute } = await import("@/app/api/calls/missed/route");
const { POST: addDncRoute } = await import("@/app/api/do-not-call/route");

let rep: Rep;
let stranger: Rep;
beforeAll(async () => {
  rep = await repOf((await organization("+1 628 555 0100")).id);
  stranger = await repOf((await organization("+1 628 555 0199")).id);
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const callOf = async (res: Response) => callResponseSchema.parse(await res.json()).call;
const quality = {
  samples: 30,
  averageMos: 4.2345,
  worstMos: 3.14159,
  worstJitterMs: 21.26,
  worstLossFraction: 0.0375,
};

/** An inbound call that rang at `at` and was never answered, as the dialer reports it. */
function missedCall(at: Date, from: string): CallPutBody {
  return {
    direction: "inbound",
    dialedDigits: from,
    startedAt: at.toISOString(),
    endedAt: at.toISOString(),
    endReason: "remote",
  };
}

function missedCalls(who: { token: string }, qs = "") {
  return missedRoute(
    request("GET", `/api/calls/missed${qs ? `?${qs}` : ""}`, { token: who.token }),
  );
}

async function storedRow(id: string) {
  const db = await getDb();
  return db.call.findUniqueOrThrow({ where: { id } });
}

describe("PUT /api/calls/:id with what the line reported", () => {
  it("stores outcome, SIP status and quality on create and answers them with the setup time", async () => {
    const id = newId();
    const at = minutesAgo(5);
    const body = completedCall(at, 61, {
      outcome: "remote-hangup",
      sipStatus: 200,
      quality,
    });
    const res = await putCall(rep, id, body);
    expect(res.status).toBe(201);
    expect(await callOf(res)).toMatchObject({
      direction: "outbound",
      outcome: "remote-hangup",
      sipStatus: 200,
      setupMs: 5000,
      talkSeconds: 61,
      quality: {
        samples: 30,
        averageMos: 4.23,
        worstMos: 3.14,
        worstJitterMs: 21.3,
        worstLossPercent: 3.8,
      },
    });
    // The columns keep what was sent; only the answer is rounded.
    expect(await storedRow(id)).toMatchObject({
      outcome: "remote_hangup",
      averageMos: 4.2345,
      worstLossFraction: 0.0375,
      qualitySamples: 30,
    });
  });

  it("keeps each direction's figures, on create and when a later PUT completes the call", async () => {
    const heard = { averageMos: 4.3012, worstMos: 4.1, worstJitterMs: 3.04, worstLossFraction: 0 };
    const sent = { averageMos: 3.4, worstMos: 2.9, worstJitterMs: 12.26, worstLossFraction: 0.1 };
    const directions = { ...quality, incoming: heard, outgoing: sent };
    const answered = {
      incoming: { averageMos: 4.3, worstMos: 4.1, worstJitterMs: 3, worstLossPercent: 0 },
      outgoing: { averageMos: 3.4, worstMos: 2.9, worstJitterMs: 12.3, worstLossPercent: 10 },
    };
    const created = newId();
    const res = await putCall(
      rep,
      created,
      completedCall(minutesAgo(3), 20, { quality: directions }),
    );
    expect(res.status).toBe(201);
    expect((await callOf(res)).quality).toMatchObject(answered);
    expect(await storedRow(created)).toMatchObject({
      incomingAverageMos: 4.3012,
      outgoingWorstLossFraction: 0.1,
      outgoingWorstJitterMs: 12.26,
    });

    const completed = newId();
    const at = minutesAgo(2);
    await putCall(rep, completed, { dialedDigits: "4155550132", startedAt: at.toISOString() });
    const ended = await putCall(rep, completed, {
      ...completedCall(at, 20, { quality: { ...quality, incoming: heard, outgoing: null } }),
      dialedDigits: "4155550132",
    });
    expect(ended.status).toBe(200);
    expect((await callOf(ended)).quality).toMatchObject({
      incoming: answered.incoming,
      outgoing: null,
    });
    // Once kept, a later summary changes neither direction (a late retry cannot mix two).
    const late = await putCall(rep, completed, {
      ...completedCall(at, 20, { quality: directions }),
      dialedDigits: "4155550132",
    });
    expect((await callOf(late)).quality).toMatchObject({ outgoing: null });
  });

  it("a summary without directions (an older dialer) answers none", async () => {
    const id = newId();
    const res = await putCall(rep, id, completedCall(minutesAgo(3), 20, { quality }));
    expect((await callOf(res)).quality).toMatchObject({ incoming: null, outgoing: null });
  });

  it("a call saved when dialed gets what the line reported when it ends", async () => {
    const id = newId();
    const at = minutesAgo(4);
    const started = await putCall(rep, id, {
      dialedDigits: "4155550132",
      startedAt: at.toISOString(),
    });
    expect(await callOf(started)).toMatchObject({
      outcome: null,
      sipStatus: null,
      setupMs: null,
      quality: null,
      direction: "outbound",
    });
    const ended = await putCall(rep, id, {
      dialedDigits: "4155550132",
      startedAt: at.toISOString(),
      endedAt: new Date(at.getTime() + 30_000).toISOString(),
      endReason: "failed",
      outcome: "busy",
      sipStatus: 486,
    });
    expect(ended.status).toBe(200);
    expect(await callOf(ended)).toMatchObject({
      outcome: "busy",
      sipStatus: 486,
      setupMs: null,
      talkSeconds: 0,
      quality: null,
    });
  });

  it("a late retry never overwrites: each value keeps its first, the summary as a whole", async () => {
    const id = newId();
    const at = minutesAgo(3);
    const first = completedCall(at, 40, { outcome: "completed", sipStatus: 200, quality });
    expect((await putCall(rep, id, first)).status).toBe(201);
    const before = await storedRow(id);
    const late = await putCall(rep, id, {
      ...completedCall(at, 90),
      direction: "inbound",
      outcome: "no-audio",
      sipStatus: 500,
      quality: {
        samples: 2,
        averageMos: 1.5,
        worstMos: 1.2,
        worstJitterMs: 900,
        worstLossFraction: 0.5,
      },
    });
    expect(late.status).toBe(200);
    expect(await callOf(late)).toMatchObject({
      direction: "outbound",
      outcome: "completed",
      sipStatus: 200,
      talkSeconds: 40,
      quality: { samples: 30, averageMos: 4.23 },
    });
    // Nothing was filled in, so the row was not even touched.
    expect((await storedRow(id)).updatedAt).toEqual(before.updatedAt);
  });

  it("fills only what is still empty: a summary arriving after the outcome is kept", async () => {
    const id = newId();
    const at = minutesAgo(3);
    expect(
      (await putCall(rep, id, completedCall(at, 20, { outcome: "remote-hangup" }))).status,
    ).toBe(201);
    const later = await putCall(
      rep,
      id,
      completedCall(at, 20, { outcome: "failed", sipStatus: 200, quality }),
    );
    expect(await callOf(later)).toMatchObject({
      outcome: "remote-hangup",
      sipStatus: 200,
      quality: { samples: 30 },
    });
  });

  it("refuses bad values with 400 on the field, and changes nothing", async () => {
    const id = newId();
    const at = minutesAgo(2);
    const started = { dialedDigits: "4155550132", startedAt: at.toISOString() };
    expect((await putCall(rep, id, started)).status).toBe(201);
    const before = await storedRow(id);
    const done = completedCall(at, 30);
    const bad: [Record<string, unknown>, string][] = [
      [{ sipStatus: 99 }, "sipStatus"],
      [{ sipStatus: 700 }, "sipStatus"],
      [{ sipStatus: 180.5 }, "sipStatus"],
      [{ outcome: "hung-up" }, "outcome"],
      [{ direction: "both" }, "direction"],
      [{ quality: { ...quality, averageMos: 5.5 } }, "quality.averageMos"],
      [{ quality: { ...quality, worstMos: 0 } }, "quality.worstMos"],
      [{ quality: { ...quality, worstJitterMs: 60_001 } }, "quality.worstJitterMs"],
      [{ quality: { ...quality, worstLossFraction: 1.01 } }, "quality.worstLossFraction"],
      [{ quality: { ...quality, samples: -3 } }, "quality.samples"],
    ];
    for (const [extra, field] of bad) {
      const res = await putCall(rep, id, { ...done, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      const answer = (await res.json()) as { fields?: Record<string, string> };
      expect(Object.keys(answer.fields ?? {}), JSON.stringify(extra)).toEqual([field]);
    }
    // A new call with a bad value is not created either.
    const other = newId();
    expect((await putCall(rep, other, { ...done, sipStatus: 1000 })).status).toBe(400);
    const db = await getDb();
    expect(await db.call.findUnique({ where: { id: other } })).toBeNull();
    expect(await storedRow(id)).toEqual(before);
  });
});

describe("inbound calls", () => {
  it("are recorded with the caller's number even when it is on the do-not-call list", async () => {
    const listed = "5125550177";
    const add = await addDncRoute(
      request("POST", "/api/do-not-call", { token: rep.token, body: { number: listed } }),
    );
    expect(add.status).toBeLessThan(300);
    // Calling out to it is refused ...
    const out = await putCall(rep, newId(), {
      dialedDigits: listed,
      startedAt: minutesAgo(1).toISOString(),
    });
    expect(out.status).toBe(403);
    // ... but it may still call the rep, and that call is on the record.
    const id = newId();
    const res = await putCall(rep, id, missedCall(minutesAgo(1), listed));
    expect(res.status).toBe(201);
    expect(await callOf(res)).toMatchObject({
      direction: "inbound",
      dialedDigits: listed,
      dialedNumber: "+15125550177",
      connectedAt: null,
      talkSeconds: 0,
      setupMs: null,
    });
  });

  it("keep a caller whose number reads as none (withheld, an extension) with no number", async () => {
    for (const from of ["", "201"]) {
      const res = await putCall(rep, newId(), missedCall(minutesAgo(1), from));
      expect(res.status, from).toBe(201);
      expect(await callOf(res)).toMatchObject({ dialedDigits: from, dialedNumber: null });
    }
    // Outbound, the same strings are still refused.
    const empty = await putCall(rep, newId(), {
      dialedDigits: "",
      startedAt: minutesAgo(1).toISOString(),
    });
    expect(empty.status).toBe(400);
    const extension = await putCall(rep, newId(), {
      dialedDigits: "201",
      startedAt: minutesAgo(1).toISOString(),
    });
    expect(extension.status).toBe(400);
  });

  it("are not dials: today's counts leave them out", async () => {
    const org = await organization("+1 628 555 0100");
    const solo = await repOf(org.id);
    expect((await putCall(solo, newId(), completedCall(minutesAgo(3), 10))).status).toBe(201);
    expect((await putCall(solo, newId(), missedCall(minutesAgo(2), "5125550150"))).status).toBe(
      201,
    );
    const answered = completedCall(minutesAgo(1), 20, {
      direction: "inbound",
      dialedDigits: "5125550150",
    });
    expect((await putCall(solo, newId(), answered)).status).toBe(201);
    const stats = callStatsResponseSchema.parse(
      await (await callStats(solo, { placeIds: [] })).json(),
    );
    expect(stats.mine).toEqual({ dials: 1, talkSeconds: 30, conversations: 0 });
    expect(stats.today.dials).toBe(1);
  });
});

describe("GET /api/calls/missed", () => {
  let org: { id: string };
  let me: Rep;
  let mate: Rep;
  const ids = {
    old: newId(),
    business: newId(),
    withheld: newId(),
    answered: newId(),
    ringing: newId(),
  };

  beforeAll(async () => {
    org = await organization("+1 628 555 0100");
    [me, mate] = await Promise.all([repOf(org.id), repOf(org.id)]);
    // The team called the business at 512-555-0160 (twice; the last call's place counts) ...
    expect(
      (
        await putCall(
          mate,
          newId(),
          completedCall(minutesAgo(120), 30, { dialedDigits: "5125550160", placeId: "ChIJold" }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await putCall(
          mate,
          newId(),
          completedCall(minutesAgo(100), 30, {
            dialedDigits: "15125550160",
            placeId: "ChIJbiz",
          }),
        )
      ).status,
    ).toBe(201);
    // ... and it called the rep back, missed; then the rep missed a call from the same business
    // again, and the teammate called back after the first one only.
    expect((await putCall(me, ids.old, missedCall(minutesAgo(90), "+15125550160"))).status).toBe(
      201,
    );
    expect(
      (
        await putCall(
          mate,
          newId(),
          completedCall(minutesAgo(80), 30, { dialedDigits: "5125550160" }),
        )
      ).status,
    ).toBe(201);
    expect(
      (await putCall(me, ids.business, missedCall(minutesAgo(60), "15125550160"))).status,
    ).toBe(201);
    expect((await putCall(me, ids.withheld, missedCall(minutesAgo(50), ""))).status).toBe(201);
    // An answered inbound call, one still being answered (no end yet), and the teammate's own
    // missed call are not the rep's missed calls.
    const answered = completedCall(minutesAgo(40), 20, {
      direction: "inbound",
      dialedDigits: "5125550161",
    });
    expect((await putCall(me, ids.answered, answered)).status).toBe(201);
    expect(
      (
        await putCall(me, ids.ringing, {
          direction: "inbound",
          dialedDigits: "5125550162",
          startedAt: minutesAgo(1).toISOString(),
        })
      ).status,
    ).toBe(201);
    expect((await putCall(mate, newId(), missedCall(minutesAgo(30), "5125550163"))).status).toBe(
      201,
    );
  });

  it("lists the rep's own never-connected inbound calls, newest first, with the team's business", async () => {
    const res = await missedCalls(me);
    expect(res.status).toBe(200);
    const { calls, nextCursor } = missedCallsResponseSchema.parse(await res.json());
    expect(nextCursor).toBeNull();
    expect(calls.map((c) => c.id)).toEqual([ids.withheld, ids.business, ids.old]);
    const [withheld, business, old] = calls;
    expect(withheld).toMatchObject({
      callerDigits: "",
      callerNumber: null,
      placeId: null,
      calledBackAt: null,
    });
    expect(business).toMatchObject({
      callerDigits: "15125550160",
      callerNumber: "+15125550160",
      placeId: "ChIJbiz",
      calledBackAt: null,
    });
    expect(old).toMatchObject({ callerNumber: "+15125550160", placeId: "ChIJbiz" });
    // The teammate's call 80 minutes ago came after this one rang (90 minutes ago).
    expect(Date.parse(old!.calledBackAt!)).toBeGreaterThan(Date.parse(old!.startedAt));
  });

  it("pages with a cursor like the Call Log", async () => {
    const first = missedCallsResponseSchema.parse(await (await missedCalls(me, "limit=2")).json());
    expect(first.calls.map((c) => c.id)).toEqual([ids.withheld, ids.business]);
    expect(first.nextCursor).not.toBeNull();
    const second = missedCallsResponseSchema.parse(
      await (await missedCalls(me, `limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.calls.map((c) => c.id)).toEqual([ids.old]);
    expect(second.nextCursor).toBeNull();
    expect((await missedCalls(me, "cursor=nonsense")).status).toBe(400);
    expect((await missedCalls(me, "limit=0")).status).toBe(400);
  });

  it("shows each rep only their own, another team nothing, and needs a session", async () => {
    const mine = missedCallsResponseSchema.parse(await (await missedCalls(mate)).json());
    expect(mine.calls).toHaveLength(1);
    expect(mine.calls[0]).toMatchObject({ callerNumber: "+15125550163", placeId: null });
    const theirs = missedCallsResponseSchema.parse(await (await missedCalls(stranger)).json());
    expect(theirs.calls).toEqual([]);
    expect((await missedCalls({ token: "nope" })).status).toBe(401);
  });

  it("answers an empty list for a rep nobody has called", async () => {
    const fresh = await repOf(org.id);
    expect(missedCallsResponseSchema.parse(await (await missedCalls(fresh)).json())).toEqual({
      calls: [],
      nextCursor: null,
    });
  });
});

describe("a call the rep declined", () => {
  it("stays on Missed Calls, told apart from one that rang out", async () => {
    const solo = await repOf((await organization("+1 628 555 0100")).id);
    const rangOut = newId();
    const declined = newId();
    expect((await putCall(solo, rangOut, missedCall(minutesAgo(5), "5125550170"))).status).toBe(
      201,
    );
    const res = await putCall(solo, declined, {
      ...missedCall(minutesAgo(2), "5125550171"),
      endReason: "local",
      outcome: "declined",
      sipStatus: 603,
    });
    expect(res.status).toBe(201);
    expect(await callOf(res)).toMatchObject({ outcome: "declined", endReason: "local" });
    const { calls } = missedCallsResponseSchema.parse(await (await missedCalls(solo)).json());
    expect(calls.map((c) => [c.id, c.declined])).toEqual([
      [declined, true],
      [rangOut, false],
    ]);
  });
});
