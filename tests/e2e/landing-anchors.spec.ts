import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "./helpers";

test.describe("landing page", () => {
  test("header anchors scroll to their sections", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Page sections" }).first();
    for (const id of ["features", "benefits", "pricing", "faq"]) {
      await nav.locator(`a[href="#${id}"]`).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`section#${id}`)).toBeInViewport();
    }
    expect(errors).toEqual([]);
  });

  test("advertises the six features and links to /register and /login", async ({ page }) => {
    await page.goto("/");
    const features = page.locator("section#features li");
    await expect(features).toHaveCount(6);
    for (const name of [
      "Auto-advancing dialer",
      "Analytics",
      "Email verification",
      "Call recording and review",
      "Secure access",
      "Faster dialing",
    ]) {
      await expect(page.locator("section#features")).toContainText(name);
    }
    await expect(page.locator('header a[href="/register"]')).toBeVisible();
    await page.locator('header a[href="/login"]').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  });

  test("an unknown top-level path shows the landing page", async ({ page }) => {
    const res = await page.goto("/no-such-page/at-all");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/no-such-page\/at-all$/);
    await expect(page.locator("section#pricing")).toBeAttached();
  });
});
