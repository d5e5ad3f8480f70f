// Answering-machine detection on the record: an outbound call keeps the detector's decision from
// the first PUT that has it and never changes it, an inbound call keeps none, and a bad value is
// refused on its own field with nothing changed.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { callListResponseSchema, callResponseSchema } from "@/modules/calls/lib/schemas";
import {
  completedCall,
  listCalls,
  newId,
  organization,
  putCall,
  repOf,
  type Rep,
} from "./calls-helpers";

let rep: Rep;
beforeAll(async () => {
  rep = await repOf((await organization("+1 628 555 0100")).id);
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const callOf = async (res: Response) => callResponseSchema.parse(await res.json()).call;
const machine = {
  verdict: "machine",
  cause: "long-greeting",
  atMs: 2140,
  overridden: false,
  automaticVoicemail: true,
} as const;

async function listed(id: string) {
  const res = await listCalls(rep, "scope=mine");
  expect(res.status).toBe(200);
  return callListResponseSchema.parse(await res.json()).calls.find((c) => c.id === id);
}

async function storedRow(id: string) {
  const db = await getDb();
  return db.call.findUniqueOrThrow({ where: { id } });
}

describe("PUT /api/calls/:id with a detection", () => {
  it("stores the decision when the call ends, and the Call Log reads it", async () => {
    const id = newId();
    const at = minutesAgo(5);
    const dialed = await putCall(rep, id, {
      dialedDigits: "4155550132",
      startedAt: at.toISOString(),
    });
    expect(dialed.status).toBe(201);
    expect((await callOf(dialed)).detection).toBeNull();

    const ended = await putCall(rep, id, completedCall(at, 20, { detection: machine }));
    expect(ended.status).toBe(200);
    expect((await callOf(ended)).detection).toEqual(machine);
    expect((await listed(id))?.detection).toEqual(machine);
  });

  it("stores it on create too, with the rep's correction", async () => {
    const id = newId();
    const corrected = {
      verdict: "human",
      cause: "human",
      atMs: 900,
      overridden: true,
      automaticVoicemail: false,
    } as const;
    const res = await putCall(rep, id, completedCall(minutesAgo(4), 30, { detection: corrected }));
    expect(res.status).toBe(201);
    expect((await callOf(res)).detection).toEqual(corrected);
  });

  it("keeps the first decision: a later PUT with another one changes nothing", async () => {
    const id = newId();
    const at = minutesAgo(3);
    await putCall(rep, id, completedCall(at, 20, { detection: machine }));
    const updatedAt = (await storedRow(id)).updatedAt;
    const other = { ...machine, verdict: "unknown", cause: "too-long", atMs: 5000 } as const;
    const again = await putCall(rep, id, completedCall(at, 20, { detection: other }));
    expect(again.status).toBe(200);
    expect((await callOf(again)).detection).toEqual(machine);
    // Nothing to fill in: the row is not even touched.
    expect((await storedRow(id)).updatedAt).toEqual(updatedAt);
  });

  it("a call saved without one gets it from a later PUT; one without a detection keeps it", async () => {
    const id = newId();
    const at = minutesAgo(2);
    await putCall(rep, id, completedCall(at, 20));
    const late = await putCall(rep, id, completedCall(at, 20, { detection: machine }));
    expect((await callOf(late)).detection).toEqual(machine);
    const without = await putCall(rep, id, { ...completedCall(at, 20), detection: null });
    expect((await callOf(without)).detection).toEqual(machine);
  });

  it("keeps none for an inbound call, on create or later", async () => {
    const id = newId();
    const at = minutesAgo(6);
    const inbound = { ...completedCall(at, 40), direction: "inbound" as const };
    const created = await putCall(rep, id, { ...inbound, detection: machine });
    expect(created.status).toBe(201);
    expect((await callOf(created)).detection).toBeNull();
    // A later body that calls itself outbound does not change the call's direction either.
    const later = await putCall(rep, id, { ...inbound, direction: "outbound", detection: machine });
    expect(later.status).toBe(200);
    expect((await callOf(later)).detection).toBeNull();
    expect(await storedRow(id)).toMatchObject({
      direction: "inbound",
      detectionVerdict: null,
      detectionCause: null,
      detectionAtMs: null,
      detectionOverridden: null,
      automaticVoicemail: null,
    });
  });

  it("refuses bad values with 400 and the field's message, and changes nothing", async () => {
    const id = newId();
    const at = minutesAgo(1);
    expect(
      (await putCall(rep, id, { dialedDigits: "4155550132", startedAt: at.toISOString() })).status,
    ).toBe(201);
    const before = await storedRow(id);
    const done = completedCall(at, 30);
    const bad: [unknown, string, RegExp][] = [
      [
        { ...machine, verdict: "person" },
        "detection.verdict",
        /verdict is one of human, machine, unknown/,
      ],
      [
        { ...machine, cause: "long_greeting" },
        "detection.cause",
        /cause is one of human, long-greeting/,
      ],
      [{ ...machine, atMs: -1 }, "detection.atMs", /0 to 60000/],
      [{ ...machine, atMs: 60_001 }, "detection.atMs", /0 to 60000/],
      [{ ...machine, atMs: 2140.5 }, "detection.atMs", /whole number/],
      [{ ...machine, atMs: "2140" }, "detection.atMs", /0 to 60000/],
      [{ ...machine, overridden: "no" }, "detection.overridden", /overridden is true or false/],
      [
        { ...machine, automaticVoicemail: undefined },
        "detection.automaticVoicemail",
        /true or false/,
      ],
      ["machine", "detection", /verdict, cause, atMs, overridden and automaticVoicemail/],
    ];
    for (const [detection, field, message] of bad) {
      const res = await putCall(rep, id, { ...done, detection });
      expect(res.status, JSON.stringify(detection)).toBe(400);
      const answer = (await res.json()) as { fields?: Record<string, string> };
      expect(Object.keys(answer.fields ?? {}), JSON.stringify(detection)).toEqual([field]);
      expect(answer.fields![field], field).toMatch(message);
    }
    expect(await storedRow(id)).toEqual(before);
    // A new call with a bad detection is not created either.
    const other = newId();
    const refused = await putCall(rep, other, { ...done, detection: { ...machine, atMs: 99_999 } });
    expect(refused.status).toBe(400);
    const db = await getDb();
    expect(await db.call.findUnique({ where: { id: other } })).toBeNull();
  });
});
