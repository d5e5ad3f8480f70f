// What a rep gets of their team's line: its public settings, time-limited credentials
// minted from their own organization's secret (no-store, minutes of life, never the secret), and
// a signed authorisation per call after the server's rules: a number on the do-not-call list is
// refused in every form it can be dialed, an unreadable one is a 400. Two organizations never mix.
import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { createAccount, loginAs, loginOperator, request } from "./helpers";

const one = await import("@/app/api/admin/telephony/[organizationId]/route");
const lineRoute = await import("@/app/api/telephony/line/route");
const credentialsRoute = await import("@/app/api/telephony/credentials/route");
const authorizeRoute = await import("@/app/api/telephony/authorize/route");
const { getDb } = await import("@/lib/db/client");
const { verifyCallAuthorization } = await import("@/modules/telephony/lib/call-authorization");
const { checkEphemeralCredentials } = await import("@/modules/telephony/lib/ephemeral");

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

const operator = loginOperator(await createAccount({ admin: true }));

/** An organization with a caller ID, a rep, and (unless `line: false`) a line with its own secret. */
async function team(options: { line?: boolean } = {}) {
  const db = await getDb();
  const org = await db.organization.create({
    data: { name: `org-${crypto.randomUUID()}`, callerId: "+15125550199" },
  });
  const account = await createAccount();
  const user = await db.user.update({
    where: { username: account.username },
    data: { organizationId: org.id },
  });
  const secret = `secret-${crypto.randomBytes(16).toString("hex")}`;
  const wsUrl = `wss://edge-${org.id.slice(0, 8)}.example.com/ws`;
  const sipDomain = `${org.id.slice(0, 8)}.example.com`;
  if (options.line !== false) {
    const res = await call(
      one.PUT as Route,
      "PUT",
      `/api/admin/telephony/${org.id}`,
      await operator,
      { wsUrl, sipDomain, secret, dtmfMode: "info" },
      { organizationId: org.id },
    );
    expect(res.status).toBe(201);
  }
  return { org, userId: user.id, token: await loginAs(account), secret, wsUrl, sipDomain };
}

const getLine = (token: string) =>
  call(lineRoute.GET as Route, "GET", "/api/telephony/line", token);
const postCredentials = (token: string) =>
  call(credentialsRoute.POST as Route, "POST", "/api/telephony/credentials", token);
const postAuthorize = (token: string, body: unknown) =>
  call(authorizeRoute.POST as Route, "POST", "/api/telephony/authorize", token, body);

describe("the rep's line", () => {
  it("is { configured: false } without a line, and its public settings with the rep's SIP URI with one", async () => {
    const none = await team({ line: false });
    const res = await getLine(none.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ configured: false });

    const a = await team();
    const text = await (await getLine(a.token)).text();
    expect(JSON.parse(text)).toEqual({
      configured: true,
      line: {
        wsUrl: a.wsUrl,
        sipDomain: a.sipDomain,
        iceServers: [],
        dtmfMode: "info",
        credentialMode: "ephemeral",
        sipUser: a.userId,
        sipUri: `sip:${a.userId}@${a.sipDomain}`,
      },
    });
    expect(text).not.toContain(a.secret);
  });

  it("follows the operator's change at once, though pages remember it between renders", async () => {
    const a = await team({ line: false });
    expect(await (await getLine(a.token)).json()).toEqual({ configured: false });
    const params = { organizationId: a.org.id };
    const path = `/api/admin/telephony/${a.org.id}`;
    const body = { wsUrl: a.wsUrl, sipDomain: a.sipDomain, secret: a.secret };
    expect((await call(one.PUT as Route, "PUT", path, await operator, body, params)).status).toBe(
      201,
    );
    expect(await (await getLine(a.token)).json()).toMatchObject({ line: { dtmfMode: "rfc4733" } });

    const changed = { ...body, secret: undefined, dtmfMode: "info" };
    expect(
      (await call(one.PUT as Route, "PUT", path, await operator, changed, params)).status,
    ).toBe(200);
    expect(await (await getLine(a.token)).json()).toMatchObject({ line: { dtmfMode: "info" } });

    expect(
      (await call(one.DELETE as Route, "DELETE", path, await operator, undefined, params)).status,
    ).toBe(200);
    expect(await (await getLine(a.token)).json()).toEqual({ configured: false });
  });
});

describe("credentials", () => {
  it("are fresh, short-lived, no-store and minted from the team's secret, which never appears", async () => {
    const a = await team();
    const before = Date.now();
    const res = await postCredentials(a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).not.toContain(a.secret);
    const body = JSON.parse(text) as {
      username: string;
      password: string;
      sipUri: string;
      expiresAt: string;
      ttlSeconds: number;
    };
    expect(Object.keys(body).sort()).toEqual([
      "expiresAt",
      "password",
      "sipUri",
      "ttlSeconds",
      "username",
    ]);
    expect(body.ttlSeconds).toBe(600);
    const expires = new Date(body.expiresAt).getTime();
    expect(expires).toBeGreaterThan(before + 9 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(body.username).toBe(`${expires / 1000}:${a.userId}`);
    expect(body.sipUri).toBe(`sip:${a.userId}@${a.sipDomain}`);
    expect(
      checkEphemeralCredentials(a.secret, body.username, body.password, { user: a.userId }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("answer 404 for a team without a line", async () => {
    const none = await team({ line: false });
    const res = await postCredentials(none.token);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "telephony_not_configured" });
  });
});

describe("two organizations", () => {
  it("never mix: each rep gets their own team's line and credentials only", async () => {
    const a = await team();
    const b = await team();
    const lineB = (await (await getLine(b.token)).json()) as { line: { wsUrl: string } };
    expect(lineB.line.wsUrl).toBe(b.wsUrl);
    const credB = (await (await postCredentials(b.token)).json()) as {
      username: string;
      password: string;
      sipUri: string;
    };
    expect(credB.sipUri).toContain(b.sipDomain);
    expect(checkEphemeralCredentials(b.secret, credB.username, credB.password).ok).toBe(true);
    // Team A's edge (A's secret) does not accept what B's rep was given.
    expect(checkEphemeralCredentials(a.secret, credB.username, credB.password).ok).toBe(false);
    const credA = (await (await postCredentials(a.token)).json()) as {
      username: string;
      password: string;
    };
    expect(checkEphemeralCredentials(b.secret, credA.username, credA.password).ok).toBe(false);

    const none = await team({ line: false });
    expect(await (await getLine(none.token)).json()).toEqual({ configured: false });
    expect((await postCredentials(none.token)).status).toBe(404);
    expect((await postAuthorize(none.token, { dialedDigits: "5125550101" })).status).toBe(404);

    const signed = await postAuthorize(b.token, { dialedDigits: "5125550101" });
    expect(signed.status).toBe(200);
    const { authorization } = (await signed.json()) as { authorization: string };
    expect(await verifyCallAuthorization(authorization, b.secret, "+15125550101")).toMatchObject({
      ok: true,
      claims: { org: b.org.id, rep: b.userId },
    });
    expect(await verifyCallAuthorization(authorization, a.secret, "+15125550101")).toEqual({
      ok: false,
      reason: "signature",
    });
  });
});

describe("call authorisation", () => {
  it("signs the number, the team's caller ID, the rep and about a minute for the team's edge", async () => {
    const a = await team();
    const before = Date.now();
    const res = await postAuthorize(a.token, {
      dialedDigits: "5125550101",
      placeId: "ChIJ-place",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as {
      authorization: string;
      number: string;
      callerId: string;
      expiresAt: string;
    };
    expect(body).toMatchObject({ number: "+15125550101", callerId: "+15125550199" });
    const life = new Date(body.expiresAt).getTime() - before;
    expect(life).toBeGreaterThan(50_000);
    expect(life).toBeLessThanOrEqual(61_000);
    expect(JSON.stringify(body)).not.toContain(a.secret);
    const verdict = await verifyCallAuthorization(
      body.authorization,
      a.secret,
      "sip:+15125550101@edge",
    );
    expect(verdict).toMatchObject({
      ok: true,
      claims: {
        number: "+15125550101",
        callerId: "+15125550199",
        rep: a.userId,
        org: a.org.id,
        place: "ChIJ-place",
      },
    });
    expect(
      await verifyCallAuthorization(body.authorization, a.secret, "+15125550102"),
    ).toMatchObject({
      ok: false,
      reason: "number_mismatch",
    });
  });

  it("refuses a number on the do-not-call list in every form it can be dialed", async () => {
    const a = await team();
    const b = await team();
    const db = await getDb();
    await db.doNotCallNumber.create({
      data: { organizationId: a.org.id, number: "+15125550123", addedBy: "test" },
    });
    for (const dialedDigits of [
      "5125550123",
      "15125550123",
      "+15125550123",
      "*675125550123",
      "*82*675125550123",
      "#31#5125550123",
      "01115125550123",
      "0015125550123",
      "+0015125550123",
      "5125550123#",
      "5125550123*1",
      "51255501239",
    ]) {
      const res = await postAuthorize(a.token, { dialedDigits });
      expect(res.status, dialedDigits).toBe(403);
      expect(await res.json(), dialedDigits).toMatchObject({
        code: "do_not_call",
        number: "+15125550123",
      });
    }
    // Another team's list is not this team's.
    expect((await postAuthorize(b.token, { dialedDigits: "5125550123" })).status).toBe(200);
  });

  it("refuses caller-ID codes, other service codes and extra digits by name, and signs only the number of an extension", async () => {
    const a = await team();
    for (const [dialedDigits, code] of [
      ["*675125550101", "caller_id_prefix"],
      ["*82*675125550101", "caller_id_prefix"],
      ["#31#5125550101", "caller_id_prefix"],
      ["*31#5125550101", "caller_id_prefix"],
      ["*67", "caller_id_prefix"],
      ["*705125550101", "service_code"],
      ["51255501019", "extra_digits"],
      ["5125550101*1", "invalid_number"],
    ]) {
      const res = await postAuthorize(a.token, { dialedDigits });
      expect(res.status, dialedDigits).toBe(400);
      expect(await res.json(), dialedDigits).toMatchObject({ code });
    }
    for (const dialedDigits of ["5125550101,12", "5125550101,,12#", "5125550101#"]) {
      const res = await postAuthorize(a.token, { dialedDigits });
      expect(res.status, dialedDigits).toBe(200);
      expect(await res.json(), dialedDigits).toMatchObject({ number: "+15125550101" });
    }
  });

  it("refuses a dial string that reaches no number", async () => {
    const a = await team();
    for (const dialedDigits of ["123", "#", "1*2"]) {
      const res = await postAuthorize(a.token, { dialedDigits });
      expect(res.status, dialedDigits).toBe(400);
      expect(await res.json(), dialedDigits).toMatchObject({ code: "invalid_number" });
    }
    for (const body of [
      { dialedDigits: "abc" },
      { dialedDigits: "" },
      {},
      { dialedDigits: "5125550101", x: 1 },
    ]) {
      const res = await postAuthorize(a.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "validation" });
    }
  });
});
