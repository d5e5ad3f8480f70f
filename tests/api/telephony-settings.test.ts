// The console's telephony routes: operators only; a line saved, read and removed per
// organization; the secret write-only (encrypted at rest, in no answer and no audit event); bad
// values refused with the field named and nothing changed; every change audited. PGlite and PostgreSQL.
import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { createAccount, loginAs, loginOperator, request } from "./helpers";

const overview = await import("@/app/api/admin/telephony/route");
const one = await import("@/app/api/admin/telephony/[organizationId]/route");
const lineTest = await import("@/app/api/admin/telephony/[organizationId]/test/route");
const repLine = await import("@/app/api/telephony/line/route");
const credentials = await import("@/app/api/telephony/credentials/route");
const authorize = await import("@/app/api/telephony/authorize/route");
const { getDb } = await import("@/lib/db/client");
const { telephonyKey } = await import("@/lib/security/encryption-key");
const { openSecret } = await import("@/lib/security/secret-box");

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

const operatorToken = async () => {
  const account = await createAccount({ admin: true });
  return { username: account.username, token: await loginOperator(account) };
};
async function newOrg() {
  const db = await getDb();
  return db.organization.create({ data: { name: `org-${crypto.randomUUID()}` } });
}
async function repIn(organizationId: string) {
  const account = await createAccount();
  const db = await getDb();
  await db.user.update({ where: { username: account.username }, data: { organizationId } });
  return loginAs(account);
}

const secret = () => `secret-${crypto.randomBytes(12).toString("hex")}`;
const settings = (extra: Record<string, unknown> = {}) => ({
  wsUrl: "wss://edge.example.com/ws",
  sipDomain: "example.com",
  iceServers: [
    { urls: "stun:stun.example.com:3478" },
    { urls: "turn:turn.example.com:3478", username: "team", credential: "turn-credential-xyz" },
  ],
  dtmfMode: "rfc4733",
  credentialMode: "ephemeral",
  ...extra,
});
const put = (token: string, organizationId: string, body: unknown) =>
  call(one.PUT as Route, "PUT", `/api/admin/telephony/${organizationId}`, token, body, {
    organizationId,
  });
const lineRow = async (organizationId: string) =>
  (await getDb()).telephonyLine.findUnique({ where: { organizationId } });

describe("telephony console routes", () => {
  it("answer operators only, and the reps' routes answer reps only", async () => {
    const org = await newOrg();
    const rep = await repIn(org.id);
    const op = await operatorToken();
    const params = { organizationId: org.id };
    const operatorRoutes: [Route, string, string, unknown?][] = [
      [overview.GET as Route, "GET", "/api/admin/telephony"],
      [one.GET as Route, "GET", `/api/admin/telephony/${org.id}`],
      [one.PUT as Route, "PUT", `/api/admin/telephony/${org.id}`, settings({ secret: secret() })],
      [one.DELETE as Route, "DELETE", `/api/admin/telephony/${org.id}`],
      [lineTest.POST as Route, "POST", `/api/admin/telephony/${org.id}/test`],
    ];
    for (const [route, method, path, body] of operatorRoutes) {
      for (const token of [rep, undefined, "garbage"]) {
        expect(
          (await call(route, method, path, token, body, params)).status,
          `${method} ${path}`,
        ).toBe(401);
      }
    }
    expect(await lineRow(org.id)).toBeNull();
    const repRoutes: [Route, string, string, unknown?][] = [
      [repLine.GET as Route, "GET", "/api/telephony/line"],
      [credentials.POST as Route, "POST", "/api/telephony/credentials"],
      [authorize.POST as Route, "POST", "/api/telephony/authorize", { dialedDigits: "5125550101" }],
    ];
    for (const [route, method, path, body] of repRoutes) {
      for (const token of [op.token, undefined]) {
        expect((await call(route, method, path, token, body)).status, path).toBe(401);
      }
    }
  });

  it("saves a line, answers it without the secret and stores the secret encrypted", async () => {
    const org = await newOrg();
    const op = await operatorToken();
    const first = secret();
    const created = await put(op.token, org.id, settings({ secret: first }));
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const body = await created.json();
    expect(body.organization).toMatchObject({
      id: org.id,
      name: org.name,
      line: {
        ...settings(),
        secretState: "set",
        updatedBy: op.username,
      },
    });
    expect(JSON.stringify(body)).not.toContain(first);
    expect(body.organization.line).not.toHaveProperty("secret");
    expect(body.organization.line).not.toHaveProperty("secretCiphertext");

    const row = (await lineRow(org.id))!;
    expect(row.secretCiphertext).not.toContain(first);
    expect(openSecret(telephonyKey()!, org.id, row.secretCiphertext)).toBe(first);

    for (const res of [
      await call(one.GET as Route, "GET", `/api/admin/telephony/${org.id}`, op.token, undefined, {
        organizationId: org.id,
      }),
      await call(overview.GET as Route, "GET", "/api/admin/telephony", op.token),
    ]) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(first);
      expect(text).not.toContain(row.secretCiphertext);
    }
    const listed = (await (
      await call(overview.GET as Route, "GET", "/api/admin/telephony", op.token)
    ).json()) as { encryption: { source: string }; organizations: { id: string; line: unknown }[] };
    expect(listed.encryption.source).toBe("generated");
    expect(listed.organizations.find((o) => o.id === org.id)?.line).toMatchObject({
      secretState: "set",
    });

    // Without a secret the stored one is kept; with one it is replaced.
    const kept = await put(op.token, org.id, settings({ dtmfMode: "info", iceServers: [] }));
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({
      organization: { line: { dtmfMode: "info", iceServers: [], secretState: "set" } },
    });
    expect((await lineRow(org.id))!.secretCiphertext).toBe(row.secretCiphertext);
    const second = secret();
    expect((await put(op.token, org.id, settings({ secret: second }))).status).toBe(200);
    const replaced = (await lineRow(org.id))!;
    expect(openSecret(telephonyKey()!, org.id, replaced.secretCiphertext)).toBe(second);
    expect(replaced.secretSetAt.getTime()).toBeGreaterThanOrEqual(row.secretSetAt.getTime());
  });

  it("refuses bad values with a 400 naming the field, and changes nothing", async () => {
    const org = await newOrg();
    const op = await operatorToken();
    // A first line needs its secret.
    const noSecret = await put(op.token, org.id, settings());
    expect(noSecret.status).toBe(400);
    expect(await noSecret.json()).toMatchObject({ fields: { secret: expect.any(String) } });
    expect(await lineRow(org.id)).toBeNull();

    expect((await put(op.token, org.id, settings({ secret: secret() }))).status).toBe(201);
    const before = await lineRow(org.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ wsUrl: "ws://edge.example.com/ws" }, "wsUrl"],
      [{ wsUrl: "https://edge.example.com" }, "wsUrl"],
      [{ wsUrl: "wss://user:pw@edge.example.com" }, "wsUrl"],
      [{ sipDomain: "not a domain" }, "sipDomain"],
      [{ iceServers: [{ urls: "stun.example.com" }] }, "iceServers.0.urls"],
      [
        { iceServers: [{ urls: "turn:turn.example.com", username: "u" }] },
        "iceServers.0.credential",
      ],
      [{ dtmfMode: "inband" }, "dtmfMode"],
      [{ credentialMode: "static" }, "credentialMode"],
      [{ secret: "short" }, "secret"],
    ];
    for (const [change, field] of bad) {
      const res = await put(
        op.token,
        org.id,
        settings({ ...change, secret: change.secret ?? secret() }),
      );
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields), field).toEqual([field]);
      expect(body.error).toMatch(/\w/);
    }
    expect((await put(op.token, org.id, { ...settings(), extra: 1 })).status).toBe(400);
    expect(await lineRow(org.id)).toEqual(before);
  });

  it("audits every change and every refusal, never with the secret or a TURN credential", async () => {
    const org = await newOrg();
    const op = await operatorToken();
    const value = secret();
    await put(op.token, org.id, settings({ secret: value }));
    await put(op.token, org.id, settings({ sipDomain: "sip.example.com", secret: secret() }));
    await put(op.token, org.id, settings({ wsUrl: "ws://edge.example.com", secret: value }));
    await call(
      one.DELETE as Route,
      "DELETE",
      `/api/admin/telephony/${org.id}`,
      op.token,
      undefined,
      {
        organizationId: org.id,
      },
    );
    const db = await getDb();
    const events = await db.auditEvent.findMany({
      where: { target: org.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => [e.action, e.outcome, e.actor])).toEqual([
      ["telephony.line.create", "success", op.username],
      ["telephony.line.update", "success", op.username],
      ["telephony.line.refused", "failure", op.username],
      ["telephony.line.delete", "success", op.username],
    ]);
    expect(events[0]!.detail).toMatchObject({
      organization: org.name,
      wsUrl: "wss://edge.example.com/ws",
      iceServers: ["stun:stun.example.com:3478", "turn:turn.example.com:3478"],
    });
    expect(events[1]!.detail).toMatchObject({ changed: ["sipDomain", "secret"] });
    expect(events[2]!.detail).toEqual({ fields: ["wsUrl"] });
    const text = JSON.stringify(events.map((e) => e.detail));
    expect(text).not.toContain(value);
    expect(text).not.toContain("secret-");
    expect(text).not.toContain("turn-credential-xyz");
  });

  it("removes a line: its reps go back to simulated calls; unknown organizations are 404", async () => {
    const org = await newOrg();
    const op = await operatorToken();
    const rep = await repIn(org.id);
    await put(op.token, org.id, settings({ secret: secret() }));
    const line = () => call(repLine.GET as Route, "GET", "/api/telephony/line", rep);
    expect(await (await line()).json()).toMatchObject({ configured: true });
    const del = () =>
      call(one.DELETE as Route, "DELETE", `/api/admin/telephony/${org.id}`, op.token, undefined, {
        organizationId: org.id,
      });
    const removed = await del();
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ organizationId: org.id, removed: true });
    expect(await (await line()).json()).toEqual({ configured: false });
    expect(await lineRow(org.id)).toBeNull();
    expect((await del()).status).toBe(404);

    const unknown = crypto.randomUUID();
    expect((await put(op.token, unknown, settings({ secret: secret() }))).status).toBe(404);
    const get = (id: string) =>
      call(one.GET as Route, "GET", `/api/admin/telephony/${id}`, op.token, undefined, {
        organizationId: id,
      });
    expect((await get(unknown)).status).toBe(404);
    expect((await get("not-a-uuid")).status).toBe(400);
  });
});
