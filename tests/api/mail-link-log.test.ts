import { afterEach, describe, expect, it, vi } from "vitest";

// With SMTP_URL unset the mail goes to the outbox; the raw link is logged only on the embedded
// laptop default, never when the app runs on PostgreSQL (production).
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
  vi.restoreAllMocks();
});

async function logLinesOfSend() {
  vi.resetModules();
  process.env.LOG_LEVEL = "info";
  delete process.env.SMTP_URL;
  const lines: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  const { sendMail } = await import("@/lib/email/mailer");
  await sendMail({
    to: "rep@example.com",
    subject: "Verify",
    text: "https://app.example/verify-email?token=SECRET-LINK-TOKEN",
    html: "<p>verify</p>",
    link: "https://app.example/verify-email?token=SECRET-LINK-TOKEN",
  });
  return lines.join("");
}

describe("verification link in the logs", () => {
  it("is logged on the embedded default", async () => {
    delete process.env.DATABASE_URL;
    expect(await logLinesOfSend()).toContain("SECRET-LINK-TOKEN");
  });

  it("is never logged in production (DATABASE_URL set)", async () => {
    process.env.DATABASE_URL = "postgres://unused@127.0.0.1:1/none";
    const out = await logLinesOfSend();
    expect(out).toContain("verification mail written to outbox");
    expect(out).not.toContain("SECRET-LINK-TOKEN");
  });
});
