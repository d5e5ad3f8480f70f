// Voicemail drop's messages: every locale has the same keys and placeholders, and
// none uses a rich-text tag (Settings and the dialer render plain strings).
import { describe, expect, it } from "vitest";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { namespaceOf, placeholders as args } from "./message-catalogue";

const voicemail = (m: unknown) => namespaceOf(m, "Voicemail");

describe.each([
  ["ar", ar],
  ["de", de],
])("Voicemail messages in %s", (_name, messages) => {
  it("have every English key with the same placeholders, translated", () => {
    const source = voicemail(en);
    const target = voicemail(messages);
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    for (const [k, v] of Object.entries(source)) expect(args(target[k]!), k).toEqual(args(v));
    const same = Object.keys(source).filter((k) => source[k] === target[k]);
    // ("Voicemail" is German too.)
    expect(same.length).toBeLessThanOrEqual(1);
    for (const v of Object.values(target)) expect(v).not.toMatch(/<\w+>/);
  });
});
