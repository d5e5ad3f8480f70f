import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { POST as operatorLogin } from "@/app/api/admin/login/route";
import { POST as login } from "@/app/api/auth/login/route";
import { accountThrottleKey } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { createAccount, request } from "./helpers";

// Sign-in throttling on every deployment shape (lib/api/client-ip.ts, lib/auth/throttle.ts):
// per account from any address, and no shared "unknown" address where none can be trusted.

const owned = Symbol.for("dialflow.socketPeerHeaderOwned");
// Addresses of this file's run only: on a shared PostgreSQL, other files' failed sign-ins from a
// fixed address would fold into the same audit row (lib/audit.ts) and confuse their checks.
const net = crypto.randomInt(256);
const addr = (i: number) => `198.19.${net}.${i}`;
const g = globalThis as Record<symbol, unknown>;
afterEach(() => {
  g[owned] = true; // as tests/api/setup.ts leaves it
});

type Route = typeof login;
/** `ip`: what scripts/serve.mjs would write as the socket peer (or a client forge without it). */
const attempt = (route: Route, path: string, username: string, password: string, ip?: string) =>
  route(request("POST", path, { body: { username, password }, ip }));
const userAttempt = (u: string, p: string, ip?: string) =>
  attempt(login, "/api/auth/login", u, p, ip);

/** Lets the account's current wait run out without waiting for it. */
async function endWait(key: string) {
  const db = await getDb();
  await db.loginThrottle.update({
    where: { key },
    data: { lockedUntil: new Date(Date.now() - 1000) },
  });
}

describe("served as next start or next dev serve it (no trusted client address)", () => {
  it("a client's own x-dialflow-socket-ip header does not give it a fresh counter", async () => {
    delete g[owned];
    const rep = await createAccount();
    for (let i = 0; i < 10; i++) {
      const res = await userAttempt(rep.username, "wrong-password", `10.66.0.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const right = await userAttempt(rep.username, rep.password, "10.66.0.200");
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toBe("1");
  });

  it("five wrong guesses by anyone do not lock the account for everyone", async () => {
    delete g[owned];
    const rep = await createAccount();
    for (let i = 0; i < 5; i++)
      expect((await userAttempt(rep.username, "wrong-password")).status).toBe(401);
    expect((await userAttempt(rep.username, rep.password)).status).toBe(200);
    const db = await getDb();
    const keys = (await db.loginThrottle.findMany({ select: { key: true } })).map((r) => r.key);
    expect(keys.some((k) => k.includes("unknown"))).toBe(false);
  });
});

describe("the audit trail with no client address (next start with no proxy)", () => {
  it("folds 40 anonymous refused sign-ins into a bounded number of rows, each counted", async () => {
    delete g[owned];
    const db = await getDb();
    const anonymous = { action: "auth.login", outcome: "failure", clientIp: null };
    const rowsBefore = await db.auditEvent.count({ where: anonymous });
    const countBefore = (await db.auditEvent.aggregate({ where: anonymous, _sum: { count: true } }))
      ._sum.count;
    const prefix = `ghost-${crypto.randomBytes(4).toString("hex")}`;
    for (let i = 0; i < 40; i++) {
      const res = await userAttempt(`${prefix}-${i}`, "wrong-password", `10.67.0.${i + 1}`);
      expect(res.status).toBe(401);
    }
    // One row per 10-minute window: two when the run crosses a window's edge.
    expect((await db.auditEvent.count({ where: anonymous })) - rowsBefore).toBeLessThanOrEqual(2);
    const countAfter = (await db.auditEvent.aggregate({ where: anonymous, _sum: { count: true } }))
      ._sum.count;
    expect((countAfter ?? 0) - (countBefore ?? 0)).toBeGreaterThanOrEqual(40);
  });
});

describe("per-account limit from any addresses", () => {
  it("after 10 failures every attempt waits, 1 s doubling to 15 minutes; a success resets it", async () => {
    const rep = await createAccount();
    const key = accountThrottleKey("user", rep.username);
    const from = addr;
    for (let i = 1; i <= 10; i++)
      expect((await userAttempt(rep.username, "wrong-password", from(i))).status).toBe(401);

    const waits: number[] = [];
    const first = await userAttempt(rep.username, rep.password, from(50));
    expect(first.status).toBe(429);
    waits.push(Number(first.headers.get("retry-after")));
    // Each further failure after a wait doubles the next one.
    for (let i = 0; i < 3; i++) {
      await endWait(key);
      expect((await userAttempt(rep.username, "wrong-password", from(60 + i))).status).toBe(401);
      const refused = await userAttempt(rep.username, rep.password, from(70 + i));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: "login_throttled" });
      waits.push(Number(refused.headers.get("retry-after")));
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // Capped at 15 minutes however long the guessing goes on.
    const db = await getDb();
    await db.loginThrottle.update({ where: { key }, data: { failures: 40 } });
    await endWait(key);
    expect((await userAttempt(rep.username, "wrong-password", from(80))).status).toBe(401);
    const capped = await userAttempt(rep.username, rep.password, from(81));
    expect(Number(capped.headers.get("retry-after"))).toBe(900);

    await endWait(key);
    expect((await userAttempt(rep.username, rep.password, from(90))).status).toBe(200);
    expect(await db.loginThrottle.findUnique({ where: { key } })).toBeNull();
    expect((await userAttempt(rep.username, "wrong-password", from(91))).status).toBe(401);
  });

  it("lets no more than the limit through when guesses arrive at once", async () => {
    const rep = await createAccount();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        userAttempt(rep.username, "wrong-password", addr(100 + i)),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it("holds for operators too", async () => {
    const op = await createAccount({ admin: true });
    for (let i = 1; i <= 10; i++) {
      const res = await attempt(
        operatorLogin,
        "/api/admin/login",
        op.username,
        "wrong-password",
        addr(120 + i),
      );
      expect(res.status).toBe(401);
    }
    const right = await attempt(
      operatorLogin,
      "/api/admin/login",
      op.username,
      op.password,
      addr(140),
    );
    expect(right.status).toBe(429);
  });
});
