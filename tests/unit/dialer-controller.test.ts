import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { createDialerController, type DialerController } from "@/modules/dialer/lib/controller";
import {
  createSimulatedTransport,
  type SimulatedTransport,
} from "@/modules/dialer/lib/simulated-transport";
import { systemClock } from "@/modules/dialer/lib/clock";

let transport: SimulatedTransport;
let dialer: DialerController;
let hangUps: Mock<() => void>;
const status = () => dialer.getState().status;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
  transport = createSimulatedTransport(systemClock);
  hangUps = vi.fn<() => void>();
  const hangUp = transport.hangUp.bind(transport);
  transport.hangUp = () => {
    hangUps();
    hangUp();
  };
  dialer = createDialerController({ transport, clock: systemClock });
});
afterEach(() => {
  dialer.dispose();
  vi.useRealTimers();
});

describe("dialer simulation timings", () => {
  it("goes idle -> calling when a number is dialed, and in-call exactly 600 ms later", () => {
    expect(status()).toBe("idle");
    dialer.dial("5551234567");
    expect(status()).toBe("calling");
    vi.advanceTimersByTime(599);
    expect(status()).toBe("calling");
    vi.advanceTimersByTime(1);
    expect(status()).toBe("in-call");
  });

  it("ends on its own exactly 20 s after connecting, then goes idle 1.2 s later", () => {
    dialer.dial("5551234567");
    vi.advanceTimersByTime(600 + 19_999);
    expect(status()).toBe("in-call");
    vi.advanceTimersByTime(1);
    expect(status()).toBe("ended");
    // The far end hung up: nothing to tell the transport.
    expect(hangUps).not.toHaveBeenCalled();
    expect(dialer.getState().elapsedMs).toBe(20_000);
    vi.advanceTimersByTime(1_199);
    expect(status()).toBe("ended");
    vi.advanceTimersByTime(1);
    expect(status()).toBe("idle");
    expect(dialer.getState().elapsedMs).toBe(0);
    expect(dialer.getState().number).toBe("5551234567");
  });

  it("End sets ended at once, then idle after 1.2 s, and the call never reconnects", () => {
    dialer.dial("5551234567");
    vi.advanceTimersByTime(600 + 3_000);
    dialer.hangUp();
    expect(status()).toBe("ended");
    expect(hangUps).toHaveBeenCalledOnce();
    expect(dialer.getState().elapsedMs).toBe(3_000);
    vi.advanceTimersByTime(1_199);
    expect(status()).toBe("ended");
    vi.advanceTimersByTime(1);
    expect(status()).toBe("idle");
    vi.advanceTimersByTime(30_000);
    expect(status()).toBe("idle");
  });

  it("End while still dialing cancels the connection", () => {
    dialer.dial("123");
    vi.advanceTimersByTime(300);
    dialer.hangUp();
    expect(status()).toBe("ended");
    vi.advanceTimersByTime(600);
    expect(status()).toBe("ended");
    vi.advanceTimersByTime(600);
    expect(status()).toBe("idle");
  });

  it("counts elapsed time while in call", () => {
    dialer.dial("123");
    vi.advanceTimersByTime(600);
    expect(dialer.getState().elapsedMs).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(dialer.getState().elapsedMs).toBe(5_000);
  });

  it("redialing during Call Ended cancels the pending reset", () => {
    dialer.dial("123");
    vi.advanceTimersByTime(600);
    dialer.hangUp();
    vi.advanceTimersByTime(500);
    dialer.dial();
    expect(status()).toBe("calling");
    vi.advanceTimersByTime(700);
    expect(status()).toBe("in-call");
  });
});

describe("dialer rules", () => {
  it("does not dial without a number", () => {
    dialer.dial();
    expect(status()).toBe("idle");
    dialer.dial("()- ");
    expect(status()).toBe("idle");
  });

  it("hangUp does nothing when idle or ended", () => {
    const listener = vi.fn();
    const unsubscribe = dialer.subscribe(listener);
    dialer.hangUp();
    expect(listener).not.toHaveBeenCalled();
    expect(hangUps).not.toHaveBeenCalled();
    unsubscribe();

    dialer.dial("123");
    vi.advanceTimersByTime(600 + 1_000);
    dialer.hangUp();
    expect(status()).toBe("ended");
    vi.advanceTimersByTime(1_000);
    dialer.subscribe(listener);
    dialer.hangUp();
    expect(listener).not.toHaveBeenCalled();
    expect(hangUps).toHaveBeenCalledOnce();
    // A second End must not restart the 1.2 s reset: idle comes 1.2 s after the first one.
    vi.advanceTimersByTime(200);
    expect(status()).toBe("idle");
  });

  it("keypad appends keys (a dial string holds * and #) before a call and sends DTMF during one", () => {
    for (const key of ["5", "*", "5", "#", "1", "a"]) dialer.sendDigit(key);
    expect(dialer.getState().number).toBe("5*5#1");
    dialer.clearNumber();
    for (const key of "5551234567#") dialer.sendDigit(key);
    dialer.dial();
    vi.advanceTimersByTime(600);
    dialer.sendDigit("9");
    dialer.sendDigit("#");
    expect(dialer.getState().number).toBe("5551234567");
    expect(transport.sentDigits).toEqual(["9", "#"]);
  });

  it("keeps the typed dial string, and calls its canonical form", () => {
    dialer.setNumber("(555) 123-4567 ext 8");
    expect(dialer.getState().number).toBe("(555) 123-4567 ext 8");
    dialer.dial("+1 (800) 555-0100");
    expect(dialer.getState().number).toBe("+18005550100");
  });

  it("notifies subscribers and tracks the minimised flag", () => {
    const listener = vi.fn();
    const unsubscribe = dialer.subscribe(listener);
    dialer.setMinimised(true);
    expect(dialer.getState().minimised).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    dialer.setMinimised(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
