// The real password change from Profile (errors, success, other devices signed out,
// the notice mail), Settings' Export Data and Clear Preferences.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expectNoSeriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { login, setLocale } from "./helpers";
import { mailboxSnapshot, verificationLinkFrom, waitForMail } from "./mailbox";

// Optional screenshots for reviewing the screens (E2E_SHOTS_DIR=/tmp/shots).
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const account = e2eAccounts.security;
const newPassword = "e2e-security-changed";
const email = `e2e.security+${Date.now()}@example.com`;

async function apiLogin(request: APIRequestContext, password: string) {
  const res = await request.post("/api/auth/login", {
    data: { username: account.username, password },
  });
  return {
    status: res.status(),
    token: res.ok() ? ((await res.json()) as { token: string }).token : "",
  };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A verified address, through the real verification mail: the notice goes to verified ones only. */
async function verifyEmail(request: APIRequestContext, token: string) {
  const seen = mailboxSnapshot();
  const sent = await request.post("/api/auth/email/verify-request", {
    headers: bearer(token),
    data: { email, password: account.password },
  });
  expect(sent.status()).toBe(200);
  const link = verificationLinkFrom(await waitForMail(email, seen));
  const done = await request.post("/api/auth/email/verify-complete", {
    data: { token: new URL(link).searchParams.get("token") },
  });
  expect(done.status()).toBe(200);
}

test("change the password from Profile: errors, success, other devices out, notice mailed", async ({
  page,
  playwright,
  baseURL,
}) => {
  // A second device: its own request context and session.
  const device = await playwright.request.newContext({ baseURL });
  const other = await apiLogin(device, account.password);
  expect(other.status).toBe(200);
  await verifyEmail(device, other.token);

  await login(page, account);
  await page.goto("/app/profile");
  const card = page.locator("#profile-security");
  const current = card.getByLabel("Current password");
  const next = card.getByLabel("New password", { exact: true });
  const confirm = card.getByLabel("Confirm new password");
  const submit = card.getByRole("button", { name: "Change password" });

  // The spec's minimums, checked before anything is sent.
  await current.fill("12345");
  await next.fill("1234567");
  await confirm.fill("1234567");
  await submit.click();
  await expect(card.getByText("At least 6 characters.")).toBeVisible();
  await expect(card.getByText("At least 8 characters.")).toHaveCount(2);
  await expect(current).toHaveAttribute("aria-invalid", "true");

  await current.fill(account.password);
  await next.fill(newPassword);
  await confirm.fill(`${newPassword}x`);
  await submit.click();
  await expect(card.getByText("The new passwords do not match.")).toBeVisible();

  // A wrong current password: the server refuses it and nothing changes.
  await current.fill("not-the-password");
  await confirm.fill(newPassword);
  await submit.click();
  await expect(card.getByText("The current password is not correct.")).toBeVisible();
  expect((await device.get("/api/auth/profile", { headers: bearer(other.token) })).status()).toBe(
    200,
  );

  // With the keyboard, as a rep without a mouse would.
  await current.fill(account.password);
  const seen = mailboxSnapshot();
  await confirm.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("profile-password-status")).toHaveText(
    "Password changed. 1 other device was signed out.",
  );
  await expect(current).toHaveValue("");
  await shot(page, "profile-password-changed");

  const notice = await waitForMail(email, seen);
  expect(notice.envelopeTo).toEqual([email]);
  expect(notice.parsed.subject).toBe("Your DialFlow password was changed");

  // The other device is signed out; this page stays signed in.
  expect((await device.get("/api/auth/profile", { headers: bearer(other.token) })).status()).toBe(
    401,
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  expect(page.url()).toMatch(/\/app\/profile$/);

  expect((await apiLogin(device, account.password)).status).toBe(401);
  const again = await apiLogin(device, newPassword);
  expect(again.status).toBe(200);

  // Settings' Change Password: the same form in a dialog, here changing it back.
  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await dialog.getByLabel("Current password").fill(newPassword);
  await dialog.getByLabel("New password", { exact: true }).fill(account.password);
  await dialog.getByLabel("Confirm new password").fill(account.password);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Password changed. 1 other device was signed out.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Password" })).toBeFocused();
  expect((await device.get("/api/auth/profile", { headers: bearer(again.token) })).status()).toBe(
    401,
  );
  expect((await apiLogin(device, account.password)).status).toBe(200);
  await device.dispose();
});

test.describe("Arabic, dark", () => {
  test.use({ colorScheme: "dark" });

  test("the Profile password form reads right to left with its errors in Arabic", async ({
    repPage,
  }) => {
    await repPage.goto("/app/profile");
    await setLocale(repPage, "ar");
    await repPage.evaluate(() => localStorage.setItem("theme", "dark"));
    await repPage.reload();
    await expect(repPage.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(repPage.locator("html")).toHaveClass(/\bdark\b/);
    const card = repPage.locator("#profile-security");
    await card.getByLabel("كلمة المرور الحالية").fill("123");
    await card.getByRole("button", { name: "تغيير كلمة المرور" }).click();
    await expect(card.getByText("6 أحرف على الأقل.")).toBeVisible();
    await expect(card.getByText("8 أحرف على الأقل.")).toHaveCount(2);
    await card.scrollIntoViewIfNeeded();
    await shot(repPage, "profile-password-ar-dark");
    await expectNoSeriousViolations(repPage, "profile, password errors (ar, dark)");
  });
});

test.describe("Settings in Arabic, dark", () => {
  test.use({ colorScheme: "dark" });

  test("the Change Password and Clear Preferences dialogs read right to left", async ({
    repPage,
  }) => {
    await repPage.goto("/app/settings");
    await setLocale(repPage, "ar");
    await repPage.evaluate(() => localStorage.setItem("theme", "dark"));
    await repPage.reload();
    await expect(repPage.locator("html")).toHaveAttribute("dir", "rtl");
    await repPage.getByRole("button", { name: "تغيير كلمة المرور" }).click();
    const change = repPage.getByRole("dialog", { name: "تغيير كلمة المرور" });
    await change.getByRole("button", { name: "تغيير كلمة المرور" }).click();
    await expect(change.getByText("6 أحرف على الأقل.")).toBeVisible();
    await shot(repPage, "settings-password-ar-dark");
    await expectNoSeriousViolations(repPage, "settings, change password dialog (ar, dark)");
    await repPage.keyboard.press("Escape");
    await expect(change).toBeHidden();

    await repPage.getByRole("button", { name: "مسح التفضيلات" }).click();
    const clear = repPage.getByRole("dialog", { name: "مسح التفضيلات؟" });
    await expect(clear.getByRole("button", { name: "إلغاء" })).toBeFocused();
    await shot(repPage, "settings-clear-ar-dark");
    await expectNoSeriousViolations(repPage, "settings, clear preferences dialog (ar, dark)");
    await clear.getByRole("button", { name: "إلغاء" }).click();
    await expect(clear).toBeHidden();
  });
});

test.describe("Settings: Data & Privacy", () => {
  test.use({ signedInAs: "rep" });

  test("Export Data downloads the rep's own data as JSON", async ({ page }) => {
    await page.goto("/app/settings");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dialflow-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await file.path(), "utf8")) as {
      profile: { username: string };
      calls: unknown[];
    };
    expect(data.profile.username).toBe(e2eAccounts.rep.username);
    expect(Array.isArray(data.calls)).toBe(true);
    await expect(page.getByText("Your data was downloaded.")).toBeVisible();
  });

  test("Clear Preferences asks first, then resets preferences and keeps the session", async ({
    page,
  }) => {
    await page.goto("/app/settings");
    await page.evaluate(() => {
      localStorage.setItem("keys.singleKey", JSON.stringify({ v: 1, value: false }));
      localStorage.setItem("prefs.timeZone", JSON.stringify({ v: 1, value: "Asia/Tokyo" }));
    });
    await page.reload();
    const shortcuts = page.getByRole("checkbox", { name: "Single-key shortcuts" });
    await expect(shortcuts).not.toBeChecked();

    // Cancel changes nothing.
    await page.getByRole("button", { name: "Clear Preferences" }).click();
    const dialog = page.getByRole("dialog", { name: "Clear preferences?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Clear Preferences" })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem("keys.singleKey"))).not.toBeNull();

    await page.getByRole("button", { name: "Clear Preferences" }).click();
    await dialog.getByRole("button", { name: "Clear preferences" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Preferences cleared.")).toBeVisible();
    await expect(shortcuts).toBeChecked();
    const stored = await page.evaluate(() => ({
      singleKey: localStorage.getItem("keys.singleKey"),
      timeZone: localStorage.getItem("prefs.timeZone"),
      token: localStorage.getItem("auth.token"),
      user: localStorage.getItem("auth.user"),
    }));
    expect(stored).toEqual({
      singleKey: null,
      timeZone: null,
      token: expect.any(String),
      user: e2eAccounts.rep.username,
    });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });
});
