// A manager resets a member's second factor ("losing the phone has a path"): the member
// then signs in with the password alone and can enrol again; audited with the manager's name.
// Never another organization's member (404), never by a rep (403), never the manager's own factor
// (that takes the password and a code in Settings). PGlite and PostgreSQL.
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { memberResponseSchema, teamResponseSchema } from "@/modules/team/lib/schemas";
import { organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const reset = await import("@/app/api/team/members/[userId]/two-factor/route");
const team = await import("@/app/api/team/route");
const setupRoute = await import("@/app/api/auth/2fa/setup/route");
const enableRoute = await import("@/app/api/auth/2fa/enable/route");

const none = { params: Promise.resolve({}) };
const resetOf = (who: Rep, userId: string) =>
  reset.DELETE(request("DELETE", `/api/team/members/${userId}/two-factor`, { token: who.token }), {
    params: Promise.resolve({ userId }),
  });
async function enrol(who: Rep) {
  const setup = (await (
    await setupRoute.POST(request("POST", "/api/auth/2fa/setup", { token: who.token }), none)
  ).json()) as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret) });
  const res = await enableRoute.POST(
    request("POST", "/api/auth/2fa/enable", {
      token: who.token,
      body: { code, password: who.password },
    }),
    none,
  );
  expect(res.status).toBe(200);
}
const enabled = async (who: Rep) =>
  (await (await getDb()).user.findUniqueOrThrow({ where: { id: who.userId } })).totpEnabledAt !==
  null;

let managerA: Rep;
let repA: Rep;
let managerB: Rep;
beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([organization(), organization()]);
  [managerA, repA, managerB] = await Promise.all([
    repOf(orgA.id, "manager"),
    repOf(orgA.id),
    repOf(orgB.id, "manager"),
  ]);
  await enrol(repA);
  await enrol(managerA);
});

describe("a manager's reset of a member's second factor", () => {
  it("the team list says who has it on", async () => {
    const res = await team.GET(request("GET", "/api/team", { token: managerA.token }), none);
    const { members } = teamResponseSchema.parse(await res.json());
    expect(members.find((m) => m.id === repA.userId)?.twoFactor).toBe(true);
  });

  it("is refused to a rep, to another team's manager and for the manager's own factor", async () => {
    expect((await resetOf(repA, managerA.userId)).status).toBe(403);
    const foreign = await resetOf(managerB, repA.userId);
    expect(foreign.status).toBe(404);
    const own = await resetOf(managerA, managerA.userId);
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ code: "own_two_factor" });
    expect(await enabled(repA)).toBe(true);
    expect(await enabled(managerA)).toBe(true);
  });

  it("clears the member's factor and recovery codes, audited with the manager's name", async () => {
    const res = await resetOf(managerA, repA.userId);
    expect(res.status).toBe(200);
    const { member } = memberResponseSchema.parse(await res.json());
    expect(member).toMatchObject({ id: repA.userId, twoFactor: false });
    expect(await enabled(repA)).toBe(false);
    const db = await getDb();
    expect(await db.recoveryCode.count({ where: { userId: repA.userId } })).toBe(0);
    const events = await db.auditEvent.findMany({
      where: { action: "user.2fa.reset", target: repA.username },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: managerA.username,
      outcome: "success",
      detail: { organizationId: managerA.organizationId, wasEnabled: true },
    });
    // Nothing left to reset.
    const again = await resetOf(managerA, repA.userId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "two_factor_off" });
  });
});
