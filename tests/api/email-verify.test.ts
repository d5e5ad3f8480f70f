// Email verification end to end against a real SMTP peer: request, mail, complete.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpPeer, tokenFromMail } from "./email-helpers";

// env is read once at import: the SMTP peer must exist before any app module loads.
const smtp = await startSmtpPeer({ refuse: (rcpt) => rcpt.startsWith("bounce") });
process.env.SMTP_URL = smtp.url;
process.env.APP_URL = "http://app.example.test";
process.env.SMTP_FROM = "DialFlow <no-reply@example.test>";

const { POST: verifyRequest } = await import("@/app/api/auth/email/verify-request/route");
const { POST: verifyComplete } = await import("@/app/api/auth/email/verify-complete/route");
const { GET: profile } = await import("@/app/api/auth/profile/route");
const { getDb } = await import("@/lib/db/client");
const { hashVerificationToken } = await import("@/lib/email/tokens");
const { createAccount, loginAs, request } = await import("./helpers");

afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

// A new address asks for the current password (tests/api/step-up.test.ts): each signed-in rep's
// is sent with its requests.
const passwordOf = new Map<string, string>();
const send = (token: string | undefined, email: string, headers: Record<string, string> = {}) =>
  verifyRequest(
    request("POST", "/api/auth/email/verify-request", {
      token,
      body: { email, password: passwordOf.get(token ?? "") },
      headers,
    }),
  );
const complete = (token: unknown, bearer?: string) =>
  verifyComplete(
    request("POST", "/api/auth/email/verify-complete", { body: { token }, token: bearer }),
  );
const readProfile = async (token: string) =>
  (await (await profile(request("GET", "/api/auth/profile", { token }))).json()) as {
    email: string;
    emailVerified: boolean;
  };

async function signedInRep() {
  const account = await createAccount();
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({ where: { username: account.username } });
  const token = await loginAs(account);
  passwordOf.set(token, account.password);
  return { ...account, id: user.id, token };
}

/** Lets the rep send again at once (the 60 s cooldown is tested on its own). */
async function skipCooldown(userId: string) {
  await (await getDb()).user.update({ where: { id: userId }, data: { verificationSentAt: null } });
}

describe("POST /api/auth/email/verify-request", () => {
  it("mails one recipient a working link in the rep's language, then the link verifies", async () => {
    const rep = await signedInRep();
    const res = await send(rep.token, "  rep.one@example.com ");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ok: true });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(["rep.one@example.com"]);
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value : []).toEqual([
      { address: "rep.one@example.com", name: "" },
    ]);
    expect(mail.parsed.cc).toBeUndefined();
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.subject).toBe("Verify your email address for DialFlow");
    expect(mail.parsed.text).toContain("expires in 60 minutes");
    const { link, token } = tokenFromMail(mail);
    expect(link.startsWith("http://app.example.test/verify-email?token=")).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(mail.parsed.html).toContain(`href="${link}"`);

    expect(await readProfile(rep.token)).toEqual({
      email: "rep.one@example.com",
      emailVerified: false,
    });
    const done = await complete(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ emailVerified: true });
    expect(await readProfile(rep.token)).toEqual({
      email: "rep.one@example.com",
      emailVerified: true,
    });

    const db = await getDb();
    const audit = await db.auditEvent.findMany({
      where: { target: rep.username },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => `${a.action}:${a.outcome}`)).toEqual(
      expect.arrayContaining(["email.verify.request:success", "email.verify.complete:success"]),
    );
  });

  it("writes German and Arabic mails from the NEXT_LOCALE cookie", async () => {
    const de = await signedInRep();
    expect((await send(de.token, "de@example.com", { cookie: "NEXT_LOCALE=de" })).status).toBe(200);
    expect(smtp.received[0]!.parsed.subject).toBe(
      "Bestätigen Sie Ihre E-Mail-Adresse für DialFlow",
    );
    expect(smtp.received[0]!.parsed.text).toContain("60 Minuten");
    const ar = await signedInRep();
    expect((await send(ar.token, "ar@example.com", { cookie: "NEXT_LOCALE=ar" })).status).toBe(200);
    expect(smtp.received[1]!.parsed.html).toContain('dir="rtl"');
  });

  it("never stores the raw token, only its SHA-256", async () => {
    const rep = await signedInRep();
    await send(rep.token, "hash@example.com");
    const { token } = tokenFromMail(smtp.received[0]!);
    const db = await getDb();
    const rows = await db.emailVerificationToken.findMany({ where: { userId: rep.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashVerificationToken(token));
    const everything = JSON.stringify(
      [rows, await db.auditEvent.findMany(), await db.user.findMany()],
      (_k, v) => (typeof v === "bigint" ? String(v) : v),
    );
    expect(everything).not.toContain(token);
  });

  it("refuses header-injection and multi-recipient addresses without sending anything", async () => {
    const rep = await signedInRep();
    for (const email of [
      "rep@example.com\r\nBcc: victim@example.com",
      "rep@example.com\nBcc: victim@example.com",
      "rep@example.com%0d%0aBcc:victim@example.com",
      "rep@example.com, victim@example.com",
      "Rep <rep@example.com>",
      "rep@example.com;victim@example.com",
      "",
      "not-an-address",
    ]) {
      const res = await send(rep.token, email);
      expect(res.status, JSON.stringify(email)).toBe(400);
    }
    expect(smtp.received).toHaveLength(0);
    expect(await readProfile(rep.token)).toEqual({ email: "", emailVerified: false });
  });

  it("needs a signed-in rep (401 without a bearer token)", async () => {
    expect((await send(undefined, "anon@example.com")).status).toBe(401);
    expect((await send("garbage", "anon@example.com")).status).toBe(401);
    expect(smtp.received).toHaveLength(0);
  });

  it("holds the 60 s cooldown under 5 concurrent requests: exactly one mail", async () => {
    const rep = await signedInRep();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => send(rep.token, `race${i}@example.com`)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(smtp.received).toHaveLength(1);
    const db = await getDb();
    expect(await db.emailVerificationToken.count({ where: { userId: rep.id } })).toBe(1);
    // And a later single request inside the window is refused too.
    expect((await send(rep.token, "later@example.com")).status).toBe(429);
  });

  it("caps the mails per user per day", async () => {
    const rep = await signedInRep();
    const db = await getDb();
    await db.emailVerificationToken.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({
        userId: rep.id,
        tokenHash: hashVerificationToken(`old-${rep.id}-${i}`),
        email: "cap@example.com",
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - 3_600_000),
      })),
    });
    const res = await send(rep.token, "cap@example.com");
    expect(res.status).toBe(429);
    // The oldest of the day's mails (an hour old) ages out in about 23 hours.
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(22 * 3600);
    expect(retry).toBeLessThanOrEqual(23 * 3600);
    expect(smtp.received).toHaveLength(0);
  });

  it("reports a refused send as 502, voids the token, audits it and allows an immediate retry", async () => {
    const rep = await signedInRep();
    const res = await send(rep.token, "bounce@example.com");
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: "Unable to send verification email",
      code: "email_send_failed",
    });
    const db = await getDb();
    const rows = await db.emailVerificationToken.findMany({ where: { userId: rep.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.voidedAt).not.toBeNull();
    const failure = await db.auditEvent.findFirst({
      where: { target: rep.username, action: "email.verify.send" },
    });
    expect(failure?.outcome).toBe("error");
    expect((await send(rep.token, "fixed@example.com")).status).toBe(200);
  });

  it("answers ok without a mail when the same address is already verified", async () => {
    const rep = await signedInRep();
    await send(rep.token, "again@example.com");
    await complete(tokenFromMail(smtp.received[0]!).token);
    await skipCooldown(rep.id);
    expect((await send(rep.token, "again@example.com")).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect((await readProfile(rep.token)).emailVerified).toBe(true);
  });

  it("makes a changed address unverified again", async () => {
    const rep = await signedInRep();
    await send(rep.token, "first@example.com");
    await complete(tokenFromMail(smtp.received[0]!).token);
    await skipCooldown(rep.id);
    expect((await send(rep.token, "second@example.com")).status).toBe(200);
    expect(await readProfile(rep.token)).toEqual({
      email: "second@example.com",
      emailVerified: false,
    });
  });
});

describe("POST /api/auth/email/verify-complete", () => {
  const invalid = { error: "Invalid or expired verification link", code: "email_link_invalid" };

  it("refuses a token used once already", async () => {
    const rep = await signedInRep();
    await send(rep.token, "reuse@example.com");
    const { token } = tokenFromMail(smtp.received[0]!);
    expect((await complete(token)).status).toBe(200);
    const again = await complete(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(invalid);
  });

  it("lets only one of two concurrent completes succeed", async () => {
    const rep = await signedInRep();
    await send(rep.token, "twice@example.com");
    const { token } = tokenFromMail(smtp.received[0]!);
    const statuses = (await Promise.all([complete(token), complete(token), complete(token)])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });

  it("refuses an expired token", async () => {
    const rep = await signedInRep();
    await send(rep.token, "late@example.com");
    const { token } = tokenFromMail(smtp.received[0]!);
    const db = await getDb();
    await db.emailVerificationToken.update({
      where: { tokenHash: hashVerificationToken(token) },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const res = await complete(token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(invalid);
    expect((await readProfile(rep.token)).emailVerified).toBe(false);
  });

  it("refuses a token voided by a newer request; the newer one works", async () => {
    const rep = await signedInRep();
    await send(rep.token, "void@example.com");
    const older = tokenFromMail(smtp.received[0]!).token;
    await skipCooldown(rep.id);
    await send(rep.token, "void@example.com");
    const newer = tokenFromMail(smtp.received[1]!).token;
    expect((await complete(older)).status).toBe(400);
    expect((await readProfile(rep.token)).emailVerified).toBe(false);
    expect((await complete(newer)).status).toBe(200);
  });

  it("refuses a token for an address the rep has changed since", async () => {
    const rep = await signedInRep();
    await send(rep.token, "old@example.com");
    const { token } = tokenFromMail(smtp.received[0]!);
    const db = await getDb();
    await db.user.update({ where: { id: rep.id }, data: { email: "new@example.com" } });
    expect((await complete(token)).status).toBe(400);
    expect((await readProfile(rep.token)).emailVerified).toBe(false);
  });

  it("verifies only the user the token was issued to, whoever redeems it", async () => {
    const a = await signedInRep();
    const b = await signedInRep();
    await send(a.token, "a@example.com");
    await send(b.token, "b@example.com");
    const tokenA = tokenFromMail(smtp.received[0]!).token;
    const res = await complete(tokenA, b.token);
    expect(res.status).toBe(200);
    expect((await readProfile(b.token)).emailVerified).toBe(false);
    expect(await readProfile(a.token)).toEqual({ email: "a@example.com", emailVerified: true });
  });

  it("refuses unknown, malformed and missing tokens and audits the refusals", async () => {
    for (const token of ["A".repeat(43), "short", "../../etc/passwd", 42]) {
      const res = await complete(token);
      expect(res.status, String(token)).toBe(400);
      if (typeof token === "string") expect(await res.json()).toEqual(invalid);
    }
    const res = await verifyComplete(
      request("POST", "/api/auth/email/verify-complete", { body: {} }),
    );
    expect(res.status).toBe(400);
    const db = await getDb();
    // Repeated refusals from one address fold into one row per 10 minutes, with a count.
    const folded = await db.auditEvent.aggregate({
      where: { action: "email.verify.complete", outcome: "denied" },
      _sum: { count: true },
    });
    expect(folded._sum.count).toBeGreaterThanOrEqual(3);
  });
});

describe("verify-complete abuse limits", () => {
  it("answers 429 after 30 requests a minute from one address, and audits one folded row", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await verifyComplete(
        request("POST", "/api/auth/email/verify-complete", {
          body: { token: "B".repeat(43) },
          ip: "198.51.100.77",
        }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const db = await getDb();
    const rows = await db.auditEvent.findMany({
      where: { action: "email.verify.complete", clientIp: "198.51.100.77" },
    });
    expect(rows.map((r) => [r.outcome, r.count])).toEqual([["denied", 30]]);
  });
});
