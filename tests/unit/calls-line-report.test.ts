// What the line reports about a call on its way to the record: the body the browser
// builds (direction, outcome, SIP status, quality, answering-machine detection; a caller's
// number), the route's validation of it, and how Missed Calls shows and calls back a caller.
import { describe, expect, it } from "vitest";
import {
  callPutBodySchema,
  dialedDigitsSchema,
  missedCallsQuerySchema,
} from "@/modules/calls/lib/schemas";
import { callBackDigits, shownNumber } from "@/modules/calls/client/caller";
import { callerDigits, callPutBody } from "@/modules/calls/client/record-body";
import type { CallRecord } from "@/modules/dialer/lib/types";

const T0 = Date.parse("2026-01-01T00:00:00.000Z");
const start = "2026-11-23T10:00:00.000Z";
const quality = {
  samples: 20,
  averageMos: 4.3,
  worstMos: 3.1,
  worstJitterMs: 12.5,
  worstLossFraction: 0.02,
};
const outbound: CallRecord = {
  id: "x",
  number: "5125550100",
  direction: "outbound",
  context: { placeId: "p1" },
  startedAt: T0,
  connectedAt: T0 + 2400,
  endedAt: T0 + 62_400,
  endReason: "remote",
  outcome: "remote-hangup",
  sipStatus: 200,
  quality,
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.path.join("."));
}

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("callPutBody sends what the line reported", () => {
  it("an outbound call: outcome, SIP status and quality, but no direction (the default)", () => {
    const body = callPutBody(outbound);
    expect(body).toEqual({
      placeId: "p1",
      dialedDigits: "5125550100",
      startedAt: "2026-01-01T00:00:00.000Z",
      connectedAt: "2026-01-01T00:00:02.400Z",
      endedAt: "2026-01-01T00:01:02.400Z",
      endReason: "remote",
      outcome: "remote-hangup",
      sipStatus: 200,
      quality,
    });
    expect(callPutBodySchema.safeParse(body).success).toBe(true);
  });

  it("leaves out what is not known, so a simulated call's body is what it always was", () => {
    expect(
      callPutBody({ ...outbound, context: null, outcome: null, sipStatus: null, quality: null }),
    ).toEqual({
      dialedDigits: "5125550100",
      startedAt: "2026-01-01T00:00:00.000Z",
      connectedAt: "2026-01-01T00:00:02.400Z",
      endedAt: "2026-01-01T00:01:02.400Z",
      endReason: "remote",
    });
  });

  it("an inbound missed call: direction, the caller's number, ended as it started", () => {
    const body = callPutBody({
      ...outbound,
      number: "+1 512-555-0101",
      direction: "inbound",
      context: null,
      connectedAt: null,
      endedAt: T0,
      outcome: null,
      sipStatus: null,
      quality: null,
    });
    expect(body).toEqual({
      dialedDigits: "+15125550101",
      startedAt: "2026-01-01T00:00:00.000Z",
      endedAt: "2026-01-01T00:00:00.000Z",
      endReason: "remote",
      direction: "inbound",
    });
    expect(callPutBodySchema.safeParse(body).success).toBe(true);
  });

  it("a withheld or named caller is sent with no number, which the route accepts inbound only", () => {
    for (const from of ["", "anonymous", "alice", "+1 (512) 555-0101 ext 3"]) {
      expect(callerDigits(from), from).toBe("");
    }
    expect(callerDigits(" 5125550101 ")).toBe("5125550101");
    expect(callerDigits("201")).toBe("201");
    const body = callPutBody({ ...outbound, number: "anonymous", direction: "inbound" });
    expect(body.dialedDigits).toBe("");
    expect(callPutBodySchema.safeParse(body).success).toBe(true);
    expect(issues(callPutBodySchema.safeParse({ ...body, direction: undefined }))).toEqual([
      "dialedDigits",
    ]);
  });

  it("a broken reading costs only itself, never the record (a 4xx drops it from the outbox)", () => {
    for (const broken of [
      { ...quality, averageMos: Number.NaN },
      { ...quality, worstMos: 0.5 },
      { ...quality, worstJitterMs: Number.POSITIVE_INFINITY },
      { ...quality, worstJitterMs: 60_001 },
      { ...quality, worstLossFraction: 1.5 },
      { ...quality, samples: -1 },
      { ...quality, samples: 2.5 },
    ]) {
      const body = callPutBody({ ...outbound, quality: broken });
      expect(body.quality, JSON.stringify(broken)).toBeUndefined();
      expect(callPutBodySchema.safeParse(body).success).toBe(true);
    }
    for (const sipStatus of [99, 700, 486.5, Number.NaN]) {
      const body = callPutBody({ ...outbound, sipStatus });
      expect(body.sipStatus, String(sipStatus)).toBeUndefined();
      expect(callPutBodySchema.safeParse(body).success).toBe(true);
    }
    // Only what the route knows is sent: nothing the meter might add later.
    const extra = { ...quality, rttMs: 40 } as typeof quality;
    expect(callPutBody({ ...outbound, quality: extra }).quality).toEqual(quality);
  });
});

describe("each direction's quality in the body", () => {
  const heard = { averageMos: 4.3, worstMos: 4.1, worstJitterMs: 3, worstLossFraction: 0 };
  const sent = { averageMos: 3.4, worstMos: 2.9, worstJitterMs: 12, worstLossFraction: 0.1 };

  it("sends both directions, and a broken one is left out on its own", () => {
    const both = callPutBody({
      ...outbound,
      quality: { ...quality, incoming: heard, outgoing: sent },
    });
    expect(both.quality).toEqual({ ...quality, incoming: heard, outgoing: sent });
    expect(callPutBodySchema.safeParse(both).success).toBe(true);
    const broken = { ...sent, worstLossFraction: 2 };
    const one = callPutBody({
      ...outbound,
      quality: { ...quality, incoming: heard, outgoing: broken },
    });
    expect(one.quality).toEqual({ ...quality, incoming: heard });
    expect(callPutBodySchema.safeParse(one).success).toBe(true);
  });

  it("the route refuses a direction out of bounds on its own field", () => {
    const body = { dialedDigits: "5125550100", startedAt: start };
    const result = callPutBodySchema.safeParse({
      ...body,
      quality: { ...quality, outgoing: { ...sent, worstMos: 7 } },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].path).toEqual(["quality", "outgoing", "worstMos"]);
    expect(
      callPutBodySchema.safeParse({ ...body, quality: { ...quality, outgoing: null } }).success,
    ).toBe(true);
  });
});

describe("the answering-machine detection in the body", () => {
  const detection = {
    verdict: "machine",
    cause: "max-words",
    atMs: 2140,
    overridden: false,
    automaticVoicemail: true,
  } as const;

  it("sends the decision as the record has it, which the route accepts", () => {
    const body = callPutBody({ ...outbound, detection });
    expect(body.detection).toEqual(detection);
    expect(callPutBodySchema.parse(body).detection).toEqual(detection);
    // Every verdict and cause the detector can give, and the bounds of its time.
    for (const [verdict, cause, atMs] of [
      ["human", "human", 0],
      ["unknown", "too-long", 60_000],
      ["unknown", "silence", 5000],
      ["machine", "fax", 700],
      ["machine", "tone", 1900],
      ["machine", "long-greeting", 1500],
      ["machine", "max-word-length", 5000],
      ["machine", "initial-silence", 2500],
    ] as const) {
      const sent = callPutBody({ ...outbound, detection: { ...detection, verdict, cause, atMs } });
      expect(sent.detection, cause).toEqual({ ...detection, verdict, cause, atMs });
      expect(callPutBodySchema.safeParse(sent).success, cause).toBe(true);
    }
  });

  it("leaves it out when there is none, so other bodies are what they were", () => {
    expect(callPutBody({ ...outbound, detection: null })).not.toHaveProperty("detection");
    expect(callPutBody(outbound)).not.toHaveProperty("detection");
  });

  it("a broken decision costs only itself, never the record (a 4xx drops it from the outbox)", () => {
    for (const broken of [
      { ...detection, verdict: "person" },
      { ...detection, cause: "long_greeting" },
      { ...detection, atMs: -1 },
      { ...detection, atMs: 60_001 },
      { ...detection, atMs: 2140.5 },
      { ...detection, atMs: Number.NaN },
      { ...detection, overridden: undefined },
      { ...detection, automaticVoicemail: "yes" },
    ]) {
      const body = callPutBody({ ...outbound, detection: broken as never });
      expect(body.detection, JSON.stringify(broken)).toBeUndefined();
      expect(body.quality).toEqual(quality);
      expect(callPutBodySchema.safeParse(body).success).toBe(true);
    }
    // Only the five fields the route knows are sent: nothing the detector might add later.
    const extra = { ...detection, words: 5, voiceMs: 1800 };
    expect(callPutBody({ ...outbound, detection: extra }).detection).toEqual(detection);
  });

  it("the route refuses a decision out of bounds on its own field, saying what is allowed", () => {
    const base = { dialedDigits: "5125550100", startedAt: start };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...detection, verdict: "person" }, "detection.verdict", /human, machine, unknown/],
      [{ ...detection, cause: "beep" }, "detection.cause", /long-greeting, max-words/],
      [{ ...detection, atMs: 60_001 }, "detection.atMs", /0 to 60000/],
      [{ ...detection, atMs: 1.5 }, "detection.atMs", /whole number/],
      [{ ...detection, overridden: 1 }, "detection.overridden", /true or false/],
      [{ ...detection, automaticVoicemail: null }, "detection.automaticVoicemail", /true or false/],
    ];
    for (const [value, path, message] of cases) {
      const result = callPutBodySchema.safeParse({ ...base, detection: value });
      expect(issues(result), JSON.stringify(value)).toEqual([path]);
      expect(messages(result)[0], JSON.stringify(value)).toMatch(message);
    }
    expect(callPutBodySchema.safeParse({ ...base, detection: null }).success).toBe(true);
  });
});

describe("callPutBodySchema checks what the line reported", () => {
  const base = { dialedDigits: "5125550100", startedAt: start };

  it("accepts every outcome, a SIP status 100-699, a summary within bounds, either direction", () => {
    for (const outcome of ["busy", "no-answer", "invalid-number", "completed", "no-audio"]) {
      expect(callPutBodySchema.safeParse({ ...base, outcome }).success, outcome).toBe(true);
    }
    for (const sipStatus of [100, 486, 699]) {
      expect(callPutBodySchema.safeParse({ ...base, sipStatus }).success).toBe(true);
    }
    const edges = {
      samples: 0,
      averageMos: 1,
      worstMos: 5,
      worstJitterMs: 60_000,
      worstLossFraction: 1,
    };
    expect(callPutBodySchema.safeParse({ ...base, quality: edges }).success).toBe(true);
    expect(callPutBodySchema.safeParse({ ...base, quality: null, sipStatus: null }).success).toBe(
      true,
    );
    for (const direction of ["inbound", "outbound"]) {
      expect(callPutBodySchema.parse({ ...base, direction }).direction).toBe(direction);
    }
  });

  it("refuses anything else on its own field, with a message that says what is allowed", () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ sipStatus: 99 }, "sipStatus", /100 to 699/],
      [{ sipStatus: 700 }, "sipStatus", /100 to 699/],
      [{ sipStatus: 200.5 }, "sipStatus", /whole number/],
      [{ sipStatus: "200" }, "sipStatus", /100 to 699/],
      [{ outcome: "no_answer" }, "outcome", /busy, no-answer/],
      [{ outcome: "hung up" }, "outcome", /busy, no-answer/],
      [{ direction: "sideways" }, "direction", /outbound or inbound/],
      [{ quality: { ...quality, averageMos: 0.9 } }, "quality.averageMos", /1 to 5/],
      [{ quality: { ...quality, worstMos: 5.1 } }, "quality.worstMos", /1 to 5/],
      [{ quality: { ...quality, worstJitterMs: -1 } }, "quality.worstJitterMs", /0 to 60000/],
      [{ quality: { ...quality, worstJitterMs: 60_001 } }, "quality.worstJitterMs", /0 to 60000/],
      [{ quality: { ...quality, worstLossFraction: 2 } }, "quality.worstLossFraction", /0 to 1/],
      [{ quality: { ...quality, samples: -1 } }, "quality.samples", /0 or more/],
      [{ quality: { ...quality, samples: 1.5 } }, "quality.samples", /whole number/],
      [{ quality: { ...quality, averageMos: undefined } }, "quality.averageMos", /1 to 5/],
      [{ quality: "good" }, "quality", /quality summary/],
    ];
    for (const [extra, path, message] of cases) {
      const result = callPutBodySchema.safeParse({ ...base, ...extra });
      expect(issues(result), JSON.stringify(extra)).toEqual([path]);
      expect(messages(result)[0], JSON.stringify(extra)).toMatch(message);
    }
  });

  it("an outbound call needs its digits; an inbound one may have none (withheld)", () => {
    expect(issues(callPutBodySchema.safeParse({ ...base, dialedDigits: "" }))).toEqual([
      "dialedDigits",
    ]);
    expect(
      callPutBodySchema.safeParse({ ...base, dialedDigits: " ", direction: "inbound" }).success,
    ).toBe(true);
    expect(
      issues(callPutBodySchema.safeParse({ ...base, dialedDigits: "anon", direction: "inbound" })),
    ).toEqual(["dialedDigits"]);
    // What a rep dials (the call authorisation reads it too) always has a number.
    expect(dialedDigitsSchema.safeParse("").success).toBe(false);
    expect(dialedDigitsSchema.safeParse(" 5125550100 ").data).toBe("5125550100");
  });
});

describe("Missed Calls: the caller and Call back", () => {
  it("pages 25 at a time by default, at most 100", () => {
    expect(missedCallsQuerySchema.parse({})).toEqual({ limit: 25 });
    expect(missedCallsQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
  });

  it("shows North American numbers nationally, others as E.164 or as the line gave them", () => {
    expect(shownNumber({ dialedDigits: "15125550101", dialedNumber: "+15125550101" })).toBe(
      "5125550101",
    );
    expect(shownNumber({ dialedDigits: "442071838750", dialedNumber: "+442071838750" })).toBe(
      "+442071838750",
    );
    expect(shownNumber({ dialedDigits: "201", dialedNumber: null })).toBe("201");
    expect(shownNumber({ dialedDigits: "", dialedNumber: null })).toBe("");
  });

  it("calls back a number it can read, as Targets dials; nothing for a withheld or unreadable one", () => {
    expect(callBackDigits({ callerDigits: "+15125550101", callerNumber: "+15125550101" })).toBe(
      "5125550101",
    );
    expect(callBackDigits({ callerDigits: "+442071838750", callerNumber: "+442071838750" })).toBe(
      "442071838750",
    );
    expect(callBackDigits({ callerDigits: "201", callerNumber: null })).toBeNull();
    expect(callBackDigits({ callerDigits: "", callerNumber: null })).toBeNull();
  });
});

describe("parallel dialing's abandonment in the body", () => {
  it("says abandoned only for an answered outbound call no machine took", () => {
    const sent = callPutBody({ ...outbound, abandoned: true });
    expect(sent.abandoned).toBe(true);
    expect(callPutBodySchema.parse(sent).abandoned).toBe(true);
    expect(callPutBody(outbound)).not.toHaveProperty("abandoned");
    expect(callPutBody({ ...outbound, abandoned: false })).not.toHaveProperty("abandoned");
    expect(
      callPutBody({ ...outbound, abandoned: true, connectedAt: null, endedAt: T0 + 20_000 }),
    ).not.toHaveProperty("abandoned");
    expect(
      callPutBody({ ...outbound, abandoned: true, direction: "inbound", number: "+15125550100" }),
    ).not.toHaveProperty("abandoned");
    const machine = {
      verdict: "machine",
      cause: "long-greeting",
      atMs: 2100,
      overridden: false,
      automaticVoicemail: false,
    } as const;
    expect(callPutBody({ ...outbound, abandoned: true, detection: machine })).not.toHaveProperty(
      "abandoned",
    );
    expect(
      callPutBody({ ...outbound, abandoned: true, detection: { ...machine, overridden: true } })
        .abandoned,
    ).toBe(true);
  });
});
