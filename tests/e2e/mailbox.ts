// Where tests/e2e/server.mjs's in-process SMTP server drops each received message (raw .eml).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const mailboxDir = path.join(os.tmpdir(), `dialflow-e2e-mail-${e2ePort}`);

export type CapturedMail = { file: string; envelopeTo: string[]; parsed: ParsedMail };

function list() {
  try {
    return fs
      .readdirSync(mailboxDir)
      .filter((f) => f.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
}

/** Files already in the mailbox, so a test can wait for the next one only. */
export function mailboxSnapshot() {
  return new Set(list());
}

/** Waits for a message that arrived after `seen` and is addressed to `to`. */
export async function waitForMail(
  to: string,
  seen: Set<string>,
  timeoutMs = 15_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of list()) {
      if (seen.has(file)) continue;
      const full = path.join(mailboxDir, file);
      const envelopeTo = JSON.parse(fs.readFileSync(`${full}.json`, "utf8")).to as string[];
      if (!envelopeTo.includes(to)) continue;
      return { file, envelopeTo, parsed: await simpleParser(fs.readFileSync(full)) };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms in ${mailboxDir}`);
}

export function verificationLinkFrom(mail: CapturedMail) {
  const match = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error("no verification link in the mail");
  return match[0];
}
