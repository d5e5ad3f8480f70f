// The account records contract's pure rules: item ids, size bound, the drawer's own
// schemas, legacy items, cursors.
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_ITEM_MAX_BYTES,
  accountPullQuerySchema,
  checkAccountPut,
  itemIdMismatch,
  phoneItemId,
} from "@/modules/records/lib/schemas";

describe("phoneItemId", () => {
  it("names a number by its digits, however it is written", () => {
    expect(phoneItemId("(415) 555-0132")).toBe("phone:4155550132");
    expect(phoneItemId("415.555.0132")).toBe("phone:4155550132");
    expect(phoneItemId("+1 415 555 0132")).toBe("phone:14155550132");
  });

  it("keeps a legacy phone without digits apart from others, within the id's rules", () => {
    expect(phoneItemId("abc")).toBe("phone:text-616263");
    expect(phoneItemId(" ABC ")).toBe(phoneItemId("abc"));
    expect(phoneItemId("xyz")).not.toBe(phoneItemId("abc"));
    const long = phoneItemId("é".repeat(500));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^[A-Za-z0-9:_-]+$/);
  });
});

describe("itemIdMismatch", () => {
  it("holds the payload's id, the phone's digits and the address's fixed id", () => {
    expect(itemIdMismatch("note", "n1", { id: "n1", text: "x", created: 1 })).toBeNull();
    expect(itemIdMismatch("note", "n1", { id: "n2" })).toMatch(/does not match/);
    expect(itemIdMismatch("contact", "c1", { name: "no id" })).toBeNull();
    expect(itemIdMismatch("phone", "phone:4155550132", { phone: "415-555-0132" })).toBeNull();
    expect(itemIdMismatch("phone", "phone:1", { phone: "415-555-0132" })).toMatch(/phone/);
    expect(itemIdMismatch("phone", "phone:1", { phone: 1 })).toMatch(/phone/);
    expect(itemIdMismatch("address", "address", { line1: "" })).toBeNull();
    expect(itemIdMismatch("address", "addr", { line1: "" })).toMatch(/address/);
    expect(itemIdMismatch("note", "n1", "text")).toBe("An item is a JSON object");
    expect(itemIdMismatch("note", "n1", [])).toBe("An item is a JSON object");
  });
});

describe("checkAccountPut", () => {
  it("stores the schema's output (trimmed) and refuses with its message", () => {
    expect(checkAccountPut("phone", "phone:4155550132", { phone: " 415 555 0132 " })).toEqual({
      ok: true,
      data: { phone: "415 555 0132" },
      needsFixing: false,
    });
    expect(checkAccountPut("phone", phoneItemId("abc"), { phone: "abc" })).toEqual({
      ok: false,
      message: "phone: Enter a phone number (digits, spaces, + - . ( ))",
    });
    expect(checkAccountPut("phone", "phone:12", { phone: "1-2" })).toEqual({
      ok: false,
      message: "phone: Enter a phone number with 3 to 20 digits",
    });
    const note = checkAccountPut("note", "n", { id: "n", text: "x".repeat(1001), created: 1 });
    expect(note.ok).toBe(false);
    expect(checkAccountPut("contact", "c", { id: "c", name: " ", email: "", phone: "" })).toEqual({
      ok: false,
      message: "A contact needs a name, an email or a phone",
    });
    expect(checkAccountPut("note", "n", undefined)).toEqual({
      ok: false,
      message: "A put carries its item",
    });
  });

  it("bounds appointment times to the years 2000 to 2099", () => {
    const at = (ts: number) =>
      checkAccountPut("appointment", "a", { id: "a", ts, durationMin: 30 });
    expect(at(Date.UTC(2026, 11, 1, 15)).ok).toBe(true);
    expect(at(Date.UTC(1999, 11, 31)).ok).toBe(false);
    expect(at(Date.UTC(2100, 0, 1)).ok).toBe(false);
  });

  it("keeps a legacy item the rules refuse, but never past the size bound or the id rule", () => {
    expect(checkAccountPut("phone", phoneItemId("abc"), { phone: "abc" }, true)).toEqual({
      ok: true,
      data: { phone: "abc" },
      needsFixing: true,
    });
    const big = { id: "n", text: "y".repeat(ACCOUNT_ITEM_MAX_BYTES), created: 1 };
    expect(checkAccountPut("note", "n", big, true)).toEqual({
      ok: false,
      message: `An item is at most ${ACCOUNT_ITEM_MAX_BYTES} bytes of JSON`,
    });
    expect(checkAccountPut("note", "other", { id: "n" }, true).ok).toBe(false);
    expect(checkAccountPut("note", "n", null, true).ok).toBe(false);
  });
});

describe("accountPullQuerySchema", () => {
  it("takes cursors within PostgreSQL's bigint", () => {
    expect(accountPullQuerySchema.safeParse({ since: "9223372036854775807" }).success).toBe(true);
    expect(accountPullQuerySchema.safeParse({ since: "9223372036854775808" }).success).toBe(false);
    expect(accountPullQuerySchema.safeParse({ since: "abc" }).success).toBe(false);
    expect(accountPullQuerySchema.safeParse({}).success).toBe(true);
  });
});
