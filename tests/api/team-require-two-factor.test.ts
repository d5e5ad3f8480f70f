// An organization that requires two-factor sign-in: its managers turn it on (their own
// factor first); a member without one then reaches only their own account's routes (set-up,
// profile, sign-out) until it is on; other organizations are untouched. PGlite and PostgreSQL.
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const security = await import("@/app/api/team/security/route");
const team = await import("@/app/api/team/route");
const setupRoute = await import("@/app/api/auth/2fa/setup/route");
const enableRoute = await import("@/app/api/auth/2fa/enable/route");
const statusRoute = await import("@/app/api/auth/2fa/route");
const profile = await import("@/app/api/auth/profile/route");

const none = { params: Promise.resolve({}) };
const requireOf = (who: Rep, requireTwoFactor: unknown) =>
  security.PATCH(
    request("PATCH", "/api/team/security", { token: who.token, body: { requireTwoFactor } }),
    none,
  );
const teamOf = (who: Rep) => team.GET(request("GET", "/api/team", { token: who.token }), none);
async function enrol(who: Rep) {
  const setup = await setupRoute.POST(
    request("POST", "/api/auth/2fa/setup", { token: who.token }),
    none,
  );
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const res = await enableRoute.POST(
    request("POST", "/api/auth/2fa/enable", {
      token: who.token,
      body: { code, password: who.password },
    }),
    none,
  );
  expect(res.status).toBe(200);
}

let managerA: Rep;
let repA: Rep;
let repB: Rep;
beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([organization(), organization()]);
  [managerA, repA, repB] = await Promise.all([
    repOf(orgA.id, "manager"),
    repOf(orgA.id),
    repOf(orgB.id),
  ]);
});

describe("requiring two-factor sign-in", () => {
  it("is a manager's setting, and takes the manager's own factor first", async () => {
    expect((await requireOf(repA, true)).status).toBe(403);
    const early = await requireOf(managerA, true);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "own_two_factor_first" });
    expect((await requireOf(managerA, "yes")).status).toBe(400);
    const org = await (
      await getDb()
    ).organization.findUniqueOrThrow({ where: { id: managerA.organizationId } });
    expect(org.requireTwoFactor).toBe(false);
  });

  it("leaves a member without a factor only their own account until they set it up", async () => {
    await enrol(managerA);
    const on = await requireOf(managerA, true);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ requireTwoFactor: true });
    const [event] = await (
      await getDb()
    ).auditEvent.findMany({ where: { action: "team.require2fa", actor: managerA.username } });
    expect(event).toMatchObject({ outcome: "success", detail: { requireTwoFactor: true } });

    // The manager has one: the team answers, and says it is required.
    const managerView = await teamOf(managerA);
    expect(managerView.status).toBe(200);
    expect(await managerView.json()).toMatchObject({ requireTwoFactor: true });

    // The rep has none: refused everywhere but their own account.
    const refused = await teamOf(repA);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "two_factor_required" });
    expect(
      (await profile.GET(request("GET", "/api/auth/profile", { token: repA.token }), none)).status,
    ).toBe(200);
    expect(
      (await statusRoute.GET(request("GET", "/api/auth/2fa", { token: repA.token }), none)).status,
    ).toBe(200);

    // Another organization's rep is not affected.
    expect((await teamOf(repB)).status).toBe(200);

    // Set up: the rep is a full member again, in the same session.
    await enrol(repA);
    expect((await teamOf(repA)).status).toBe(200);
  });

  it("turned off, a member without a factor works again", async () => {
    const newcomer = await repOf(managerA.organizationId);
    expect((await teamOf(newcomer)).status).toBe(403);
    expect((await requireOf(managerA, false)).status).toBe(200);
    expect((await teamOf(newcomer)).status).toBe(200);
  });
});
