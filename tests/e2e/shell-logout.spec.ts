import { expect, test } from "@playwright/test";
import { login } from "./helpers";

test("logout lands on /login, and /app then redirects to /login", async ({ page }) => {
  await login(page);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("auth.token"))).toBeNull();
  await page.goto("/app");
  await page.waitForURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});

test("the user menu offers Profile, Settings and Help", async ({ page }) => {
  await login(page);
  await page.getByRole("button", { name: "Account menu" }).click();
  for (const name of ["Profile", "Settings", "Help", "Logout"]) {
    await expect(page.getByRole("menuitem", { name })).toBeVisible();
  }
  await page.getByRole("menuitem", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/app\/help$/);
  await expect(page.locator("main")).toContainText("Logout");
});
