import { base64url, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { GET as adminPing } from "@/app/api/admin/ping/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as profile } from "@/app/api/auth/profile/route";
import { disableAccount, setAccountPassword } from "@/modules/team/lib/account-admin";
import { authSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db/client";
import { createAccount, loginAs, loginOperator, request } from "./helpers";

const getProfile = (token?: string) => profile(request("GET", "/api/auth/profile", { token }));

function splitToken(token: string) {
  const [header, payload, signature] = token.split(".");
  return {
    header: header!,
    payload: JSON.parse(Buffer.from(payload!, "base64url").toString()),
    signature: signature!,
  };
}

describe("session tokens", () => {
  it("profile answers email and emailVerified with no-store for a valid token, 401 without one", async () => {
    const rep = await createAccount({ email: "rep@example.com" });
    const token = await loginAs(rep);
    const res = await getProfile(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ email: "rep@example.com", emailVerified: false });
    expect((await getProfile()).status).toBe(401);
    expect((await getProfile("not-a-token")).status).toBe(401);
  });

  it("logout revokes the session server-side and clears the cookie", async () => {
    const token = await loginAs(await createAccount());
    const res = await logout(request("POST", "/api/auth/logout", { token }));
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/session=;.*Max-Age=0/i);
    expect((await getProfile(token)).status).toBe(401);
    expect((await logout(request("POST", "/api/auth/logout", { token }))).status).toBe(401);
  });

  it("disabling a user or changing their password ends their sessions", async () => {
    const db = await getDb();
    const a = await createAccount();
    const tokenA = await loginAs(a);
    await disableAccount(db, a.username);
    expect((await getProfile(tokenA)).status).toBe(401);

    const b = await createAccount();
    const tokenB = await loginAs(b);
    await setAccountPassword(db, b.username, "a-brand-new-password");
    expect((await getProfile(tokenB)).status).toBe(401);
    const fresh = await loginAs({ username: b.username, password: "a-brand-new-password" });
    expect((await getProfile(fresh)).status).toBe(200);
  });

  it("refuses altered, alg:none, wrongly signed and expired tokens", async () => {
    const token = await loginAs(await createAccount());
    const { header, payload, signature } = splitToken(token);
    const other = await createAccount();
    const otherId = (
      await (await getDb()).user.findUniqueOrThrow({ where: { username: other.username } })
    ).id;

    const altered = `${header}.${base64url.encode(JSON.stringify({ ...payload, sub: otherId }))}.${signature}`;
    const none = `${base64url.encode('{"alg":"none","typ":"JWT"}')}.${base64url.encode(JSON.stringify(payload))}.`;
    const wrongKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("x".repeat(48)));
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(authSecret());
    const hs512 = await new SignJWT(payload)
      .setProtectedHeader({ alg: "HS512" })
      .sign(authSecret());

    for (const forged of [altered, none, wrongKey, expired, hs512]) {
      expect((await getProfile(forged)).status).toBe(401);
    }
    expect((await getProfile(token)).status).toBe(200);
  });

  it("refuses a valid token once its session row has expired, to the second", async () => {
    const token = await loginAs(await createAccount());
    expect((await getProfile(token)).status).toBe(200);
    const db = await getDb();
    const sid = splitToken(token).payload.jti as string;
    const expireIn = (ms: number) =>
      db.session.update({ where: { id: sid }, data: { expiresAt: new Date(Date.now() + ms) } });
    // The columns hold UTC without a zone: a server clock in another zone must not shift "now".
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      await expireIn(-1000);
      expect((await getProfile(token)).status).toBe(401);
      await expireIn(60_000);
      expect((await getProfile(token)).status).toBe(200);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("keeps rep and operator tokens apart", async () => {
    const repToken = await loginAs(await createAccount());
    const opToken = await loginOperator(await createAccount({ admin: true }));
    const ping = (token: string) => adminPing(request("GET", "/api/admin/ping", { token }));

    expect((await ping(repToken)).status).toBe(401);
    expect((await getProfile(opToken)).status).toBe(401);
    const ok = await ping(opToken);
    expect(ok.status).toBe(200);
    expect((await ok.json()).ts).toBeGreaterThan(Date.now() - 60_000);
  });

  it("issues rep sessions of at most 12 hours and operator sessions of at most 1 hour", async () => {
    const rep = splitToken(await loginAs(await createAccount())).payload;
    const op = splitToken(await loginOperator(await createAccount({ admin: true }))).payload;
    expect(rep.exp - rep.iat).toBeLessThanOrEqual(12 * 3600);
    expect(op.exp - op.iat).toBeLessThanOrEqual(3600);
    expect(rep.aud).toBe("dialflow:user");
    expect(op.aud).toBe("dialflow:operator");
  });
});

describe("logout without a bearer token", () => {
  it("ends the session named by the httpOnly cookie (a tab whose local storage was cleared)", async () => {
    const token = await loginAs(await createAccount());
    const res = await logout(
      request("POST", "/api/auth/logout", { headers: { cookie: `session=${token}` } }),
    );
    expect(res.status).toBe(200);
    expect((await getProfile(token)).status).toBe(401);
    expect((await logout(request("POST", "/api/auth/logout"))).status).toBe(401);
  });
});
