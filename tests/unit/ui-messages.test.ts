import { describe, expect, it } from "vitest";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { flatten, type Tree } from "./message-catalogue";

// Every namespace English has: a new screen's messages are covered the moment they exist.
const namespaces = Object.keys(en) as (keyof typeof en)[];

const flat = (m: unknown, ns: string) => flatten((m as Record<string, Tree>)[ns] ?? {});

describe.each([
  ["ar", ar],
  ["de", de],
])("%s messages", (_name, messages) => {
  it("has exactly the English namespaces", () => {
    expect(Object.keys(messages).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)("%s has every English key, and really is translated", (ns) => {
    const source = flat(en, ns);
    const target = flat(messages, ns);
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    const same = Object.keys(source).filter(
      // Placeholders ({count}) are not words to translate.
      (k) => source[k] === target[k] && /[a-z]{4,}/i.test(source[k].replace(/\{[^}]*\}/g, "")),
    );
    // Brand names, "Dashboard", "FAQ" and the like may stay; whole namespaces copied from English may not.
    expect(same.length).toBeLessThanOrEqual(
      Math.max(2, Math.floor(Object.keys(source).length * 0.1)),
    );
  });

  it("keeps the same ICU placeholders as English", () => {
    for (const ns of namespaces) {
      const source = flat(en, ns);
      const target = flat(messages, ns);
      for (const [k, v] of Object.entries(source)) {
        const args = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
        expect(args(target[k] ?? ""), `${ns}.${k}`).toEqual(args(v));
      }
    }
  });
});

describe("spec texts in English", () => {
  it("uses the spec's exact wording", () => {
    expect(en.Login.title).toBe("Sign In");
    expect(en.Login.submit).toBe("Login");
    expect(en.Login.busy).toBe("Signing in");
    expect(en.Login.invalid).toBe("Invalid credentials");
    expect(en.Settings.themeSystem).toBe("System Default");
    expect(en.Settings.dataPrivacy).toBe("Data & Privacy");
    expect(en.Dashboard.netIncomeEst).toBe("Net Income Est.");
    expect(en.Reports.callHistory.empty).toBe(
      "No call found. Use the search to locate a single call for auditing and download.",
    );
    expect(en.Reports.callHistory.noCallSelected).toBe("No call selected to download");
    expect(en.Reports.calendar.selectFirst).toBe("Please select a day or range first");
    expect(Object.values(en.Reports.calendar.preset)).toEqual([
      "Past hour",
      "12 hours",
      "Day",
      "Week",
      "Month",
      "3 months",
      "6 months",
    ]);
  });
});
