import "server-only";
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { ApiError } from "@/lib/api/errors";
import { telephonyKey } from "@/lib/security/encryption-key";
import { openBound, sealBound } from "@/lib/security/secret-box";
import type { TwoFactorKind } from "./accounts";
import {
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  twoFactorErrorCodes,
} from "./schemas";

// RFC 6238 with the parameters every authenticator app supports (SHA-1, 6 digits, 30 s), one step
// of drift either way. The secret is sealed at rest with the key that seals line secrets (the
// same deployment setting, TELEPHONY_ENCRYPTION_KEY or the generated file), bound to the account.

const issuer = "DialFlow";
// A rep's context is the one it had before operators had a second factor (their secrets stay
// readable); an operator's names the kind, so a secret never opens for the other table's row.
const context = (kind: TwoFactorKind, id: string) =>
  kind === "user" ? `dialflow-totp:${id}` : `dialflow-totp:${kind}:${id}`;

function key() {
  const k = telephonyKey();
  if (!k) {
    throw new ApiError(
      "unavailable",
      "Two-factor sign-in is not available on this deployment (TELEPHONY_ENCRYPTION_KEY is not set)",
      { code: twoFactorErrorCodes.keyMissing },
    );
  }
  return k;
}

export const sealTotpSecret = (kind: TwoFactorKind, id: string, base32: string) =>
  sealBound(key(), context(kind, id), base32);
export const openTotpSecret = (kind: TwoFactorKind, id: string, sealed: string) =>
  openBound(key(), context(kind, id), sealed);

const totpOf = (base32: string, username: string) =>
  new TOTP({
    issuer,
    label: username,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** A fresh 160-bit secret (RFC 4226's recommended length) and the URI its QR code carries. */
export function newTotpSecret(username: string) {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUri: totpOf(secret, username).toString() };
}

/** The time step a correct code belongs to (drift of one step allowed), or null. */
export function matchTotp(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(base32, "").validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten random codes (50 bits each), shown once as xxxxx-xxxxx. */
export function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    ).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
