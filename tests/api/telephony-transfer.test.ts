// A blind transfer to a teammate through the team's edge: the server signs it only for an active
// member of the rep's own organization, naming that teammate's SIP user (their user id), the rep
// and the organization, for about a minute; anyone else is a 404 whether or not they exist.
import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { createAccount, loginAs, loginOperator, request } from "./helpers";

const one = await import("@/app/api/admin/telephony/[organizationId]/route");
const transferRoute = await import("@/app/api/telephony/authorize-transfer/route");
const { getDb } = await import("@/lib/db/client");
const { verifyCallAuthorization, verifyTransferAuthorization } =
  await import("@/modules/telephony/lib/call-authorization");

type Route = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

const operator = loginOperator(await createAccount({ admin: true }));

/** A member of `orgId`: their user id and session token. */
async function member(orgId: string) {
  const db = await getDb();
  const account = await createAccount();
  const user = await db.user.update({
    where: { username: account.username },
    data: { organizationId: orgId },
  });
  return { userId: user.id, token: await loginAs(account) };
}

/** An organization with (unless `line: false`) a line with its own secret, and two members. */
async function team(options: { line?: boolean } = {}) {
  const db = await getDb();
  const org = await db.organization.create({
    data: { name: `org-${crypto.randomUUID()}`, callerId: "+15125550199" },
  });
  const secret = `secret-${crypto.randomBytes(16).toString("hex")}`;
  if (options.line !== false) {
    const res = await (one.PUT as Route)(
      request("PUT", `/api/admin/telephony/${org.id}`, {
        token: await operator,
        body: {
          wsUrl: `wss://edge-${org.id.slice(0, 8)}.example.com/ws`,
          sipDomain: `${org.id.slice(0, 8)}.example.com`,
          secret,
        },
      }),
      { params: Promise.resolve({ organizationId: org.id }) },
    );
    expect(res.status).toBe(201);
  }
  return { org, secret, rep: await member(org.id), mate: await member(org.id) };
}

const postTransfer = (token: string, body: unknown) =>
  (transferRoute.POST as Route)(
    request("POST", "/api/telephony/authorize-transfer", { token, body }),
    { params: Promise.resolve({}) },
  );

describe("teammate transfer authorisation", () => {
  it("signs the teammate's SIP user, the rep and about a minute for the team's edge", async () => {
    const a = await team();
    const before = Date.now();
    const res = await postTransfer(a.rep.token, { teammateId: a.mate.userId });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { authorization: string; user: string; expiresAt: string };
    expect(body.user).toBe(a.mate.userId);
    const life = new Date(body.expiresAt).getTime() - before;
    expect(life).toBeGreaterThan(50_000);
    expect(life).toBeLessThanOrEqual(61_000);
    const referTo = `sip:${a.mate.userId}@edge.example.com?X-Dialflow-Transfer-Of=c1`;
    expect(await verifyTransferAuthorization(body.authorization, a.secret, referTo)).toMatchObject({
      ok: true,
      claims: { transferTo: a.mate.userId, rep: a.rep.userId, org: a.org.id },
    });
    // Never good for a number, nor with another team's secret.
    expect(
      await verifyCallAuthorization(body.authorization, a.secret, "+15125550101"),
    ).toMatchObject({ ok: false, reason: "claims" });
    const b = await team();
    expect(await verifyTransferAuthorization(body.authorization, b.secret, referTo)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  it("signs a warm transfer's consultation call (purpose consult) only for that purpose", async () => {
    const a = await team();
    const res = await postTransfer(a.rep.token, { teammateId: a.mate.userId, purpose: "consult" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { authorization: string; user: string };
    expect(body.user).toBe(a.mate.userId);
    const inviteTo = `sip:${a.mate.userId}@edge.example.com`;
    expect(
      await verifyTransferAuthorization(body.authorization, a.secret, inviteTo, {
        purpose: "consult",
      }),
    ).toMatchObject({
      ok: true,
      claims: { transferTo: a.mate.userId, rep: a.rep.userId, org: a.org.id, purpose: "consult" },
    });
    // Not a transfer's: the edge would refuse it on a REFER.
    expect(await verifyTransferAuthorization(body.authorization, a.secret, inviteTo)).toEqual({
      ok: false,
      reason: "claims",
    });
    const transfer = await postTransfer(a.rep.token, {
      teammateId: a.mate.userId,
      purpose: "transfer",
    });
    expect(transfer.status).toBe(200);
    const granted = (await transfer.json()) as { authorization: string };
    expect(
      await verifyTransferAuthorization(granted.authorization, a.secret, inviteTo),
    ).toMatchObject({ ok: true, claims: { purpose: "transfer" } });
    expect(
      (await postTransfer(a.rep.token, { teammateId: a.mate.userId, purpose: "call" })).status,
    ).toBe(400);
  });

  it("is a 404 for another organization's member, a deactivated teammate, oneself or nobody", async () => {
    const a = await team();
    const b = await team();
    const db = await getDb();
    const gone = await member(a.org.id);
    await db.user.update({ where: { id: gone.userId }, data: { disabled: true } });
    for (const teammateId of [b.mate.userId, gone.userId, a.rep.userId, crypto.randomUUID()]) {
      const res = await postTransfer(a.rep.token, { teammateId });
      expect(res.status, teammateId).toBe(404);
      expect(await res.json()).toMatchObject({ code: "teammate_not_found" });
    }
    expect((await postTransfer(a.rep.token, { teammateId: "not-a-uuid" })).status).toBe(400);
    expect((await postTransfer(a.rep.token, {})).status).toBe(400);
  });

  it("is a 404 for a team without a line", async () => {
    const none = await team({ line: false });
    const res = await postTransfer(none.rep.token, { teammateId: none.mate.userId });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "telephony_not_configured" });
  });
});
