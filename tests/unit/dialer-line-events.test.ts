import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "@/modules/dialer/lib/clock";
import { createDialerController, type CallPhase } from "@/modules/dialer/lib/controller";
import { createSimulatedTransport } from "@/modules/dialer/lib/simulated-transport";
import { createSwitchableTransport } from "@/modules/dialer/lib/switchable-transport";
import type { CallTransport, TransportEvent } from "@/modules/dialer/lib/transport";
import type { CallRecord } from "@/modules/dialer/lib/types";

// The widened transport seam as the controller reads it: a scripted transport stands
// in for SIP and says what a real line would (ringing, the outcome, quality, an incoming call).

type Scripted = CallTransport & { emit(event: TransportEvent): void; calls: string[] };

function scripted(): Scripted {
  const listeners = new Set<(event: TransportEvent) => void>();
  const calls: string[] = [];
  const emit = (event: TransportEvent) => listeners.forEach((listener) => listener(event));
  const quality = {
    samples: 3,
    averageMos: 4.2,
    worstMos: 3.9,
    worstJitterMs: 12,
    worstLossFraction: 0.01,
  };
  return {
    capabilities: { real: true },
    calls,
    emit,
    dial: (number) => calls.push(`dial ${number}`),
    // As the SIP transport does: End ends the call with what the line knows, at once.
    hangUp: () => {
      calls.push("hangUp");
      emit({ type: "ended", reason: "local", outcome: "completed", sipStatus: 200, quality });
    },
    sendDigit: (key) => calls.push(`digit ${key}`),
    setHeld: (held) => emit({ type: "held", held }),
    setMuted: (muted) => emit({ type: "muted", muted }),
    answer: (id) => calls.push(`answer ${id}`),
    decline: (id) => calls.push(`decline ${id}`),
    takeOverLine: () => calls.push("takeOver"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => listeners.clear(),
  };
}

let line: Scripted;
let seen: { phase: CallPhase; record: CallRecord }[];
const T0 = new Date("2026-01-01T00:00:00Z").getTime();
const make = () =>
  createDialerController({
    transport: line,
    clock: systemClock,
    newCallId: () => `call-${seen.length}`,
    onCall: (record, phase) => seen.push({ phase, record }),
  });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  line = scripted();
  seen = [];
});
afterEach(() => vi.useRealTimers());

describe("a real line's call as the dialer shows it", () => {
  it("a call that never left the browser is no dial: no record, no outcome, back to idle", () => {
    const dialer = make();
    dialer.dial("(512) 555-0100 x7");
    expect(dialer.getState().number).toBe("5125550100,7");
    expect(seen).toEqual([]);
    // The line was offline, the server refused the number, or the microphone was blocked.
    line.emit({ type: "ended", reason: "failed", outcome: "failed" });
    expect(seen).toEqual([]);
    // Back to idle with what the rep typed, to correct it.
    expect(dialer.getState()).toMatchObject({
      status: "idle",
      outcome: null,
      number: "(512) 555-0100 x7",
    });
    // The next call that goes out is recorded from its start.
    dialer.dial("5125550100");
    line.emit({ type: "placed" });
    expect(seen.map((s) => s.phase)).toEqual(["started"]);
    line.emit({ type: "ended", reason: "failed", outcome: "busy", sipStatus: 486 });
    expect(seen.map((s) => s.phase)).toEqual(["started", "ended"]);
  });

  it("a call clicked while the line connects shows the wait, then dials", () => {
    const dialer = make();
    dialer.dial("5125550100");
    line.emit({ type: "waiting-line", waiting: true });
    expect(dialer.getState()).toMatchObject({ status: "calling", phase: "line" });
    line.emit({ type: "waiting-line", waiting: false });
    expect(dialer.getState()).toMatchObject({ status: "calling", phase: "dialing" });
  });

  it("answering a call says so, never Dialing", () => {
    const dialer = make();
    line.emit({ type: "incoming", call: { id: "in-1", from: "+15125550100", name: null } });
    dialer.answer("in-1");
    expect(dialer.getState()).toMatchObject({ status: "calling", phase: "answering" });
    line.emit({ type: "connected" });
    expect(dialer.getState().status).toBe("in-call");
  });

  it("dialing, ringing, in call, then the named outcome and the record with it", () => {
    const dialer = make();
    dialer.dial("5125550100", { placeId: "p1" });
    expect(dialer.getState()).toMatchObject({ status: "calling", phase: "dialing" });
    line.emit({ type: "placed" });
    line.emit({ type: "ringing" });
    expect(dialer.getState()).toMatchObject({ status: "calling", phase: "ringing" });
    vi.advanceTimersByTime(900);
    line.emit({ type: "ended", reason: "failed", outcome: "busy", sipStatus: 486 });
    expect(dialer.getState()).toMatchObject({ status: "ended", outcome: "busy", elapsedMs: 0 });
    expect(seen[1]).toMatchObject({
      phase: "ended",
      record: { outcome: "busy", sipStatus: 486, endReason: "failed", connectedAt: null },
    });
    // Back to idle after the spec's pause: the outcome does not leak into the next call.
    vi.advanceTimersByTime(1200);
    expect(dialer.getState()).toMatchObject({ status: "idle", outcome: null, phase: "dialing" });
  });

  it("the rep's End keeps the line's quality summary in the record", () => {
    const dialer = make();
    dialer.dial("5125550100");
    line.emit({ type: "placed" });
    line.emit({ type: "connected" });
    vi.advanceTimersByTime(5000);
    dialer.hangUp();
    expect(line.calls).toContain("hangUp");
    expect(seen.map((s) => s.phase)).toEqual(["started", "ended"]);
    expect(seen[1].record).toMatchObject({
      endReason: "local",
      outcome: "completed",
      sipStatus: 200,
      quality: { averageMos: 4.2, worstMos: 3.9 },
      connectedAt: T0,
      endedAt: T0 + 5000,
    });
  });

  it("hold and mute are the call's state, and reset with the next call", () => {
    const dialer = make();
    dialer.setHeld(true);
    expect(dialer.getState().held).toBe(false); // no call: nothing to hold
    dialer.dial("5125550100");
    dialer.setHeld(true);
    expect(dialer.getState().held).toBe(false); // not answered yet
    line.emit({ type: "connected" });
    dialer.setHeld(true);
    dialer.setMuted(true);
    expect(dialer.getState()).toMatchObject({ held: true, muted: true });
    line.emit({ type: "ended", reason: "remote", outcome: "remote-hangup" });
    expect(dialer.getState().held).toBe(false);
    vi.advanceTimersByTime(1200);
    dialer.dial("5125550100");
    expect(dialer.getState()).toMatchObject({ held: false, muted: false });
  });

  it("quality readings show only in a call", () => {
    const dialer = make();
    const reading = {
      mos: 2.9,
      level: "poor" as const,
      rttMs: 300,
      jitterMs: 40,
      lossFraction: 0.1,
      poorForSeconds: 5,
    };
    line.emit({ type: "quality", reading });
    expect(dialer.getState().quality).toBeNull();
    dialer.dial("5125550100");
    line.emit({ type: "connected" });
    line.emit({ type: "quality", reading });
    expect(dialer.getState().quality).toEqual(reading);
  });

  it("the line's state reaches the screens", () => {
    const dialer = make();
    line.emit({ type: "line", line: { state: "offline", reason: "other-tab" } });
    expect(dialer.getState().line).toEqual({ state: "offline", reason: "other-tab" });
    dialer.takeOverLine();
    expect(line.calls).toContain("takeOver");
  });
});

describe("calls to the rep", () => {
  const caller = { id: "inv-1", from: "+15125550199", name: null };

  it("an answered incoming call is an inbound call record", () => {
    const dialer = make();
    line.emit({ type: "incoming", call: caller });
    expect(dialer.getState().incoming).toEqual(caller);
    dialer.answer("stale-id");
    expect(line.calls).toEqual([]);
    dialer.answer("inv-1");
    expect(line.calls).toEqual(["answer inv-1"]);
    expect(dialer.getState()).toMatchObject({
      status: "calling",
      direction: "inbound",
      number: "15125550199",
      incoming: null,
    });
    line.emit({ type: "incoming-ended", id: "inv-1", answered: true });
    line.emit({ type: "connected" });
    expect(dialer.getState().status).toBe("in-call");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      phase: "started",
      record: { direction: "inbound", number: "+15125550199" },
    });
  });

  it("one the rep declines is reported missed and declined, with no disposition asked", () => {
    const dialer = make();
    line.emit({ type: "incoming", call: caller });
    dialer.decline("inv-1");
    expect(line.calls).toEqual(["decline inv-1"]);
    line.emit({ type: "incoming-ended", id: "inv-1", answered: false });
    expect(dialer.getState().incoming).toBeNull();
    expect(seen).toEqual([
      {
        phase: "missed",
        record: expect.objectContaining({
          direction: "inbound",
          connectedAt: null,
          endedAt: T0,
          endReason: "local",
          outcome: "declined",
          sipStatus: 603,
        }),
      },
    ]);
  });

  it("one that stops ringing unanswered is reported missed, with no disposition asked", () => {
    const dialer = make();
    line.emit({ type: "incoming", call: caller });
    line.emit({ type: "incoming-ended", id: "inv-1", answered: false });
    expect(dialer.getState().incoming).toBeNull();
    expect(seen).toEqual([
      {
        phase: "missed",
        record: expect.objectContaining({
          direction: "inbound",
          number: "+15125550199",
          connectedAt: null,
          endedAt: T0,
          endReason: "remote",
        }),
      },
    ]);
  });
});

describe("switching from the simulation to the line", () => {
  it("waits for a simulated call under way to end", () => {
    const simulated = createSimulatedTransport(systemClock);
    const switchable = createSwitchableTransport(simulated);
    const dialer = createDialerController({ transport: switchable, clock: systemClock });
    expect(dialer.capabilities.real).toBe(false);
    dialer.dial("5125550100");
    vi.advanceTimersByTime(600);
    switchable.use(line);
    expect(dialer.capabilities.real).toBe(false);
    expect(dialer.getState().status).toBe("in-call");
    dialer.hangUp();
    expect(dialer.capabilities.real).toBe(true);
    vi.advanceTimersByTime(1200);
    dialer.dial("5125550100");
    expect(line.calls).toEqual(["dial 5125550100"]);
  });

  it("takes over at once when idle, and forwards the line's events", () => {
    const switchable = createSwitchableTransport(createSimulatedTransport(systemClock));
    const dialer = createDialerController({ transport: switchable, clock: systemClock });
    switchable.use(line);
    line.emit({ type: "line", line: { state: "registered" } });
    expect(dialer.getState().line).toEqual({ state: "registered" });
  });
});
