// The calls API for one team: recording (create, complete, idempotent and concurrent retries),
// dispositions with their validation, the Call Log's pages and filters, Call History search in
// any formatting, Dial Count and today's stats, and a place's calls.
import { beforeAll, describe, expect, it } from "vitest";
import {
  callListResponseSchema,
  callResponseSchema,
  callsResponseSchema,
  callStatsResponseSchema,
} from "@/modules/calls/lib/schemas";
import { getDb } from "@/lib/db/client";
import {
  callStats,
  completedCall,
  listCalls,
  newId,
  organization,
  placeCalls,
  putCall,
  putDisposition,
  repOf,
  searchCalls,
  type Rep,
} from "./calls-helpers";

let rep: Rep;
let teammate: Rep;
beforeAll(async () => {
  const org = await organization("+1 628 555 0100");
  [rep, teammate] = await Promise.all([repOf(org.id), repOf(org.id)]);
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const callOf = async (res: Response) => callResponseSchema.parse(await res.json()).call;

describe("recording a call", () => {
  it("creates it when dialed (201) and completes it when it ends (200)", async () => {
    const id = newId();
    const startedAt = minutesAgo(3);
    const created = await putCall(rep, id, {
      placeId: "ChIJplace1",
      dialedDigits: "4155550132",
      startedAt: startedAt.toISOString(),
    });
    expect(created.status).toBe(201);
    expect(await callOf(created)).toEqual({
      id,
      placeId: "ChIJplace1",
      businessName: null,
      dialedDigits: "4155550132",
      dialedNumber: "+14155550132",
      originatingNumber: "+16285550100",
      agent: rep.username,
      startedAt: startedAt.toISOString(),
      connectedAt: null,
      endedAt: null,
      talkSeconds: null,
      endReason: null,
      disposition: null,
      note: null,
      saleAmount: null,
      callbackAt: null,
      direction: "outbound",
      outcome: null,
      sipStatus: null,
      setupMs: null,
      quality: null,
      recordings: [],
      transfer: null,
      transferredFromCallId: null,
      detection: null,
      abandonedAt: null,
      monitored: false,
    });

    const done = completedCall(startedAt, 95);
    const completed = await putCall(rep, id, { ...done, placeId: "ChIJplace1" });
    expect(completed.status).toBe(200);
    expect(await callOf(completed)).toMatchObject({
      connectedAt: done.connectedAt,
      endedAt: done.endedAt,
      endReason: "local",
      talkSeconds: 95,
      setupMs: 5000,
    });
  });

  it("keeps an extension's pauses in the dial string and records the number it rang", async () => {
    const res = await putCall(rep, newId(), {
      dialedDigits: "4155550132,,12#",
      startedAt: minutesAgo(1).toISOString(),
    });
    expect(res.status).toBe(201);
    expect(await callOf(res)).toMatchObject({
      dialedDigits: "4155550132,,12#",
      dialedNumber: "+14155550132",
    });
    const leading = await putCall(rep, newId(), {
      dialedDigits: ",4155550132",
      startedAt: minutesAgo(1).toISOString(),
    });
    expect(leading.status).toBe(400);
  });

  it("counts a call that never connected as 0 seconds of talk", async () => {
    const at = minutesAgo(2);
    const res = await putCall(rep, newId(), {
      dialedDigits: "2125550187",
      startedAt: at.toISOString(),
      endedAt: new Date(at.getTime() + 20_000).toISOString(),
      endReason: "failed",
    });
    expect(res.status).toBe(201);
    expect(await callOf(res)).toMatchObject({
      talkSeconds: 0,
      endReason: "failed",
      connectedAt: null,
    });
  });

  it("never duplicates a retried request, and an older retry never undoes the end", async () => {
    const id = newId();
    const at = minutesAgo(5);
    const start = { dialedDigits: "3125550144", startedAt: at.toISOString() };
    expect((await putCall(rep, id, start)).status).toBe(201);
    expect((await putCall(rep, id, start)).status).toBe(200);
    const done = completedCall(at, 30, { endReason: "remote" });
    const first = await callOf(await putCall(rep, id, done));
    const db = await getDb();
    const before = await db.call.findUniqueOrThrow({ where: { id } });

    // The same completion again, then the create retried late, then a different end: nothing moves.
    expect(await callOf(await putCall(rep, id, done))).toEqual(first);
    expect(await callOf(await putCall(rep, id, start))).toEqual(first);
    const later = completedCall(at, 300, { endReason: "local" });
    expect(await callOf(await putCall(rep, id, later))).toEqual(first);
    const after = await db.call.findUniqueOrThrow({ where: { id } });
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await db.call.count({ where: { id } })).toBe(1);
    expect(first).toMatchObject({ talkSeconds: 30, endReason: "remote" });
  });

  it("makes one row of concurrent first PUTs", async () => {
    const id = newId();
    const body = completedCall(minutesAgo(7), 42);
    const results = await Promise.all(Array.from({ length: 8 }, () => putCall(rep, id, body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    const calls = await Promise.all(results.map(callOf));
    for (const call of calls) expect(call).toEqual(calls[0]);
    expect(calls[0]!.talkSeconds).toBe(42);
    expect(await (await getDb()).call.count({ where: { id } })).toBe(1);
  });

  it("answers 404 for a teammate's call id and leaves it alone", async () => {
    const id = newId();
    await putCall(rep, id, { dialedDigits: "6175550119", startedAt: minutesAgo(1).toISOString() });
    const res = await putCall(teammate, id, completedCall(minutesAgo(1), 10));
    expect(res.status).toBe(404);
    const row = await (await getDb()).call.findUniqueOrThrow({ where: { id } });
    expect(row.endedAt).toBeNull();
  });

  it("refuses bad input with field errors and records nothing", async () => {
    const id = newId();
    const cases: [unknown, string][] = [
      [{ dialedDigits: "call me", startedAt: minutesAgo(1).toISOString() }, "dialedDigits"],
      [{ dialedDigits: "1", startedAt: "yesterday" }, "startedAt"],
      [
        { dialedDigits: "1", startedAt: new Date(Date.now() + 3_600_000).toISOString() },
        "startedAt",
      ],
      [{ ...completedCall(minutesAgo(1)), endReason: undefined }, "endReason"],
    ];
    for (const [body, field] of cases) {
      const res = await putCall(rep, id, body as Record<string, unknown>);
      expect(res.status).toBe(400);
      const err = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(err.code).toBe("validation");
      expect(Object.keys(err.fields)).toContain(field);
    }
    const badId = await putCall(rep, "CALL-1", {
      dialedDigits: "1",
      startedAt: minutesAgo(1).toISOString(),
    });
    expect(badId.status).toBe(400);
    expect(await (await getDb()).call.count({ where: { id: { in: [id, "CALL-1"] } } })).toBe(0);
  });

  it("keeps the business's UTC offset and category from the first PUT, and refuses bad ones", async () => {
    const db = await getDb();
    const id = newId();
    const first = { ...completedCall(minutesAgo(2)), businessUtcOffsetMinutes: -300 };
    expect((await putCall(rep, id, { ...first, businessCategory: "dentist" })).status).toBe(201);
    // A retry with other values changes nothing: the first PUT's stay.
    const retry = { ...first, businessUtcOffsetMinutes: 60, businessCategory: "bakery" };
    expect((await putCall(rep, id, retry)).status).toBe(200);
    const row = await db.call.findUniqueOrThrow({ where: { id } });
    expect([row.businessUtcOffsetMinutes, row.businessCategory]).toEqual([-300, "dentist"]);

    const bad: [Record<string, unknown>, string][] = [
      [{ businessUtcOffsetMinutes: 841 }, "businessUtcOffsetMinutes"],
      [{ businessUtcOffsetMinutes: -841 }, "businessUtcOffsetMinutes"],
      [{ businessUtcOffsetMinutes: 30.5 }, "businessUtcOffsetMinutes"],
      [{ businessCategory: "Dr. Smith, 12 Main St" }, "businessCategory"],
      [{ businessCategory: "a".repeat(41) }, "businessCategory"],
    ];
    for (const [extra, field] of bad) {
      const badId = newId();
      const res = await putCall(rep, badId, { ...completedCall(minutesAgo(1)), ...extra });
      expect(res.status).toBe(400);
      const err = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(err.fields)).toContain(field);
      expect(await db.call.count({ where: { id: badId } })).toBe(0);
    }
    const edge = newId();
    const edgeBody = { ...completedCall(minutesAgo(1)), businessUtcOffsetMinutes: 840 };
    expect((await putCall(rep, edge, edgeBody)).status).toBe(201);
  });

  it("needs a signed-in rep", async () => {
    const res = await putCall({ token: "nope" }, newId(), completedCall(minutesAgo(1)));
    expect(res.status).toBe(401);
  });
});

describe("dispositions", () => {
  it("a corrected outcome is saved and audited with both outcomes; a first outcome is not", async () => {
    const id = newId();
    await putCall(rep, id, completedCall(minutesAgo(6)));
    expect((await putDisposition(rep, id, { disposition: "voicemail" })).status).toBe(200);
    const corrected = await putDisposition(rep, id, {
      disposition: "interested",
      note: "Call Tue",
    });
    expect(corrected.status).toBe(200);
    expect(await callOf(corrected)).toMatchObject({ disposition: "interested", note: "Call Tue" });
    const events = await (
      await getDb()
    ).auditEvent.findMany({
      where: { target: id },
      select: { actor: true, action: true, outcome: true, detail: true },
    });
    expect(events).toEqual([
      {
        actor: rep.username,
        action: "call.outcome.corrected",
        outcome: "success",
        detail: { from: "voicemail", to: "interested" },
      },
    ]);
  });

  it("records each outcome; a sale's amount and a callback's time are required and stored", async () => {
    const id = newId();
    await putCall(rep, id, completedCall(minutesAgo(4)));
    const sale = await putDisposition(rep, id, {
      disposition: "sale",
      saleAmount: "1250.5",
      note: " Paid ",
    });
    expect(sale.status).toBe(200);
    expect(await callOf(sale)).toMatchObject({
      disposition: "sale",
      saleAmount: "1250.50",
      note: "Paid",
    });

    const missing = await putDisposition(rep, id, { disposition: "sale" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: "validation",
      fields: { saleAmount: expect.any(String) },
    });
    const noTime = await putDisposition(rep, id, { disposition: "callback" });
    expect(noTime.status).toBe(400);
    expect(await noTime.json()).toMatchObject({ fields: { callbackAt: expect.any(String) } });
    // Refused requests changed nothing.
    expect(await (await getDb()).call.findUniqueOrThrow({ where: { id } })).toMatchObject({
      disposition: "sale",
    });

    const callbackAt = new Date(Date.now() + 86_400_000).toISOString();
    const callback = await callOf(
      await putDisposition(rep, id, { disposition: "callback", callbackAt }),
    );
    expect(callback).toMatchObject({
      disposition: "callback",
      callbackAt,
      saleAmount: null,
      note: null,
    });
  });

  it("answers 404 for a teammate's call and for an unknown id", async () => {
    const id = newId();
    await putCall(rep, id, completedCall(minutesAgo(4)));
    expect((await putDisposition(teammate, id, { disposition: "busy" })).status).toBe(404);
    expect((await putDisposition(rep, newId(), { disposition: "busy" })).status).toBe(404);
    expect(
      (await (await getDb()).call.findUniqueOrThrow({ where: { id } })).disposition,
    ).toBeNull();
  });
});

describe("Call Log", () => {
  it("pages the rep's own calls newest first and filters by range and disposition", async () => {
    const org = await organization();
    const [me, other] = await Promise.all([repOf(org.id), repOf(org.id)]);
    const base = Date.now() - 3_600_000;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = newId();
      ids.push(id);
      // Two calls share a start time: the id breaks the tie, and no page loses or repeats one.
      const at = new Date(base + Math.min(i, 5) * 60_000);
      await putCall(me, id, completedCall(at, 10));
      if (i % 2 === 0) await putDisposition(me, id, { disposition: "no_answer" });
    }
    await putCall(other, newId(), completedCall(new Date(base), 10));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await listCalls(me, `limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      const page = callListResponseSchema.parse(await res.json());
      expect(page.calls.length).toBeLessThanOrEqual(3);
      seen.push(...page.calls.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    const starts = (
      await Promise.all(
        seen.map((id) => getDb().then((db) => db.call.findUniqueOrThrow({ where: { id } }))),
      )
    ).map((c) => c.startedAt.getTime());
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);

    const team = callListResponseSchema.parse(
      await (await listCalls(me, "scope=team&limit=100")).json(),
    );
    expect(team.calls).toHaveLength(8);

    const undisposed = callListResponseSchema.parse(
      await (await listCalls(me, "disposition=undisposed")).json(),
    );
    expect(undisposed.calls.map((c) => c.disposition)).toEqual([null, null, null]);
    const noAnswer = callListResponseSchema.parse(
      await (await listCalls(me, "disposition=no_answer")).json(),
    );
    expect(noAnswer.calls).toHaveLength(4);

    const from = new Date(base + 2 * 60_000).toISOString();
    const to = new Date(base + 4 * 60_000).toISOString();
    const ranged = callListResponseSchema.parse(
      await (
        await listCalls(me, `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
      ).json(),
    );
    expect(ranged.calls.map((c) => c.startedAt)).toEqual([
      new Date(base + 3 * 60_000).toISOString(),
      new Date(base + 2 * 60_000).toISOString(),
    ]);
  });

  it("refuses a forged cursor and bad filters", async () => {
    expect((await listCalls(rep, "cursor=abc")).status).toBe(400);
    expect((await listCalls(rep, "disposition=maybe")).status).toBe(400);
    expect((await listCalls(rep, "limit=0")).status).toBe(400);
  });
});

describe("Call History search", () => {
  it("finds a call by id, by its number in any formatting, by originating number and by agent", async () => {
    const org = await organization("+1 628 555 0177");
    const [me, mate] = await Promise.all([repOf(org.id), repOf(org.id)]);
    const id = newId();
    await putCall(me, id, completedCall(minutesAgo(10), 5, { dialedDigits: "4045550136" }));
    const intl = newId();
    await putCall(mate, intl, completedCall(minutesAgo(9), 5, { dialedDigits: "442071838750" }));

    const found = async (q: string) =>
      callsResponseSchema.parse(await (await searchCalls(me, q)).json()).calls.map((c) => c.id);
    expect(await found(id)).toEqual([id]);
    expect(await found(id.toUpperCase())).toEqual([id]);
    for (const q of [
      "4045550136",
      "(404) 555-0136",
      "404.555.0136",
      "+1 404 555 0136",
      "1-404-555-0136",
    ]) {
      expect(await found(q)).toEqual([id]);
    }
    for (const q of ["+44 20 7183 8750", "442071838750", "7183 8750"])
      expect(await found(q)).toEqual([intl]);
    expect(await found("(628) 555-0177")).toEqual([intl, id]);
    expect(await found(mate.username.toUpperCase())).toEqual([intl]);
    expect(await found("555-0136")).toEqual([id]);
    expect(await found("nobody-by-this-name")).toEqual([]);
  });

  it("needs a query", async () => {
    expect((await searchCalls(rep, "   ")).status).toBe(400);
  });
});

describe("Dial Count and today's stats", () => {
  it("counts the team's calls per place and today's dials, talk time and conversations", async () => {
    const org = await organization();
    const [me, mate] = await Promise.all([repOf(org.id), repOf(org.id)]);
    const now = Date.now();
    const a = newId();
    const b = newId();
    const c = newId();
    await putCall(me, a, completedCall(new Date(now - 60_000), 100, { placeId: "place-A" }));
    await putCall(mate, b, completedCall(new Date(now - 30_000), 50, { placeId: "place-A" }));
    await putCall(me, c, completedCall(new Date(now - 20_000), 7, { placeId: "place-B" }));
    // Yesterday's call counts for the place but not for today. Recorded before the Do not call
    // disposition below, which puts the number on the team's list (later calls to it
    // are refused).
    const old = newId();
    await putCall(
      me,
      old,
      completedCall(new Date(now - 3 * 86_400_000), 30, { placeId: "place-B" }),
    );
    await putDisposition(me, a, { disposition: "interested" });
    await putDisposition(mate, b, { disposition: "voicemail" });
    await putDisposition(me, c, { disposition: "do_not_call" });

    const dayStart = new Date(now - 3_600_000).toISOString();
    const res = await callStats(me, { placeIds: ["place-A", "place-B", "place-C"], dayStart });
    expect(res.status).toBe(200);
    const stats = callStatsResponseSchema.parse(await res.json());
    expect(stats.places).toEqual({
      "place-A": { dialCount: 2, lastCalledAt: new Date(now - 30_000).toISOString() },
      "place-B": { dialCount: 2, lastCalledAt: new Date(now - 20_000).toISOString() },
      "place-C": { dialCount: 0, lastCalledAt: null },
    });
    expect(stats.today).toEqual({ dials: 3, talkSeconds: 157, conversations: 1 });
    expect(stats.mine).toEqual({ dials: 2, talkSeconds: 107, conversations: 1 });

    expect(
      (await callStats(me, { placeIds: Array.from({ length: 101 }, (_, i) => `p${i}`) })).status,
    ).toBe(400);
  });

  it("counts the notes the team wrote today, not deleted ones, older ones or other teams'", async () => {
    const [org, other] = await Promise.all([organization(), organization()]);
    const [me, mate, stranger] = await Promise.all([repOf(org.id), repOf(org.id), repOf(other.id)]);
    const now = Date.now();
    const db = await getDb();
    let n = 0;
    const item = (who: Rep, kind: "note" | "contact", createdAt: Date, deleted = false) => ({
      organizationId: who.organizationId,
      placeId: "place-notes",
      kind,
      itemId: `item-${n++}`,
      data: deleted ? undefined : { id: `item-${n}`, text: "x", created: createdAt.getTime() },
      deleted,
      createdById: who.userId,
      updatedById: who.userId,
      createdAt,
      updatedAt: createdAt,
    });
    await db.accountItem.createMany({
      data: [
        item(me, "note", new Date(now - 60_000)),
        item(mate, "note", new Date(now - 120_000)),
        item(me, "note", new Date(now - 90_000), true),
        item(me, "note", new Date(now - 3 * 86_400_000)),
        item(me, "contact", new Date(now - 60_000)),
        item(stranger, "note", new Date(now - 60_000)),
      ],
    });
    const dayStart = new Date(now - 3_600_000).toISOString();
    const res = await callStats(me, { placeIds: [], dayStart });
    expect(res.status).toBe(200);
    expect(callStatsResponseSchema.parse(await res.json()).notesToday).toBe(2);
  });

  it("lists a place's calls for the drawer, newest first", async () => {
    const org = await organization();
    const [me, mate] = await Promise.all([repOf(org.id), repOf(org.id)]);
    const first = newId();
    const second = newId();
    await putCall(me, first, completedCall(minutesAgo(20), 5, { placeId: "drawer-place" }));
    await putCall(mate, second, completedCall(minutesAgo(10), 5, { placeId: "drawer-place" }));
    await putCall(me, newId(), completedCall(minutesAgo(5), 5, { placeId: "another-place" }));
    const res = await placeCalls(me, "drawer-place");
    expect(res.status).toBe(200);
    const { calls } = callsResponseSchema.parse(await res.json());
    expect(calls.map((c) => [c.id, c.agent])).toEqual([
      [second, mate.username],
      [first, me.username],
    ]);
  });
});
