// Without SMTP_URL the verification mail lands in DATA_DIR/outbox, so a newcomer can verify.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";

delete process.env.SMTP_URL;
// On a shared PostgreSQL the setup leaves DATA_DIR at its default; keep the outbox out of the repo.
if (process.env.DATABASE_URL)
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-outbox-"));

const { POST: verifyRequest } = await import("@/app/api/auth/email/verify-request/route");
const { POST: verifyComplete } = await import("@/app/api/auth/email/verify-complete/route");
const { dataDir } = await import("@/lib/env");
const { createAccount, loginAs, request } = await import("./helpers");

describe("outbox transport (SMTP_URL unset)", () => {
  it("writes the mail as .eml under DATA_DIR/outbox and its link verifies", async () => {
    const account = await createAccount();
    const token = await loginAs(account);
    const res = await verifyRequest(
      request("POST", "/api/auth/email/verify-request", {
        token,
        body: { email: "outbox@example.com", password: account.password },
      }),
    );
    expect(res.status).toBe(200);
    const dir = path.join(dataDir, "outbox");
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(mail.subject).toBe("Verify your email address for DialFlow");
    expect(mail.html).toBeTruthy();
    const link = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
    expect(link).not.toBeNull();
    const done = await verifyComplete(
      request("POST", "/api/auth/email/verify-complete", { body: { token: link![1] } }),
    );
    expect(await done.json()).toEqual({ emailVerified: true });
  });
});
