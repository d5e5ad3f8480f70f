// Switching the second factor on or off is a change to the account's security: switching
// it on signs out every other session of the account (the caller's stays), and either way the
// verified address is told by mail, over real SMTP, in the rep's interface language.
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpPeer } from "./email-helpers";

// env is read once at import: the SMTP peer must exist before any app module loads.
const smtp = await startSmtpPeer();
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = "DialFlow <no-reply@example.test>";

const { POST: setupRoute } = await import("@/app/api/auth/2fa/setup/route");
const { POST: enableRoute } = await import("@/app/api/auth/2fa/enable/route");
const { POST: disableRoute } = await import("@/app/api/auth/2fa/disable/route");
const { GET: profileRoute } = await import("@/app/api/auth/profile/route");
const { getDb } = await import("@/lib/db/client");
const { createAccount, loginAs, request } = await import("./helpers");

afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

const net = crypto.randomInt(256);
let host = 1;
const freshIp = () => `198.51.${net}.${host++}`;

async function rep(email: string, verified = true) {
  const account = await createAccount({ email });
  await (
    await getDb()
  ).user.update({ where: { username: account.username }, data: { emailVerified: verified } });
  const ip = freshIp();
  return { ...account, ip, token: await loginAs(account, ip) };
}
const post = (
  route: (r: never) => Promise<Response>,
  path: string,
  body: unknown,
  token: string,
  headers: Record<string, string> = {},
) => route(request("POST", path, { body, token, headers }) as never);
const profileStatus = async (token: string) =>
  (await profileRoute(request("GET", "/api/auth/profile", { token }))).status;

async function switchOn(
  me: { token: string; password: string },
  headers: Record<string, string> = {},
) {
  const setup = (await (
    await post(setupRoute, "/api/auth/2fa/setup", undefined, me.token)
  ).json()) as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret) });
  const res = await post(
    enableRoute,
    "/api/auth/2fa/enable",
    { code, password: me.password },
    me.token,
    headers,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { recoveryCodes: string[]; otherSessionsEnded: number };
}

describe("switching two-factor sign-in on", () => {
  it("signs out every other session of the account and keeps the caller's", async () => {
    const me = await rep("tf.on@example.com");
    const phone = await loginAs(me, freshIp());
    const laptop = await loginAs(me, freshIp());
    const other = await rep("tf.bystander@example.com");

    const answer = await switchOn(me);
    expect(answer.otherSessionsEnded).toBe(2);
    expect(await profileStatus(me.token)).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(401);
    // Nobody else's sessions are touched.
    expect(await profileStatus(other.token)).toBe(200);
  });

  it("mails a notice (no secret, no link) to the verified address only", async () => {
    const me = await rep("tf.notice@example.com");
    const { recoveryCodes } = await switchOn(me);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(["tf.notice@example.com"]);
    expect(mail.parsed.subject).toBe("Two-factor sign-in is on for your DialFlow account");
    expect(mail.parsed.text).toContain(me.username);
    expect(mail.parsed.text).not.toMatch(/https?:\/\//);
    for (const c of recoveryCodes) expect(mail.parsed.text).not.toContain(c);

    const unverified = await rep("tf.unverified@example.com", false);
    await switchOn(unverified);
    expect(smtp.received).toHaveLength(1);
  });
});

describe("switching two-factor sign-in off", () => {
  it("mails the notice in the rep's interface language", async () => {
    const me = await rep("tf.off@example.com");
    const { recoveryCodes } = await switchOn(me);
    smtp.received.length = 0;
    const res = await post(
      disableRoute,
      "/api/auth/2fa/disable",
      { password: me.password, code: recoveryCodes[0] },
      me.token,
      { cookie: "NEXT_LOCALE=ar" },
    );
    expect(res.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.subject).toBe(
      "تم إيقاف تسجيل الدخول بخطوتين لحسابك في DialFlow",
    );
  });

  it("sends nothing when the password is wrong, and the factor stays on", async () => {
    const me = await rep("tf.keep@example.com");
    const { recoveryCodes } = await switchOn(me);
    smtp.received.length = 0;
    const res = await post(
      disableRoute,
      "/api/auth/2fa/disable",
      { password: "not-the-password", code: recoveryCodes[0] },
      me.token,
    );
    expect(res.status).toBe(400);
    expect(smtp.received).toHaveLength(0);
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { username: me.username } });
    expect(row.totpEnabledAt).not.toBeNull();
  });
});
