// An organization that requires two-factor sign-in. Its manager (with a second factor of
// their own) turns the rule on; the team's rep without one signs in and lands on the set-up, which
// every /app page leads back to, until the rep sets it up and goes on to the app. "E2E Secure" is
// an organization of its own (tests/e2e/server.mjs): no other spec's account is affected.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
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

test("a team that requires two-factor sign-in sends its rep to set it up first", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const manager = e2eAccounts.secureManager;
  const login = await request.post("/api/auth/login", {
    data: { username: manager.username, password: manager.password },
  });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  // Requiring it takes the manager's own second factor first.
  const early = await request.patch("/api/team/security", {
    headers: auth,
    data: { requireTwoFactor: true },
  });
  expect(early.status()).toBe(409);
  const setup = await request.post("/api/auth/2fa/setup", { headers: auth });
  const { secret: managerSecret } = (await setup.json()) as { secret: string };
  const enabled = await request.post("/api/auth/2fa/enable", {
    headers: auth,
    data: {
      code: TOTP.generate({ secret: Secret.fromBase32(managerSecret) }),
      password: manager.password,
    },
  });
  expect(enabled.status()).toBe(200);
  const on = await request.patch("/api/team/security", {
    headers: auth,
    data: { requireTwoFactor: true },
  });
  expect(on.status()).toBe(200);

  const rep = e2eAccounts.secureRep;
  await page.goto("/login");
  await page.locator("#username").fill(rep.username);
  await page.locator("#password").fill(rep.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/two-factor-required$/);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expectNoSeriousViolations(page, "two-factor required (en)");
  await shot(page, "two-factor-required-en");
  // Any /app page leads back here.
  await page.goto("/app/targets");
  await page.waitForURL(/\/two-factor-required$/);

  await setLocale(page, "ar");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "إعداد تسجيل الدخول بخطوتين" })).toBeVisible();
  await shot(page, "two-factor-required-ar-dark");
  await setLocale(page, "en");
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("required-two-factor-secret").textContent())!.replace(
    /\s/g,
    "",
  );
  await page.getByLabel("6-digit code").fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.getByLabel("Current password").fill(rep.password);
  await page.getByRole("button", { name: "Turn on" }).click();
  const recovery = page.getByTestId("required-two-factor-recovery");
  await expect(recovery.getByRole("listitem")).toHaveCount(10);
  await recovery.getByRole("button", { name: "I saved them" }).click();
  await page.waitForURL(/\/app$/);
  await expect(page.locator("h1")).toBeVisible();
  await page.goto("/app/targets");
  await expect(page).toHaveURL(/\/app\/targets$/);
});
