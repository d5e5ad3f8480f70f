// The request layer's check for text PostgreSQL cannot store: where it looks, what it reports.
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";

vi.mock("@/lib/env", () => ({ env: { LOG_LEVEL: "silent", MAX_BODY_BYTES: 65_536 } }));
const { refuseUnstorableText } = await import("@/lib/api/read-json");

function refusal(value: unknown) {
  try {
    refuseUnstorableText(value);
  } catch (err) {
    if (err instanceof ApiError) {
      return { status: err.status, code: err.code, message: err.message, details: err.details };
    }
    throw err;
  }
  return null;
}

describe("refuseUnstorableText", () => {
  it("passes ordinary text through unchanged, newlines, tabs and emoji included", () => {
    const body = { note: "line\n\tnext 👍 مرحبا", list: [1, true, null, { a: "b" }] };
    expect(refuseUnstorableText(body)).toBe(body);
    expect(refusal("plain")).toBeNull();
  });

  it("refuses NUL with a 400, a stable code and the field's path", () => {
    expect(refusal({ a: [{ b: "x" }, { b: "y\u0000" }] })).toEqual({
      status: 400,
      code: "invalid_text",
      message: "a.1.b: Text may not contain the NUL character",
      details: { fields: { "a.1.b": "Text may not contain the NUL character" } },
    });
  });

  it("refuses a lone high or low surrogate, and a NUL in a key (shown escaped)", () => {
    expect(refusal({ note: "a\ud83d" })?.message).toBe(
      "note: Text may not contain an unpaired surrogate (invalid Unicode)",
    );
    expect(refusal(["\ude00b"])?.message).toMatch(/^0: .*unpaired surrogate/);
    expect(refusal({ "k\u0000ey": 1 })?.message).toBe(
      "k\\u0000ey: Text may not contain the NUL character",
    );
  });

  it("walks nesting deeper than the call stack without overflowing it", () => {
    const depth = 200_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`) as unknown;
    const found = refusal(deep);
    expect(found?.code).toBe("invalid_text");
    expect(found?.message.endsWith(".0: Text may not contain the NUL character")).toBe(true);
  });
});
