import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { setLocale } from "./helpers";
import { expect, test } from "./fixtures";
import { mailboxSnapshot, verificationLinkFrom, waitForMail } from "./mailbox";

// Optional screenshots for reviewing the screens (E2E_SHOTS_DIR=/tmp/shots).
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

test.use({ signedInAs: "rep" });

const badge = (page: Page) => page.getByTestId("verification-badge");

test("send the link, open it from the captured mail, and see Profile report Email verified!", async ({
  page,
  context,
}, testInfo) => {
  // A retry starts within the server's 60 s cooldown of the link the failed try sent.
  if (testInfo.retry > 0) test.setTimeout(testInfo.timeout + 75_000);
  await page.clock.install();
  await page.goto("/app/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByLabel(/Role \/ title/)).toHaveValue("Account Executive");
  // A fresh address each run, so the test does not depend on what earlier runs verified.
  const email = `e2e.rep+${Date.now()}@example.com`;
  await page.locator("#profile-email").fill(email);
  await expect(badge(page)).toHaveAttribute("data-status", "unverified");
  await expect(page.getByTestId("profile-status")).toHaveText("All changes saved");
  await shot(page, "profile-unverified");

  // A new address asks for the current password before any link goes out.
  await page.getByRole("button", { name: "Send Link" }).click();
  await expect(page.locator("#profile-email-step-up-password-error")).toHaveText(
    "Enter your password.",
  );
  await expect(badge(page)).toHaveAttribute("data-status", "unverified");
  await page.locator("#profile-email-step-up-password").fill("not-the-password");
  await page.getByRole("button", { name: "Send Link" }).click();
  await expect(page.locator("#profile-email-step-up-password-error")).toHaveText(
    "The current password is not correct.",
  );
  await page.locator("#profile-email-step-up-password").fill(e2eAccounts.rep.password);
  const seen = mailboxSnapshot();
  if (testInfo.retry > 0) {
    // Refused (429) until the failed try's cooldown has passed: nothing changes, so send again.
    await expect(async () => {
      await page.getByRole("button", { name: "Send Link" }).click();
      await expect(badge(page)).toHaveAttribute("data-status", "pending", { timeout: 5_000 });
    }).toPass({ timeout: 75_000, intervals: [5_000] });
  } else {
    await page.getByRole("button", { name: "Send Link" }).click();
  }
  await expect(badge(page)).toHaveAttribute("data-status", "pending");
  await expect(page.getByRole("button", { name: /^Resend in \d+s$/ })).toBeDisabled();
  await expect(page.getByText("Verification link sent.", { exact: false })).toBeVisible();
  await shot(page, "profile-pending");

  const mail = await waitForMail(email, seen);
  expect(mail.envelopeTo).toEqual([email]);
  expect(mail.parsed.subject).toBe("Verify your email address for DialFlow");
  const link = verificationLinkFrom(mail);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  // The link opened in a second tab: success, Go to Profile Now, then the redirect after 1.8 s.
  const tab = await context.newPage();
  await tab.goto(link);
  await expect(tab.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await expect(tab.getByRole("link", { name: "Go to Profile Now" })).toBeVisible();
  await shot(tab, "verify-success");
  // The redirect comes 1.8 s after success; the page then loads (slowly beside another shard).
  await tab.waitForURL(/\/app\/profile$/, { timeout: 15_000 });
  await expect(tab.getByText("Email verified!")).toBeVisible();
  await expect(badge(tab)).toHaveAttribute("data-status", "verified");
  expect(new URL(tab.url()).search).toBe("");
  await tab.close();

  // Meanwhile the first tab polls every 12 s; jump the clock to the next poll.
  await page.clock.fastForward(12_000);
  await expect(page.getByText("Email verified!")).toBeVisible();
  await expect(badge(page)).toHaveAttribute("data-status", "verified");
  await expect(page.getByRole("button", { name: /Send Link|Resend/ })).toHaveCount(0);
  await shot(page, "profile-verified");

  // The form survives a reload (local storage), and editing the email makes it unverified again.
  await page.reload();
  await expect(page.locator("#profile-email")).toHaveValue(email);
  await expect(badge(page)).toHaveAttribute("data-status", "verified");
  await page.locator("#profile-email").fill("other@example.com");
  await expect(badge(page)).toHaveAttribute("data-status", "unverified");

  // A used link is refused.
  await page.goto(link);
  await expect(page.getByTestId("verify-error")).toHaveText("Invalid or expired verification link");
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/app/profile");
  await shot(page, "verify-error-used");
});

test("Profile validates required fields, counts the summary and keeps the last valid form", async ({
  page,
}) => {
  await page.goto("/app/profile");
  const status = page.getByTestId("profile-status");
  await page.locator("#profile-email").fill("keep@example.com");
  await page.locator("#profile-summary").fill("Ten years in B2B sales.");
  await expect(page.getByText("23/800")).toBeVisible();
  await expect(status).toHaveText("All changes saved");

  await page.locator("#profile-display-name").fill("");
  await expect(page.getByText("Display name is required.")).toBeVisible();
  await expect(status).toHaveText("Fill in the required fields to save your changes.");
  await page.locator("#profile-summary").fill("x".repeat(900));
  await expect(page.locator("#profile-summary")).toHaveValue("x".repeat(800));
  await expect(page.getByText("800/800")).toBeVisible();

  await page.reload();
  await expect(page.locator("#profile-display-name")).toHaveValue("e2e.rep");
  await expect(page.locator("#profile-email")).toHaveValue("keep@example.com");
  await expect(page.locator("#profile-summary")).toHaveValue("Ten years in B2B sales.");
});

test("verify page without a token says Missing token.", async ({ page }) => {
  await page.goto("/verify-email");
  await expect(page.getByTestId("verify-error")).toHaveText("Missing token.");
  await shot(page, "verify-error-missing");
});

test("Profile reads right-to-left in Arabic and checks the password form before sending", async ({
  page,
}) => {
  await setLocale(page, "ar");
  await page.goto("/app/profile");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "الملف الشخصي" })).toBeVisible();
  await page.locator("#profile-password-current").fill("12345");
  await page.getByRole("button", { name: "تغيير كلمة المرور" }).click();
  await expect(page.getByText("6 أحرف على الأقل.")).toBeVisible();
  await page.locator("#profile-password-current").fill("123456");
  await page.locator("#profile-password-next").fill("abcdefgh");
  await page.locator("#profile-password-confirm").fill("different");
  // A mismatch is caught in the browser: nothing is sent (the real change: account-security.spec).
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/password")) sent.push(r.url());
  });
  await page.getByRole("button", { name: "تغيير كلمة المرور" }).click();
  await expect(page.getByText("كلمتا المرور الجديدتان غير متطابقتين.")).toBeVisible();
  expect(sent).toEqual([]);
  await shot(page, "profile-ar");
});
