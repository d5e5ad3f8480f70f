// Settings' API keys. The e2e rep is its organization's manager: it creates a key (its
// password asked, a wrong one refused),
// sees the secret once, uses it against the REST API, finds its last use listed, revokes it and
// the API refuses it at once. A rep of the team sees no API keys or webhooks control. Light, dark and Arabic.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { login, setLocale } from "./helpers";

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

test.describe("a manager's API keys", () => {
  test.use({ signedInAs: "rep" });

  test("create → secret shown once → use it → revoke", async ({ page }) => {
    await page.goto("/app/settings");
    await page.getByRole("button", { name: "Generate API Key" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("link", { name: /API reference/ })).toHaveAttribute(
      "href",
      "/api/v1/openapi.json",
    );
    const name = `CRM ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("checkbox", { name: "Do-not-call: read" }).click();
    // A key acts for its creator: it takes the current password, checked by the server.
    const password = dialog.getByLabel("Current password");
    await dialog.getByTestId("api-key-create").click();
    await expect(dialog.getByText("Enter your password.")).toBeVisible();
    await password.fill("not-the-password");
    await dialog.getByTestId("api-key-create").click();
    await expect(dialog.getByText("The current password is not correct.")).toBeVisible();
    await password.fill(e2eAccounts.rep.password);
    await dialog.getByTestId("api-key-create").click();
    const secretBox = dialog.getByTestId("api-key-secret");
    await expect(secretBox).toHaveText(/^df_live_[A-Za-z0-9_-]{43}$/);
    const secret = (await secretBox.textContent())!;
    await shot(page, "api-keys-secret-light");

    const calls = await page.request.get("/api/v1/calls", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(calls.status()).toBe(200);
    const records = await page.request.get("/api/v1/records", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(records.status()).toBe(403);
    const reference = await page.request.get("/api/v1/openapi.json");
    expect(((await reference.json()) as { openapi: string }).openapi).toBe("3.1.0");

    await dialog.getByTestId("api-key-done").click();
    await expect(secretBox).toHaveCount(0);
    // Shown once: a reload lists the key by its prefix only.
    await page.reload();
    await page.getByRole("button", { name: "Generate API Key" }).click();
    const row = page.getByRole("dialog").getByTestId("api-key-row").filter({ hasText: name });
    await expect(row).toContainText(secret.slice(0, 16));
    await expect(page.getByRole("dialog")).not.toContainText(secret);
    await expect(row).not.toContainText("Never");
    await shot(page, "api-keys-list-light");

    page.once("dialog", (d) => void d.accept());
    await row.getByTestId("api-key-revoke").click();
    await expect(row).toContainText("Revoked");
    const after = await page.request.get("/api/v1/calls", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(after.status()).toBe(401);

    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await page.getByRole("button", { name: "Generate API Key" }).click();
    await expect(page.getByRole("dialog").getByTestId("api-key-row").first()).toBeVisible();
    await shot(page, "api-keys-dark");
    await page.evaluate(() => localStorage.removeItem("theme"));

    await setLocale(page, "ar");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "إنشاء مفتاح API" }).click();
    await expect(page.getByRole("dialog").getByText("مفاتيح API").first()).toBeVisible();
    await shot(page, "api-keys-arabic");
    await setLocale(page, "en");
  });
});

test.describe("a rep", () => {
  test("sees no API keys control", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await login(page, e2eAccounts.colleague);
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Keyboard" })).toBeVisible();
    await expect(page.getByTestId("api-keys-open")).toHaveCount(0);
    await expect(page.getByTestId("webhooks-open")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Advanced" })).toHaveCount(0);
    await context.close();
  });
});
