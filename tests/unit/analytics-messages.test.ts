// The Analytics screen's messages (issue 32): every locale has the English keys and arguments,
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
