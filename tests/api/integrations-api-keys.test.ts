// API keys and the REST API: managers create and revoke keys (reps cannot, another
// team's key is 404), the secret is shown once and stored hashed, every request with a key is
// scoped to the key's organization and to its scopes (401 unknown or revoked, 403 without the
// scope), last use is recorded, and create/revoke are audited. PGlite and PostgreSQL.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  apiKeyCreatedResponseSchema,
  apiKeysResponseSchema,
  type ApiKeyScope,
} from "@/modules/integrations/lib/api-key-schemas";
import { hashApiKey } from "@/modules/integrations/lib/api-keys";
import { newId, organization, putCall, putDisposition, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const keys = await import("@/app/api/integrations/api-keys/route");
const key = await import("@/app/api/integrations/api-keys/[id]/route");
const v1Calls = await import("@/app/api/v1/calls/route");
const v1Call = await import("@/app/api/v1/calls/[id]/route");
const v1CallOutcome = await import("@/app/api/v1/calls/[id]/disposition/route");
const v1Dnc = await import("@/app/api/v1/do-not-call/route");
const v1DncOne = await import("@/app/api/v1/do-not-call/[number]/route");
const v1Records = await import("@/app/api/v1/records/route");
const v1Items = await import("@/app/api/v1/records/[placeId]/items/route");
const openapi = await import("@/app/api/v1/openapi.json/route");
const member = await import("@/app/api/team/members/[userId]/route");

const none = { params: Promise.resolve({}) };
const p = <T extends Record<string, string>>(v: T) => ({ params: Promise.resolve(v) });

async function createKey(who: Rep, scopes: ApiKeyScope[], name = "CRM sync") {
  const res = await keys.POST(
    request("POST", "/api/integrations/api-keys", {
      token: who.token,
      body: { name, scopes, password: who.password },
    }),
    none,
  );
  expect(res.status).toBe(201);
  return apiKeyCreatedResponseSchema.parse(await res.json());
}
const listKeys = async (who: Rep) => {
  const res = await keys.GET(
    request("GET", "/api/integrations/api-keys", { token: who.token }),
    none,
  );
  expect(res.status).toBe(200);
  return apiKeysResponseSchema.parse(await res.json()).keys;
};
const revoke = (who: Rep, id: string) =>
  key.DELETE(
    request("DELETE", `/api/integrations/api-keys/${id}`, { token: who.token }),
    p({ id }),
  );

const freshNumber = () =>
  `+1512${200 + crypto.randomInt(700)}${String(crypto.randomInt(10_000)).padStart(4, "0")}`;
const recent = (s: number) => new Date(Date.now() - s * 1000).toISOString();

let managerA: Rep;
let repA: Rep;
let managerB: Rep;
let callA: string;
let callB: string;
beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([
    organization("+15125550100"),
    organization("+15125550100"),
  ]);
  [managerA, repA, managerB] = await Promise.all([
    repOf(orgA.id, "manager"),
    repOf(orgA.id),
    repOf(orgB.id, "manager"),
  ]);
  callA = newId();
  callB = newId();
  const body = (digits: string) => ({
    dialedDigits: digits,
    placeId: "place-a",
    placeName: "Acme Dental",
    startedAt: recent(120),
    connectedAt: recent(110),
    endedAt: recent(60),
    endReason: "local",
  });
  expect((await putCall(repA, callA, body("+15125550111"))).status).toBe(201);
  expect((await putCall(managerB, callB, body("+15125550122"))).status).toBe(201);
  expect(
    (await putDisposition(repA, callA, { disposition: "interested", note: "wants a demo" })).status,
  ).toBe(200);
});

describe("managing keys", () => {
  it("a rep can neither list, create nor revoke keys", async () => {
    const own = await createKey(managerA, ["calls:read"]);
    const asRep = await keys.GET(
      request("GET", "/api/integrations/api-keys", { token: repA.token }),
      none,
    );
    expect(asRep.status).toBe(403);
    const create = await keys.POST(
      request("POST", "/api/integrations/api-keys", {
        token: repA.token,
        body: { name: "x", scopes: ["calls:read"], password: repA.password },
      }),
      none,
    );
    expect(create.status).toBe(403);
    expect((await revoke(repA, own.key.id)).status).toBe(403);
    expect((await listKeys(managerA)).find((k) => k.id === own.key.id)?.revokedAt).toBeNull();
  });

  it("shows the secret once, stores only its hash, lists the prefix; audited", async () => {
    const created = await createKey(managerA, ["records:read", "calls:read"], "Shown once");
    expect(created.secret).toMatch(/^df_live_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    expect(created.key.scopes).toEqual(["calls:read", "records:read"]);
    const db = await getDb();
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.key.id } });
    expect(row.hash).toBe(hashApiKey(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    const listed = (await listKeys(managerA)).find((k) => k.id === created.key.id)!;
    expect(listed).toMatchObject({
      name: "Shown once",
      prefix: created.key.prefix,
      lastUsedAt: null,
    });
    expect(JSON.stringify(await listKeys(managerA))).not.toContain(created.secret);
    const audit = await db.auditEvent.findFirst({
      where: { action: "api_key.create", target: created.key.id },
    });
    expect(audit?.actor).toBe(managerA.username);
  });

  it("refuses an empty name or no scopes, and unknown scopes", async () => {
    for (const body of [
      { name: "", scopes: ["calls:read"] },
      { name: "x", scopes: [] },
      { name: "x", scopes: ["calls:delete"] },
    ]) {
      const res = await keys.POST(
        request("POST", "/api/integrations/api-keys", {
          token: managerA.token,
          body: { ...body, password: managerA.password },
        }),
        none,
      );
      expect(res.status).toBe(400);
    }
  });

  it("another organization's manager neither sees nor revokes the key (404)", async () => {
    const created = await createKey(managerA, ["calls:read"]);
    expect((await listKeys(managerB)).some((k) => k.id === created.key.id)).toBe(false);
    expect((await revoke(managerB, created.key.id)).status).toBe(404);
    const res = await v1Calls.GET(request("GET", "/api/v1/calls", { token: created.secret }), none);
    expect(res.status).toBe(200);
  });
});

describe("the REST API with a key", () => {
  it("401 without a key, with an unknown key, with a user's session token", async () => {
    for (const token of [undefined, `df_live_${"A".repeat(43)}`, repA.token]) {
      const res = await v1Calls.GET(request("GET", "/api/v1/calls", { token }), none);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("invalid_api_key");
    }
  });

  it("reads only the key's organization's calls, and records last use", async () => {
    const { key: k, secret } = await createKey(managerA, ["calls:read"]);
    const res = await v1Calls.GET(
      request("GET", "/api/v1/calls?limit=100", { token: secret }),
      none,
    );
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { calls: { id: string }[] }).calls.map((c) => c.id);
    expect(ids).toContain(callA);
    expect(ids).not.toContain(callB);
    const one = await v1Call.GET(
      request("GET", `/api/v1/calls/${callA}`, { token: secret }),
      p({ id: callA }),
    );
    expect(one.status).toBe(200);
    expect(((await one.json()) as { call: { disposition: string } }).call.disposition).toBe(
      "interested",
    );
    const other = await v1Call.GET(
      request("GET", `/api/v1/calls/${callB}`, { token: secret }),
      p({ id: callB }),
    );
    expect(other.status).toBe(404);
    const filtered = await v1Calls.GET(
      request("GET", "/api/v1/calls?disposition=sale", { token: secret }),
      none,
    );
    expect(((await filtered.json()) as { calls: unknown[] }).calls).toEqual([]);
    expect((await listKeys(managerA)).find((x) => x.id === k.id)?.lastUsedAt).not.toBeNull();
  });

  it("403 for a scope the key lacks, per resource and per read/write", async () => {
    const { secret } = await createKey(managerA, ["do_not_call:read"]);
    const calls = await v1Calls.GET(request("GET", "/api/v1/calls", { token: secret }), none);
    expect(calls.status).toBe(403);
    expect(((await calls.json()) as { code: string }).code).toBe("insufficient_scope");
    expect(
      (await v1Dnc.GET(request("GET", "/api/v1/do-not-call", { token: secret }), none)).status,
    ).toBe(200);
    const add = await v1Dnc.POST(
      request("POST", "/api/v1/do-not-call", { token: secret, body: { number: freshNumber() } }),
      none,
    );
    expect(add.status).toBe(403);
    expect(
      (await v1Records.GET(request("GET", "/api/v1/records", { token: secret }), none)).status,
    ).toBe(403);
  });

  it("calls:write sets the outcome of any of the team's calls, audited; never another team's", async () => {
    const setOutcome = (secret: string, id: string, body: unknown) =>
      v1CallOutcome.PUT(
        request("PUT", `/api/v1/calls/${id}/disposition`, { token: secret, body }),
        p({ id }),
      );
    const readOnly = await createKey(managerA, ["calls:read"]);
    const refused = await setOutcome(readOnly.secret, callA, { disposition: "busy" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("insufficient_scope");

    const writer = await createKey(managerA, ["calls:write"]);
    // The call is repA's; the key's creator is the manager: the team's calls, not the creator's.
    const sale = await setOutcome(writer.secret, callA, { disposition: "sale", saleAmount: 1200 });
    expect(sale.status).toBe(200);
    const { call } = (await sale.json()) as { call: { disposition: string; saleAmount: string } };
    expect(call).toMatchObject({ disposition: "sale", saleAmount: "1200.00" });
    const db = await getDb();
    const corrected = await db.auditEvent.findFirst({
      where: { action: "call.outcome.corrected", target: callA },
      orderBy: { id: "desc" },
    });
    expect(corrected?.detail).toMatchObject({
      from: "interested",
      to: "sale",
      via: `api_key:${writer.key.prefix}`,
    });
    const invalid = await setOutcome(writer.secret, callA, { disposition: "sale" });
    expect(invalid.status).toBe(400);
    expect((await db.call.findUniqueOrThrow({ where: { id: callA } })).disposition).toBe("sale");
    const otherTeam = await setOutcome(writer.secret, callB, { disposition: "busy" });
    expect(otherTeam.status).toBe(404);
    expect((await db.call.findUniqueOrThrow({ where: { id: callB } })).disposition).toBeNull();
  });

  it("adds and removes do-not-call numbers of its own organization only", async () => {
    const { key: k, secret } = await createKey(managerA, ["do_not_call:read", "do_not_call:write"]);
    const number = freshNumber();
    const add = await v1Dnc.POST(
      request("POST", "/api/v1/do-not-call", { token: secret, body: { number, note: "from CRM" } }),
      none,
    );
    expect(add.status).toBe(201);
    const { entry } = (await add.json()) as { entry: { addedBy: string } };
    expect(entry.addedBy).toBe(`api:${k.prefix}`);
    const again = await v1Dnc.POST(
      request("POST", "/api/v1/do-not-call", { token: secret, body: { number } }),
      none,
    );
    expect(again.status).toBe(200);
    const db = await getDb();
    expect(
      await db.doNotCallNumber.count({
        where: { number, organizationId: managerB.organizationId },
      }),
    ).toBe(0);
    // Organization B's key cannot remove A's entry: 404, and A's list keeps it.
    const b = await createKey(managerB, ["do_not_call:write"]);
    const removeB = await v1DncOne.DELETE(
      request("DELETE", `/api/v1/do-not-call/${encodeURIComponent(number)}`, { token: b.secret }),
      p({ number }),
    );
    expect(removeB.status).toBe(404);
    const remove = await v1DncOne.DELETE(
      request("DELETE", `/api/v1/do-not-call/${encodeURIComponent(number)}`, { token: secret }),
      p({ number }),
    );
    expect(remove.status).toBe(200);
    expect(await db.doNotCallNumber.count({ where: { number } })).toBe(0);
  });

  it("lists account records and pushes and pulls a business's items", async () => {
    const { secret } = await createKey(managerA, ["records:read", "records:write"]);
    const list = await v1Records.GET(request("GET", "/api/v1/records", { token: secret }), none);
    expect(list.status).toBe(200);
    const records = ((await list.json()) as { records: { placeId: string; name: string }[] })
      .records;
    expect(records).toContainEqual(
      expect.objectContaining({ placeId: "place-a", name: "Acme Dental" }),
    );
    const bRecords = await v1Records.GET(
      request("GET", "/api/v1/records", {
        token: (await createKey(managerB, ["records:read"])).secret,
      }),
      none,
    );
    const bIds = ((await bRecords.json()) as { records: { placeId: string; name: string }[] })
      .records;
    expect(bIds.every((r) => r.name === "Acme Dental")).toBe(true);
    expect(bIds).toHaveLength(1);

    const noteId = crypto.randomUUID();
    const push = await v1Items.PUT(
      request("PUT", "/api/v1/records/place-a/items", {
        token: secret,
        body: {
          changes: [
            {
              kind: "note",
              itemId: noteId,
              op: "put",
              data: { id: noteId, text: "Synced from the CRM", created: Date.now() },
            },
          ],
        },
      }),
      p({ placeId: "place-a" }),
    );
    const pushed = (await push.json()) as { items: unknown[]; rejected: unknown[] };
    expect(push.status, JSON.stringify(pushed)).toBe(200);
    expect(pushed.rejected).toEqual([]);
    const pull = await v1Items.GET(
      request("GET", "/api/v1/records/place-a/items", { token: secret }),
      p({ placeId: "place-a" }),
    );
    const items = ((await pull.json()) as { items: { itemId: string; createdBy: string }[] }).items;
    expect(items).toContainEqual(
      expect.objectContaining({ itemId: noteId, createdBy: managerA.username }),
    );
  });

  it("a revoked key answers 401 at once; revoking is audited", async () => {
    const { key: k, secret } = await createKey(managerA, ["calls:read"]);
    expect(
      (await v1Calls.GET(request("GET", "/api/v1/calls", { token: secret }), none)).status,
    ).toBe(200);
    expect((await revoke(managerA, k.id)).status).toBe(200);
    expect(
      (await v1Calls.GET(request("GET", "/api/v1/calls", { token: secret }), none)).status,
    ).toBe(401);
    expect((await listKeys(managerA)).find((x) => x.id === k.id)?.revokedAt).not.toBeNull();
    const db = await getDb();
    expect(await db.auditEvent.count({ where: { action: "api_key.revoke", target: k.id } })).toBe(
      1,
    );
  });

  it("a key stops working when its creator is deactivated", async () => {
    const org = await organization();
    const [boss, other] = await Promise.all([repOf(org.id, "manager"), repOf(org.id, "manager")]);
    const { secret } = await createKey(boss, ["calls:read"]);
    expect(
      (await v1Calls.GET(request("GET", "/api/v1/calls", { token: secret }), none)).status,
    ).toBe(200);
    const db = await getDb();
    await db.user.update({ where: { id: boss.userId }, data: { disabled: true } });
    expect(
      (await v1Calls.GET(request("GET", "/api/v1/calls", { token: secret }), none)).status,
    ).toBe(401);
    expect(other.organizationId).toBe(org.id);
  });
});

describe("a key acts with its creator's current role", () => {
  it("a demoted manager's key loses what the demotion took, as their session does", async () => {
    const org = await organization();
    const [boss, other] = await Promise.all([repOf(org.id, "manager"), repOf(org.id, "manager")]);
    const { secret } = await createKey(boss, ["do_not_call:read", "do_not_call:write"]);
    const number = freshNumber();
    const add = (n: string) =>
      v1Dnc.POST(
        request("POST", "/api/v1/do-not-call", { token: secret, body: { number: n } }),
        none,
      );
    expect((await add(number)).status).toBe(201);
    const demote = await member.PATCH(
      request("PATCH", `/api/team/members/${boss.userId}`, {
        token: other.token,
        body: { role: "rep" },
      }),
      p({ userId: boss.userId }),
    );
    expect(demote.status).toBe(200);
    const removed = await v1DncOne.DELETE(
      request("DELETE", `/api/v1/do-not-call/${encodeURIComponent(number)}`, { token: secret }),
      p({ number }),
    );
    expect(removed.status).toBe(403);
    expect(((await removed.json()) as { code: string }).code).toBe("role_forbidden");
    const db = await getDb();
    expect(await db.doNotCallNumber.count({ where: { number } })).toBe(1);
    // What a rep may do, the key still does: read the list and add to it.
    const listed = await v1Dnc.GET(request("GET", "/api/v1/do-not-call", { token: secret }), none);
    expect(listed.status).toBe(200);
    expect((await add(freshNumber())).status).toBe(201);
  });
});

describe("the reference", () => {
  it("is served without a key at /api/v1/openapi.json and names every v1 path", async () => {
    const res = await openapi.GET(request("GET", "/api/v1/openapi.json"), none);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/api/v1/calls",
        "/api/v1/calls/{id}",
        "/api/v1/calls/{id}/disposition",
        "/api/v1/do-not-call",
        "/api/v1/do-not-call/{number}",
        "/api/v1/records",
        "/api/v1/records/{placeId}/items",
      ].sort(),
    );
  });
});
