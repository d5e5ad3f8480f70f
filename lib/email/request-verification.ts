import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { appUrl, env } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import { verificationMail } from "./mail-content";
import { MailRecipientNotAllowedError, sendMail } from "./mailer";
import { VERIFICATION_COOLDOWN_SECONDS } from "./schemas";
import { newVerificationToken, verificationLink } from "./tokens";

const DAY_MS = 86_400_000;

export type VerificationRequest = {
  userId: string;
  username: string;
  email: string;
  locale: string | undefined;
  ip: string | null;
};

const retryAfter = (ms: number) => ({ "Retry-After": String(Math.max(1, Math.ceil(ms / 1000))) });

/**
 * Stores the address (a changed address is unverified again), voids older tokens, issues a
 * new one and mails the link. Throttled per user: one send per cooldown, a daily cap.
 */
export async function requestEmailVerification(req: VerificationRequest) {
  const db = await getDb();
  const now = new Date();
  const audit = { actor: req.username, target: req.username, clientIp: req.ip };

  const user = await db.user.findUnique({
    where: { id: req.userId },
    select: { email: true, emailVerified: true },
  });
  if (!user) throw new ApiError("unauthorized", "Unauthorized");
  if (user.emailVerified && user.email === req.email) {
    // Nothing to prove again; the client's poll sees emailVerified at once.
    return { ok: true as const };
  }

  const recent = await db.emailVerificationToken.findMany({
    where: { userId: req.userId, createdAt: { gt: new Date(now.getTime() - DAY_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  if (recent.length >= env.EMAIL_DAILY_CAP) {
    await recordAudit({
      ...audit,
      action: "email.verify.request",
      outcome: "throttled",
      detail: { reason: "daily_cap" },
    });
    // Sending works again once enough of the day's mails have aged out to go below the cap.
    const oldestThatMustAge = recent[recent.length - env.EMAIL_DAILY_CAP]!;
    const resetsIn = oldestThatMustAge.createdAt.getTime() + DAY_MS - now.getTime();
    throw new ApiError("rate_limited", "Daily verification email limit reached", {
      code: "email_daily_cap",
      headers: retryAfter(resetsIn),
    });
  }

  // The cooldown is claimed with one conditional UPDATE: of concurrent requests only one
  // matches the row, the others see 0 rows and are refused.
  const cutoff = new Date(now.getTime() - VERIFICATION_COOLDOWN_SECONDS * 1000);
  const claimed = await db.user.updateMany({
    where: {
      id: req.userId,
      OR: [{ verificationSentAt: null }, { verificationSentAt: { lte: cutoff } }],
    },
    data: { verificationSentAt: now },
  });
  if (claimed.count === 0) {
    const row = await db.user.findUnique({
      where: { id: req.userId },
      select: { verificationSentAt: true },
    });
    // A concurrent winner may have stamped a time a little after this request's `now`; never
    // tell the client to wait longer than the cooldown itself.
    const since = row?.verificationSentAt
      ? Math.max(0, now.getTime() - row.verificationSentAt.getTime())
      : 0;
    await recordAudit({
      ...audit,
      action: "email.verify.request",
      outcome: "throttled",
      detail: { reason: "cooldown" },
    });
    throw new ApiError("rate_limited", "Please wait before requesting another verification email", {
      code: "email_cooldown",
      headers: retryAfter(VERIFICATION_COOLDOWN_SECONDS * 1000 - since),
    });
  }

  // A different address is unverified again; older links (for any address) stop working.
  await db.user.updateMany({
    where: { id: req.userId, OR: [{ email: null }, { email: { not: req.email } }] },
    data: { email: req.email, emailVerified: false },
  });
  await db.emailVerificationToken.updateMany({
    where: { userId: req.userId, usedAt: null, voidedAt: null },
    data: { voidedAt: now },
  });

  const { token, tokenHash } = newVerificationToken();
  const row = await db.emailVerificationToken.create({
    data: {
      userId: req.userId,
      tokenHash,
      email: req.email,
      expiresAt: new Date(now.getTime() + env.EMAIL_TOKEN_TTL_MINUTES * 60_000),
    },
    select: { id: true },
  });

  const link = verificationLink(appUrl, token);
  const content = verificationMail({
    locale: req.locale,
    name: req.username,
    email: req.email,
    link,
    ttlMinutes: env.EMAIL_TOKEN_TTL_MINUTES,
  });
  try {
    await sendMail({ ...content, to: req.email, link });
  } catch (err) {
    // The link never arrived: void it and give the cooldown back so the user can retry.
    await db.emailVerificationToken.update({
      where: { id: row.id },
      data: { voidedAt: new Date() },
    });
    await db.user.updateMany({
      where: { id: req.userId, verificationSentAt: now },
      data: { verificationSentAt: null },
    });
    log.warn("verification mail failed", { user: req.username, error: errorMessage(err) });
    await recordAudit({
      ...audit,
      action: "email.verify.send",
      outcome: "error",
      detail: { error: errorMessage(err).slice(0, 200) },
    });
    if (err instanceof MailRecipientNotAllowedError) {
      throw new ApiError("forbidden", "This preview deployment does not send mail to that domain", {
        code: "email_domain_not_allowed",
      });
    }
    throw new ApiError("bad_gateway", "Unable to send verification email", {
      code: "email_send_failed",
    });
  }

  await recordAudit({
    ...audit,
    action: "email.verify.request",
    outcome: "success",
    detail: { email: req.email },
  });
  return { ok: true as const };
}
