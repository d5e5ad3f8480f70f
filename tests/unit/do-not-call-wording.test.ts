// "Do not call" in Arabic is one unambiguous phrase everywhere: «ممنوع الاتصال» ("calling is
// forbidden"). «عدم الاتصال» alone (an outcome, a title) also reads as "no connection".
import { describe, expect, it } from "vitest";
import ar from "@/messages/ar";
import en from "@/messages/en";
import { flatten, type Tree } from "./message-catalogue";

const english = flatten(en as unknown as Tree);
const arabic = flatten(ar as unknown as Tree);

describe("the do-not-call wording in Arabic", () => {
  const keys = Object.keys(english).filter((k) => /do[- ]not[- ]call/i.test(english[k]!));

  it("finds the do-not-call texts", () => {
    expect(keys.length).toBeGreaterThan(10);
  });

  it.each(keys)("%s says «ممنوع الاتصال»", (key) => {
    expect(arabic[key]).toContain("ممنوع الاتصال");
    expect(arabic[key]).not.toContain("عدم الاتصال");
  });
});
