import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { verificationTokenPattern } from "./schemas";
import { hashVerificationToken } from "./tokens";

export const INVALID_LINK = "Invalid or expired verification link";

type Rejection = "unknown" | "used" | "voided" | "expired" | "email_changed";

async function reject(reason: Rejection, ip: string | null, target: string | null): Promise<never> {
  await recordAudit({
    actor: "anonymous",
    action: "email.verify.complete",
    outcome: "denied",
    target,
    clientIp: ip,
    detail: { reason },
  });
  // One message for every reason: the page must not tell an attacker which tokens exist.
  throw new ApiError("bad_request", INVALID_LINK, { code: "email_link_invalid" });
}

/** Marks the address a token was issued for as verified; each token works once. */
export async function completeEmailVerification(token: string, ip: string | null) {
  if (!verificationTokenPattern.test(token.trim())) return reject("unknown", ip, null);
  const db = await getDb();
  const tokenHash = hashVerificationToken(token.trim());
  const now = new Date();

  // Claimed with one conditional UPDATE, so two concurrent completes cannot both succeed.
  const claimed = await db.emailVerificationToken.updateMany({
    where: { tokenHash, usedAt: null, voidedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  const row = await db.emailVerificationToken.findUnique({
    where: { tokenHash },
    select: {
      userId: true,
      email: true,
      usedAt: true,
      voidedAt: true,
      user: { select: { username: true } },
    },
  });
  if (!row) return reject("unknown", ip, null);
  const username = row.user.username;
  if (claimed.count === 0) {
    return reject(row.voidedAt ? "voided" : row.usedAt ? "used" : "expired", ip, username);
  }

  // Only the address the token was issued for: an email changed since then stays unverified.
  const verified = await db.user.updateMany({
    where: { id: row.userId, email: row.email, disabled: false },
    data: { emailVerified: true },
  });
  if (verified.count === 0) return reject("email_changed", ip, username);

  await recordAudit({
    actor: username,
    action: "email.verify.complete",
    outcome: "success",
    target: username,
    clientIp: ip,
    detail: { email: row.email },
  });
  return { emailVerified: true as const };
}
