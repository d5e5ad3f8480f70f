// Step-up for account changes: switching two-factor sign-in on, new recovery codes, a new
// password, a new e-mail address and a new API key each need the current password, and a current
// code when two-factor sign-in is on, checked under the sign-in throttle. A bearer token alone
// changes nothing. PGlite and PostgreSQL.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeAt, stillClock } from "./totp-clock";

const { POST: setupRoute } = await import("@/app/api/auth/2fa/setup/route");
const { POST: enableRoute } = await import("@/app/api/auth/2fa/enable/route");
const { GET: statusRoute } = await import("@/app/api/auth/2fa/route");
const { POST: recoveryRoute } = await import("@/app/api/auth/2fa/recovery-codes/route");
const { POST: adminSetupRoute } = await import("@/app/api/admin/2fa/setup/route");
const { POST: adminEnableRoute } = await import("@/app/api/admin/2fa/enable/route");
const { POST: adminRecoveryRoute } = await import("@/app/api/admin/2fa/recovery-codes/route");
const { POST: passwordRoute } = await import("@/app/api/auth/password/route");
const { POST: emailRoute } = await import("@/app/api/auth/email/verify-request/route");
const { POST: keysRoute } = await import("@/app/api/integrations/api-keys/route");
const { POST: loginRoute } = await import("@/app/api/auth/login/route");
const { POST: secondStepRoute } = await import("@/app/api/auth/login/2fa/route");
const { getDb } = await import("@/lib/db/client");
const { organization, repOf } = await import("./calls-helpers");
const { createAccount, loginOperator, request } = await import("./helpers");

const advance = stillClock();
const net = crypto.randomInt(256);
let host = 1;
const freshIp = () => `198.18.${net}.${host++}`;

type Route = (r: never) => Promise<Response>;
type Who = { token: string; password: string; ip?: string };
const post = (route: Route, path: string, who: Who, body: unknown) =>
  route(request("POST", path, { token: who.token, ip: who.ip, body }) as never);
const codeOf = async (res: Response) => ((await res.json()) as { code?: string }).code;

async function manager() {
  const org = await organization();
  return { ...(await repOf(org.id, "manager")), ip: freshIp() };
}

/** Two-factor sign-in switched on (with the password); the enrolment's step is spent. */
async function withSecondFactor(who: Who) {
  const setup = await post(setupRoute, "/api/auth/2fa/setup", who, undefined);
  const { secret } = (await setup.json()) as { secret: string };
  const on = await post(enableRoute, "/api/auth/2fa/enable", who, {
    code: codeAt(secret),
    password: who.password,
  });
  expect(on.status).toBe(200);
  const { recoveryCodes } = (await on.json()) as { recoveryCodes: string[] };
  advance(30_000);
  return { secret, recoveryCodes };
}

describe("switching two-factor sign-in on", () => {
  it("a bearer token alone cannot: the password is asked, a wrong one refused", async () => {
    const me = await manager();
    const setup = await post(setupRoute, "/api/auth/2fa/setup", me, undefined);
    const { secret } = (await setup.json()) as { secret: string };
    const bare = await post(enableRoute, "/api/auth/2fa/enable", me, { code: codeAt(secret) });
    expect(bare.status).toBe(400);
    const wrong = await post(enableRoute, "/api/auth/2fa/enable", me, {
      code: codeAt(secret),
      password: "not-my-password",
    });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe("current_password_incorrect");
    const status = await statusRoute(request("GET", "/api/auth/2fa", { token: me.token }));
    expect(((await status.json()) as { enabled: boolean }).enabled).toBe(false);
    const right = await post(enableRoute, "/api/auth/2fa/enable", me, {
      code: codeAt(secret),
      password: me.password,
    });
    expect(right.status).toBe(200);
  });

  it("an operator's too", async () => {
    const op = await createAccount({ admin: true });
    const who = { token: await loginOperator(op), password: op.password };
    const setup = await post(adminSetupRoute, "/api/admin/2fa/setup", who, undefined);
    const { secret } = (await setup.json()) as { secret: string };
    const bare = await post(adminEnableRoute, "/api/admin/2fa/enable", who, {
      code: codeAt(secret),
    });
    expect(bare.status).toBe(400);
    const right = await post(adminEnableRoute, "/api/admin/2fa/enable", who, {
      code: codeAt(secret),
      password: op.password,
    });
    expect(right.status).toBe(200);
  });
});

describe("new recovery codes", () => {
  it("need the password and a code; they replace every old code", async () => {
    const me = await manager();
    const { secret, recoveryCodes: old } = await withSecondFactor(me);
    const noCode = await post(recoveryRoute, "/api/auth/2fa/recovery-codes", me, {
      password: me.password,
    });
    expect(noCode.status).toBe(400);
    const wrong = await post(recoveryRoute, "/api/auth/2fa/recovery-codes", me, {
      password: "not-my-password",
      code: codeAt(secret),
    });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe("current_password_incorrect");
    const ok = await post(recoveryRoute, "/api/auth/2fa/recovery-codes", me, {
      password: me.password,
      code: codeAt(secret),
    });
    expect(ok.status).toBe(200);
    const { recoveryCodes } = (await ok.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((c) => old.includes(c))).toBe(false);

    const signIn = async (code: string) => {
      const first = await loginRoute(
        request("POST", "/api/auth/login", {
          ip: me.ip,
          body: { username: me.username, password: me.password },
        }),
      );
      const { challenge } = (await first.json()) as { challenge: string };
      return (
        await secondStepRoute(
          request("POST", "/api/auth/login/2fa", { ip: me.ip, body: { challenge, code } }),
        )
      ).status;
    };
    expect(await signIn(old[0]!)).toBe(401);
    expect(await signIn(recoveryCodes[0]!)).toBe(200);
  });

  it("an operator's too", async () => {
    const op = await createAccount({ admin: true });
    const who = { token: await loginOperator(op), password: op.password };
    const setup = await post(adminSetupRoute, "/api/admin/2fa/setup", who, undefined);
    const { secret } = (await setup.json()) as { secret: string };
    const on = await post(adminEnableRoute, "/api/admin/2fa/enable", who, {
      code: codeAt(secret),
      password: op.password,
    });
    expect(on.status).toBe(200);
    advance(30_000);
    const res = await post(adminRecoveryRoute, "/api/admin/2fa/recovery-codes", who, {
      password: op.password,
      code: codeAt(secret),
    });
    expect(res.status).toBe(200);
  });
});

describe("a new password", () => {
  it("needs the current code when two-factor sign-in is on", async () => {
    const me = await manager();
    const { secret } = await withSecondFactor(me);
    const body = {
      currentPassword: me.password,
      newPassword: "a-brand-new-pass",
      confirmPassword: "a-brand-new-pass",
    };
    const noCode = await post(passwordRoute, "/api/auth/password", me, body);
    expect(noCode.status).toBe(400);
    expect(await codeOf(noCode)).toBe("two_factor_code_required");
    const db = await getDb();
    const before = await db.user.findUniqueOrThrow({ where: { id: me.userId } });
    const ok = await post(passwordRoute, "/api/auth/password", me, {
      ...body,
      code: codeAt(secret),
    });
    expect(ok.status).toBe(200);
    const after = await db.user.findUniqueOrThrow({ where: { id: me.userId } });
    expect(after.passwordHash).not.toBe(before.passwordHash);
  });
});

describe("a new e-mail address", () => {
  const email = (who: Who, body: Record<string, unknown>) =>
    post(emailRoute, "/api/auth/email/verify-request", who, body);

  it("needs the current password; sending the link again for the same address does not", async () => {
    const me = await manager();
    const db = await getDb();
    const bare = await email(me, { email: "stolen@example.com" });
    expect(bare.status).toBe(400);
    expect(await codeOf(bare)).toBe("current_password_required");
    const wrong = await email(me, { email: "stolen@example.com", password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: me.userId } })).email).toBeNull();
    const ok = await email(me, { email: "mine@example.com", password: me.password });
    expect(ok.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: me.userId } })).email).toBe(
      "mine@example.com",
    );
    await db.user.update({ where: { id: me.userId }, data: { verificationSentAt: null } });
    expect((await email(me, { email: "mine@example.com" })).status).toBe(200);
  });

  it("needs a code too when two-factor sign-in is on", async () => {
    const me = await manager();
    const { secret } = await withSecondFactor(me);
    const noCode = await email(me, { email: "new@example.com", password: me.password });
    expect(noCode.status).toBe(400);
    expect(await codeOf(noCode)).toBe("two_factor_code_required");
    const ok = await email(me, {
      email: "new@example.com",
      password: me.password,
      code: codeAt(secret),
    });
    expect(ok.status).toBe(200);
  });
});

describe("a new API key", () => {
  const create = (who: Who, extra: Record<string, unknown>) =>
    post(keysRoute, "/api/integrations/api-keys", who, {
      name: "CRM",
      scopes: ["calls:read"],
      ...extra,
    });

  it("needs the password (and a code when it is on); nothing is created without", async () => {
    const me = await manager();
    const db = await getDb();
    expect((await create(me, {})).status).toBe(400);
    expect((await create(me, { password: "not-my-password" })).status).toBe(400);
    expect(await db.apiKey.count({ where: { createdById: me.userId } })).toBe(0);
    expect((await create(me, { password: me.password })).status).toBe(201);

    const { secret } = await withSecondFactor(me);
    const noCode = await create(me, { password: me.password });
    expect(noCode.status).toBe(400);
    expect(await codeOf(noCode)).toBe("two_factor_code_required");
    expect((await create(me, { password: me.password, code: codeAt(secret) })).status).toBe(201);
    expect(await db.apiKey.count({ where: { createdById: me.userId } })).toBe(2);
  });

  it("wrong passwords count on the sign-in throttle: then even the right one waits", async () => {
    const me = await manager();
    // LOGIN_MAX_FAILURES (5) per account and address.
    for (let i = 0; i < 5; i++) {
      expect((await create(me, { password: `wrong-${i}` })).status).toBe(400);
    }
    const throttled = await create(me, { password: me.password });
    expect(throttled.status).toBe(429);
    const signIn = await loginRoute(
      request("POST", "/api/auth/login", {
        ip: me.ip,
        body: { username: me.username, password: me.password },
      }),
    );
    expect(signIn.status).toBe(429);
  });
});
