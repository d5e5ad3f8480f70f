import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError, z } from "zod";
import { mergeMessages } from "@/lib/i18n/merge";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("clientIp", () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const owned = Symbol.for("dialflow.socketPeerHeaderOwned");
  const g = globalThis as Record<symbol, unknown>;
  afterEach(() => {
    delete g[owned];
  });

  it("served by scripts/serve.mjs: the socket peer it wrote, never X-Forwarded-For", async () => {
    const { claimSocketPeerHeader } = await import("@/scripts/server-contract.mjs");
    claimSocketPeerHeader();
    const { clientIp, clientAddressSource } = await import("@/lib/api/client-ip");
    expect(clientAddressSource()).toBe("socket");
    expect(
      clientIp(headers({ "x-forwarded-for": "1.2.3.4", "x-dialflow-socket-ip": "10.0.0.5" })),
    ).toBe("10.0.0.5");
    expect(clientIp(headers({}))).toBeNull();
  });

  it("under next start or next dev: no address, whatever headers a client sends", async () => {
    const { clientIp, clientAddressSource } = await import("@/lib/api/client-ip");
    expect(clientAddressSource()).toBe("none");
    const forged = headers({
      "x-dialflow-socket-ip": "10.0.0.5",
      "x-forwarded-for": "1.2.3.4",
      "x-real-ip": "1.2.3.4",
      "x-vercel-forwarded-for": "1.2.3.4",
    });
    expect(clientIp(forged)).toBeNull();
  });

  it("on Vercel: the address the platform sets", async () => {
    vi.stubEnv("VERCEL", "1");
    const { clientIp, clientAddressSource } = await import("@/lib/api/client-ip");
    expect(clientAddressSource()).toBe("vercel");
    expect(
      clientIp(
        headers({ "x-vercel-forwarded-for": "203.0.113.7", "x-dialflow-socket-ip": "9.9.9.9" }),
      ),
    ).toBe("203.0.113.7");
    expect(clientIp(headers({ "x-real-ip": "203.0.113.8" }))).toBe("203.0.113.8");
    expect(clientIp(headers({}))).toBeNull();
  });

  it("believes only the entry our own trusted proxy appended", async () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    const { clientIp } = await import("@/lib/api/client-ip");
    // The client forged "6.6.6.6"; our proxy appended the real peer last.
    expect(
      clientIp(
        headers({
          "x-forwarded-for": "6.6.6.6, 198.51.100.20",
          "x-dialflow-socket-ip": "10.0.0.1",
        }),
      ),
    ).toBe("198.51.100.20");
    // A request that did not come through the proxy: not the client's own claim.
    expect(clientIp(headers({ "x-dialflow-socket-ip": "10.0.0.1" }))).toBeNull();
  });
});

describe("handleApiError", () => {
  it("maps ApiError codes and zod errors, and hides unknown errors", async () => {
    vi.stubEnv("LOG_LEVEL", "silent");
    const { ApiError, handleApiError } = await import("@/lib/api/errors");
    const ctx = { method: "GET", path: "/x" };
    const limited = handleApiError(
      new ApiError("rate_limited", "slow down", { headers: { "Retry-After": "5" } }),
      ctx,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("5");
    expect(await limited.json()).toEqual({ error: "slow down", code: "rate_limited" });
    const coded = handleApiError(
      new ApiError("bad_request", "Invalid link", { code: "email_link_invalid" }),
      ctx,
    );
    expect(await coded.json()).toEqual({ error: "Invalid link", code: "email_link_invalid" });

    const parsed = z.object({ email: z.string() }).safeParse({});
    const invalid = handleApiError(parsed.error as ZodError, ctx);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toMatch(/^email: /);

    const boom = handleApiError(
      new Error("connect ECONNREFUSED 10.1.2.3:5432 password=hunter2"),
      ctx,
    );
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ error: "Internal server error", code: "internal" });
  });

  it("answers a request whose client went away as aborted, not as a server error", async () => {
    vi.stubEnv("LOG_LEVEL", "silent");
    const { handleApiError } = await import("@/lib/api/errors");
    const ctx = { method: "POST", path: "/api/calls/stats" };
    const gone = handleApiError(new Error("aborted"), ctx);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ error: "Request aborted", code: "validation" });
    const reset = handleApiError(
      Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
      ctx,
    );
    expect(reset.status).toBe(400);
    expect(handleApiError(new Error("aborting"), ctx).status).toBe(500);
  });
});

describe("mergeMessages", () => {
  it("falls back to English key by key, deeply", () => {
    const en = { Nav: { dashboard: "Dashboard", reports: "Reports" }, Common: { ok: "OK" } };
    const de = { Nav: { dashboard: "Übersicht" } };
    expect(mergeMessages(en, de)).toEqual({
      Nav: { dashboard: "Übersicht", reports: "Reports" },
      Common: { ok: "OK" },
    });
  });
});
