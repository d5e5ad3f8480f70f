import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { dataDir, deploymentEnv, env, isEmbedded } from "@/lib/env";
import { log } from "@/lib/log";
import type { MailContent } from "./mail-content";
import { mailRecipientAllowed } from "./recipients";

// SMTP when SMTP_URL is set; otherwise an outbox directory, so a fresh laptop can follow the
// link without a mail server. Both go through nodemailer, so the message bytes are the same.
export const outboxDir = path.join(dataDir, "outbox");

let smtp: Transporter | undefined;
const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

function smtpTransport(url: string) {
  // smtp:// upgrades with STARTTLS whenever the server offers it; smtps:// is TLS from the start.
  // Query parameters of SMTP_URL (e.g. ?requireTLS=true) override these defaults. Short
  // time-outs: a silent relay must not hold the rep's request for minutes.
  smtp ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return smtp;
}

/**
 * `link`: the redeemable link a verification mail carries (logged on a laptop only); notices
 * without one (password changed) leave it out.
 */
export type OutgoingMail = MailContent & { to: string; link?: string; purpose?: string };

/** A preview (non-production) deployment refused to mail a domain outside its allow-list. */
export class MailRecipientNotAllowedError extends Error {
  constructor(readonly domain: string) {
    super(`a ${deploymentEnv} deployment does not mail ${domain} (not in MAIL_ALLOWED_DOMAINS)`);
    this.name = "MailRecipientNotAllowedError";
  }
}

/** Sends one message to exactly one recipient; throws when the relay refuses it. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const message = {
    from: env.SMTP_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The envelope is set explicitly so no header value can add a recipient.
    envelope: { from: addressOf(env.SMTP_FROM), to: [mail.to] },
  };
  if (env.SMTP_URL) {
    if (!mailRecipientAllowed(mail.to)) {
      throw new MailRecipientNotAllowedError(mail.to.slice(mail.to.lastIndexOf("@") + 1));
    }
    await smtpTransport(env.SMTP_URL).sendMail(message);
    return;
  }
  const info = await outbox.sendMail(message);
  await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
  const file = path.join(outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  // Laptop aid: on the embedded default the link is logged so a rep can verify without a mail
  // server. With DATABASE_URL (production) a raw, redeemable link never reaches the logs.
  log.info(`${mail.purpose ?? "verification"} mail written to outbox (SMTP_URL unset)`, {
    file,
    to: mail.to,
    ...(isEmbedded && mail.link ? { link: mail.link } : {}),
  });
}

function addressOf(from: string) {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
