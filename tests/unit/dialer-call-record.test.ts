import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDialerController, type CallPhase } from "@/modules/dialer/lib/controller";
import { createSimulatedTransport } from "@/modules/dialer/lib/simulated-transport";
import { systemClock } from "@/modules/dialer/lib/clock";
import type { CallRecord } from "@/modules/dialer/lib/types";
import { createCallRecorder, type PendingDisposition } from "@/modules/calls/client/recorder";
import { businessContextOf } from "@/modules/calls/lib/business-context";
import { callPutBody, dispositionPutBody, talkSeconds } from "@/modules/calls/client/record-body";
import { callPutBodySchema, dispositionBodySchema } from "@/modules/calls/lib/schemas";

const T0 = new Date("2026-01-01T00:00:00Z").getTime();
type Seen = { phase: CallPhase; record: CallRecord };

let seen: Seen[];
let ids: number;
const remember = (record: CallRecord, phase: Seen["phase"]): void => {
  seen.push({ phase, record });
};
const make = (onCall: (record: CallRecord, phase: Seen["phase"]) => void = remember) =>
  createDialerController({
    transport: createSimulatedTransport(systemClock),
    clock: systemClock,
    newCallId: () => `call-${++ids}`,
    onCall,
  });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  seen = [];
  ids = 0;
});
afterEach(() => vi.useRealTimers());

describe("the dialer reports every call for the record", () => {
  it("when dialed (with the business it came from) and when the far end hangs up", () => {
    const dialer = make();
    dialer.dial("(512) 555-0100", { placeId: "p1", placeName: "Clinic" });
    expect(seen).toEqual([
      {
        phase: "started",
        record: {
          id: "call-1",
          number: "5125550100",
          direction: "outbound",
          context: { placeId: "p1", placeName: "Clinic" },
          startedAt: T0,
          connectedAt: null,
          endedAt: null,
          endReason: null,
          outcome: null,
          sipStatus: null,
          quality: null,
        },
      },
    ]);
    vi.advanceTimersByTime(600 + 20_000);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({
      phase: "ended",
      record: { id: "call-1", connectedAt: T0 + 600, endedAt: T0 + 20_600, endReason: "remote" },
    });
    expect(talkSeconds(seen[1].record)).toBe(20);
  });

  it("a local hang-up before connecting ends the same record once, with no talk time", () => {
    const dialer = make();
    dialer.dial("5550100");
    vi.advanceTimersByTime(300);
    dialer.hangUp();
    dialer.hangUp();
    vi.advanceTimersByTime(30_000);
    expect(seen.map((s) => s.phase)).toEqual(["started", "ended"]);
    expect(seen[1].record).toMatchObject({ id: "call-1", endReason: "local", connectedAt: null });
    expect(talkSeconds(seen[1].record)).toBeNull();
  });

  it("each dial is a new record; a refused dial (no number) records nothing", () => {
    const dialer = make();
    dialer.dial("");
    expect(seen).toEqual([]);
    dialer.dial("1");
    dialer.hangUp();
    dialer.dial("2");
    expect(seen.map((s) => `${s.phase}:${s.record.id}`)).toEqual([
      "started:call-1",
      "ended:call-1",
      "started:call-2",
    ]);
  });

  it("a recorder that throws never breaks the call", () => {
    const dialer = make(() => {
      throw new Error("storage exploded");
    });
    dialer.dial("5550100");
    vi.advanceTimersByTime(600);
    expect(dialer.getState().status).toBe("in-call");
    dialer.hangUp();
    expect(dialer.getState().status).toBe("ended");
  });
});

describe("request bodies", () => {
  it("a started call leaves out what is not known yet; an ended one has it all", () => {
    const base: CallRecord = {
      id: "x",
      number: "5125550100",
      context: null,
      startedAt: T0,
      connectedAt: null,
      endedAt: null,
      endReason: null,
      direction: "outbound",
      outcome: null,
      sipStatus: null,
      quality: null,
    };
    expect(callPutBody(base)).toEqual({
      dialedDigits: "5125550100",
      startedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(
      callPutBody({
        ...base,
        context: { placeId: "p1", utcOffsetMinutes: -300, category: "dentist" },
        connectedAt: T0 + 600,
        endedAt: T0 + 5_600,
        endReason: "local",
      }),
    ).toEqual({
      placeId: "p1",
      businessUtcOffsetMinutes: -300,
      businessCategory: "dentist",
      dialedDigits: "5125550100",
      startedAt: "2026-01-01T00:00:00.000Z",
      connectedAt: "2026-01-01T00:00:00.600Z",
      endedAt: "2026-01-01T00:00:05.600Z",
      endReason: "local",
    });
  });

  it("the business context of a place leaves out what the server would refuse", () => {
    expect(businessContextOf({ utc_offset_minutes: 330, primaryType: "dentist" })).toEqual({
      utcOffsetMinutes: 330,
      category: "dentist",
    });
    expect(businessContextOf({ utc_offset_minutes: 9999, primaryType: "Dr. Who" })).toEqual({
      utcOffsetMinutes: null,
      category: null,
    });
    expect(businessContextOf({})).toEqual({ utcOffsetMinutes: null, category: null });
  });

  it("a disposition trims the note and sends only what it asks", () => {
    expect(dispositionPutBody({ disposition: "no_answer", note: "  " })).toEqual({
      disposition: "no_answer",
    });
    expect(
      dispositionPutBody({ disposition: "callback", note: " later ", callbackAt: T0 }),
    ).toEqual({ disposition: "callback", note: "later", callbackAt: "2026-01-01T00:00:00.000Z" });
  });
});

describe("the bodies satisfy the API's own schemas", () => {
  it("for a started, a connected-and-ended and a never-connected call, and each outcome", () => {
    const base: CallRecord = {
      id: "x",
      number: "5125550100",
      context: { placeId: "ChIJabc-1" },
      startedAt: T0,
      connectedAt: null,
      endedAt: null,
      endReason: null,
      direction: "outbound",
      outcome: null,
      sipStatus: null,
      quality: null,
    };
    for (const record of [
      base,
      { ...base, connectedAt: T0 + 600, endedAt: T0 + 20_600, endReason: "remote" as const },
      { ...base, context: null, endedAt: T0 + 300, endReason: "local" as const },
    ]) {
      expect(callPutBodySchema.safeParse(callPutBody(record)).success).toBe(true);
    }
    expect(
      dispositionBodySchema.safeParse(dispositionPutBody({ disposition: "busy" })).success,
    ).toBe(true);
    expect(
      dispositionBodySchema.safeParse(
        dispositionPutBody({ disposition: "sale", saleAmount: "1250.50", note: "Paid" }),
      ).success,
    ).toBe(true);
    expect(
      dispositionBodySchema.safeParse(
        dispositionPutBody({ disposition: "callback", callbackAt: T0 }),
      ).success,
    ).toBe(true);
  });
});

describe("the recorder", () => {
  it("saves on dial and on end, then waits for a disposition; a new dial drops the wait", () => {
    const submitted: string[] = [];
    const recorder = createCallRecorder({
      submit: (kind, id, body) => submitted.push(`${kind}:${id}:${Object.keys(body).join(",")}`),
    });
    const dialer = make(recorder.onCall);
    dialer.dial("5550100", { placeId: "p1" });
    expect(recorder.pending()).toBeNull();
    vi.advanceTimersByTime(600);
    dialer.hangUp();
    expect(recorder.pending()).toMatchObject({
      callId: "call-1",
      number: "5550100",
      context: { placeId: "p1" },
      talkSeconds: 0,
    });
    recorder.saveDisposition("call-1", { disposition: "interested" });
    expect(recorder.pending()).toBeNull();

    dialer.dial("5550101");
    dialer.hangUp();
    expect(recorder.pending()?.callId).toBe("call-2");
    dialer.dial("5550102");
    expect(recorder.pending()).toBeNull();
    expect(submitted).toEqual([
      "call:call-1:placeId,dialedDigits,startedAt",
      "call:call-1:placeId,dialedDigits,startedAt,connectedAt,endedAt,endReason",
      "disposition:call-1:disposition",
      "call:call-2:dialedDigits,startedAt",
      "call:call-2:dialedDigits,startedAt,endedAt,endReason",
      "call:call-3:dialedDigits,startedAt",
    ]);
  });

  it("keeps the call waiting for its outcome in its store, and a new page asks again", () => {
    const kept: { value: PendingDisposition | null } = { value: null };
    const store = {
      load: () => kept.value,
      save: (p: PendingDisposition | null) => void (kept.value = p),
    };
    const recorderOf = () => createCallRecorder({ submit: () => {} }, store);
    const before = recorderOf();
    const dialer = make(before.onCall);
    dialer.dial("5550100", { placeId: "p1", placeName: "Clinic" });
    vi.advanceTimersByTime(5_600);
    dialer.hangUp();
    expect(kept.value).toMatchObject({ callId: "call-1", context: { placeName: "Clinic" } });

    // The reload: a new recorder restores it, with its talk time, and answering clears the store.
    const after = recorderOf();
    expect(after.pending()).toBeNull();
    after.restore(true);
    expect(after.pending()).toEqual(kept.value);
    expect(after.pending()?.talkSeconds).toBe(before.pending()?.talkSeconds);
    after.saveDisposition("call-1", { disposition: "voicemail" });
    expect(kept.value).toBeNull();
    expect(after.lastAnswered()).toMatchObject({ callId: "call-1", disposition: "voicemail" });
  });

  it("a page reached any other way than a reload drops the kept call instead of asking", () => {
    const kept: { value: PendingDisposition | null } = { value: null };
    const store = {
      load: () => kept.value,
      save: (p: PendingDisposition | null) => void (kept.value = p),
    };
    const before = createCallRecorder({ submit: () => {} }, store);
    const dialer = make(before.onCall);
    dialer.dial("5550100");
    dialer.hangUp();
    expect(kept.value).not.toBeNull();
    const after = createCallRecorder({ submit: () => {} }, store);
    after.restore(false);
    expect(after.pending()).toBeNull();
    expect(kept.value).toBeNull();
  });
});
