// The dial-string table (tests/support/dial-string-table.ts) run in node against the one module
// the dialer and the call authorisation share; tests/e2e/dial-strings.spec.ts runs the same table
// through the built app and the SIP test peer.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dialInputText,
  dialRefusalOfCode,
  DIAL_PAUSE_MS,
  DIAL_REFUSAL_CODES,
  readDialString,
} from "@/modules/calls/lib/dial-string";
import { readDialedNumber } from "@/modules/calls/lib/dialed-number";
import { systemClock } from "@/modules/dialer/lib/clock";
import { createDialerController } from "@/modules/dialer/lib/controller";
import { createSimulatedTransport } from "@/modules/dialer/lib/simulated-transport";
import type { TransportNotice } from "@/modules/dialer/lib/transport";
import { dialStringTable } from "../support/dial-string-table";

/** What the browser and the server make of a typed string, end to end. */
function placed(typed: string) {
  const browser = readDialString(dialInputText(typed));
  if (!browser.ok) return { refused: browser.reason };
  const server = readDialedNumber(browser.dial.canonical, "US");
  if (!server.ok) return { refused: server.reason };
  return { rings: server.dialed.number, tones: browser.dial.postDial.replace(/,/g, "") };
}

describe("the dial-string table", () => {
  it.each(dialStringTable)("$typed", (row) => {
    const want =
      "refused" in row ? { refused: row.refused } : { rings: row.rings, tones: row.tones };
    // As the rep types it: the field's text, the browser's reading, then the server's.
    expect(placed(row.typed)).toEqual(want);
    // As an API client sends it: the server alone reads the same.
    const direct = readDialedNumber(row.typed, "US");
    expect(direct.ok ? { rings: direct.dialed.number } : { refused: direct.reason }).toEqual(
      "refused" in row ? { refused: row.refused } : { rings: row.rings },
    );
  });

  it("never rings a number other than the one read when digits move around", () => {
    // The reported cases: "*" and "#" dropped before the server saw the string rang a stranger.
    for (const typed of ["*67 512 555 1000", "*67 737-555-1000", "*675125551000"]) {
      expect(placed(typed)).toEqual({ refused: "caller-id" });
    }
  });
});

describe("the dialer's number field", () => {
  it("keeps what a dial string may hold and drops the rest", () => {
    expect(dialInputText("*67 (512) 555-0100")).toBe("*67 (512) 555-0100");
    expect(dialInputText("512-555-0100 ext. 12")).toBe("512-555-0100 ext. 12");
    expect(dialInputText("5125550100;ext=12")).toBe("5125550100;ext=12");
    expect(dialInputText("call 5125550100 now")).toBe(" 5125550100 ");
    // Typing "ext" one letter at a time keeps each step.
    expect(dialInputText("5125550100 e")).toBe("5125550100 e");
    expect(dialInputText("5125550100 ex")).toBe("5125550100 ex");
    expect(dialInputText("٥١٢")).toBe("512");
  });

  it("maps each refusal to one API code and back", () => {
    expect(dialRefusalOfCode(DIAL_REFUSAL_CODES["caller-id"])).toBe("caller-id");
    expect(dialRefusalOfCode("extra_digits")).toBe("extra-digits");
    // The server's own code for a number that is none reads back as that, not as the grammar's.
    expect(dialRefusalOfCode("invalid_number")).toBe("invalid-number");
    expect(dialRefusalOfCode("do_not_call")).toBeNull();
  });
});

describe("the dialer places what the table says", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("refuses a caller-ID code: nothing dialed, nothing recorded, the rep told why", () => {
    const transport = createSimulatedTransport(systemClock);
    const dial = vi.spyOn(transport, "dial");
    const onCall = vi.fn();
    const notices: [TransportNotice, string | undefined][] = [];
    const dialer = createDialerController({
      transport,
      clock: systemClock,
      onCall,
      onNotice: (notice, detail) => notices.push([notice, detail]),
    });
    dialer.dial("*67 512 555 1000");
    expect(dialer.getState().status).toBe("idle");
    expect(dialer.getState().number).toBe("*67 512 555 1000");
    expect(dial).not.toHaveBeenCalled();
    expect(onCall).not.toHaveBeenCalled();
    expect(notices).toEqual([["dial-refused", "caller-id"]]);
    dialer.dispose();
  });

  it("dials the number alone and sends the extension after answer and the pause", () => {
    const transport = createSimulatedTransport(systemClock);
    const dial = vi.spyOn(transport, "dial");
    const records: string[] = [];
    const dialer = createDialerController({
      transport,
      clock: systemClock,
      onCall: (record) => records.push(record.number),
    });
    dialer.dial("(512) 555-0100 ext. 12");
    expect(dial).toHaveBeenCalledWith("5125550100,12", null);
    expect(records).toEqual(["5125550100,12"]);
    vi.advanceTimersByTime(600); // the simulation answers
    expect(dialer.getState().status).toBe("in-call");
    vi.advanceTimersByTime(DIAL_PAUSE_MS - 1);
    expect(transport.sentDigits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(transport.sentDigits).toEqual(["1", "2"]);
    dialer.dispose();
  });
});
