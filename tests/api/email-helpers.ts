// A real SMTP peer for the email-verification tests: smtp-server on 127.0.0.1, an ephemeral
// port, no TLS offered (local only), every accepted message kept with its envelope.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelopeTo: string[]; raw: Buffer; parsed: ParsedMail };

export async function startSmtpPeer(opts: { refuse?: (rcpt: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.(address.address)) {
        const err = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        received.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await simpleParser(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The verification token inside a mail's plain-text part. */
export function tokenFromMail(mail: ReceivedMail) {
  const match = /https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error("no verification link in mail");
  return { link: match[0], token: match[1]! };
}
