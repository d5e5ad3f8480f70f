import "server-only";
import { recordAudit } from "@/lib/audit";
import { accountNoticeMail, type AccountNotice } from "@/lib/email/mail-content";
import { sendMail } from "@/lib/email/mailer";
import { errorMessage, log } from "@/lib/log";

const purposeOf: Record<AccountNotice, string> = {
  passwordChanged: "password-changed",
  twoFactorEnabled: "two-factor-enabled",
  twoFactorDisabled: "two-factor-disabled",
};

/**
 * Tells an account's owner by mail that its security changed (password, second factor). Only a
 * verified address is written to: an unverified one may be anybody's. A failed send does not undo
 * the change (it is already in force); it is logged and audited.
 */
export async function sendAccountNotice(
  notice: AccountNotice,
  input: {
    actor: string;
    clientIp: string | null;
    account: { email: string | null; emailVerified: boolean };
    locale: string | undefined;
    at: Date;
  },
) {
  const { account } = input;
  if (!account.email || !account.emailVerified) return;
  const content = accountNoticeMail(notice, {
    locale: input.locale,
    name: input.actor,
    username: input.actor,
    changedAt: input.at,
  });
  try {
    await sendMail({ ...content, to: account.email, purpose: purposeOf[notice] });
  } catch (err) {
    log.warn("account notice not sent", { user: input.actor, notice, error: errorMessage(err) });
    await recordAudit({
      actor: input.actor,
      action: notice === "passwordChanged" ? "auth.password.notify" : "auth.2fa.notify",
      target: input.actor,
      outcome: "error",
      clientIp: input.clientIp,
      detail: { notice, error: errorMessage(err).slice(0, 200) },
    });
  }
}
