// The Analytics screen's messages: every locale has the English keys and arguments,
// and each message renders.
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { flatten, type Tree } from "./message-catalogue";

const english = flatten(en.Analytics as Tree);
const values = {
  name: "Ann",
  message: "HTTP 500",
  value: "12",
  change: "+5%",
  unit: "day",
  min: 5,
  count: 1,
};
const argumentsOf = (message: string) =>
  [...message.matchAll(/\{(\w+)(?:\}|, ?(?:select|plural|number))/g)].map((m) => m[1]).sort();

describe.each([
  ["en", en],
  ["ar", ar],
  ["de", de],
] as const)("Analytics messages in %s", (locale, messages) => {
  const flat = flatten(messages.Analytics as Tree);

  it("has exactly the English keys, with the same arguments, and renders each", () => {
    expect(Object.keys(flat).sort()).toEqual(Object.keys(english).sort());
    const t = createTranslator({ locale, messages, namespace: "Analytics" });
    for (const [key, message] of Object.entries(flat)) {
      expect(new Set(argumentsOf(message)), key).toEqual(new Set(argumentsOf(english[key]!)));
      const text = t(key as never, values as never);
      expect(text, key).not.toContain("Analytics.");
      expect(text.trim().length, key).toBeGreaterThan(0);
    }
    if (locale !== "en") expect(flat["kpi.dials"]).not.toBe(english["kpi.dials"]);
  });
});

describe("the funnel's counts follow each language's plural rules", () => {
  const stage = (locale: "en" | "ar" | "de", messages: typeof en, count: number) =>
    createTranslator({ locale, messages, namespace: "Analytics" })("stageCount.sales", { count });

  it("says 1 sale, 2 sales (never 1 Sales)", () => {
    expect(stage("en", en, 1)).toBe("1 sale");
    expect(stage("en", en, 2)).toBe("2 sales");
    expect(stage("de", de as typeof en, 1)).toBe("1 Verkauf");
    expect(stage("ar", ar as typeof en, 1)).toBe("عملية بيع واحدة");
    expect(stage("ar", ar as typeof en, 2)).toBe("عمليتا بيع");
  });
});
