import { describe, expect, it } from "vitest";
import { DISPOSITIONS, isDisposition } from "@/modules/calls/lib/dispositions";
import { END_REASONS } from "@/modules/calls/lib/constants";
import {
  LABELLED_OUTCOMES,
  OUTCOME_LABEL_KEYS,
  endReasonForOutcome,
  outcomeForStatus,
  outcomeLabelKey,
  sipOutcome,
} from "@/modules/dialer/lib/sip-outcome";
import { SUGGESTED_DISPOSITIONS } from "@/modules/dialer/lib/suggested-disposition";
import { CALL_OUTCOMES, type CallOutcome } from "@/modules/dialer/lib/call-outcomes";

describe("SIP final responses", () => {
  // The reference's table (docs/reference/telephony.md), one row per status.
  const table: [number, CallOutcome, string | null][] = [
    [486, "busy", "busy"],
    [600, "busy", "busy"],
    [404, "invalid-number", "wrong_number"],
    [410, "invalid-number", "wrong_number"],
    [484, "invalid-number", "wrong_number"],
    [604, "invalid-number", "wrong_number"],
    [408, "no-answer", "no_answer"],
    [480, "no-answer", "no_answer"],
    [487, "cancelled", null],
    [603, "declined", "no_answer"],
    [606, "failed", null],
    [607, "declined", "no_answer"],
    [608, "declined", "no_answer"],
    [403, "failed", null],
    [488, "failed", null],
    [500, "failed", null],
    [502, "failed", null],
    [503, "failed", null],
    [504, "failed", null],
  ];
  it.each(table)("%i is %s, suggesting %s", (status, outcome, disposition) => {
    expect(sipOutcome({ kind: "final", status })).toEqual({
      outcome,
      sipStatus: status,
      answered: false,
      suggestedDisposition: disposition,
    });
  });

  const boundaries: [number, CallOutcome][] = [
    [400, "failed"],
    [401, "failed"],
    [407, "failed"],
    [499, "failed"],
    [500, "failed"],
    [599, "failed"],
    [601, "declined"],
    [699, "declined"],
  ];
  it.each(boundaries)("boundary %i is %s", (status, outcome) => {
    expect(outcomeForStatus(status)).toBe(outcome);
    expect(sipOutcome({ kind: "final", status }).sipStatus).toBe(status);
  });

  it("ignores the reason phrase: carriers word it freely", () => {
    expect(sipOutcome({ kind: "final", status: 486, reason: "Not Found" }).outcome).toBe("busy");
    expect(sipOutcome({ kind: "final", status: 404, reason: "Busy Here" }).outcome).toBe(
      "invalid-number",
    );
  });

  it("treats 1xx and 3xx, which are never a final failure here, as failed", () => {
    for (const status of [100, 180, 183, 199, 300, 302, 399]) {
      expect(sipOutcome({ kind: "final", status })).toMatchObject({
        outcome: "failed",
        sipStatus: status,
        answered: false,
        suggestedDisposition: null,
      });
    }
  });

  it("reads a 2xx passed as final as an answered, completed call", () => {
    expect(sipOutcome({ kind: "final", status: 200 })).toEqual({
      outcome: "completed",
      sipStatus: 200,
      answered: true,
      suggestedDisposition: null,
    });
    expect(outcomeForStatus(299)).toBe("completed");
  });

  it("reports statuses outside 100-699 or not integers as failed without a status", () => {
    for (const status of [0, 99, 700, 999, -486, 486.5, NaN, Infinity]) {
      expect(sipOutcome({ kind: "final", status })).toEqual({
        outcome: "failed",
        sipStatus: null,
        answered: false,
        suggestedDisposition: null,
      });
    }
  });
});

describe("call ends other than a final response", () => {
  it("the far end's BYE after an answer is a remote hang-up", () => {
    expect(sipOutcome({ kind: "remote-bye" })).toEqual({
      outcome: "remote-hangup",
      sipStatus: 200,
      answered: true,
      suggestedDisposition: null,
    });
  });

  it("the rep's End before an answer (CANCEL) is cancelled, with no status assumed", () => {
    expect(sipOutcome({ kind: "local-end", answered: false })).toEqual({
      outcome: "cancelled",
      sipStatus: null,
      answered: false,
      suggestedDisposition: null,
    });
  });

  it("the rep's End after an answer (BYE) is completed", () => {
    expect(sipOutcome({ kind: "local-end", answered: true })).toEqual({
      outcome: "completed",
      sipStatus: 200,
      answered: true,
      suggestedDisposition: null,
    });
  });

  it("an answer whose media never connects is no audio", () => {
    expect(sipOutcome({ kind: "no-media" })).toEqual({
      outcome: "no-audio",
      sipStatus: 200,
      answered: true,
      suggestedDisposition: null,
    });
  });

  it("a transport error is failed, with or without a message", () => {
    const expected = {
      outcome: "failed",
      sipStatus: null,
      answered: false,
      suggestedDisposition: null,
    };
    expect(sipOutcome({ kind: "transport-error" })).toEqual(expected);
    expect(sipOutcome({ kind: "transport-error", message: "WebSocket closed" })).toEqual(expected);
  });
});

describe("outcome tables", () => {
  it("suggests only existing dispositions, and only ones that reached nobody", () => {
    for (const outcome of CALL_OUTCOMES) {
      const suggestion = SUGGESTED_DISPOSITIONS[outcome];
      if (suggestion === null) continue;
      expect(isDisposition(suggestion)).toBe(true);
      expect(["busy", "no_answer", "wrong_number"]).toContain(suggestion);
    }
    expect(DISPOSITIONS).toEqual(expect.arrayContaining(["busy", "no_answer", "wrong_number"]));
  });

  it("names every outcome but the rep's own End, with distinct camelCase keys", () => {
    expect([...LABELLED_OUTCOMES, "cancelled", "completed"].sort()).toEqual(
      [...CALL_OUTCOMES].sort(),
    );
    const keys = Object.values(OUTCOME_LABEL_KEYS);
    expect(new Set(keys).size).toBe(LABELLED_OUTCOMES.length);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-zA-Z]*$/);
    expect(outcomeLabelKey("no-answer")).toBe("outcome.noAnswer");
    expect(outcomeLabelKey("remote-hangup")).toBe("outcome.remoteHangup");
    expect(outcomeLabelKey("cancelled")).toBeNull();
    expect(outcomeLabelKey("completed")).toBeNull();
  });

  it("maps outcomes to the end reasons the call record already stores", () => {
    const reasons = Object.fromEntries(CALL_OUTCOMES.map((o) => [o, endReasonForOutcome(o)]));
    expect(reasons).toEqual({
      busy: "failed",
      "no-answer": "failed",
      "invalid-number": "failed",
      declined: "failed",
      failed: "failed",
      "remote-hangup": "remote",
      "no-audio": "failed",
      cancelled: "local",
      completed: "local",
    });
    for (const reason of Object.values(reasons)) expect(END_REASONS).toContain(reason);
  });

  it("gives every status from 100 to 699 a known outcome", () => {
    for (let status = 100; status <= 699; status++) {
      expect(CALL_OUTCOMES).toContain(outcomeForStatus(status));
    }
  });
});
