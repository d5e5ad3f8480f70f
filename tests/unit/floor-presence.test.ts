// The rep's presence from their dialer's state: what the live floor shows a manager.
import { describe, expect, it } from "vitest";
import { derivePresence, presenceKey, type PresenceInput } from "@/modules/floor/lib/presence";

const idle: PresenceInput = {
  status: "idle",
  phase: "dialing",
  line: "registered",
  outcomePending: false,
  business: null,
  powerDial: null,
};
const business = { placeId: "ChIJ1", placeName: "  Blue Bottle  " };

describe("derivePresence", () => {
  it("reads each dialer state as the floor's", () => {
    expect(derivePresence(idle).state).toBe("ready");
    expect(derivePresence({ ...idle, line: null }).state).toBe("ready");
    expect(derivePresence({ ...idle, line: "connecting" }).state).toBe("offline");
    expect(derivePresence({ ...idle, line: "offline" }).state).toBe("offline");
    expect(derivePresence({ ...idle, status: "calling" }).state).toBe("dialing");
    expect(derivePresence({ ...idle, status: "calling", phase: "line" }).state).toBe("dialing");
    expect(derivePresence({ ...idle, status: "calling", phase: "ringing" }).state).toBe("ringing");
    expect(derivePresence({ ...idle, status: "in-call" }).state).toBe("in-call");
    expect(derivePresence({ ...idle, status: "ended", outcomePending: true }).state).toBe(
      "wrapping-up",
    );
    // The prompt outlives the call: back to idle, the rep still owes the outcome.
    expect(derivePresence({ ...idle, outcomePending: true }).state).toBe("wrapping-up");
    expect(derivePresence({ ...idle, status: "ended" }).state).toBe("ready");
  });

  it("names the business only while a call is under way or wrapping up, cut to 200 characters", () => {
    expect(derivePresence({ ...idle, status: "in-call", business }).business).toEqual({
      placeId: "ChIJ1",
      name: "Blue Bottle",
    });
    expect(derivePresence({ ...idle, business }).business).toBeNull();
    const long = { placeId: "p", placeName: "x".repeat(250) };
    expect(
      derivePresence({ ...idle, status: "in-call", business: long }).business?.name,
    ).toHaveLength(200);
    expect(
      derivePresence({ ...idle, status: "in-call", business: { placeId: "p", placeName: " " } })
        .business,
    ).toEqual({ placeId: "p", name: null });
  });

  it("tells a change from a repeat, the power-dial session's lines included", () => {
    const a = presenceKey(derivePresence({ ...idle, status: "in-call", business }));
    expect(presenceKey(derivePresence({ ...idle, status: "in-call", business }))).toBe(a);
    expect(presenceKey(derivePresence({ ...idle, status: "calling", business }))).not.toBe(a);
    const running = presenceKey(derivePresence({ ...idle, powerDial: { lines: null } }));
    expect(running).not.toBe(presenceKey(derivePresence(idle)));
    expect(presenceKey(derivePresence({ ...idle, powerDial: { lines: 3 } }))).not.toBe(running);
  });

  it("carries the call's id while a call is under way, for a manager's monitoring", () => {
    const callId = "7d9f3c1e-0d2a-4b7e-9c55-2f1e8a6b4c3d";
    expect(derivePresence({ ...idle, status: "in-call", callId }).callId).toBe(callId);
    expect(derivePresence({ ...idle, status: "calling", phase: "ringing", callId }).callId).toBe(
      callId,
    );
    // Ended or wrapping up: no live call to listen to.
    expect(derivePresence({ ...idle, status: "ended", outcomePending: true, callId }).callId).toBe(
      null,
    );
    expect(derivePresence({ ...idle, callId }).callId).toBeNull();
    // A new call is a change even when nothing else is.
    expect(presenceKey(derivePresence({ ...idle, status: "in-call", callId }))).not.toBe(
      presenceKey(derivePresence({ ...idle, status: "in-call", callId: "another" })),
    );
  });

  it("carries the live call's quality only while in a call, and reports its change", () => {
    expect(derivePresence({ ...idle, status: "in-call", quality: "fair" }).quality).toBe("fair");
    expect(derivePresence({ ...idle, status: "calling", quality: "fair" }).quality).toBeNull();
    expect(
      derivePresence({ ...idle, status: "ended", outcomePending: true, quality: "poor" }).quality,
    ).toBeNull();
    expect(presenceKey(derivePresence({ ...idle, status: "in-call", quality: "good" }))).not.toBe(
      presenceKey(derivePresence({ ...idle, status: "in-call", quality: "poor" })),
    );
  });
});
