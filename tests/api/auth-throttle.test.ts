import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/lib/db/client";
import { createAccount, request } from "./helpers";

const attempt = (
  username: string,
  password: string,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) => login(request("POST", "/api/auth/login", { body: { username, password }, ...opts }));

describe("failed-login throttle", () => {
  it("answers 429 with Retry-After after five failures, even with the right password", async () => {
    const rep = await createAccount();
    for (let i = 0; i < 5; i++)
      expect((await attempt(rep.username, "wrong-password", { ip: "192.0.2.1" })).status).toBe(401);
    const blocked = await attempt(rep.username, rep.password, { ip: "192.0.2.1" });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Another client is not locked out by the first one's failures.
    expect((await attempt(rep.username, rep.password, { ip: "192.0.2.2" })).status).toBe(200);

    const db = await getDb();
    const throttled = await db.auditEvent.count({
      where: { target: rep.username, outcome: "throttled" },
    });
    expect(throttled).toBe(1);
  });

  it("is not reset by a spoofed X-Forwarded-For when no proxy is trusted", async () => {
    const rep = await createAccount();
    for (let i = 0; i < 5; i++) await attempt(rep.username, "wrong-password", { ip: "192.0.2.3" });
    const spoofed = await attempt(rep.username, rep.password, {
      ip: "192.0.2.3",
      headers: { "x-forwarded-for": `10.9.8.${Math.floor(Math.random() * 200)}` },
    });
    expect(spoofed.status).toBe(429);
  });

  it("lets at most the limit through when attempts arrive concurrently", async () => {
    const rep = await createAccount();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        attempt(rep.username, "wrong-password", { ip: "192.0.2.4" }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("clears the counter after a successful sign-in", async () => {
    const rep = await createAccount();
    for (let i = 0; i < 4; i++) await attempt(rep.username, "wrong-password", { ip: "192.0.2.5" });
    expect((await attempt(rep.username, rep.password, { ip: "192.0.2.5" })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await attempt(rep.username, "wrong-password", { ip: "192.0.2.5" })).status).toBe(401);
  });
});

describe("housekeeping", () => {
  it("prunes long-expired sessions and closed throttle windows, and keeps live ones", async () => {
    const { pruneExpiredAuthRows } = await import("@/modules/deploy/lib/housekeeping");
    const db = await getDb();
    const old = new Date(Date.now() - 3 * 24 * 3_600_000);
    await db.loginThrottle.create({
      data: { key: "user:old:192.0.2.99", failures: 5, windowStart: old },
    });
    await db.loginThrottle.create({
      data: { key: "user:new:192.0.2.99", failures: 2, windowStart: new Date() },
    });
    await pruneExpiredAuthRows();
    const keys = (
      await db.loginThrottle.findMany({ where: { key: { endsWith: ":192.0.2.99" } } })
    ).map((r) => r.key);
    expect(keys).toEqual(["user:new:192.0.2.99"]);
  });
});

describe("throttle counts failures only", () => {
  it("never refuses concurrent correct sign-ins (6 and 20 at once)", async () => {
    const rep = await createAccount();
    for (const n of [6, 20]) {
      const results = await Promise.all(
        Array.from({ length: n }, () => attempt(rep.username, rep.password, { ip: "192.0.2.6" })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(n).fill(200));
    }
  }, 120_000);

  it("lets a correct password in after four failures even while correct attempts run concurrently", async () => {
    const rep = await createAccount();
    for (let i = 0; i < 4; i++) await attempt(rep.username, "wrong-password", { ip: "192.0.2.7" });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => attempt(rep.username, rep.password, { ip: "192.0.2.7" })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
  }, 60_000);

  it("keeps concurrent wrong guesses at the limit when some failures are already counted", async () => {
    const rep = await createAccount();
    for (let i = 0; i < 3; i++) await attempt(rep.username, "wrong-password", { ip: "192.0.2.8" });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        attempt(rep.username, "wrong-password", { ip: "192.0.2.8" }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  }, 60_000);
});

describe("public endpoints: rate limits and folded audit rows", () => {
  it("rate limits sign-in to 60 a minute per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await login(
        request("POST", "/api/auth/login", {
          body: { username: "", password: "" },
          ip: "192.0.2.9",
        }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  }, 60_000);

  it("folds repeated refusals from one source into one row with a count", async () => {
    const rep = await createAccount();
    for (let i = 0; i < 8; i++) await attempt(rep.username, "wrong-password", { ip: "192.0.2.10" });
    const db = await getDb();
    const rows = await db.auditEvent.findMany({
      where: { clientIp: "192.0.2.10", action: "auth.login" },
    });
    const byOutcome = Object.fromEntries(rows.map((r) => [r.outcome, r.count]));
    expect(rows).toHaveLength(2);
    expect(byOutcome).toEqual({ failure: 5, throttled: 3 });
  });

  it("prunes audit events older than AUDIT_RETENTION_DAYS (90 by default)", async () => {
    const { pruneExpiredAuthRows } = await import("@/modules/deploy/lib/housekeeping");
    const db = await getDb();
    const day = 24 * 3_600_000;
    const old = await db.auditEvent.create({
      data: {
        actor: "x",
        action: "test.old",
        outcome: "success",
        at: new Date(Date.now() - 91 * day),
      },
    });
    const kept = await db.auditEvent.create({
      data: {
        actor: "x",
        action: "test.kept",
        outcome: "success",
        at: new Date(Date.now() - 89 * day),
      },
    });
    const result = await pruneExpiredAuthRows();
    expect(result.audit).toBeGreaterThanOrEqual(1);
    expect(await db.auditEvent.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.auditEvent.findUnique({ where: { id: kept.id } })).not.toBeNull();
  });
});
