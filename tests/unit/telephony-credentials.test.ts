// Time-limited SIP credentials (Kamailio auth_ephemeral / TURN REST): the username names the
// expiry and the user, the password is base64(HMAC-SHA1(secret, username)), checked as an edge does.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkEphemeralCredentials,
  CREDENTIAL_TTL_SECONDS,
  ephemeralPassword,
  mintEphemeralCredentials,
} from "@/modules/telephony/lib/ephemeral";

const secret = "correct horse battery staple";

describe("ephemeral credentials", () => {
  it("match a known vector (computed with Python's hmac module)", () => {
    expect(ephemeralPassword(secret, "1700000000:alice")).toBe("2fHPp3DoKFH1wrDpnWx1AvX3eMY=");
  });

  it("are <unix expiry>:<user> and base64(HMAC-SHA1(secret, username)), computed independently", () => {
    const user = crypto.randomUUID();
    const now = new Date("2026-11-26T12:00:00.400Z");
    const minted = mintEphemeralCredentials(secret, user, now);
    const expires = Math.floor(now.getTime() / 1000) + 600;
    const username = `${expires}:${user}`;
    expect(CREDENTIAL_TTL_SECONDS).toBe(600);
    expect(minted).toEqual({
      username,
      expires,
      password: crypto.createHmac("sha1", secret).update(username).digest("base64"),
    });
    expect(minted.password).not.toContain(secret);
  });

  it("pass an edge's check until they expire, for their user only, with their secret only", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const { username, password, expires } = mintEphemeralCredentials(secret, "rep-1", now, 60);
    expect(checkEphemeralCredentials(secret, username, password, { now, user: "rep-1" })).toEqual({
      ok: true,
      user: "rep-1",
      expires,
    });
    const later = new Date(now.getTime() + 60_000);
    expect(checkEphemeralCredentials(secret, username, password, { now: later })).toMatchObject({
      ok: false,
      reason: "expired",
    });
    expect(
      checkEphemeralCredentials(secret, username, password, { now, user: "rep-2" }),
    ).toMatchObject({
      ok: false,
      reason: "user mismatch",
    });
    expect(
      checkEphemeralCredentials("another team's secret", username, password, { now }),
    ).toMatchObject({
      ok: false,
      reason: "wrong password",
    });
    // A username with a later expiry does not keep the old password.
    const stretched = username.replace(/^\d+/, String(expires + 3600));
    expect(checkEphemeralCredentials(secret, stretched, password, { now }).ok).toBe(false);
  });
});
