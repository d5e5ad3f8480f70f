// What reaches a log line or an audit view from outside is shown, never acted on: line breaks,
// terminal controls, Unicode line separators and bidi overrides appear as visible escapes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { escapeForLog } from "@/lib/log-escape";

vi.mock("@/lib/env", () => ({ env: { LOG_LEVEL: "debug" } }));
const { log } = await import("@/lib/log");

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("escapeForLog", () => {
  it("escapes C0 controls with their short forms where JSON has one, \\u otherwise", () => {
    expect(escapeForLog("a\nb\rc\td\be\ff")).toBe("a\\nb\\rc\\td\\be\\ff");
    expect(escapeForLog("nul\u0000 esc\u001b[2J")).toBe("nul\\u0000 esc\\u001b[2J");
  });

  it("escapes DEL, C1, line and paragraph separators and every bidi override", () => {
    expect(escapeForLog("\u007f\u0085\u009b\u2028\u2029")).toBe(
      "\\u007f\\u0085\\u009b\\u2028\\u2029",
    );
    const bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069";
    expect(escapeForLog(bidi)).toBe(
      "\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069",
    );
  });

  it("keeps printable text as it is: accents, Arabic, emoji, quotes and backslashes", () => {
    const text = 'Zoë مرحبا 👍 "quoted" C:\\path 10% ~';
    expect(escapeForLog(text)).toBe(text);
  });

  it("leaves nothing a terminal or a browser would act on", () => {
    const all = Array.from({ length: 0x2070 }, (_, i) => String.fromCharCode(i)).join("");
    expect(escapeForLog(all)).not.toMatch(UNSAFE);
  });
});

describe("the structured logger", () => {
  afterEach(() => vi.restoreAllMocks());

  function captured(run: () => void) {
    const out: string[] = [];
    const capture = (chunk: string | Uint8Array) => (out.push(String(chunk)), true);
    vi.spyOn(process.stdout, "write").mockImplementation(capture);
    vi.spyOn(process.stderr, "write").mockImplementation(capture);
    run();
    return out.join("");
  }

  it("writes one valid JSON line whose fields read back exactly as given", () => {
    const user = "x\nFORGED SUCCESS admin.login root\u2028\u202eevil\u0085";
    const text = captured(() => log.warn("sign-in\u2029refused", { user, nested: { user } }));
    expect(text.endsWith("\n")).toBe(true);
    expect(text.slice(0, -1)).not.toContain("\n");
    // No raw separator, C1 or bidi control on the line: a terminal or a viewer shows escapes.
    expect(text.slice(0, -1)).not.toMatch(UNSAFE);
    const entry = JSON.parse(text) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: "warn",
      msg: "sign-in\u2029refused",
      user,
      nested: { user },
    });
  });
});
