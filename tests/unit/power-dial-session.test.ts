import { describe, expect, it, vi } from "vitest";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { createCallRecorder } from "@/modules/calls/client/recorder";
import {
  createSessionEngine,
  refusedAfterMs,
  type EngineAnswered,
  type EngineDeps,
  type EnginePending,
} from "@/modules/power-dial/lib/session-engine";
import type { SessionPlan } from "@/modules/power-dial/lib/plan";
import type { DialSettings } from "@/modules/power-dial/lib/schemas";
import type { Place } from "@/modules/places/lib/schemas";

const place = (id: string): Place =>
  ({ place_id: id, name: `Biz ${id}`, phone: "+1 512-555-0100" }) as unknown as Place;
const settings: DialSettings = {
  countdownSeconds: 3,
  reservationMinutes: 30,
  recentHours: 24,
  window: { startMinute: 540, endMinute: 1080, days: [1, 2, 3, 4, 5] },
};
const plan = (ids: string[], total = ids.length): SessionPlan => ({
  rows: [],
  toDial: ids.map(place),
  counts: { noPhone: 0, doNotCall: 0, reserved: 0, recent: 0, closed: 0 },
  total,
});
const flush = () => new Promise((r) => setTimeout(r, 0));

function harness(taken: string[] = []) {
  let pending: EnginePending = null;
  let answered: EngineAnswered = null;
  let clock = 1_000_000;
  const dialed: string[] = [];
  const released: string[] = [];
  const opened: string[] = [];
  const closed: number[] = [];
  const summaries: unknown[] = [];
  const deps: EngineDeps = {
    reserve: vi.fn(async (id: string) => (taken.includes(id) ? "taken" : "ok")),
    release: (id) => void released.push(id),
    openPlace: (p) => void opened.push(p.place_id),
    closePlace: () => void closed.push(opened.length),
    dial: (p) => void dialed.push(p.place_id),
    hangUp: () => undefined,
    isCallActive: () => false,
    pending: () => pending,
    lastAnswered: () => answered,
    onSummary: (s) => void summaries.push(s),
    now: () => clock,
  };
  const engine = createSessionEngine(deps);
  /** The current call ends and the rep answers the prompt. */
  const endCall = (disposition: NonNullable<EngineAnswered>["disposition"], talk = 30) => {
    const id = dialed[dialed.length - 1];
    const callId = `call-${dialed.length}`;
    pending = { callId, placeId: id };
    engine.recorderChanged();
    pending = null;
    answered = { callId, disposition, talkSeconds: talk };
    engine.recorderChanged();
  };
  const tick = (ms: number) => {
    clock += ms;
    engine.command({ type: "tick", now: clock, elapsedMs: ms });
  };
  return { engine, deps, dialed, released, opened, closed, summaries, endCall, tick };
}

describe("power-dial session engine", () => {
  it("tells the dialer whether the rep chose to include closed businesses (the server's window check)", async () => {
    for (const includeClosed of [false, true, undefined]) {
      const h = harness();
      const dial = vi.spyOn(h.deps, "dial");
      h.engine.start({ ...plan(["a"]), includeClosed }, settings);
      await flush();
      expect(dial).toHaveBeenCalledWith(expect.objectContaining({ place_id: "a" }), {
        includeClosed: includeClosed ?? false,
      });
    }
  });

  it("dials in order, skips a colleague's reservation (409), counts down, and summarises", async () => {
    const h = harness(["b"]);
    h.engine.start(plan(["a", "b", "c"], 5), settings);
    await flush();
    expect(h.dialed).toEqual(["a"]);
    expect(h.opened).toEqual(["a"]);
    expect(h.engine.getSnapshot().session?.phase).toBe("calling");
    h.endCall("interested", 40);
    // "b" is next in the countdown; it is reserved only when it is dialed, but its drawer opens
    // now, for the rep to prepare.
    expect(h.engine.getSnapshot().session).toMatchObject({ phase: "countdown", index: 1 });
    expect(h.opened).toEqual(["a", "b"]);
    h.tick(2_000);
    expect(h.dialed).toEqual(["a"]);
    h.tick(1_000);
    await flush();
    // "b" was taken by a colleague: skipped, "c" dialed.
    expect(h.dialed).toEqual(["a", "c"]);
    expect(h.engine.getSnapshot().session?.index).toBe(2);
    h.endCall("no_answer", 0);
    const s = h.engine.getSnapshot();
    expect(s.session).toBeNull();
    expect(s.summary).toMatchObject({
      dials: 2,
      conversations: 1,
      talkSeconds: 40,
      // The figures add up: 3 queued = 2 dials + 1 skipped ("b"); the preview left 2 out.
      queued: 3,
      skipped: 1,
      notDialed: 0,
      leftOut: 2,
      dispositions: { interested: 1, no_answer: 1 },
    });
    expect(h.summaries).toHaveLength(1);
    // Ended after its last call: the drawer stays on the business just called.
    expect(h.closed).toEqual([]);
  });

  it("stopping in the countdown closes the next business's drawer, never dialed", async () => {
    const h = harness();
    h.engine.start(plan(["a", "b", "c"]), settings);
    await flush();
    h.endCall("interested", 10);
    expect(h.opened).toEqual(["a", "b"]);
    h.engine.stop("now");
    expect(h.engine.getSnapshot().session).toBeNull();
    expect(h.closed).toEqual([2]);
    expect(h.engine.getSnapshot().summary).toMatchObject({ dials: 1, notDialed: 2 });
  });

  it("holds the countdown while typing and while paused; Space skips; Escape stops and releases", async () => {
    const h = harness();
    h.engine.start(plan(["a", "b", "c", "d"]), settings);
    await flush();
    h.endCall("voicemail", 0);
    h.engine.command({ type: "typing", now: 1_000_000 + 0 });
    h.tick(1_500);
    h.tick(5_000);
    // Typing held it past the countdown: it only resumes after the grace, with time left.
    expect(h.dialed).toEqual(["a"]);
    h.engine.command({ type: "pause" });
    h.tick(10_000);
    expect(h.dialed).toEqual(["a"]);
    expect(h.engine.getSnapshot().countdown.pausedByUser).toBe(true);
    h.engine.command({ type: "resume" });
    // Space skips "b": the countdown restarts for "c".
    h.engine.command({ type: "skip" });
    expect(h.engine.getSnapshot().session).toMatchObject({ phase: "countdown", index: 2 });
    h.tick(200);
    h.tick(3_000);
    await flush();
    expect(h.dialed).toEqual(["a", "c"]);
    // Stop during the call before it ended: its reservation is released.
    h.engine.command({ type: "stop" });
    expect(h.released).toEqual(["c"]);
    expect(h.engine.getSnapshot().summary).toMatchObject({
      queued: 4,
      dials: 1,
      skipped: 1,
      notDialed: 2,
    });
  });
});

describe("Stop asked for", () => {
  it("between calls ends the session at once", async () => {
    const h = harness();
    h.engine.start(plan(["a", "b"]), settings);
    await flush();
    h.endCall("interested", 12);
    expect(h.engine.getSnapshot().session?.phase).toBe("countdown");
    h.engine.stop("now");
    expect(h.engine.getSnapshot().session).toBeNull();
    expect(h.engine.getSnapshot().summary).toMatchObject({
      queued: 2,
      dials: 1,
      skipped: 0,
      notDialed: 1,
    });
    expect(h.dialed).toEqual(["a"]);
  });

  it("now: hangs up, waits for the outcome, counts the call and dials no more", async () => {
    const h = harness();
    let active = true;
    const hangUp = vi.fn(() => void (active = false));
    h.engine.connect({ ...h.deps, isCallActive: () => active, hangUp });
    h.engine.start(plan(["a", "b", "c"]), settings);
    await flush();
    h.engine.stop("now");
    expect(hangUp).toHaveBeenCalledOnce();
    expect(h.engine.getSnapshot()).toMatchObject({ stopping: true, session: { phase: "calling" } });
    h.endCall("not_interested", 5);
    const s = h.engine.getSnapshot();
    expect(s.session).toBeNull();
    expect(s.stopping).toBe(false);
    expect(s.summary).toMatchObject({ dials: 1, talkSeconds: 5 });
    expect(h.dialed).toEqual(["a"]);
  });

  it("afterCall: the call runs on, and the session ends with its outcome", async () => {
    const h = harness();
    const hangUp = vi.fn();
    h.engine.connect({ ...h.deps, isCallActive: () => true, hangUp });
    h.engine.start(plan(["a", "b"]), settings);
    await flush();
    h.engine.stop("afterCall");
    expect(hangUp).not.toHaveBeenCalled();
    h.endCall("interested", 90);
    expect(h.engine.getSnapshot().summary).toMatchObject({
      dials: 1,
      conversations: 1,
      talkSeconds: 90,
    });
    expect(h.dialed).toEqual(["a"]);
  });
});

describe("a dial the dialer refuses", () => {
  it("moves on by itself after refusedAfterMs, releasing the reservation; a call that shows does not", async () => {
    vi.useFakeTimers();
    try {
      const h = harness();
      let active = false;
      h.engine.connect({ ...h.deps, isCallActive: () => active });
      h.engine.start(plan(["a", "b", "c"]), settings);
      await vi.advanceTimersByTimeAsync(0);
      expect(h.dialed).toEqual(["a"]);
      // "a" went on the do-not-call list after the preview: the dialer never starts the call.
      await vi.advanceTimersByTimeAsync(refusedAfterMs - 1);
      expect(h.dialed).toEqual(["a"]);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.released).toEqual(["a"]);
      expect(h.dialed).toEqual(["a", "b"]);
      // "b" rings: the watch leaves it alone however long the call takes.
      active = true;
      await vi.advanceTimersByTimeAsync(refusedAfterMs * 3);
      expect(h.dialed).toEqual(["a", "b"]);
      expect(h.engine.getSnapshot().session).toMatchObject({ phase: "calling", index: 1 });
      h.engine.command({ type: "stop" });
      expect(h.engine.getSnapshot().summary).toMatchObject({
        queued: 3,
        skipped: 1,
        notDialed: 2,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the recorder tells the session what the rep answered", () => {
  it("keeps the last answered call with its disposition, or null for a skipped prompt", () => {
    const recorder = createCallRecorder({ submit: () => undefined });
    const record = {
      id: "c1",
      number: "5125550100",
      context: { placeId: "p1" },
      startedAt: 0,
      connectedAt: 1_000,
      endedAt: 31_000,
      endReason: "local" as const,
      direction: "outbound" as const,
      outcome: null,
      sipStatus: null,
      quality: null,
    };
    recorder.onCall(record, "ended");
    recorder.saveDisposition("c1", { disposition: "sale", saleAmount: "10.00" });
    expect(recorder.lastAnswered()).toEqual({ callId: "c1", disposition: "sale", talkSeconds: 30 });
    recorder.onCall({ ...record, id: "c2" }, "ended");
    recorder.skip();
    expect(recorder.lastAnswered()).toEqual({ callId: "c2", disposition: null, talkSeconds: 30 });
  });
});

describe("PowerDial messages", () => {
  type Tree = { [key: string]: string | Tree };
  const keys = (tree: Tree, prefix = ""): string[] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
    );
  it.each([
    ["ar", ar],
    ["de", de],
  ])("%s has every English key", (_, catalogue) => {
    expect(keys(catalogue.PowerDial as Tree).sort()).toEqual(keys(en.PowerDial as Tree).sort());
  });
});

describe("resume after a reload", () => {
  it("goes on from the countdown with the figures so far, and they still add up", async () => {
    const before = harness();
    before.engine.start(plan(["a", "b", "c"], 4), settings);
    await flush();
    before.endCall("interested", 20);
    const saved = before.engine.saved();
    expect(saved).toMatchObject({ index: 1, phase: "countdown", queued: 3, leftOut: 1 });
    // The page reloads: a new engine takes the saved session.
    const after = harness();
    after.engine.resume(JSON.parse(JSON.stringify(saved)));
    expect(after.engine.getSnapshot().session).toMatchObject({ phase: "countdown", index: 1 });
    expect(after.opened).toEqual(["b"]);
    after.tick(3_000);
    await flush();
    expect(after.dialed).toEqual(["b"]);
    after.endCall("no_answer", 0);
    after.engine.stop("now");
    expect(after.engine.getSnapshot().summary).toMatchObject({
      queued: 3,
      dials: 2,
      skipped: 0,
      notDialed: 1,
      leftOut: 1,
      dispositions: { interested: 1, no_answer: 1 },
    });
    expect(after.engine.saved()).toBeNull();
  });

  it("waits for the outcome the dialer asks again, then moves on", async () => {
    const before = harness();
    before.engine.start(plan(["a", "b"]), settings);
    await flush();
    const saved = before.engine.saved()!;
    expect(saved).toMatchObject({ index: 0, phase: "calling", reserved: "a" });
    const after = harness();
    let pending: EnginePending = { callId: "call-a", placeId: "a" };
    let answered: EngineAnswered = null;
    after.engine.connect({ ...after.deps, pending: () => pending, lastAnswered: () => answered });
    after.engine.resume(saved);
    expect(after.engine.getSnapshot().session).toMatchObject({ phase: "calling", index: 0 });
    expect(after.released).toEqual([]);
    pending = null;
    answered = { callId: "call-a", disposition: "callback", talkSeconds: 15 };
    after.engine.recorderChanged();
    expect(after.engine.getSnapshot().session).toMatchObject({ phase: "countdown", index: 1 });
    expect(after.engine.saved()?.calls).toEqual([
      { placeId: "a", disposition: "callback", talkSeconds: 15 },
    ]);
  });

  it("without an owed call, lets the business go and counts down to it again", async () => {
    const before = harness();
    before.engine.start(plan(["a", "b"]), settings);
    await flush();
    const after = harness();
    after.engine.resume(before.engine.saved()!);
    expect(after.released).toEqual(["a"]);
    expect(after.engine.getSnapshot().session).toMatchObject({ phase: "countdown", index: 0 });
    after.tick(3_000);
    await flush();
    expect(after.dialed).toEqual(["a"]);
  });
});

describe("power-dial session engine, parallel rounds", () => {
  it("reserves a round of lines, opens the business a person answered, and counts the others as dials and the abandoned", async () => {
    const h = harness(["b"]);
    const rounds: string[][] = [];
    let connect: ((p: Place) => void) | null = null;
    let finishRound:
      ((r: import("@/modules/power-dial/lib/parallel-lines").BatchResult) => void) | null = null;
    h.deps.dialBatch = (places, _options, connected) => {
      rounds.push(places.map((p) => p.place_id));
      connect = connected;
      return { done: new Promise((resolve) => (finishRound = resolve)), stop: () => undefined };
    };
    h.engine.start(plan(["a", "b", "c", "d", "e"]), settings, 3);
    await flush();
    // b is a colleague's: the round takes a, c and d; nothing is dialed one by one.
    expect(rounds).toEqual([["a", "c", "d"]]);
    expect(h.dialed).toEqual([]);
    expect(h.opened).toEqual([]);
    let onCall = true;
    h.deps.isCallActive = () => onCall;
    connect!(place("c"));
    expect(h.opened).toEqual(["c"]);
    expect(h.engine.getSnapshot().session).toMatchObject({ phase: "calling", index: 2 });
    // The machine and the ringing line finish before the rep's call.
    finishRound!({
      connected: place("c"),
      lines: [
        { place: place("a"), result: "voicemail", disposition: "voicemail" },
        { place: place("d"), result: "abandoned", disposition: null },
      ],
    });
    await flush();
    expect(h.released).toEqual(["a", "d"]);
    expect(h.engine.getSnapshot().session?.phase).toBe("calling");
    // The rep's call ends: the next round starts after the round's last business (e).
    h.dialed.push("c");
    onCall = false;
    h.endCall("interested", 40);
    expect(h.engine.getSnapshot().session).toMatchObject({ phase: "countdown", index: 4 });
    h.engine.stop("now");
    // Three dials (b was a colleague's); two people answered, one of them abandoned.
    expect(h.summaries[0]).toMatchObject({
      dials: 3,
      skipped: 1,
      answeredByPerson: 2,
      abandoned: 1,
    });
  });
});
