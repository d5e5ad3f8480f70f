import "server-only";
import { createTranslator } from "use-intl/core";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";
import { isolate } from "@/lib/format/bidi";
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

const paragraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
const button = (link: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f63d8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`;
/** The link written out, left to right in every language, for mail readers that drop buttons. */
const linkLine = (link: string, locale: Locale) =>
  `<p dir="ltr" style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all;text-align:${directionOf(locale) === "rtl" ? "right" : "left"}"><a href="${escapeHtml(link)}" style="color:#1f63d8">${escapeHtml(link)}</a></p>`;

/** Every mail's HTML: the language and direction, the DialFlow heading, the body, the signature. */
function mailDocument(locale: Locale, subject: string, body: string[], signature: string) {
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:start">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1f63d8">DialFlow</p>
${body.join("\n")}
<p style="margin:24px 0 0;color:#475569">${escapeHtml(signature)}</p>
</div>
</body>
</html>`;
}

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

  const html = mailDocument(
    locale,
    t("subject"),
    [
      paragraph(greeting),
      paragraph(intro),
      button(input.link, t("button")),
      linkLine(input.link, locale),
      paragraph(expiry),
      `<p style="margin:0 0 16px;font-size:13px;color:#64748b">${escapeHtml(ignore)}</p>`,
    ],
    signature,
  );

  return { subject: t("subject"), text, html };
}

export type AccountNoticeMailInput = {
  locale: string | undefined;
  name: string;
  username: string;
  changedAt: Date;
};

/** What changed on an account that its owner is told about by mail. */
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
  const html = mailDocument(locale, subject, lines.map(paragraph), signature);
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

/** An invitation to join a team: the single-use link that creates the account. */
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
  const html = mailDocument(
    locale,
    subject,
    [
      paragraph(intro),
      button(input.link, t("invitation.button")),
      linkLine(input.link, locale),
      paragraph(expiry),
      paragraph(ignore),
    ],
    signature,
  );
  return { subject, text, html };
}

export type WebhookPausedMailInput = {
  locale: string | undefined;
  url: string;
  error: string;
  settingsLink: string;
};

/** To a team's managers when a webhook endpoint's deliveries failed for a day. */
export function webhookPausedMail(input: WebhookPausedMailInput): MailContent {
  const { locale, t } = translatorFor(input.locale);
  const subject = t("webhookPaused.subject");
  const intro = t("webhookPaused.intro", { url: isolate(input.url) });
  const lastError = t("webhookPaused.lastError", { error: isolate(input.error) });
  const fix = t("webhookPaused.fix");
  const signature = t("signature");
  const text = [intro, "", lastError, "", fix, input.settingsLink, "", `-- ${signature}`].join(
    "\n",
  );
  const html = mailDocument(
    locale,
    subject,
    [
      paragraph(intro),
      paragraph(lastError),
      paragraph(fix),
      button(input.settingsLink, t("webhookPaused.button")),
      linkLine(input.settingsLink, locale),
    ],
    signature,
  );
  return { subject, text, html };
}
