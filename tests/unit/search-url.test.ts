import { describe, expect, it } from "vitest";
import { canSubmitSearch, targetsSearchUrl } from "@/modules/targets/lib/search-url";

describe("canSubmitSearch", () => {
  it("rejects empty and whitespace-only text", () => {
    expect(canSubmitSearch("")).toBe(false);
    expect(canSubmitSearch("   \t\n")).toBe(false);
  });
  it("accepts any text with a non-space character", () => {
    expect(canSubmitSearch(" dentist ")).toBe(true);
  });
});

describe("targetsSearchUrl", () => {
  it("trims and encodes q, and stamps ts", () => {
    expect(targetsSearchUrl("  pizza & pasta  ", 1700000000000)).toBe(
      "/app/targets?q=pizza+%26+pasta&ts=1700000000000",
    );
  });
  it("defaults ts to the current time so a repeated search still changes the URL", () => {
    const before = Date.now();
    const ts = Number(new URL(targetsSearchUrl("x"), "http://h").searchParams.get("ts"));
    expect(ts).toBeGreaterThanOrEqual(before);
  });
});
