// Roles inside an organization, per role and across two organizations: what a rep may
// do and a manager may do (the table in lib/auth/permissions.ts, enforced by the route wrapper),
// and that a manager of one organization never reaches another's (404, not 403: whether the
// target exists elsewhere is not told). PGlite and PostgreSQL.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { can, permissions, type Permission } from "@/lib/auth/permissions";
import { organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const dnc = await import("@/app/api/do-not-call/route");
const dncOne = await import("@/app/api/do-not-call/[number]/route");
const dncImport = await import("@/app/api/do-not-call/import/route");
const dncExport = await import("@/app/api/do-not-call/export.csv/route");
const analytics = await import("@/app/api/analytics/route");

const none = { params: Promise.resolve({}) };
const freshNumber = () =>
  `+1512${200 + crypto.randomInt(700)}${String(crypto.randomInt(10_000)).padStart(4, "0")}`;

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

const add = (who: Rep, number: string) =>
  dnc.POST(request("POST", "/api/do-not-call", { token: who.token, body: { number } }));
const remove = (who: Rep, number: string) =>
  dncOne.DELETE(
    request("DELETE", `/api/do-not-call/${encodeURIComponent(number)}`, { token: who.token }),
    {
      params: Promise.resolve({ number }),
    },
  );
const importCsv = (who: Rep, csv: string) =>
  dncImport.POST(request("POST", "/api/do-not-call/import", { token: who.token, body: { csv } }));
const exportCsv = (who: Rep) =>
  dncExport.GET(request("GET", "/api/do-not-call/export.csv", { token: who.token }), none);
const listed = async (who: Rep) =>
  (
    (await (
      await dnc.GET(request("GET", "/api/do-not-call?limit=100", { token: who.token }), none)
    ).json()) as { numbers: { number: string }[] }
  ).numbers.map((i) => i.number);

describe("the role table", () => {
  it("gives managers everything reps have, and keeps the listed actions to managers", () => {
    for (const p of Object.keys(permissions) as Permission[]) {
      if (can("rep", p)) expect(can("manager", p), p).toBe(true);
    }
    const managersOnly = (Object.keys(permissions) as Permission[]).filter((p) => !can("rep", p));
    expect(managersOnly.sort()).toEqual(
      [
        "analytics.anyRep",
        "calls.lineDetails",
        "doNotCall.export",
        "doNotCall.notes",
        "doNotCall.import",
        "doNotCall.remove",
        "integrations.manage",
        "notes.moderate",
        "organization.callerIds",
        "organization.security",
        "organization.recording",
        "organization.dialing",
        "recordings.team",
        "team.floor",
        "team.manage",
        "team.monitor",
      ].sort(),
    );
  });
});

describe("do-not-call per role", () => {
  it("any member adds a number (a prospect asks on the phone)", async () => {
    expect((await add(repA, freshNumber())).status).toBe(201);
    expect((await add(managerA, freshNumber())).status).toBe(201);
  });

  it("a rep cannot import, export or remove; the list stays as it was", async () => {
    const number = freshNumber();
    expect((await add(repA, number)).status).toBe(201);
    const imported = freshNumber();
    const refused = [
      await importCsv(repA, `${imported}\n`),
      await exportCsv(repA),
      await remove(repA, number),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "role_forbidden" });
    }
    const numbers = await listed(managerA);
    expect(numbers).toContain(number);
    expect(numbers).not.toContain(imported);
  });

  it("a manager imports, exports and removes their own team's entries", async () => {
    const number = freshNumber();
    const imported = await importCsv(managerA, `${number}\n`);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ added: 1 });
    const csv = await exportCsv(managerA);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(number);
    expect((await remove(managerA, number)).status).toBe(200);
    expect(await listed(managerA)).not.toContain(number);
  });

  it("a manager of another organization cannot remove or see this team's entries: 404", async () => {
    const number = freshNumber();
    expect((await add(repA, number)).status).toBe(201);
    const res = await remove(managerB, number);
    expect(res.status).toBe(404);
    expect(await listed(managerA)).toContain(number);
    expect(await listed(managerB)).not.toContain(number);
    expect(await (await exportCsv(managerB)).text()).not.toContain(number);
  });
});

describe("analytics per role", () => {
  const range = {
    from: "2026-03-01T00:00:00.000Z",
    to: "2026-03-08T00:00:00.000Z",
    tz: "UTC",
  };
  const get = (who: Rep, agent: string) =>
    analytics.GET(
      request("GET", `/api/analytics?${new URLSearchParams({ ...range, agent })}`, {
        token: who.token,
      }),
      none,
    );

  it("a rep reads the team and their own detail, not a colleague's", async () => {
    expect((await get(repA, "team")).status).toBe(200);
    expect((await get(repA, repA.userId)).status).toBe(200);
    expect((await get(repA, managerA.userId)).status).toBe(403);
  });

  it("a manager reads any rep of their team, and no one of another team", async () => {
    const res = await get(managerA, repA.userId);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { viewer: { manager: boolean } }).viewer.manager).toBe(true);
    expect((await get(managerA, repB.userId)).status).toBe(404);
    expect((await get(managerB, repA.userId)).status).toBe(404);
  });
});
