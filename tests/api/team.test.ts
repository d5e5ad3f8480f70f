// Team management: every member sees their team; a manager changes roles and
// deactivates members (their sessions end at once, their calls stay), never another
// organization's (404), and the last manager cannot demote or deactivate themself. Audited.
// PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { teamResponseSchema } from "@/modules/team/lib/schemas";
import { newId, organization, putCall, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const team = await import("@/app/api/team/route");
const member = await import("@/app/api/team/members/[userId]/route");
const profile = await import("@/app/api/auth/profile/route");

const none = { params: Promise.resolve({}) };
const getTeam = async (who: Rep) => {
  const res = await team.GET(request("GET", "/api/team", { token: who.token }), none);
  expect(res.status).toBe(200);
  return teamResponseSchema.parse(await res.json());
};
const patch = (who: Rep, userId: string, body: unknown) =>
  member.PATCH(request("PATCH", `/api/team/members/${userId}`, { token: who.token, body }), {
    params: Promise.resolve({ userId }),
  });
const signedIn = async (who: Rep) =>
  (await profile.GET(request("GET", "/api/auth/profile", { token: who.token }), none)).status ===
  200;

let managerA: Rep;
let repA: Rep;
let managerB: Rep;
let repB: Rep;
beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([organization(), organization()]);
  [managerA, repA, managerB, repB] = await Promise.all([
    repOf(orgA.id, "manager"),
    repOf(orgA.id),
    repOf(orgB.id, "manager"),
    repOf(orgB.id),
  ]);
});

describe("the team list", () => {
  it("shows a rep their own team with roles and status, and no controls", async () => {
    const t = await getTeam(repA);
    expect(t.viewer).toEqual({ userId: repA.userId, role: "rep", canManage: false });
    const byId = new Map(t.members.map((m) => [m.id, m]));
    expect(byId.get(managerA.userId)).toMatchObject({ role: "manager", status: "active" });
    expect(byId.get(repA.userId)).toMatchObject({ role: "rep", status: "active" });
    expect(t.members).toHaveLength(2);
    expect(byId.has(repB.userId)).toBe(false);
    expect((await getTeam(managerA)).viewer.canManage).toBe(true);
  });
});

describe("a manager's changes", () => {
  it("a rep cannot change roles or deactivate anyone: 403, nothing changed", async () => {
    for (const body of [{ role: "manager" }, { status: "deactivated" }]) {
      const res = await patch(repA, managerA.userId, body);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "role_forbidden" });
    }
    const db = await getDb();
    const row = await db.user.findUniqueOrThrow({ where: { id: managerA.userId } });
    expect(row).toMatchObject({ role: "manager", disabled: false });
  });

  it("a manager of another organization gets 404 for this team's members", async () => {
    for (const body of [{ role: "manager" }, { status: "deactivated" }]) {
      expect((await patch(managerB, repA.userId, body)).status).toBe(404);
    }
    expect(await signedIn(repA)).toBe(true);
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: repA.userId } })).role).toBe("rep");
  });

  it("refuses a body that is neither a role nor a status", async () => {
    expect((await patch(managerA, repA.userId, { role: "owner" })).status).toBe(400);
    expect((await patch(managerA, repA.userId, { role: "rep", status: "active" })).status).toBe(
      400,
    );
  });

  it("changes a rep's role both ways, audited", async () => {
    const up = await patch(managerA, repA.userId, { role: "manager" });
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ member: { id: repA.userId, role: "manager" } });
    const down = await patch(managerA, repA.userId, { role: "rep" });
    expect(((await down.json()) as { member: { role: string } }).member.role).toBe("rep");
    const db = await getDb();
    const events = await db.auditEvent.findMany({
      where: { action: "team.role", target: repA.username },
      orderBy: { at: "asc" },
    });
    expect(events.map((e) => [e.actor, e.detail])).toEqual([
      [managerA.username, expect.objectContaining({ from: "rep", to: "manager" })],
      [managerA.username, expect.objectContaining({ from: "manager", to: "rep" })],
    ]);
  });

  it("deactivating ends the member's sessions at once and keeps their calls", async () => {
    const org = await organization();
    const [boss, rep] = await Promise.all([repOf(org.id, "manager"), repOf(org.id)]);
    const callId = newId();
    const put = await putCall(rep, callId, {
      dialedDigits: "5125550142",
      startedAt: new Date().toISOString(),
    });
    expect(put.status).toBe(201);
    expect(await signedIn(rep)).toBe(true);

    const res = await patch(boss, rep.userId, { status: "deactivated" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ member: { status: "deactivated" } });
    expect(await signedIn(rep)).toBe(false);
    const db = await getDb();
    expect(await db.session.count({ where: { userId: rep.userId, revokedAt: null } })).toBe(0);
    // Their records stay: the call is still the team's.
    const call = await db.call.findUnique({ where: { id: callId } });
    expect(call).toMatchObject({ userId: rep.userId, organizationId: boss.organizationId });
    const t = await getTeam(boss);
    expect(t.members.find((m) => m.id === rep.userId)?.status).toBe("deactivated");

    const back = await patch(boss, rep.userId, { status: "active" });
    expect(await back.json()).toMatchObject({ member: { status: "active" } });
    const actions = await db.auditEvent.findMany({
      where: { target: rep.username, action: { startsWith: "team." } },
      orderBy: { at: "asc" },
    });
    expect(actions.map((a) => a.action)).toEqual(["team.deactivate", "team.reactivate"]);
  });

  it("the last manager cannot demote or deactivate themself; with a second one they can", async () => {
    const org = await organization();
    const [boss, rep] = await Promise.all([repOf(org.id, "manager"), repOf(org.id)]);
    for (const body of [{ role: "rep" }, { status: "deactivated" }]) {
      const res = await patch(boss, boss.userId, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "last_manager" });
    }
    expect(await signedIn(boss)).toBe(true);

    expect((await patch(boss, rep.userId, { role: "manager" })).status).toBe(200);
    expect((await patch(boss, boss.userId, { role: "rep" })).status).toBe(200);
    // Now the former rep is the last manager, and the former manager is a rep: 403.
    expect((await patch(boss, rep.userId, { role: "rep" })).status).toBe(403);
    expect((await patch(rep, rep.userId, { role: "rep" })).status).toBe(409);
  });
});
