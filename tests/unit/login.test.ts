import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { login } from "@/lib/client/login";

// Minimal browser stand-ins: the login module only needs fetch, localStorage and events.
function fakeWindow() {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  vi.stubGlobal("window", { localStorage, dispatchEvent: () => true });
  return store;
}

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(
    async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }),
  );

describe("login()", () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = fakeWindow();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("trims the username, sends no bearer, and stores token and user on success", async () => {
    const fetchMock = reply(200, { token: "t0k", user: { username: "ann" } });
    vi.stubGlobal("fetch", fetchMock);
    store.set("auth.token", "stale");
    expect(await login("  ann ", "pw")).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/login");
    expect(JSON.parse(String(init.body))).toEqual({ username: "ann", password: "pw" });
    expect(new Headers(init.headers).get("Authorization")).toBeNull();
    expect(store.get("auth.token")).toBe("t0k");
    expect(store.get("auth.user")).toBe("ann");
  });

  it("fails on a non-OK answer", async () => {
    vi.stubGlobal("fetch", reply(401, { error: "Invalid credentials" }));
    expect(await login("ann", "bad")).toEqual({ ok: false, reason: "invalid" });
    expect(store.has("auth.token")).toBe(false);
  });

  it("fails on an OK answer without a token", async () => {
    vi.stubGlobal("fetch", reply(200, { user: { username: "ann" } }));
    expect(await login("ann", "pw")).toEqual({ ok: false, reason: "invalid" });
    vi.stubGlobal("fetch", reply(200, "not json"));
    expect(await login("ann", "pw")).toEqual({ ok: false, reason: "invalid" });
  });

  it("reports throttling with the Retry-After seconds", async () => {
    vi.stubGlobal("fetch", reply(429, { error: "slow down" }, { "Retry-After": "37" }));
    expect(await login("ann", "pw")).toEqual({ ok: false, reason: "throttled", retryAfterSec: 37 });
  });
});
