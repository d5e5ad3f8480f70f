// Changing one's own password: the current password checked under the sign-in
// throttle, the spec's minimums, the new hash stored, every other session ended (the caller's
// kept), an audit event, and a notice mailed to the verified address over real SMTP.
import crypto from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpPeer } from "./email-helpers";

// env is read once at import: the SMTP peer must exist before any app module loads.
const smtp = await startSmtpPeer({ refuse: (rcpt) => rcpt.startsWith("bounce") });
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = "DialFlow <no-reply@example.test>";

const { POST: changeRoute } = await import("@/app/api/auth/password/route");
const { GET: profileRoute } = await import("@/app/api/auth/profile/route");
const { POST: loginRoute } = await import("@/app/api/auth/login/route");
const { getDb } = await import("@/lib/db/client");
const { verifyPassword } = await import("@/lib/auth/password");
const { createAccount, loginAs, request } = await import("./helpers");

afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

// Addresses of this file's run only (sign-in throttle and folded audit rows are per address).
const net = crypto.randomInt(256);
let host = 1;
const freshIp = () => `198.51.${net}.${host++}`;

type Body = { currentPassword: string; newPassword: string; confirmPassword: string };
const change = (
  token: string | undefined,
  body: unknown,
  opts: { ip?: string; cookie?: string } = {},
) =>
  changeRoute(
    request("POST", "/api/auth/password", {
      token,
      body,
      ip: opts.ip,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
    }),
  );
const profileStatus = async (token: string) =>
  (await profileRoute(request("GET", "/api/auth/profile", { token }))).status;
const loginStatus = async (username: string, password: string, ip?: string) =>
  (await loginRoute(request("POST", "/api/auth/login", { body: { username, password }, ip })))
    .status;

async function rep(opts: { email?: string; verified?: boolean } = {}) {
  const account = await createAccount({ email: opts.email });
  const db = await getDb();
  const user = await db.user.update({
    where: { username: account.username },
    data: { emailVerified: opts.verified ?? false },
  });
  const ip = freshIp();
  return { ...account, id: user.id, ip, token: await loginAs(account, ip) };
}
const bodyFor = (current: string, next = "a-brand-new-pass"): Body => ({
  currentPassword: current,
  newPassword: next,
  confirmPassword: next,
});
const storedHash = async (id: string) =>
  (await (await getDb()).user.findUniqueOrThrow({ where: { id } })).passwordHash;
const audits = async (username: string, action = "auth.password.change") =>
  (await getDb()).auditEvent.findMany({
    where: { actor: username, action },
    orderBy: { id: "asc" },
  });

describe("POST /api/auth/password", () => {
  it("stores the new password, ends every other session and keeps the caller's", async () => {
    const me = await rep({ email: "pw.owner@example.com", verified: true });
    const laptop = await loginAs(me, freshIp());
    const phone = await loginAs(me, freshIp());
    const before = await storedHash(me.id);

    const res = await change(me.token, bodyFor(me.password), { ip: me.ip });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ok: true, otherSessionsEnded: 2 });

    const after = await storedHash(me.id);
    expect(after).not.toBe(before);
    expect(after.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(after, "a-brand-new-pass")).toBe(true);

    expect(await profileStatus(me.token)).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(await loginStatus(me.username, me.password, freshIp())).toBe(401);
    expect(await loginStatus(me.username, "a-brand-new-pass", freshIp())).toBe(200);

    const events = await audits(me.username);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: "success", target: me.username, clientIp: me.ip });
  });

  it("mails a notice (no link, no password) to the verified address only", async () => {
    const me = await rep({ email: "pw.notice@example.com", verified: true });
    expect((await change(me.token, bodyFor(me.password, "notice-pass-123"))).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(["pw.notice@example.com"]);
    expect(mail.parsed.subject).toBe("Your DialFlow password was changed");
    expect(mail.parsed.text).toContain(me.username);
    expect(mail.parsed.text).not.toContain("notice-pass-123");
    expect(mail.parsed.text).not.toMatch(/https?:\/\//);

    const unverified = await rep({ email: "pw.unverified@example.com", verified: false });
    expect((await change(unverified.token, bodyFor(unverified.password))).status).toBe(200);
    const none = await rep();
    expect((await change(none.token, bodyFor(none.password))).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
  });

  it("mails the notice in the rep's interface language", async () => {
    const me = await rep({ email: "pw.arabic@example.com", verified: true });
    const res = await change(me.token, bodyFor(me.password), { cookie: "NEXT_LOCALE=ar" });
    expect(res.status).toBe(200);
    expect(smtp.received[0]?.parsed.subject).toBe("تم تغيير كلمة مرور DialFlow الخاصة بك");
  });

  it("keeps the change when the notice cannot be delivered, and audits the failed send", async () => {
    const me = await rep({ email: "bounce.pw@example.com", verified: true });
    const res = await change(me.token, bodyFor(me.password));
    expect(res.status).toBe(200);
    expect(await verifyPassword(await storedHash(me.id), "a-brand-new-pass")).toBe(true);
    const failed = await audits(me.username, "auth.password.notify");
    expect(failed.map((e) => e.outcome)).toEqual(["error"]);
  });

  it("refuses a wrong current password, changes nothing and ends no session", async () => {
    const me = await rep({ email: "pw.wrong@example.com", verified: true });
    const other = await loginAs(me, freshIp());
    const before = await storedHash(me.id);
    const res = await change(me.token, bodyFor("not-my-password"), { ip: me.ip });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; error: string; fields: object };
    expect(body.code).toBe("current_password_incorrect");
    expect(body.fields).toEqual({ currentPassword: "The current password is not correct" });
    expect(await storedHash(me.id)).toBe(before);
    expect(await profileStatus(other)).toBe(200);
    expect(await profileStatus(me.token)).toBe(200);
    expect(smtp.received).toHaveLength(0);
    expect((await audits(me.username)).map((e) => e.outcome)).toEqual(["failure"]);
  });

  it("throttles wrong current passwords with the sign-in counters", async () => {
    const me = await rep();
    // LOGIN_MAX_FAILURES (5) per account and address.
    for (let i = 0; i < 5; i++) {
      expect((await change(me.token, bodyFor(`wrong-${i}-password`), { ip: me.ip })).status).toBe(
        400,
      );
    }
    const throttled = await change(me.token, bodyFor(me.password), { ip: me.ip });
    expect(throttled.status).toBe(429);
    expect(((await throttled.json()) as { code: string }).code).toBe("password_throttled");
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same counter as the sign-in screen: that address cannot sign in either.
    expect(await loginStatus(me.username, me.password, me.ip)).toBe(429);
    expect((await audits(me.username)).map((e) => e.outcome)).toContain("throttled");
  });

  it("enforces the spec's minimums and the confirmation, and changes nothing", async () => {
    const me = await rep();
    const before = await storedHash(me.id);
    const cases: [unknown, string][] = [
      [
        { currentPassword: "12345", newPassword: "long-enough", confirmPassword: "long-enough" },
        "currentPassword",
      ],
      [
        { currentPassword: me.password, newPassword: "1234567", confirmPassword: "1234567" },
        "newPassword",
      ],
      [
        { currentPassword: me.password, newPassword: "long-enough", confirmPassword: "1234567" },
        "confirmPassword",
      ],
      [
        {
          currentPassword: me.password,
          newPassword: "long-enough",
          confirmPassword: "long-enougH",
        },
        "confirmPassword",
      ],
      [
        { currentPassword: me.password, newPassword: me.password, confirmPassword: me.password },
        "newPassword",
      ],
      [
        {
          currentPassword: me.password,
          newPassword: "x".repeat(257),
          confirmPassword: "x".repeat(257),
        },
        "newPassword",
      ],
      [{ currentPassword: me.password }, "newPassword"],
    ];
    for (const [body, field] of cases) {
      const res = await change(me.token, body, { ip: me.ip });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(answer.code).toBe("validation");
      expect(Object.keys(answer.fields)).toContain(field);
    }
    expect(await storedHash(me.id)).toBe(before);
    expect(await audits(me.username)).toHaveLength(0);
  });

  it("accepts the exact minimums (6 for the current, 8 for the new)", async () => {
    const me = await rep();
    const db = await getDb();
    // An account whose password is exactly six characters (made before today's CLI rule).
    const { hashPassword } = await import("@/lib/auth/password");
    await db.user.update({
      where: { id: me.id },
      data: { passwordHash: await hashPassword("sixsix") },
    });
    const res = await change(me.token, bodyFor("sixsix", "eight888"));
    expect(res.status).toBe(200);
  });

  it("needs a session", async () => {
    const res = await change(undefined, bodyFor("whatever-pass"));
    expect(res.status).toBe(401);
  });
});
