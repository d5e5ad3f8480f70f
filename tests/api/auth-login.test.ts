import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as adminLogin } from "@/app/api/admin/login/route";
import { getDb } from "@/lib/db/client";
import { createAccount, request, uniqueName } from "./helpers";

describe("POST /api/auth/login", () => {
  it("returns a token and the username, and sets an httpOnly SameSite session cookie", async () => {
    const rep = await createAccount();
    const res = await login(
      request("POST", "/api/auth/login", {
        body: { username: `  ${rep.username} `, password: rep.password },
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: { username: rep.username },
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a wrong password and an unknown user identically", async () => {
    const rep = await createAccount();
    const wrong = await login(
      request("POST", "/api/auth/login", {
        body: { username: rep.username, password: "not-the-password" },
      }),
    );
    const unknown = await login(
      request("POST", "/api/auth/login", {
        body: { username: uniqueName("ghost"), password: "not-the-password" },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: "Invalid credentials",
      code: "invalid_credentials",
    });
    expect(await unknown.json()).toEqual({
      error: "Invalid credentials",
      code: "invalid_credentials",
    });
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a disabled account with the same answer", async () => {
    const rep = await createAccount();
    const db = await getDb();
    await db.user.update({ where: { username: rep.username }, data: { disabled: true } });
    const res = await login(request("POST", "/api/auth/login", { body: rep }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Invalid credentials", code: "invalid_credentials" });
  });

  it("does not accept an operator's credentials for a rep session, nor the reverse", async () => {
    const op = await createAccount({ admin: true });
    const rep = await createAccount();
    expect((await login(request("POST", "/api/auth/login", { body: op }))).status).toBe(401);
    expect((await adminLogin(request("POST", "/api/admin/login", { body: rep }))).status).toBe(401);
    const ok = await adminLogin(request("POST", "/api/admin/login", { body: op }));
    expect(ok.status).toBe(200);
    expect(Object.keys(await ok.json())).toEqual(["token"]);
  });

  it("rejects missing fields, malformed JSON, wrong content type and oversized bodies", async () => {
    const missing = await login(request("POST", "/api/auth/login", { body: { username: "  " } }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/required/i);

    const malformed = await login(
      request("POST", "/api/auth/login", {
        rawBody: "{not json",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Malformed JSON body", code: "invalid_json" });

    const form = await login(
      request("POST", "/api/auth/login", {
        rawBody: "username=a",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.status).toBe(415);

    const huge = await login(
      request("POST", "/api/auth/login", {
        body: { username: "a", password: "x".repeat(200_000) },
      }),
    );
    expect(huge.status).toBe(413);
  });

  it("writes success and failure to the audit trail without the password", async () => {
    const rep = await createAccount();
    await login(
      request("POST", "/api/auth/login", {
        body: { username: rep.username, password: "wrong-password" },
        ip: "198.51.100.9",
      }),
    );
    await login(request("POST", "/api/auth/login", { body: rep, ip: "198.51.100.9" }));
    const db = await getDb();
    const events = await db.auditEvent.findMany({
      where: { target: rep.username, action: "auth.login" },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.outcome)).toEqual(["failure", "success"]);
    expect(events[0]!.clientIp).toBe("198.51.100.9");
    expect(JSON.stringify(events.map(({ id: _id, ...rest }) => rest))).not.toContain(rep.password);
  });
});
