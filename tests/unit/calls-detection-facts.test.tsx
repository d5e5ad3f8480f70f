// The Call Log's line facts with an answering-machine decision: who answered and after how long
// in every locale (the number formatted for the locale and, in Arabic, isolated), the rep's
// correction and the automatic voicemail only when they happened, and the three catalogues in step.
import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { CallLineFacts } from "@/modules/calls/components/call-line-facts";
import type { CallDto } from "@/modules/calls/lib/schemas";
import { namespaceOf, placeholders } from "./message-catalogue";

const catalogues = { en, ar, de } as const;
type Locale = keyof typeof catalogues;

const call = (detection: CallDto["detection"]) => ({
  outcome: "completed" as const,
  sipStatus: 200,
  setupMs: 2400,
  quality: null,
  detection,
});
const machine = {
  verdict: "machine",
  cause: "long-greeting",
  atMs: 2140,
  overridden: false,
  automaticVoicemail: true,
} as const;

/** The facts line as text: each fact "label: value" (the colon is CSS), markup and FSI/PDI kept. */
function facts(locale: Locale, report: ReturnType<typeof call>) {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      // The two namespaces the facts read (another namespace's keys would fail validation).
      messages={{ Calls: catalogues[locale].Calls, Dialer: catalogues[locale].Dialer }}
      timeZone="UTC"
      onError={(error) => {
        throw error;
      }}
    >
      <CallLineFacts call={report} />
    </NextIntlClientProvider>,
  );
  return [...html.matchAll(/data-fact="(\w+)"><dt[^>]*>([^<]*)<\/dt><dd[^>]*><bdi>([^<]*)</g)].map(
    ([, key, label, value]) => ({ key, label, value }),
  );
}

const detectionOf = (locale: Locale, report: ReturnType<typeof call>) =>
  facts(locale, report).find((f) => f.key === "detection");

describe("the Call Log's line facts with a detection", () => {
  it("say who answered and after how long, right after the line's outcome", () => {
    const shown = facts("en", call(machine));
    expect(shown.map((f) => f.key)).toEqual(["outcome", "detection"]);
    expect(shown[1]).toEqual({
      key: "detection",
      label: "Answered by",
      value:
        "an answering machine · decided after \u20682.1\u2069 s · voicemail left automatically",
    });
  });

  it("name every verdict, and the rep's correction only when there was one", () => {
    const human = { ...machine, verdict: "human", atMs: 900, automaticVoicemail: false } as const;
    expect(detectionOf("en", call(human))?.value).toBe(
      "a person · decided after \u20680.9\u2069 s",
    );
    const unsure = { ...human, verdict: "unknown", atMs: 5000, overridden: true } as const;
    expect(detectionOf("en", call(unsure))?.value).toBe(
      "not sure · decided after \u20685.0\u2069 s · overridden by the rep",
    );
  });

  it("read in German and Arabic, the seconds formatted for the locale", () => {
    expect(detectionOf("de", call(machine))).toMatchObject({
      label: "Angenommen von",
      value:
        "einem Anrufbeantworter · nach \u20682,1\u2069 s entschieden · Sprachnachricht automatisch hinterlassen",
    });
    const arabic = detectionOf("ar", call({ ...machine, overridden: true }));
    expect(arabic?.label).toBe("من أجاب");
    const seconds = new Intl.NumberFormat("ar", { minimumFractionDigits: 1 }).format(2.1);
    expect(arabic?.value).toContain(`\u2068${seconds}\u2069`);
    expect(arabic?.value).toContain("جهاز رد آلي");
    expect(arabic?.value).toContain("صحّحه المندوب");
  });

  it("show nothing of it for a call without a decision", () => {
    expect(detectionOf("en", call(null))).toBeUndefined();
    expect(detectionOf("en", call(undefined))).toBeUndefined();
  });

  it("have the same keys and placeholders in every locale, translated", () => {
    const source = namespaceOf(en, "Calls");
    const keys = Object.keys(source).filter((k) => k.startsWith("line.detection."));
    expect(keys).toHaveLength(7);
    for (const messages of [ar, de]) {
      const target = namespaceOf(messages, "Calls");
      for (const k of keys) {
        expect(target[k], k).toBeTruthy();
        expect(target[k], k).not.toBe(source[k]);
        expect(placeholders(target[k]!), k).toEqual(placeholders(source[k]!));
      }
    }
  });
});
