// Settings' Webhook Settings. The e2e rep is its organization's manager: it registers
// an https endpoint, sees the whsec_ signing secret once, records a call, and finds the
// delivery in the endpoint's log (this machine has no internet, so the attempt fails and waits
// for its retry: the log says why) with Replay. Light, dark and Arabic.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createCall } from "./calls-helpers";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

test.describe("a manager's webhooks", () => {
  test.use({ signedInAs: "rep" });

  test("register → secret once → a call's delivery in the log → replay", async ({
    page,
    repSession,
  }) => {
    const url = `https://crm-${Date.now()}.invalid/dialflow`;
    await page.goto("/app/settings");
    await page.getByRole("button", { name: "Webhook Settings" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Endpoint URL").fill(url);
    await dialog.getByRole("checkbox", { name: "Outcome set" }).click();
    await dialog.getByTestId("webhook-register").click();
    await expect(dialog.getByTestId("webhook-secret")).toHaveText(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await shot(page, "webhooks-secret-light");
    await dialog.getByTestId("webhook-done").click();
    await expect(dialog.getByTestId("webhook-secret")).toHaveCount(0);
    const endpoint = dialog.locator(`[data-testid="webhook-endpoint"][data-url="${url}"]`);
    await expect(endpoint).toContainText("Active");
    await expect(endpoint).toContainText("Call completed");

    await createCall(page.request, repSession.token, { digits: "+15125550123" });
    await endpoint.getByRole("button", { name: "Deliveries" }).click();
    // The server's drain runs every few seconds: the attempt fails (no such host) and is kept
    // for its retry; the open log refreshes while a delivery is pending.
    await expect(endpoint.getByTestId("webhook-delivery").first()).toContainText(
      "does not resolve",
      { timeout: 30_000 },
    );
    await shot(page, "webhooks-log-light");
    await endpoint
      .getByTestId("webhook-delivery")
      .first()
      .getByRole("button", { name: "Replay" })
      .click();
    await expect(page.getByText("Queued to send again")).toBeVisible();

    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await page.getByRole("button", { name: "Webhook Settings" }).click();
    await expect(page.getByRole("dialog").getByTestId("webhook-endpoint").first()).toBeVisible();
    await shot(page, "webhooks-dark");
    await page.evaluate(() => localStorage.removeItem("theme"));
    await page.emulateMedia({ colorScheme: "light" });

    await setLocale(page, "ar");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "إعدادات Webhook" }).click();
    await expect(page.getByRole("dialog").getByTestId("webhook-endpoint").first()).toBeVisible();
    await shot(page, "webhooks-arabic");
    await setLocale(page, "en");

    // Delete: the endpoint and its log go.
    await page.reload();
    await page.getByRole("button", { name: "Webhook Settings" }).click();
    page.once("dialog", (d) => void d.accept());
    await page
      .getByRole("dialog")
      .locator(`[data-testid="webhook-endpoint"][data-url="${url}"]`)
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(
      page.getByRole("dialog").locator(`[data-testid="webhook-endpoint"][data-url="${url}"]`),
    ).toHaveCount(0);
  });
});
