import "server-only";
import crypto from "node:crypto";

/** A fresh verification token (256 bits from the CSPRNG) and the SHA-256 hash that is stored. */
export function newVerificationToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashVerificationToken(token) };
}

export function hashVerificationToken(token: string) {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

export function verificationLink(appUrl: string, token: string) {
  const url = new URL("/verify-email", appUrl);
  url.searchParams.set("token", token);
  return url.toString();
}
