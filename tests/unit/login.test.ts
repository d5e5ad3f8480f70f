import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@/lib/client/api-error";
import { forgetStaleSession, login } from "@/modules/sign-in/client/login";
import { installFakeWindow } from "../support/fake-browser";

const win = installFakeWindow();

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(
    async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }),
  );

describe("login()", () => {
  beforeEach(() => win.localStorage.clear());
  afterEach(() => {
    win.localStorage.quota = Infinity;
  });

  it("trims the username, sends no bearer, and stores token and user on success", async () => {
    const fetchMock = reply(200, { token: "t0k", user: { username: "ann" } });
    vi.stubGlobal("fetch", fetchMock);
    win.localStorage.setItem("auth.token", "stale");
    expect(await login("  ann ", "pw")).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/login");
    expect(JSON.parse(String(init.body))).toEqual({ username: "ann", password: "pw" });
    expect(new Headers(init.headers).get("Authorization")).toBeNull();
    expect(win.localStorage.getItem("auth.token")).toBe("t0k");
    expect(win.localStorage.getItem("auth.user")).toBe("ann");
  });

  it("fails on a non-OK answer", async () => {
    vi.stubGlobal(
      "fetch",
      reply(401, { error: "Invalid credentials", code: "invalid_credentials" }),
    );
    expect(await login("ann", "bad")).toEqual({ ok: false, reason: "invalid" });
    expect(win.localStorage.getItem("auth.token")).toBeNull();
  });

  it("fails on an OK answer without a token", async () => {
    vi.stubGlobal("fetch", reply(200, { user: { username: "ann" } }));
    expect(await login("ann", "pw")).toEqual({ ok: false, reason: "invalid" });
    vi.stubGlobal("fetch", reply(200, "not json"));
    expect(await login("ann", "pw")).toEqual({ ok: false, reason: "invalid" });
    expect(win.localStorage.getItem("auth.token")).toBeNull();
  });

  it("reports throttling with the Retry-After seconds", async () => {
    vi.stubGlobal(
      "fetch",
      reply(429, { error: "slow down", code: "login_throttled" }, { "Retry-After": "37" }),
    );
    expect(await login("ann", "pw")).toEqual({ ok: false, reason: "throttled", retryAfterSec: 37 });
  });

  it("throws on a network failure, so the screen can say so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await login("ann", "pw").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).code).toBe("network");
  });

  it("throws when the browser cannot keep the session (full storage)", async () => {
    vi.stubGlobal("fetch", reply(200, { token: "t0k", user: { username: "ann" } }));
    win.localStorage.quota = 5;
    await expect(login("ann", "pw")).rejects.toThrow(/quota/);
  });
});

describe("forgetStaleSession()", () => {
  beforeEach(() => win.localStorage.clear());

  it("forgets a token left on the sign-in page, and nothing when there is none", () => {
    win.localStorage.setItem("auth.token", "stale");
    win.localStorage.setItem("auth.user", "ann");
    forgetStaleSession();
    expect(win.localStorage.getItem("auth.token")).toBeNull();
    expect(win.localStorage.getItem("auth.user")).toBeNull();
    win.localStorage.setItem("unrelated", "kept");
    forgetStaleSession();
    expect(win.localStorage.getItem("unrelated")).toBe("kept");
  });
});
