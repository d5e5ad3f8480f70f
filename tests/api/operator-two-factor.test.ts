// Two-factor sign-in for operators on a fixed clock: set-up in the console's routes,
// the console sign-in's code step, replayed and wrong codes, recovery codes single-use, a rep's
// challenge refused for an operator (and the other way round), switching it off and the CLI reset.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { codeAt, stillClock } from "./totp-clock";

const { POST: adminLoginRoute } = await import("@/app/api/admin/login/route");
const { POST: adminCodeRoute } = await import("@/app/api/admin/login/2fa/route");
const { GET: statusRoute } = await import("@/app/api/admin/2fa/route");
const { POST: setupRoute } = await import("@/app/api/admin/2fa/setup/route");
const { POST: enableRoute } = await import("@/app/api/admin/2fa/enable/route");
const { POST: disableRoute } = await import("@/app/api/admin/2fa/disable/route");
const { GET: pingRoute } = await import("@/app/api/admin/ping/route");
const { POST: repCodeRoute } = await import("@/app/api/auth/login/2fa/route");
const { POST: repSetupRoute } = await import("@/app/api/auth/2fa/setup/route");
const { POST: repEnableRoute } = await import("@/app/api/auth/2fa/enable/route");
const { POST: repLoginRoute } = await import("@/app/api/auth/login/route");
const { getDb } = await import("@/lib/db/client");
const { resetTwoFactor } = await import("@/lib/two-factor/reset");
const { createAccount, loginAs, loginOperator, request } = await import("./helpers");

const net = crypto.randomInt(256);
let host = 1;
const freshIp = () => `203.0.${net}.${host++}`;

const advance = stillClock();

type Json = Record<string, unknown>;
type Route = (r: never) => Promise<Response>;
const json = async (res: Response) => (await res.json()) as Json;
const post = (route: Route, path: string, body: unknown, token?: string, ip?: string) =>
  route(request("POST", path, { body, token, ip }) as never);

/** An operator with a confirmed second factor, signed in on the session that set it up. */
async function enrolledOperator() {
  const account = await createAccount({ admin: true });
  const ip = freshIp();
  const token = await loginOperator(account, ip);
  const setup = await json(await post(setupRoute, "/api/admin/2fa/setup", undefined, token, ip));
  const secret = setup.secret as string;
  expect(setup.otpauthUri).toContain(`secret=${secret}`);
  const enable = await post(
    enableRoute,
    "/api/admin/2fa/enable",
    { code: codeAt(secret), password: account.password },
    token,
    ip,
  );
  expect(enable.status).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  advance(30_000);
  return { ...account, ip, token, secret, recoveryCodes };
}

async function operatorChallenge(a: { username: string; password: string }, ip: string) {
  const res = await post(adminLoginRoute, "/api/admin/login", a, undefined, ip);
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body.twoFactorRequired).toBe(true);
  expect(body.token).toBeUndefined();
  expect(res.headers.get("set-cookie")).toBeNull();
  return body.challenge as string;
}
const operatorCode = (challenge: string, code: string, ip: string) =>
  post(adminCodeRoute, "/api/admin/login/2fa", { challenge, code }, undefined, ip);

describe("an operator's second factor", () => {
  it("is set up in the console, stored sealed, and then asked for at the console's sign-in", async () => {
    const op = await enrolledOperator();
    const db = await getDb();
    const row = await db.operator.findUniqueOrThrow({ where: { username: op.username } });
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(op.secret);
    expect(await db.operatorRecoveryCode.count({ where: { operatorId: row.id } })).toBe(10);
    const status = await json(
      await statusRoute(request("GET", "/api/admin/2fa", { token: op.token })),
    );
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const challenge = await operatorChallenge(op, op.ip);
    const code = codeAt(op.secret);
    const signedIn = await operatorCode(challenge, code, op.ip);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    expect(signedIn.headers.get("set-cookie")).toContain("operator_session=");
    const ping = await pingRoute(request("GET", "/api/admin/ping", { token }) as never);
    expect(ping.status).toBe(200);
    expect((await json(ping)).mustEnrolTwoFactor).toBe(false);

    // The same code again (a second challenge) is a replay.
    const replay = await operatorCode(await operatorChallenge(op, op.ip), code, op.ip);
    expect(replay.status).toBe(401);
    expect((await json(replay)).code).toBe("two_factor_code_used");
    const events = await db.auditEvent.findMany({
      where: { actor: op.username, action: "admin.login.2fa" },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.outcome)).toEqual(["success", "failure"]);
  });

  it("takes a recovery code once", async () => {
    const op = await enrolledOperator();
    const recovery = op.recoveryCodes[3];
    const first = await operatorCode(await operatorChallenge(op, op.ip), recovery, op.ip);
    expect(first.status).toBe(200);
    const again = await operatorCode(await operatorChallenge(op, op.ip), recovery, op.ip);
    expect(again.status).toBe(401);
    expect((await json(again)).code).toBe("two_factor_code_incorrect");
    const status = await json(
      await statusRoute(request("GET", "/api/admin/2fa", { token: op.token })),
    );
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it("throttles wrong codes with the passwords, per account", async () => {
    const op = await enrolledOperator();
    const wrong = String((Number(codeAt(op.secret)) + 7) % 1_000_000).padStart(6, "0");
    const challenge = await operatorChallenge(op, op.ip);
    let last: Response | null = null;
    for (let i = 0; i < 8; i++) {
      last = await operatorCode(challenge, wrong, op.ip);
      if (last.status !== 401) break;
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    // The right code now waits as well: guessing codes gained nothing.
    const right = await operatorCode(challenge, codeAt(op.secret), op.ip);
    expect(right.status).toBe(429);
  });

  it("never accepts a rep's challenge for the console, nor an operator's for /app", async () => {
    const op = await enrolledOperator();
    const opChallenge = await operatorChallenge(op, op.ip);
    const asRep = await post(
      repCodeRoute,
      "/api/auth/login/2fa",
      {
        challenge: opChallenge,
        code: codeAt(op.secret),
      },
      undefined,
      op.ip,
    );
    expect(asRep.status).toBe(401);
    expect((await json(asRep)).code).toBe("two_factor_challenge_invalid");

    const rep = await createAccount();
    const ip = freshIp();
    const repToken = await loginAs(rep, ip);
    const setup = await json(
      await post(repSetupRoute, "/api/auth/2fa/setup", undefined, repToken, ip),
    );
    const repSecret = setup.secret as string;
    const on = await post(
      repEnableRoute,
      "/api/auth/2fa/enable",
      { code: codeAt(repSecret), password: rep.password },
      repToken,
      ip,
    );
    expect(on.status).toBe(200);
    advance(30_000);
    const repChallenge = (
      await json(await post(repLoginRoute, "/api/auth/login", rep, undefined, ip))
    ).challenge as string;
    const asOperator = await operatorCode(repChallenge, codeAt(repSecret), ip);
    expect(asOperator.status).toBe(401);
    expect((await json(asOperator)).code).toBe("two_factor_challenge_invalid");
  });

  it("is switched off with the password and a code, and reset by the CLI", async () => {
    const op = await enrolledOperator();
    const wrongPassword = await post(
      disableRoute,
      "/api/admin/2fa/disable",
      { password: "not-it-at-all", code: codeAt(op.secret) },
      op.token,
      op.ip,
    );
    expect(wrongPassword.status).toBe(400);
    expect((await json(wrongPassword)).code).toBe("current_password_incorrect");
    const off = await post(
      disableRoute,
      "/api/admin/2fa/disable",
      { password: op.password, code: codeAt(op.secret) },
      op.token,
      op.ip,
    );
    expect(off.status).toBe(200);
    const plain = await post(adminLoginRoute, "/api/admin/login", op, undefined, op.ip);
    expect(typeof (await json(plain)).token).toBe("string");

    const again = await enrolledOperator();
    const db = await getDb();
    expect(await resetTwoFactor(db, again.username)).toEqual({ wasEnabled: true });
    const after = await post(adminLoginRoute, "/api/admin/login", again, undefined, again.ip);
    expect(typeof (await json(after)).token).toBe("string");
    const operatorId = (
      await db.operator.findUniqueOrThrow({ where: { username: again.username } })
    ).id;
    expect(await db.operatorRecoveryCode.count({ where: { operatorId } })).toBe(0);
    const audit = await db.auditEvent.findFirst({
      where: { action: "operator.2fa.reset", target: again.username },
    });
    expect(audit?.actor).toBe("cli");
  });
});
