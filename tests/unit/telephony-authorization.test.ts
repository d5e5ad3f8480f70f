// The call authorisation an edge checks before it places a call: signed with a key derived from
// the team's secret, for one number, for about a minute; anything else is refused with a reason.
import crypto from "node:crypto";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  CALL_AUTHORIZATION_TTL_SECONDS,
  callAuthorizationKey,
  dialedNumberOf,
  signCallAuthorization,
  signTransferAuthorization,
  sipUserOf,
  verifyCallAuthorization,
  verifyTransferAuthorization,
} from "@/modules/telephony/lib/call-authorization";

const secret = "correct horse battery staple";
const now = new Date("2026-11-26T15:00:00Z");
const grant = {
  number: "+15125550101",
  callerId: "+15125550199",
  rep: crypto.randomUUID(),
  org: crypto.randomUUID(),
  place: "ChIJplace",
};

describe("call authorisation", () => {
  it("uses hex(HMAC-SHA256(secret, label)) as its key text (what `openssl dgst -hmac` prints)", () => {
    expect(callAuthorizationKey(secret)).toBe(
      "e102761b3b56c57cfc40823f02ad9d714ef5a0f80e97405105b2134469360a21",
    );
    expect(callAuthorizationKey(secret)).not.toContain(secret);
  });

  it("signs HS256 with the claims an edge needs and verifies for the number dialed", async () => {
    const { token, expiresAt, jti } = await signCallAuthorization(secret, grant, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      ...grant,
      iss: "dialflow",
      aud: "dialflow:sip-edge",
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + CALL_AUTHORIZATION_TTL_SECONDS,
      jti,
    });
    expect(CALL_AUTHORIZATION_TTL_SECONDS).toBe(60);
    expect(expiresAt.getTime() - now.getTime()).toBe(60_000);
    expect(token).not.toContain(secret);
    for (const dialed of [
      "+15125550101",
      "15125550101",
      "sip:+15125550101@edge.example.com;user=phone",
      "sips:15125550101@edge.example.com",
      "tel:+1-512-555-0101",
    ]) {
      const verdict = await verifyCallAuthorization(token, secret, dialed, { now });
      expect(verdict, dialed).toEqual({ ok: true, claims: expect.objectContaining(grant) });
    }
  });

  it("refuses another number, another team's secret, an expired or altered token", async () => {
    const { token } = await signCallAuthorization(secret, grant, now);
    const verify = (t: string, options: { secret?: string; dialed?: string; at?: Date } = {}) =>
      verifyCallAuthorization(t, options.secret ?? secret, options.dialed ?? grant.number, {
        now: options.at ?? now,
      });
    expect(await verify(token, { dialed: "+15125550102" })).toMatchObject({
      ok: false,
      reason: "number_mismatch",
    });
    expect(await verify(token, { dialed: "sip:5125550101@edge" })).toMatchObject({
      reason: "number_mismatch",
    });
    expect(await verify(token, { secret: "another team's secret!" })).toEqual({
      ok: false,
      reason: "signature",
    });
    expect(await verify(token, { at: new Date(now.getTime() + 59_000) })).toMatchObject({
      ok: true,
    });
    expect(await verify(token, { at: new Date(now.getTime() + 60_000) })).toEqual({
      ok: false,
      reason: "expired",
    });
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, number: "+15125550102" })).toString(
      "base64url",
    );
    expect(await verify(`${h}.${forged}.${s}`, { dialed: "+15125550102" })).toMatchObject({
      reason: "signature",
    });
    expect(await verify("not a token")).toEqual({ ok: false, reason: "malformed" });
    expect(await verify("")).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses alg none, the wrong audience and missing claims", async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ ...grant, iss: "dialflow", aud: "dialflow:sip-edge", exp: 2e9 }),
    ).toString("base64url")}.`;
    expect((await verifyCallAuthorization(none, secret, grant.number, { now })).ok).toBe(false);
    const key = new TextEncoder().encode(callAuthorizationKey(secret));
    const wrongAudience = await new SignJWT({ ...grant })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("dialflow")
      .setAudience("dialflow:user")
      .setIssuedAt(now)
      .setExpirationTime(new Date(now.getTime() + 60_000))
      .setJti("x")
      .sign(key);
    expect(await verifyCallAuthorization(wrongAudience, secret, grant.number, { now })).toEqual({
      ok: false,
      reason: "claims",
    });
    const noNumber = await new SignJWT({
      rep: grant.rep,
      org: grant.org,
      callerId: null,
      place: null,
    })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("dialflow")
      .setAudience("dialflow:sip-edge")
      .setIssuedAt(now)
      .setExpirationTime(new Date(now.getTime() + 60_000))
      .setJti("y")
      .sign(key);
    expect(await verifyCallAuthorization(noNumber, secret, grant.number, { now })).toEqual({
      ok: false,
      reason: "claims",
    });
  });

  it("reads the number of a Request-URI", () => {
    expect(dialedNumberOf("sip:+442071838750@edge.example.com")).toBe("+442071838750");
    expect(dialedNumberOf("442071838750")).toBe("+442071838750");
    expect(dialedNumberOf("sip:alice@edge.example.com")).toBe("alice");
  });

  it("refuses a token that lives longer than a minute, and names the jti of one for another number", async () => {
    const long = await signCallAuthorization(secret, grant, now, 600);
    expect(await verifyCallAuthorization(long.token, secret, grant.number, { now })).toEqual({
      ok: false,
      reason: "claims",
    });
    const { token, jti } = await signCallAuthorization(secret, grant, now);
    expect(await verifyCallAuthorization(token, secret, "+15125550102", { now })).toEqual({
      ok: false,
      reason: "number_mismatch",
      jti,
    });
  });
});

describe("teammate transfer authorisation", () => {
  const teammate = crypto.randomUUID();
  const transfer = { transferTo: teammate, rep: grant.rep, org: grant.org };

  it("names the teammate's SIP user in place of a number, for 60 s, and verifies for that Refer-To", async () => {
    const { token, expiresAt, jti } = await signTransferAuthorization(secret, transfer, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = decodeJwt(token);
    expect(claims).toEqual({
      ...transfer,
      iss: "dialflow",
      aud: "dialflow:sip-edge",
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 60,
      jti,
    });
    expect(expiresAt.getTime() - now.getTime()).toBe(60_000);
    for (const referTo of [
      teammate,
      `sip:${teammate}@edge.example.com`,
      `sip:${teammate}@edge.example.com?X-Dialflow-Transfer-Of=call1&X-Dialflow-Authorization=x`,
    ]) {
      expect(await verifyTransferAuthorization(token, secret, referTo, { now }), referTo).toEqual({
        ok: true,
        claims: {
          ...transfer,
          purpose: "transfer",
          jti,
          iat: now.getTime() / 1000,
          exp: now.getTime() / 1000 + 60,
        },
      });
    }
  });

  it('signs a warm transfer\'s consultation with purpose "consult": good for that INVITE, never for a REFER, nor the reverse', async () => {
    const consult = await signTransferAuthorization(
      secret,
      { ...transfer, purpose: "consult" },
      now,
    );
    expect(decodeJwt(consult.token)).toMatchObject({ ...transfer, purpose: "consult" });
    const inviteTo = `sip:${teammate}@edge.example.com`;
    expect(
      await verifyTransferAuthorization(consult.token, secret, inviteTo, {
        now,
        purpose: "consult",
      }),
    ).toMatchObject({ ok: true, claims: { transferTo: teammate, purpose: "consult" } });
    expect(await verifyTransferAuthorization(consult.token, secret, inviteTo, { now })).toEqual({
      ok: false,
      reason: "claims",
    });
    // A transfer's token (no purpose claim, as before consultations) does not ring the teammate.
    const blind = await signTransferAuthorization(secret, transfer, now);
    expect("purpose" in decodeJwt(blind.token)).toBe(false);
    expect(
      await verifyTransferAuthorization(blind.token, secret, inviteTo, { now, purpose: "consult" }),
    ).toEqual({ ok: false, reason: "claims" });
    // Nor a number's.
    const numbers = await signCallAuthorization(secret, grant, now);
    expect(
      await verifyTransferAuthorization(numbers.token, secret, inviteTo, {
        now,
        purpose: "consult",
      }),
    ).toEqual({ ok: false, reason: "claims" });
  });

  it("refuses another teammate, another team's secret, an expired or long-lived token", async () => {
    const { token, jti } = await signTransferAuthorization(secret, transfer, now);
    const other = `sip:${crypto.randomUUID()}@edge.example.com`;
    expect(await verifyTransferAuthorization(token, secret, other, { now })).toEqual({
      ok: false,
      reason: "target_mismatch",
      jti,
    });
    expect(
      await verifyTransferAuthorization(token, "another team's secret!", teammate, { now }),
    ).toEqual({
      ok: false,
      reason: "signature",
    });
    const later = new Date(now.getTime() + 60_000);
    expect(await verifyTransferAuthorization(token, secret, teammate, { now: later })).toEqual({
      ok: false,
      reason: "expired",
    });
    const long = await signTransferAuthorization(secret, transfer, now, 600);
    expect(await verifyTransferAuthorization(long.token, secret, teammate, { now })).toEqual({
      ok: false,
      reason: "claims",
    });
    await expect(
      signTransferAuthorization(secret, { ...transfer, transferTo: "a b" }),
    ).rejects.toThrow();
  });

  it("never takes a teammate's token for a number, nor a number's for a teammate", async () => {
    const teammates = await signTransferAuthorization(secret, transfer, now);
    expect(await verifyCallAuthorization(teammates.token, secret, grant.number, { now })).toEqual({
      ok: false,
      reason: "claims",
    });
    const numbers = await signCallAuthorization(secret, grant, now);
    expect(await verifyTransferAuthorization(numbers.token, secret, grant.number, { now })).toEqual(
      {
        ok: false,
        reason: "claims",
      },
    );
    // Both at once: neither verifier takes it.
    const key = new TextEncoder().encode(callAuthorizationKey(secret));
    const both = await new SignJWT({ ...grant, transferTo: teammate })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("dialflow")
      .setAudience("dialflow:sip-edge")
      .setIssuedAt(now)
      .setExpirationTime(new Date(now.getTime() + 60_000))
      .setJti("z1234567")
      .sign(key);
    expect((await verifyCallAuthorization(both, secret, grant.number, { now })).ok).toBe(false);
    expect((await verifyTransferAuthorization(both, secret, teammate, { now })).ok).toBe(false);
  });

  it("reads the user of a Refer-To", () => {
    expect(sipUserOf("sip:abc@edge.example.com?X-A=1")).toBe("abc");
    expect(sipUserOf("sips:abc@edge.example.com;transport=ws")).toBe("abc");
    expect(sipUserOf("abc")).toBe("abc");
  });
});
