import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// Session tokens (lib/auth/tokens.ts): jose checks a token once, later uses of the same token
// come from a cache of verified claims. The cache must answer exactly as jose would.
type Tokens = typeof import("@/lib/auth/tokens");
let tokens: Tokens;

beforeAll(async () => {
  process.env.AUTH_SECRET = "unit-test-session-secret-0123456789abcdef";
  tokens = await import("@/lib/auth/tokens");
});

afterEach(() => {
  vi.useRealTimers();
});

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);
const sid = () => crypto.randomUUID();

describe("session tokens", () => {
  it("verify to the same claims on first and later uses", async () => {
    const id = sid();
    const token = await tokens.signSessionToken("user", "user-1", id, inHours(1));
    const first = await tokens.verifySessionToken("user", token);
    expect(first).toMatchObject({ sub: "user-1", sid: id, kind: "user" });
    expect(await tokens.verifySessionToken("user", token)).toEqual(first);
  });

  it("never pass as the other kind, whether or not they were seen before", async () => {
    const user = await tokens.signSessionToken("user", "user-2", sid(), inHours(1));
    expect(await tokens.verifySessionToken("operator", user)).toBeNull();
    expect(await tokens.verifySessionToken("user", user)).not.toBeNull();
    expect(await tokens.verifySessionToken("operator", user)).toBeNull();
    const operator = await tokens.signSessionToken("operator", "op-1", sid(), inHours(1));
    expect(await tokens.verifySessionToken("operator", operator)).not.toBeNull();
    expect(await tokens.verifySessionToken("user", operator)).toBeNull();
  });

  it("stop verifying at their expiry, also when they were verified before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await tokens.signSessionToken("user", "user-3", sid(), inHours(1));
    expect(await tokens.verifySessionToken("user", token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 3_600_000 - 2_000);
    expect(await tokens.verifySessionToken("user", token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2_000);
    expect(await tokens.verifySessionToken("user", token)).toBeNull();
    // Nor, once forgotten, does jose let it through.
    expect(await tokens.verifySessionToken("user", token)).toBeNull();
  });

  it("refuse a token whose signature or claims were changed", async () => {
    const token = await tokens.signSessionToken("user", "user-4", sid(), inHours(1));
    expect(await tokens.verifySessionToken("user", token)).not.toBeNull();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString(
      "base64url",
    );
    expect(await tokens.verifySessionToken("user", `${header}.${forged}.${signature}`)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verifySessionToken("user", `${header}.${payload}.${flipped}`)).toBeNull();
  });
});
