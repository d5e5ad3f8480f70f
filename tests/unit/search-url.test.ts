import { describe, expect, it } from "vitest";
import {
  canSubmitSearch,
  onNewSearch,
  openTargetsSearch,
  targetsSearchUrl,
} from "@/modules/targets/lib/search-url";

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

describe("openTargetsSearch", () => {
  it("tells the running search to stop before it navigates", () => {
    const order: string[] = [];
    const off = onNewSearch(() => order.push("stop"));
    openTargetsSearch({ push: (href) => order.push(href) }, " gyms ");
    off();
    openTargetsSearch({ push: () => order.push("again") }, "x");
    expect(order[0]).toBe("stop");
    expect(order[1]).toMatch(/^\/app\/targets\?q=gyms&ts=\d+$/);
    // Unsubscribed: the second search did not reach the listener.
    expect(order.slice(2)).toEqual(["again"]);
  });
});
