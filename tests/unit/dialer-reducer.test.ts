import { describe, expect, it } from "vitest";
import { canCall, canEnd, dialerReducer } from "@/modules/dialer/lib/reducer";
import { initialDialerState, type DialerState } from "@/modules/dialer/lib/types";
import { digitsOnly } from "@/modules/dialer/lib/digits";
import { formatHms, formatMs } from "@/modules/dialer/lib/format";

const withStatus = (status: DialerState["status"], number = "555"): DialerState => ({
  ...initialDialerState,
  number,
  status,
});

describe("dialerReducer", () => {
  it("follows idle -> calling -> in-call -> ended -> idle", () => {
    let s = dialerReducer(withStatus("idle"), { type: "dial" });
    expect(s.status).toBe("calling");
    s = dialerReducer(s, { type: "connected", at: 1_000 });
    expect(s.status).toBe("in-call");
    s = dialerReducer(s, { type: "tick", now: 4_500 });
    expect(s.elapsedMs).toBe(3_500);
    s = dialerReducer(s, { type: "ended", now: 6_000 });
    expect(s).toMatchObject({ status: "ended", elapsedMs: 5_000 });
    s = dialerReducer(s, { type: "reset" });
    expect(s).toMatchObject({ status: "idle", elapsedMs: 0, connectedAt: null, number: "555" });
  });

  it("ignores moves that are not legal from the current state", () => {
    const idle = withStatus("idle");
    expect(dialerReducer(idle, { type: "connected", at: 1 })).toBe(idle);
    expect(dialerReducer(idle, { type: "ended", now: 1 })).toBe(idle);
    expect(dialerReducer(idle, { type: "reset" })).toBe(idle);
    const calling = withStatus("calling");
    expect(dialerReducer(calling, { type: "dial", number: "1" })).toBe(calling);
    expect(dialerReducer(calling, { type: "setNumber", number: "1" })).toBe(calling);
    expect(dialerReducer(calling, { type: "tick", now: 5 })).toBe(calling);
  });

  it("Call is disabled with no number or during a call; End only while calling or in call", () => {
    expect(canCall(withStatus("idle", ""))).toBe(false);
    // Formatting alone is nothing to dial.
    expect(canCall(withStatus("idle", "-() "))).toBe(false);
    expect(canCall(withStatus("idle", "*67"))).toBe(true);
    expect(canCall(withStatus("idle"))).toBe(true);
    expect(canCall(withStatus("ended"))).toBe(true);
    expect(canCall(withStatus("calling"))).toBe(false);
    expect(canCall(withStatus("in-call"))).toBe(false);
    expect(canEnd(withStatus("idle"))).toBe(false);
    expect(canEnd(withStatus("ended"))).toBe(false);
    expect(canEnd(withStatus("calling"))).toBe(true);
    expect(canEnd(withStatus("in-call"))).toBe(true);
  });

  it("keeps what a dial string may hold", () => {
    const s = dialerReducer(initialDialerState, { type: "setNumber", number: "(555) 123-4567!" });
    expect(s.number).toBe("(555) 123-4567");
    expect(dialerReducer(s, { type: "appendDigit", key: "*" }).number).toBe("(555) 123-4567*");
    expect(dialerReducer(s, { type: "appendDigit", key: "8" }).number).toBe("(555) 123-45678");
    expect(dialerReducer(s, { type: "appendDigit", key: "a" })).toBe(s);
    expect(digitsOnly("abc+1 (2)3.4")).toBe("1234");
  });
});

describe("timer formats", () => {
  it("formats hh:mm:ss and mm:ss", () => {
    expect(formatHms(0)).toBe("00:00:00");
    expect(formatHms(3_723_999)).toBe("01:02:03");
    expect(formatMs(0)).toBe("00:00");
    expect(formatMs(65_400)).toBe("01:05");
    expect(formatMs(3_600_000)).toBe("60:00");
  });
});
