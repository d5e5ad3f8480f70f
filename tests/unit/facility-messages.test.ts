import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { flatten, type Tree } from "./message-catalogue";

const english = flatten(en.Facility as Tree);
// Every argument any Facility message takes, so each one can be rendered.
const values = {
  phone: "(512) 555-0101",
  name: "Ann",
  count: 3,
  date: "today",
  address: "1 Main St",
  zone: "UTC",
  places: 1,
  notes: 2,
  appointments: 0,
  contacts: 5,
  phones: 11,
  addresses: 1,
  time: "9:00 AM",
  offset: "UTC\u22126",
  // Rich messages' tags (the business's time and offset are isolated in <bdi>).
  t: (chunks: string[]) => chunks.join(""),
  o: (chunks: string[]) => chunks.join(""),
};
const argumentsOf = (message: string) =>
  [...message.matchAll(/\{(\w+)(?:,|\})/g)].map((m) => m[1]).sort();

describe.each([
  ["en", en],
  ["ar", ar],
  ["de", de],
] as const)("Facility messages in %s", (locale, messages) => {
  const flat = flatten(messages.Facility as Tree);

  it("has exactly the English keys", () => {
    expect(Object.keys(flat).sort()).toEqual(Object.keys(english).sort());
  });
  it("takes the same arguments as English and renders each message", () => {
    const t = createTranslator({ locale, messages, namespace: "Facility" });
    for (const [key, message] of Object.entries(flat)) {
      expect(new Set(argumentsOf(message)), key).toEqual(new Set(argumentsOf(english[key])));
      const text = t(key as never, values as never);
      expect(text, key).not.toContain("Facility.");
      expect(text.trim().length, key).toBeGreaterThan(0);
    }
  });
  it("keeps the spec's fixed texts", () => {
    const t = createTranslator({ locale, messages, namespace: "Facility" });
    if (locale === "en") {
      expect(t("address.none")).toBe("No address on file.");
      expect(t("contacts.noName")).toBe("(no name)");
      expect(t("saved")).toBe("Saved");
      expect(t("map.loading")).toBe("Loading terrain map...");
      expect(t("map.failed")).toBe("Failed to load map");
      expect(t("map.renderFailed")).toBe("Failed to render map");
      expect(t("map.noCoordinates")).toBe("No coordinates available.");
      expect(t("unnamed")).toBe("(Unnamed)");
    } else {
      expect(t("address.none")).not.toBe("No address on file.");
    }
    // Reps are told whom to ask, not a server setting they cannot change; the
    // setting itself is the operator's (docs/configuration.md).
    expect(t("map.missingKey")).not.toContain("NEXT_PUBLIC_GOOGLE_MAPS_API_KEY");
  });
});
