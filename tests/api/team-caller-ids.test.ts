// A manager keeps their own organization's caller-ID pool (the console's operators keep
// any organization's): a rep cannot, another organization's manager gets 404, the answer holds
// the pool only. PGlite and PostgreSQL.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const pool = await import("@/app/api/team/caller-ids/route");
const entry = await import("@/app/api/team/caller-ids/[callerIdId]/route");

type Pool = { callerIds: { id: string; number: string; isDefault: boolean }[] };
const none = { params: Promise.resolve({}) };
const freshNumber = () =>
  `+1512${200 + crypto.randomInt(700)}${String(crypto.randomInt(10_000)).padStart(4, "0")}`;
const add = (who: Rep, body: unknown) =>
  pool.POST(request("POST", "/api/team/caller-ids", { token: who.token, body }), none);
const list = (who: Rep) =>
  pool.GET(request("GET", "/api/team/caller-ids", { token: who.token }), none);
const one = (who: Rep, method: "PATCH" | "DELETE", callerIdId: string, body?: unknown) =>
  entry[method](request(method, `/api/team/caller-ids/${callerIdId}`, { token: who.token, body }), {
    params: Promise.resolve({ callerIdId }),
  });

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
});

describe("a manager's caller-ID pool", () => {
  it("a rep can neither read nor change it", async () => {
    expect((await list(repA)).status).toBe(403);
    const res = await add(repA, { number: freshNumber() });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "role_forbidden" });
  });

  it("a manager adds, makes default and removes numbers of their own organization", async () => {
    const [first, second] = [freshNumber(), freshNumber()];
    const a = await add(managerA, { number: first });
    expect(a.status).toBe(201);
    const b = (await (await add(managerA, { number: second })).json()) as Pool;
    const body = b as Pool & { organization?: unknown; line?: unknown };
    expect(body.organization).toBeUndefined();
    expect(body.line).toBeUndefined();
    const secondId = b.callerIds.find((c) => c.number === second)!.id;
    expect(b.callerIds.find((c) => c.number === first)?.isDefault).toBe(true);

    const made = (await (
      await one(managerA, "PATCH", secondId, { isDefault: true })
    ).json()) as Pool;
    expect(made.callerIds.find((c) => c.id === secondId)?.isDefault).toBe(true);
    const read = (await (await list(managerA)).json()) as Pool;
    expect(read.callerIds.map((c) => c.number).sort()).toEqual([first, second].sort());

    const removed = await one(managerA, "DELETE", secondId);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Pool).callerIds.map((c) => c.number)).toEqual([first]);
    const db = await getDb();
    const audit = await db.auditEvent.findMany({
      where: { actor: managerA.username, action: { startsWith: "telephony.caller_id." } },
    });
    expect(audit.map((e) => e.action).sort()).toEqual(
      [
        "telephony.caller_id.add",
        "telephony.caller_id.add",
        "telephony.caller_id.default",
        "telephony.caller_id.remove",
      ].sort(),
    );
    expect(await add(managerA, { number: "not a number" }).then((r) => r.status)).toBe(400);
  });

  it("another organization's manager gets 404 and never sees the numbers", async () => {
    const number = freshNumber();
    const added = (await (await add(managerA, { number })).json()) as Pool;
    const id = added.callerIds.find((c) => c.number === number)!.id;
    expect((await one(managerB, "PATCH", id, { isDefault: true })).status).toBe(404);
    expect((await one(managerB, "DELETE", id)).status).toBe(404);
    const theirs = (await (await list(managerB)).json()) as Pool;
    expect(theirs.callerIds.map((c) => c.number)).not.toContain(number);
    const db = await getDb();
    expect(await db.callerIdNumber.count({ where: { id } })).toBe(1);
  });
});
