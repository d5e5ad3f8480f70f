// Two-factor sign-in on a fixed clock: enrolment confirmed with a code, the sign-in's
// second step, wrong codes throttled with the passwords, replayed codes and used recovery codes
// refused, the challenge's expiry, and switching it off.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeAt, stillClock } from "./totp-clock";

const { POST: loginRoute } = await import("@/app/api/auth/login/route");
const { POST: secondStepRoute } = await import("@/app/api/auth/login/2fa/route");
const { GET: statusRoute } = await import("@/app/api/auth/2fa/route");
const { POST: setupRoute } = await import("@/app/api/auth/2fa/setup/route");
const { POST: enableRoute } = await import("@/app/api/auth/2fa/enable/route");
const { POST: disableRoute } = await import("@/app/api/auth/2fa/disable/route");
const { GET: profileRoute } = await import("@/app/api/auth/profile/route");
const { getDb } = await import("@/lib/db/client");
const { resetTwoFactor } = await import("@/lib/two-factor/reset");
const { createAccount, loginAs, request } = await import("./helpers");

const net = crypto.randomInt(256);
let host = 1;
const freshIp = () => `198.51.${net}.${host++}`;

// The clock stands still at 5 s into a 30 s step; tests move it by whole steps.
const advance = stillClock();

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;
const post = (
  route: (r: never) => Promise<Response>,
  path: string,
  body: unknown,
  token?: string,
  ip?: string,
) => route(request("POST", path, { body, token, ip }) as never);

async function enrolled() {
  const account = await createAccount();
  const ip = freshIp();
  const token = await loginAs(account, ip);
  const setup = await json(await post(setupRoute, "/api/auth/2fa/setup", undefined, token, ip));
  const secret = setup.secret as string;
  const enable = await post(
    enableRoute,
    "/api/auth/2fa/enable",
    { code: codeAt(secret), password: account.password },
    token,
    ip,
  );
  expect(enable.status).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  advance(30_000); // the enrolment's code is spent: sign-ins use the next step's
  return { ...account, ip, token, secret, recoveryCodes };
}

const passwordStep = async (a: { username: string; password: string }, ip: string) =>
  loginRoute(
    request("POST", "/api/auth/login", {
      body: { username: a.username, password: a.password },
      ip,
    }),
  );
async function challengeFor(a: { username: string; password: string }, ip: string) {
  const body = await json(await passwordStep(a, ip));
  expect(body.twoFactorRequired).toBe(true);
  return body.challenge as string;
}
const codeStep = (challenge: string, code: string, ip: string) =>
  post(secondStepRoute, "/api/auth/login/2fa", { challenge, code }, undefined, ip);
const audits = async (username: string, action: string) =>
  (await getDb()).auditEvent.findMany({
    where: { actor: username, action },
    orderBy: { id: "asc" },
  });
const status = async (token: string) =>
  json(await statusRoute(request("GET", "/api/auth/2fa", { token })));

describe("enrolment", () => {
  it("switches on only after a correct code, then answers ten recovery codes once", async () => {
    const account = await createAccount();
    const ip = freshIp();
    const token = await loginAs(account, ip);
    expect(await status(token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await json(await post(setupRoute, "/api/auth/2fa/setup", undefined, token, ip));
    const secret = setup.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toContain(`secret=${secret}`);
    expect(setup.otpauthUri).toContain("issuer=DialFlow");

    // The secret is stored sealed, never as the text the rep was shown.
    const row = await (
      await getDb()
    ).user.findUniqueOrThrow({ where: { username: account.username } });
    expect(row.totpPendingSecret).toMatch(/^v1\./);
    expect(row.totpPendingSecret).not.toContain(secret);

    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0");
    const refused = await post(
      enableRoute,
      "/api/auth/2fa/enable",
      { code: wrong, password: account.password },
      token,
      ip,
    );
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toBe("two_factor_code_incorrect");
    const bad = await post(
      enableRoute,
      "/api/auth/2fa/enable",
      { code: "12ab", password: account.password },
      token,
      ip,
    );
    expect(bad.status).toBe(400);
    expect((await status(token)).enabled).toBe(false);

    const ok = await post(
      enableRoute,
      "/api/auth/2fa/enable",
      { code: codeAt(secret), password: account.password },
      token,
      ip,
    );
    expect(ok.status).toBe(200);
    const { recoveryCodes } = (await ok.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    const stored = await (await getDb()).recoveryCode.findMany({ where: { userId: row.id } });
    expect(stored).toHaveLength(10);
    for (const c of recoveryCodes) {
      expect(stored.map((s) => s.codeHash)).not.toContain(c);
      expect(stored.map((s) => s.codeHash)).not.toContain(c.replace("-", ""));
    }
    expect(await status(token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await audits(account.username, "auth.2fa.enable")).map((e) => e.outcome)).toEqual([
      "failure",
      "success",
    ]);

    // On already: a new set-up is refused rather than replacing the working secret.
    const again = await post(setupRoute, "/api/auth/2fa/setup", undefined, token, ip);
    expect(again.status).toBe(409);
  });
});

describe("sign-in with a second factor", () => {
  it("answers a challenge, not a session, after the password; the code gives the session", async () => {
    const me = await enrolled();
    const first = await passwordStep(me, me.ip);
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    const body = await json(first);
    expect(body).not.toHaveProperty("token");
    expect(body.user).toEqual({ username: me.username });

    // The challenge is not a session token.
    const asSession = await profileRoute(
      request("GET", "/api/auth/profile", { token: body.challenge as string }),
    );
    expect(asSession.status).toBe(401);

    const done = await codeStep(body.challenge as string, codeAt(me.secret), me.ip);
    expect(done.status).toBe(200);
    expect(done.headers.get("set-cookie")).toContain("HttpOnly");
    const session = await json(done);
    expect(session.user).toEqual({ username: me.username });
    const profile = await profileRoute(
      request("GET", "/api/auth/profile", { token: session.token as string }),
    );
    expect(profile.status).toBe(200);
    expect((await audits(me.username, "auth.login.2fa")).map((e) => e.outcome)).toEqual([
      "success",
    ]);
  });

  it("refuses a code that was already used, also the enrolment's", async () => {
    const me = await enrolled();
    advance(-30_000); // back in the enrolment's step: its code is spent
    const challenge = await challengeFor(me, me.ip);
    const replay = await codeStep(challenge, codeAt(me.secret), me.ip);
    expect(replay.status).toBe(401);
    expect((await json(replay)).code).toBe("two_factor_code_used");

    advance(30_000);
    const code = codeAt(me.secret);
    expect((await codeStep(challenge, code, me.ip)).status).toBe(200);
    const second = await codeStep(challenge, code, me.ip);
    expect(second.status).toBe(401);
    expect((await json(second)).code).toBe("two_factor_code_used");
    // A code of the step before the last one used is as spent, even within the drift window.
    advance(30_000);
    const late = await codeStep(challenge, code, me.ip);
    expect((await json(late)).code).toBe("two_factor_code_used");
  });

  it("throttles wrong codes with the wrong passwords; the password step does not reset them", async () => {
    const me = await enrolled();
    const wrong = String((Number(codeAt(me.secret)) + 500_000) % 1_000_000).padStart(6, "0");
    let challenge = await challengeFor(me, me.ip);
    for (let i = 0; i < 3; i++) {
      const res = await codeStep(challenge, wrong, me.ip);
      expect(res.status).toBe(401);
      expect((await json(res)).code).toBe("two_factor_code_incorrect");
    }
    challenge = await challengeFor(me, me.ip); // a correct password again
    for (let i = 0; i < 2; i++) expect((await codeStep(challenge, wrong, me.ip)).status).toBe(401);
    // LOGIN_MAX_FAILURES (5) per account and address: now even the right code waits.
    const throttled = await codeStep(challenge, codeAt(me.secret), me.ip);
    expect(throttled.status).toBe(429);
    expect((await json(throttled)).code).toBe("two_factor_throttled");
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    const outcomes = (await audits(me.username, "auth.login.2fa")).map((e) => e.outcome);
    expect(outcomes).toContain("failure");
    expect(outcomes).toContain("throttled");

    // From another address the right code still works, and clears the counters.
    const elsewhere = freshIp();
    const other = await challengeFor(me, elsewhere);
    expect((await codeStep(other, codeAt(me.secret), elsewhere)).status).toBe(200);
  });

  it("takes each recovery code once", async () => {
    const me = await enrolled();
    const [code] = me.recoveryCodes;
    const challenge = await challengeFor(me, me.ip);
    const first = await codeStep(challenge, ` ${code!.toUpperCase()} `, me.ip);
    expect(first.status).toBe(200);
    const again = await codeStep(challenge, code!, me.ip);
    expect(again.status).toBe(401);
    expect((await json(again)).code).toBe("two_factor_code_incorrect");
    expect(await status(me.token)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const used = await audits(me.username, "auth.2fa.recovery_used");
    expect(used).toHaveLength(1);
    expect(used[0]!.detail).toEqual({ left: 9 });
  });

  it("refuses an expired, altered or foreign challenge, and bad input changes nothing", async () => {
    const me = await enrolled();
    const challenge = await challengeFor(me, me.ip);
    advance(5 * 60_000 + 1_000);
    const late = await codeStep(challenge, codeAt(me.secret), me.ip);
    expect(late.status).toBe(401);
    expect((await json(late)).code).toBe("two_factor_challenge_invalid");

    const fresh = await challengeFor(me, me.ip);
    const [h, p, s] = fresh.split(".");
    const altered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
    expect((await json(await codeStep(altered, codeAt(me.secret), me.ip))).code).toBe(
      "two_factor_challenge_invalid",
    );
    // A session token is not a challenge.
    expect((await json(await codeStep(me.token, codeAt(me.secret), me.ip))).code).toBe(
      "two_factor_challenge_invalid",
    );
    const bad = await codeStep(fresh, "not a code", me.ip);
    expect(bad.status).toBe(400);
    // None of these counted or spent anything: the code of this step still works.
    expect((await codeStep(fresh, codeAt(me.secret), me.ip)).status).toBe(200);
  });
});

describe("switching it off", () => {
  it("takes the password and a code; sign-in is one step again", async () => {
    const me = await enrolled();
    const disable = (body: unknown) =>
      post(disableRoute, "/api/auth/2fa/disable", body, me.token, me.ip);

    const wrongPassword = await disable({ password: "not-the-password", code: codeAt(me.secret) });
    expect(wrongPassword.status).toBe(400);
    expect((await json(wrongPassword)).code).toBe("current_password_incorrect");
    const wrongCode = await disable({
      password: me.password,
      code: "000000" === codeAt(me.secret) ? "111111" : "000000",
    });
    expect(wrongCode.status).toBe(400);
    expect((await json(wrongCode)).code).toBe("two_factor_code_incorrect");
    expect((await status(me.token)).enabled).toBe(true);

    const ok = await disable({ password: me.password, code: codeAt(me.secret) });
    expect(ok.status).toBe(200);
    expect(await status(me.token)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { username: me.username } });
    expect(row.totpSecret).toBeNull();
    expect(await (await getDb()).recoveryCode.count({ where: { userId: row.id } })).toBe(0);
    expect((await audits(me.username, "auth.2fa.disable")).map((e) => e.outcome)).toEqual([
      "failure",
      "success",
    ]);

    const login = await json(await passwordStep(me, me.ip));
    expect(login.token).toEqual(expect.any(String));
    expect(login).not.toHaveProperty("challenge");
  });
});

describe("an operator's reset (users CLI)", () => {
  it("clears the factor and its recovery codes, audited; the password alone signs in again", async () => {
    const me = await enrolled();
    const db = await getDb();
    expect(await resetTwoFactor(db, me.username)).toEqual({ wasEnabled: true });
    const row = await db.user.findUniqueOrThrow({ where: { username: me.username } });
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db.recoveryCode.count({ where: { userId: row.id } })).toBe(0);
    const [event] = await db.auditEvent.findMany({
      where: { target: me.username, action: "user.2fa.reset" },
    });
    expect(event).toMatchObject({ actor: "cli", outcome: "success", detail: { wasEnabled: true } });
    const login = await json(await passwordStep(me, me.ip));
    expect(login.token).toEqual(expect.any(String));
    // A second reset finds nothing to clear; an unknown name is an error.
    expect(await resetTwoFactor(db, me.username)).toEqual({ wasEnabled: false });
    await expect(resetTwoFactor(db, "no-such-rep-anywhere")).rejects.toThrow(
      /No rep or operator named/,
    );
  });
});
