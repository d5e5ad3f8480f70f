import { describe, expect, it } from "vitest";
import {
  DISPOSITIONS,
  DISPOSITION_FLAGS,
  dispositionForKey,
  dispositionKey,
  dispositionsWhere,
  isDisposition,
} from "@/modules/calls/lib/dispositions";

describe("dispositions", () => {
  it("keeps the dialer's order, one key 1-9 each", () => {
    expect(DISPOSITIONS).toEqual([
      "interested",
      "sale",
      "callback",
      "not_interested",
      "voicemail",
      "no_answer",
      "busy",
      "wrong_number",
      "do_not_call",
    ]);
    expect(DISPOSITIONS.map(dispositionKey)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(dispositionForKey("2")).toBe("sale");
    expect(dispositionForKey(9)).toBe("do_not_call");
    for (const bad of ["0", "10", "a", "", 0, 10, 1.5]) expect(dispositionForKey(bad)).toBeNull();
  });

  it("flags conversations, contacts and sales", () => {
    expect(dispositionsWhere("sale")).toEqual(["sale"]);
    expect(dispositionsWhere("conversation")).toEqual([
      "interested",
      "sale",
      "callback",
      "not_interested",
    ]);
    expect(dispositionsWhere("contact")).toEqual([
      "interested",
      "sale",
      "callback",
      "not_interested",
      "do_not_call",
    ]);
  });

  it("every conversation is a contact; only sale asks an amount, only callback a time", () => {
    for (const d of DISPOSITIONS) {
      const f = DISPOSITION_FLAGS[d];
      if (f.conversation) expect(f.contact).toBe(true);
      expect(f.asks).toBe(d === "sale" ? "amount" : d === "callback" ? "time" : undefined);
    }
  });

  it("recognises its own values only", () => {
    expect(isDisposition("busy")).toBe(true);
    expect(isDisposition("undisposed")).toBe(false);
    expect(isDisposition(3)).toBe(false);
  });
});
