import { describe, expect, it } from "vitest";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import {
  checkDispositionDraft,
  decidePromptKey,
  emptyDispositionDraft,
  NOTE_MAX,
  type PromptKeyPress,
} from "@/modules/calls/client/disposition-form";
import { toCallLogFilters } from "@/modules/calls/client/call-log-filters";
import { nationalDisplay, toAuditCall } from "@/modules/calls/client/audit-call";
import { decideDialerKey } from "@/modules/dialer/components/dialer-key-handler";

const press = (key: string, over: Partial<PromptKeyPress> = {}): PromptKeyPress => ({
  key,
  modifier: false,
  inField: false,
  alreadyHandled: false,
  ...over,
});

describe("disposition prompt keys", () => {
  it("1-9 pick the outcomes in list order", () => {
    DISPOSITIONS.forEach((d, i) =>
      expect(decidePromptKey(press(String(i + 1)))).toEqual({ run: "choose", disposition: d }),
    );
  });

  it("Escape skips, even from the note; digits typed into a field stay there", () => {
    expect(decidePromptKey(press("Escape"))).toEqual({ run: "skip" });
    expect(decidePromptKey(press("Escape", { inField: true }))).toEqual({ run: "skip" });
    expect(decidePromptKey(press("3", { inField: true }))).toEqual({ run: "none" });
  });

  it("0, *, # and Backspace are swallowed so the keypad never gets them; the rest passes", () => {
    for (const key of ["0", "*", "#", "Backspace"])
      expect(decidePromptKey(press(key))).toEqual({ run: "swallow" });
    for (const key of ["Enter", "Tab", "a", " "])
      expect(decidePromptKey(press(key))).toEqual({ run: "none" });
  });

  it("shortcuts and keys already handled are left alone", () => {
    expect(decidePromptKey(press("1", { modifier: true }))).toEqual({ run: "none" });
    expect(decidePromptKey(press("Escape", { alreadyHandled: true }))).toEqual({ run: "none" });
  });

  it("a key the prompt handled is ignored by the dialer's own key handler (no digit, no hang-up)", () => {
    const decision = decideDialerKey(
      { key: "5", modifier: false, inside: true, alreadyHandled: true },
      { inNumberField: false, inOtherField: false, onOtherButton: true },
      { isActive: false, canCall: true, number: "123" },
    );
    expect(decision.run).toBe("none");
    expect(decision.playTone).toBe(false);
  });
});

describe("disposition drafts", () => {
  const draft = (over: Partial<typeof emptyDispositionDraft>) => ({
    ...emptyDispositionDraft,
    ...over,
  });

  it("needs an outcome; the note is optional and trimmed", () => {
    expect(checkDispositionDraft(emptyDispositionDraft, "en")).toEqual({
      ok: false,
      field: "disposition",
      error: "chooseOutcome",
    });
    expect(checkDispositionDraft(draft({ disposition: "busy", note: "  " }), "en")).toEqual({
      ok: true,
      answer: { disposition: "busy" },
    });
    expect(
      checkDispositionDraft(draft({ disposition: "interested", note: " send a quote " }), "en"),
    ).toEqual({ ok: true, answer: { disposition: "interested", note: "send a quote" } });
    expect(
      checkDispositionDraft(draft({ disposition: "busy", note: "x".repeat(NOTE_MAX + 1) }), "en"),
    ).toMatchObject({ ok: false, error: "noteTooLong" });
  });

  it("a sale needs a positive amount with at most two decimals, sent with two", () => {
    expect(checkDispositionDraft(draft({ disposition: "sale" }), "en")).toMatchObject({
      ok: false,
      field: "amount",
      error: "amountRequired",
    });
    for (const amount of ["abc", "0", "-5", "12.345", "1,20", "1.200"])
      expect(checkDispositionDraft(draft({ disposition: "sale", amount }), "en")).toMatchObject({
        ok: false,
        error: "amountInvalid",
      });
    expect(checkDispositionDraft(draft({ disposition: "sale", amount: " 1250.5 " }), "en")).toEqual(
      {
        ok: true,
        answer: { disposition: "sale", saleAmount: "1250.50" },
      },
    );
  });

  it("a sale's amount may be grouped the way the rep's language groups it", () => {
    const sale = (amount: string, locale: string) =>
      checkDispositionDraft(draft({ disposition: "sale", amount }), locale);
    expect(sale("1,850", "en")).toEqual({
      ok: true,
      answer: { disposition: "sale", saleAmount: "1850.00" },
    });
    expect(sale("1,850.50", "en")).toMatchObject({ ok: true, answer: { saleAmount: "1850.50" } });
    expect(sale("١٬٨٥٠٫٥", "ar")).toMatchObject({ ok: true, answer: { saleAmount: "1850.50" } });
    expect(sale("1.850,5", "de")).toMatchObject({ ok: true, answer: { saleAmount: "1850.50" } });
    expect(sale("1.850", "en")).toMatchObject({ ok: false, error: "amountInvalid" });
  });

  it("a callback needs a real local date and time", () => {
    expect(checkDispositionDraft(draft({ disposition: "callback" }), "en")).toMatchObject({
      ok: false,
      error: "callbackRequired",
    });
    expect(
      checkDispositionDraft(
        draft({ disposition: "callback", callbackAt: "2026-02-31T10:00" }),
        "en",
      ),
    ).toMatchObject({ ok: false, error: "callbackInvalid" });
    const ok = checkDispositionDraft(
      draft({ disposition: "callback", callbackAt: "2026-03-02T14:30" }),
      "en",
    );
    expect(ok).toEqual({
      ok: true,
      answer: { disposition: "callback", callbackAt: new Date(2026, 2, 2, 14, 30).getTime() },
    });
  });
});

describe("Call Log filters", () => {
  it("whole local days, the To day included; swapped when reversed; unknown outcome means all", () => {
    const f = toCallLogFilters({ from: "2026-03-02", to: "2026-03-04", disposition: "sale" });
    expect(f).toEqual({
      from: new Date(2026, 2, 2).toISOString(),
      to: new Date(2026, 2, 5).toISOString(),
      disposition: "sale",
    });
    expect(toCallLogFilters({ from: "2026-03-04", to: "2026-03-02", disposition: "nope" })).toEqual(
      { ...f, disposition: null },
    );
    expect(toCallLogFilters({ from: "", to: "", disposition: "undisposed" })).toEqual({
      from: null,
      to: null,
      disposition: "undisposed",
    });
  });
});

describe("Call History card", () => {
  it("shows North American numbers nationally and maps a record to the card", () => {
    expect(nationalDisplay("+14155550132")).toBe("4155550132");
    expect(nationalDisplay("+442071838750")).toBe("+442071838750");
    expect(
      toAuditCall({
        id: "c1",
        placeId: null,
        businessName: null,
        dialedDigits: "4155550132",
        dialedNumber: "+14155550132",
        originatingNumber: null,
        agent: "rep1",
        startedAt: "2026-03-02T09:00:00.000Z",
        connectedAt: null,
        endedAt: null,
        talkSeconds: null,
        endReason: null,
        disposition: null,
        note: null,
        saleAmount: null,
        callbackAt: null,
        direction: "outbound",
        outcome: null,
        sipStatus: null,
        setupMs: null,
        quality: null,
        monitored: false,
      }),
    ).toEqual({
      id: "c1",
      dialedNumber: "+14155550132",
      originatingNumber: "",
      agent: "rep1",
      durationSeconds: 0,
      timestamp: Date.parse("2026-03-02T09:00:00.000Z"),
      disposition: null,
      business: null,
      note: null,
    });
  });
});
