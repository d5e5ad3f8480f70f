// Two-factor sign-in in the browser. Enrol from Profile (the secret read from the page,
// the code computed here with otpauth, the password asked with it), sign out, sign in with the password then the code; then
// in Arabic dark: the code step with a recovery code, and Settings' dialog turning it off and
// showing the enrolment again. Only this spec signs in with e2e.twofactor.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { e2eAccounts } from "./accounts";
import { expectNoSeriousViolations } from "./axe";
import { setLocale } from "./helpers";

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const account = e2eAccounts.twofactor;
/**
 * The code of the step after the current one: the server allows one step of drift, and a code
 * of the enrolment's own step would be refused as already used.
 */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

async function passwordStep(page: Page) {
  await page.goto("/login");
  await page.locator("#username").fill(account.username);
  await page.locator("#password").fill(account.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator("#two-factor-code")).toBeFocused();
}

test("enrol in Profile, then sign in with the password and a code", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/login");
  await page.locator("#username").fill(account.username);
  await page.locator("#password").fill(account.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/app$/);

  await page.goto("/app/profile");
  const card = page.locator("#profile-security");
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("profile-two-factor-secret").textContent())!.replace(
    /\s/g,
    "",
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = card.getByLabel("6-digit code");
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  // As an app shows it, "123 456": the space is not part of the code.
  const first = TOTP.generate({ secret: Secret.fromBase32(secret) });
  await codeField.fill(`${first.slice(0, 3)} ${first.slice(3)}`);
  // Turning it on asks for the password too: an open session alone must not lock the rep out.
  const password = card.locator("#profile-two-factor-enable-password");
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByRole("alert")).toHaveText("Enter your password.");
  await password.fill("not-the-password");
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByRole("alert")).toHaveText("The current password is not correct.");
  await password.fill(account.password);
  await card.getByRole("button", { name: "Turn on" }).click();

  const recovery = card.getByTestId("profile-two-factor-recovery");
  await expect(recovery.getByRole("listitem")).toHaveCount(10);
  const codes = await recovery.getByRole("listitem").allTextContents();
  await shot(page, "two-factor-recovery-codes-en");
  await recovery.getByRole("button", { name: "I saved them" }).click();
  await expect(card.getByTestId("profile-two-factor-on")).toContainText("10 recovery codes left.");

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(/\/login$/);

  // The password alone no longer signs in: the code step asks, and a wrong code is refused.
  await passwordStep(page);
  const wrong = nextCode(secret) === "000000" ? "111111" : "000000";
  await page.locator("#two-factor-code").fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#two-factor-error")).toHaveText("That code is not correct.");
  await expect(page.locator("#two-factor-code")).toBeFocused();
  await page.locator("#two-factor-code").fill(nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(/\/app$/);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(/\/login$/);

  await test.step("Arabic, dark: a recovery code signs in; Settings turns it off", async () => {
    await setLocale(page, "ar");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await passwordStep(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.locator("#two-factor-code")).toHaveAttribute("dir", "ltr");
    await shot(page, "two-factor-sign-in-ar-dark");
    await expectNoSeriousViolations(page, "sign-in code step (ar, dark)");
    await page.getByRole("button", { name: "استخدم رمز استرداد" }).click();
    await expect(page.locator("#two-factor-code")).toHaveAttribute("inputmode", "text");
    await page.locator("#two-factor-code").fill(codes[0]!);
    await page.getByRole("button", { name: "تحقق" }).click();
    await page.waitForURL(/\/app$/);

    await page.goto("/app/settings");
    // Two-factor is on: the button offers to manage it, not to enable it again.
    await expect(page.getByRole("button", { name: "تفعيل المصادقة الثنائية" })).toHaveCount(0);
    await page.getByRole("button", { name: "إدارة المصادقة الثنائية" }).click();
    const dialog = page.getByRole("dialog", { name: "تسجيل الدخول بخطوتين" });
    await expect(dialog.getByTestId("settings-two-factor-on")).toContainText("9");
    await dialog.getByLabel("كلمة المرور").fill(account.password);
    await dialog.getByLabel("الرمز أو رمز الاسترداد").fill(codes[0]!);
    await dialog.getByRole("button", { name: "إيقاف تسجيل الدخول بخطوتين" }).click();
    // The recovery code just used is spent.
    await expect(dialog.getByRole("alert")).toContainText("هذا الرمز غير صحيح");
    await dialog.getByLabel("الرمز أو رمز الاسترداد").fill(codes[1]!);
    await dialog.getByRole("button", { name: "إيقاف تسجيل الدخول بخطوتين" }).click();
    await expect(dialog.getByRole("button", { name: "إعداد تسجيل الدخول بخطوتين" })).toBeVisible();

    await dialog.getByRole("button", { name: "إعداد تسجيل الدخول بخطوتين" }).click();
    await expect(dialog.getByRole("img", { name: "رمز QR لتطبيق المصادقة" })).toBeVisible();
    await expect(dialog.getByTestId("settings-two-factor-secret")).toHaveAttribute("dir", "ltr");
    await shot(page, "two-factor-enrol-ar-dark");
    await expectNoSeriousViolations(page, "two-factor enrolment (ar, dark)");
    // Turned off (the new set-up is not confirmed): the button offers to enable it again.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "تفعيل المصادقة الثنائية" })).toBeVisible();
  });
});
