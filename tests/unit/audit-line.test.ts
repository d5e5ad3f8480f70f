// The console's audit tail: a line per event whose fields cannot be forged by what a visitor
// types as a username (spaces, "=", quotes, backslashes, line breaks, bidi overrides).
import { describe, expect, it } from "vitest";
import { auditLine, logValue } from "@/modules/console/lib/audit-line";

const at = new Date("2026-12-01T10:00:00.000Z");
const failed = (actor: string) =>
  auditLine({
    at,
    outcome: "failure",
    action: "auth.login",
    actor,
    target: actor,
    clientIp: "203.0.113.9",
  });

/** Reads a line back as a reader would: words split on spaces outside quotes, key=value pairs. */
function fields(line: string) {
  const words = line.match(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g) ?? [];
  const [time, outcome, action, ...rest] = words;
  const pairs = rest.map((word) => {
    const eq = word.indexOf("=");
    const raw = word.slice(eq + 1);
    return [word.slice(0, eq), raw.startsWith('"') ? JSON.parse(raw) : raw];
  });
  return { time, outcome, action, pairs, words: words.length };
}

describe("audit tail lines", () => {
  it.each([
    "ghost target=operator ip=6.6.6.6 SUCCESS",
    'ghost" target="operator',
    'a\\" ip=1.2.3.4 x="',
    "a=b",
    "two words",
    "",
    "mañana ünïcode",
  ])("a hostile username stays one value: %j", (username) => {
    const line = failed(username);
    expect(line).not.toContain("\n");
    const read = fields(line);
    expect(read).toMatchObject({ outcome: "FAILURE", action: "auth.login" });
    expect(read.pairs).toEqual([
      ["actor", username],
      ["target", username],
      ["ip", "203.0.113.9"],
    ]);
    expect(read.words).toBe(6);
  });

  it("writes the forged-success username as a quoted actor on a line that still reads FAILURE", () => {
    expect(failed("ghost target=operator ip=6.6.6.6 SUCCESS")).toBe(
      '2026-12-01T10:00:00.000Z FAILURE auth.login actor="ghost target=operator ip=6.6.6.6 SUCCESS" ' +
        'target="ghost target=operator ip=6.6.6.6 SUCCESS" ip=203.0.113.9',
    );
  });

  it("leaves plain names, addresses and ids bare, and escapes controls and bidi inside quotes", () => {
    expect(failed("ana.ruiz@example.com")).toBe(
      "2026-12-01T10:00:00.000Z FAILURE auth.login actor=ana.ruiz@example.com " +
        "target=ana.ruiz@example.com ip=203.0.113.9",
    );
    expect(logValue("2001:db8::1")).toBe("2001:db8::1");
    expect(logValue("x\nFORGED SUCCESS")).toBe('"x\\nFORGED SUCCESS"');
    expect(logValue("a\u202eb\u2028c\u0085")).toBe('"a\\u202eb\\u2028c\\u0085"');
  });

  it("shows how many refusals a folded row stands for", () => {
    const line = auditLine({
      at,
      outcome: "failure",
      action: "auth.login",
      actor: "ana",
      target: null,
      clientIp: null,
      count: 40,
    });
    expect(line).toBe("2026-12-01T10:00:00.000Z FAILURE auth.login actor=ana count=40");
  });
});
