// An operator's own two-factor sign-in. Set up in the console's Security panel (the
// secret read from the page, the code computed here with otpauth), sign out, sign in to the
// console with the password then a code; in Arabic dark a recovery code signs in and the panel
// turns it off again. Only this spec signs in with e2e.secure.operator.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { e2eAccounts } from "./accounts";
import { expectNoSeriousViolations } from "./axe";
import { collectConsoleErrors, setLocale } from "./helpers";

const account = e2eAccounts.secureOperator;
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}
/** A later step's code: the one the set-up used is spent. */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

async function passwordStep(page: Page) {
  await page.goto("/adminconsole");
  await page.locator("#admin-username").fill(account.username);
  await page.locator("#admin-password").fill(account.password);
  await page.locator('button[type="submit"]').click();
}

test("an operator sets up a second factor, then the console sign-in asks for it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  await passwordStep(page);
  await page.waitForURL(/\/adminconsole\/console$/);
  const panel = page.locator("#panel-security");
  await panel.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(
    panel.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const secret = (await panel.getByTestId("console-2fa-secret").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await panel.getByLabel("6-digit code").fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await panel.getByLabel("Current password").fill(account.password);
  await panel.getByRole("button", { name: "Turn on" }).click();
  // Read the codes once the answer has drawn them (allTextContents does not wait).
  const recovery = panel.getByTestId("console-2fa-recovery").locator("li");
  await expect(recovery).toHaveCount(10);
  const codes = await recovery.allTextContents();
  await shot(page, "console-2fa-recovery-en-light");
  await panel.getByRole("button", { name: "I saved them" }).click();
  await expect(panel.getByTestId("console-2fa-on")).toContainText("10 recovery codes left.");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/adminconsole$/);
  await passwordStep(page);
  const code = page.locator("#two-factor-code");
  await expect(code).toBeFocused();
  await expect(page).toHaveURL(/\/adminconsole$/);
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#two-factor-error")).toContainText("That code is not correct.");
  await code.fill(nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(/\/adminconsole\/console$/);
  await expect(page.getByTestId("console-ping")).toHaveText("Token valid");
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);

  await test.step("Arabic, dark: a recovery code signs in; the panel turns it off", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/adminconsole$/);
    await setLocale(page, "ar");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await passwordStep(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "استخدم رمز استرداد" }).click();
    await page.locator("#two-factor-code").fill(codes[0]);
    await expectNoSeriousViolations(page, "console sign-in code step (ar, dark)");
    await shot(page, "console-2fa-code-step-ar-dark");
    await page.getByRole("button", { name: "تحقق" }).click();
    await page.waitForURL(/\/adminconsole\/console$/);
    const panel = page.locator("#panel-security");
    await expect(panel.getByTestId("console-2fa-on")).toBeVisible();
    await shot(page, "console-2fa-panel-ar-dark");
    await panel.locator("#console-2fa-disable-password").fill(account.password);
    await panel.locator("#console-2fa-code").fill(codes[1]);
    await panel.locator('button[type="submit"]').click();
    const ar = JSON.parse(
      fs.readFileSync(path.join("messages", "ar", "AccountSecurity.json"), "utf8"),
    ) as Record<string, string>;
    await expect(panel.getByRole("button", { name: ar.tfSetUp })).toBeVisible();
    await expect(panel.getByTestId("console-2fa-on")).toHaveCount(0);
  });
});
