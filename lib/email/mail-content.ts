import "server-only";
import { createTranslator } from "use-intl/core";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { defaultLocale, directionOf, isLocale, type Locale } from "@/lib/i18n/config";

// The verification mail in the reader's interface language: texts live in messages/<locale>/Mail.json
// under "Mail" so translators find them beside the screens' texts.
const catalogues = { en, ar, de } as const;

export type VerificationMailInput = {
  locale: string | undefined;
  name: string;
  email: string;
  link: string;
  ttlMinutes: number;
};

export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Unicode isolates keep a left-to-right name or address intact inside Arabic sentences.
const isolate = (value: string) => `\u2068${value}\u2069`;

function translatorFor(input: string | undefined) {
  const locale: Locale = isLocale(input) ? input : defaultLocale;
  const messages = { Mail: { ...catalogues.en.Mail, ...catalogues[locale].Mail } };
  return { locale, t: createTranslator({ locale, messages, namespace: "Mail" }) };
}

export function verificationMail(input: VerificationMailInput): MailContent {
  const { locale, t } = translatorFor(input.locale);
  const greeting = t("greeting", { name: isolate(input.name) });
  const intro = t("intro", { email: isolate(input.email) });
  const expiry = t("expiry", { minutes: input.ttlMinutes });
  const ignore = t("ignore");
  const signature = t("signature");

  const text = [
    greeting,
    "",
    intro,
    "",
    input.link,
    "",
    expiry,
    "",
    ignore,
    "",
    `-- ${signature}`,
  ].join("\n");

  const dir = directionOf(locale);
  const link = escapeHtml(input.link);
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(t("subject"))}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:start">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1f63d8">DialFlow</p>
${p(greeting)}
${p(intro)}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#1f63d8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(t("button"))}</a></p>
<p dir="ltr" style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all;text-align:${dir === "rtl" ? "right" : "left"}"><a href="${link}" style="color:#1f63d8">${link}</a></p>
${p(expiry)}
<p style="margin:0 0 16px;font-size:13px;color:#64748b">${escapeHtml(ignore)}</p>
<p style="margin:24px 0 0;color:#475569">${escapeHtml(signature)}</p>
</div>
</body>
</html>`;

  return { subject: t("subject"), text, html };
}

export type AccountNoticeMailInput = {
  locale: string | undefined;
  name: string;
  username: string;
  changedAt: Date;
};

/** What changed on an account that its owner is told about by mail (issue 33). */
export type AccountNotice = "passwordChanged" | "twoFactorEnabled" | "twoFactorDisabled";

/** The notice that an account's security changed: no link, nothing to redeem. */
export function accountNoticeMail(
  notice: AccountNotice,
  input: AccountNoticeMailInput,
): MailContent {
  const { locale, t } = translatorFor(input.locale);
  // UTC in a fixed, unambiguous form: the mail cannot know the reader's zone.
  const time = input.changedAt.toISOString().slice(0, 16).replace("T", " ");
  const subject = t(`${notice}.subject`);
  const lines = [
    t(`${notice}.greeting`, { name: isolate(input.name) }),
    t(`${notice}.intro`, { username: isolate(input.username), time: isolate(time) }),
    t(`${notice}.sessions`),
    t(`${notice}.notYou`),
  ];
  const signature = t(`${notice}.signature`);
  const text = [...lines.flatMap((line) => [line, ""]), `-- ${signature}`].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:start">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1f63d8">DialFlow</p>
${lines.map(p).join("\n")}
<p style="margin:24px 0 0;color:#475569">${escapeHtml(signature)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}

/** The notice that an account's password was changed. */
export const passwordChangedMail = (input: AccountNoticeMailInput) =>
  accountNoticeMail("passwordChanged", input);

export type InvitationMailInput = {
  locale: string | undefined;
  organization: string;
  inviter: string;
  link: string;
  days: number;
};

/** An invitation to join a team (issue 33): the single-use link that creates the account. */
export function invitationMail(input: InvitationMailInput): MailContent {
  const { locale, t } = translatorFor(input.locale);
  const subject = t("invitation.subject", { organization: isolate(input.organization) });
  const intro = t("invitation.intro", {
    inviter: isolate(input.inviter),
    organization: isolate(input.organization),
  });
  const expiry = t("invitation.expiry", { days: input.days });
  const ignore = t("invitation.ignore");
  const signature = t("signature");
  const text = [intro, "", input.link, "", expiry, "", ignore, "", `-- ${signature}`].join("\n");
  const dir = directionOf(locale);
  const link = escapeHtml(input.link);
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:start">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1f63d8">DialFlow</p>
${p(intro)}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#1f63d8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(t("invitation.button"))}</a></p>
<p dir="ltr" style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all;text-align:${dir === "rtl" ? "right" : "left"}"><a href="${link}" style="color:#1f63d8">${link}</a></p>
${p(expiry)}
${p(ignore)}
<p style="margin:24px 0 0;color:#475569">${escapeHtml(signature)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}
