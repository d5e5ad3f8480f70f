// Local caller ID: an organization's pool of caller IDs, kept by operators in the
// console (validated, one default, audited, nothing changed by a refusal), and the number a call
// presents: chosen by the server when it authorises the call, signed into the authorisation,
// kept on the call record, found by Call History search. Another organization's numbers are
// never shown, changed or presented. PGlite and PostgreSQL.
import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { callsResponseSchema } from "@/modules/calls/lib/schemas";
import { createAccount, loginOperator, request } from "./helpers";
import { completedCall, newId, organization, putCall, repOf, searchCalls } from "./calls-helpers";

const one = await import("@/app/api/admin/telephony/[organizationId]/route");
const pool = await import("@/app/api/admin/telephony/[organizationId]/caller-ids/route");
const entry =
  await import("@/app/api/admin/telephony/[organizationId]/caller-ids/[callerIdId]/route");
const verifyRoute =
  await import("@/app/api/admin/telephony/[organizationId]/caller-ids/[callerIdId]/verify/route");
const teamPool = await import("@/app/api/team/caller-ids/route");
const authorizeRoute = await import("@/app/api/telephony/authorize/route");
const doNotCall = await import("@/app/api/do-not-call/route");
const { getDb } = await import("@/lib/db/client");
const { verifyCallAuthorization } = await import("@/modules/telephony/lib/call-authorization");

type Route = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
const call = (
  route: Route,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  params = {},
) => route(request(method, path, { token, body }), { params: Promise.resolve(params) });

// An operator per use: the console's action limit is per operator and these tests make many.
const operator = async () => loginOperator(await createAccount({ admin: true }));
type Org = {
  callerIds: { id: string; number: string; region: string | null; isDefault: boolean }[];
};

const addNumber = async (organizationId: string, body: unknown, token?: string) =>
  call(
    pool.POST as Route,
    "POST",
    `/api/admin/telephony/${organizationId}/caller-ids`,
    token ?? (await operator()),
    body,
    { organizationId },
  );
async function added(organizationId: string, body: unknown): Promise<Org> {
  const res = await addNumber(organizationId, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { organization: Org }).organization;
}
const entryCall = async (
  method: "PATCH" | "DELETE",
  organizationId: string,
  callerIdId: string,
  body?: unknown,
) =>
  call(
    (method === "PATCH" ? entry.PATCH : entry.DELETE) as Route,
    method,
    `/api/admin/telephony/${organizationId}/caller-ids/${callerIdId}`,
    await operator(),
    body,
    { organizationId, callerIdId },
  );
const storedPool = async (organizationId: string) =>
  (await getDb()).callerIdNumber.findMany({
    where: { organizationId },
    orderBy: { createdAt: "asc" },
    select: { number: true, region: true, isDefault: true },
  });

const secret = "caller-id-line-secret-0123456789";
/** A team with a line and the pool given (the first number its default). */
async function team(numbers: (string | { number: string; region?: string })[]) {
  const org = await organization();
  const res = await call(
    one.PUT as Route,
    "PUT",
    `/api/admin/telephony/${org.id}`,
    await operator(),
    { wsUrl: "wss://edge.example.com/ws", sipDomain: "example.com", secret },
    { organizationId: org.id },
  );
  expect(res.status).toBe(201);
  for (const n of numbers) await added(org.id, typeof n === "string" ? { number: n } : n);
  return { org, rep: await repOf(org.id) };
}

const authorize = (token: string, dialedDigits: string) =>
  call(authorizeRoute.POST as Route, "POST", "/api/telephony/authorize", token, { dialedDigits });

describe("the caller-ID pool in the console", () => {
  it("keeps numbers in E.164 with their region, the first one the default, and audits each change", async () => {
    const org = await organization();
    let view = await added(org.id, { number: "(512) 555-0100" });
    expect(view.callerIds).toMatchObject([
      { number: "+15125550100", region: "US-TX", isDefault: true },
    ]);
    view = await added(org.id, { number: "+44 20 7183 8750", region: "gb-lnd" });
    view = await added(org.id, { number: "+1 212 555 0100", isDefault: true });
    expect(view.callerIds.map((c) => [c.number, c.region, c.isDefault])).toEqual([
      ["+15125550100", "US-TX", false],
      ["+442071838750", "GB-LND", false],
      ["+12125550100", "US-NY", true],
    ]);

    // Make the London number the default, then remove it: the oldest one takes over.
    const london = view.callerIds[1]!.id;
    expect((await entryCall("PATCH", org.id, london, { isDefault: true })).status).toBe(200);
    expect((await storedPool(org.id)).filter((c) => c.isDefault).map((c) => c.number)).toEqual([
      "+442071838750",
    ]);
    const removed = await entryCall("DELETE", org.id, london);
    expect(removed.status).toBe(200);
    expect(await storedPool(org.id)).toEqual([
      { number: "+15125550100", region: null, isDefault: true },
      { number: "+12125550100", region: null, isDefault: false },
    ]);

    const events = await (
      await getDb()
    ).auditEvent.findMany({
      where: { target: org.id, action: { startsWith: "telephony.caller_id." } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => [e.action, (e.detail as { number?: string }).number])).toEqual([
      ["telephony.caller_id.add", "+15125550100"],
      ["telephony.caller_id.add", "+442071838750"],
      ["telephony.caller_id.add", "+12125550100"],
      ["telephony.caller_id.default", "+442071838750"],
      ["telephony.caller_id.remove", "+442071838750"],
    ]);
  });

  it("refuses a bad number, a region outside its country and a duplicate, naming the field and changing nothing", async () => {
    const org = await organization();
    await added(org.id, { number: "+15125550100" });
    const before = await storedPool(org.id);
    const cases: [unknown, string, string][] = [
      [{ number: "" }, "number", "Enter the number"],
      [{ number: "not a phone" }, "number", "international format"],
      [{ number: "+15125550199", region: "Texas" }, "region", "ISO 3166-2"],
      [{ number: "+15125550199", region: "GB-LND" }, "region", "number's country"],
      [{ number: "512 555 0100" }, "number", "already one of"],
    ];
    for (const [body, field, text] of cases) {
      const res = await addNumber(org.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { fields?: Record<string, string> };
      expect(answer.fields?.[field], JSON.stringify(body)).toContain(text);
    }
    expect((await addNumber(org.id, { number: "+15125550199", extra: true })).status).toBe(400);
    expect(await storedPool(org.id)).toEqual(before);
    const refusals = await (
      await getDb()
    ).auditEvent.count({ where: { target: org.id, action: "telephony.caller_id.refused" } });
    expect(refusals).toBe(6);
  });

  it("answers operators only", async () => {
    const org = await organization();
    const rep = await repOf(org.id);
    for (const token of [rep.token, "garbage"]) {
      expect((await addNumber(org.id, { number: "+15125550100" }, token)).status).toBe(401);
    }
    expect(await storedPool(org.id)).toEqual([]);
  });

  it("never shows or changes another organization's numbers", async () => {
    const a = await team(["+15125550100"]);
    const b = await team(["+14155550100"]);
    const bNumber = (await (
      await getDb()
    ).callerIdNumber.findFirstOrThrow({
      where: { organizationId: b.org.id },
    }))!;
    // Through a's path, b's number is not found: neither made default nor removed.
    expect((await entryCall("PATCH", a.org.id, bNumber.id, { isDefault: true })).status).toBe(404);
    expect((await entryCall("DELETE", a.org.id, bNumber.id)).status).toBe(404);
    expect(await storedPool(b.org.id)).toEqual([
      { number: "+14155550100", region: null, isDefault: true },
    ]);
    const view = await call(
      one.GET as Route,
      "GET",
      `/api/admin/telephony/${a.org.id}`,
      await operator(),
      undefined,
      { organizationId: a.org.id },
    );
    const text = await view.text();
    expect(text).toContain("+15125550100");
    expect(text).not.toContain("+14155550100");
  });
});

describe("the caller ID a call presents", () => {
  it("is the closest of the team's numbers, signed into the call authorisation", async () => {
    const { rep } = await team([
      "+12125550100", // NY, the default
      "+15125550100", // Austin
      { number: "+14165550100" }, // Toronto
    ]);
    const presented = async (dialed: string) => {
      const res = await authorize(rep.token, dialed);
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as {
        authorization: string;
        number: string;
        callerId: string;
      };
      const verdict = await verifyCallAuthorization(body.authorization, secret, body.number);
      expect(verdict.ok && verdict.claims.callerId).toBe(body.callerId);
      return body.callerId;
    };
    expect(await presented("5125550142")).toBe("+15125550100"); // same area code
    expect(await presented("7375550142")).toBe("+15125550100"); // same state
    expect(await presented("6475550142")).toBe("+14165550100"); // same province
    expect(await presented("9075550142")).toBe("+12125550100"); // same country: the default
    expect(await presented("+33142685300")).toBe("+12125550100"); // the default
  });

  it("never comes from another organization's pool, and is none with an empty pool", async () => {
    await team(["+15125550100"]);
    const { rep } = await team(["+14155550100"]);
    const res = await authorize(rep.token, "5125550142");
    expect(((await res.json()) as { callerId: string }).callerId).toBe("+14155550100");

    const empty = await team([]);
    const none = await authorize(empty.rep.token, "5125550142");
    expect(none.status).toBe(200);
    expect(((await none.json()) as { callerId: string | null }).callerId).toBeNull();
  });

  it("is never a number a manager added until an operator approves it", async () => {
    const { org, rep } = await team(["+12125550100"]);
    const manager = await repOf(org.id, "manager");
    const res = await call(teamPool.POST as Route, "POST", "/api/team/caller-ids", manager.token, {
      number: "+15125550100",
      isDefault: true,
    });
    expect(res.status).toBe(201);
    const pending = (
      (await res.json()) as { callerIds: (Org["callerIds"][number] & { verified: boolean })[] }
    ).callerIds.find((c) => c.number === "+15125550100")!;
    expect(pending).toMatchObject({ verified: false, isDefault: true });
    // Neither as the closest number nor as the default it was made: the approved one is used.
    const presented = async () =>
      ((await (await authorize(rep.token, "5125550142")).json()) as { callerId: string }).callerId;
    expect(await presented()).toBe("+12125550100");

    // A manager cannot approve it; another organization's id is not found; an operator approves.
    const approve = async (organizationId: string, token?: string) =>
      call(
        verifyRoute.POST as Route,
        "POST",
        `/api/admin/telephony/${organizationId}/caller-ids/${pending.id}/verify`,
        token ?? (await operator()),
        undefined,
        { organizationId, callerIdId: pending.id },
      );
    expect((await approve(org.id, manager.token)).status).toBe(401);
    expect((await approve((await organization()).id)).status).toBe(404);
    expect(await presented()).toBe("+12125550100");
    const approved = await approve(org.id);
    expect(approved.status).toBe(200);
    const row = (
      (await approved.json()) as {
        organization: { callerIds: { id: string; verified: boolean }[] };
      }
    ).organization.callerIds.find((c) => c.id === pending.id);
    expect(row?.verified).toBe(true);
    expect(await presented()).toBe("+15125550100");
    const db = await getDb();
    expect(
      await db.auditEvent.count({
        where: { action: "telephony.caller_id.verify", target: org.id },
      }),
    ).toBe(1);
    // The operator's own numbers need no approval.
    const mine = await added(org.id, { number: "+14165550100" });
    expect(mine.callerIds.find((c) => c.number === "+14165550100")).toMatchObject({
      verified: true,
    });
  });

  it("is kept on the call record and found by Call History search", async () => {
    const { rep } = await team(["+12125550100", "+15125550100"]);
    const austinCall = newId();
    const res = await putCall(
      rep,
      austinCall,
      completedCall(new Date(Date.now() - 120_000), 30, { dialedDigits: "5125550142" }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { call: { originatingNumber: string } }).call).toMatchObject({
      originatingNumber: "+15125550100",
    });
    const otherCall = newId();
    await putCall(rep, otherCall, completedCall(new Date(Date.now() - 60_000), 30));
    const stored = await (
      await getDb()
    ).call.findMany({
      where: { id: { in: [austinCall, otherCall] } },
      select: { id: true, originatingNumber: true },
    });
    expect(Object.fromEntries(stored.map((c) => [c.id, c.originatingNumber]))).toEqual({
      [austinCall]: "+15125550100",
      [otherCall]: "+12125550100", // 415 (California): no match, the default
    });
    for (const q of ["+1 512 555 0100", "(512) 555-0100", "512.555.0100"]) {
      const found = callsResponseSchema.parse(await (await searchCalls(rep, q)).json());
      expect(
        found.calls.map((c) => c.id),
        q,
      ).toEqual([austinCall]);
    }
    const byDefault = callsResponseSchema.parse(
      await (await searchCalls(rep, "2125550100")).json(),
    );
    expect(byDefault.calls.map((c) => c.id)).toEqual([otherCall]);
  });

  it("does not let a number on the do-not-call list be dialed", async () => {
    const { rep } = await team(["+15125550100"]);
    const add = await call(doNotCall.POST as Route, "POST", "/api/do-not-call", rep.token, {
      number: "5125550177",
    });
    expect(add.status).toBeLessThan(300);
    expect((await authorize(rep.token, "5125550177")).status).toBe(403);
    const recorded = await putCall(
      rep,
      newId(),
      completedCall(new Date(Date.now() - 60_000), 30, { dialedDigits: "5125550177" }),
    );
    expect(recorded.status).toBe(403);
  });
});
