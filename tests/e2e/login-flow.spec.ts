import { expect, test } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { login } from "./helpers";

test.describe("sign-in screen", () => {
  test("wrong password shows Invalid credentials and refocuses the password", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await page.locator("#username").fill(`  ${e2eAccounts.rep.username}  `);
    await page.locator("#password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.locator("#login-error")).toContainText("Invalid credentials");
    await expect(page.locator("#password")).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("Show/Hide toggles the password's visibility", async ({ page }) => {
    await page.goto("/register");
    const pw = page.locator("#password");
    await pw.fill("secret");
    await expect(pw).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(pw).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(pw).toHaveAttribute("type", "password");
  });

  test("a throttled login says when to retry", async ({ page }) => {
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        status: 429,
        headers: { "Retry-After": "42" },
        contentType: "application/json",
        body: '{"error":"Too many attempts"}',
      }),
    );
    await page.goto("/login");
    await page.locator("#username").fill("someone");
    await page.locator("#password").fill("whatever-pass");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.locator("#login-error")).toContainText("42 seconds");
    await expect(page.locator("#password")).toBeFocused();
  });

  test("success stores the session and reaches the dashboard; /login then redirects away", async ({
    page,
  }) => {
    await login(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const stored = await page.evaluate(() => [
      localStorage.getItem("auth.token"),
      localStorage.getItem("auth.user"),
    ]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBe(e2eAccounts.rep.username);
    await page.goto("/login");
    await page.waitForURL(/\/app$/);
    await page.goto("/");
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("a stored token the server no longer accepts ends on the sign-in screen, not in a redirect loop", async ({
    page,
  }) => {
    // Plant the stale session from a page without app code, so no screen reacts before "/".
    await page.goto("/api/health");
    await page.evaluate(() => {
      localStorage.setItem("auth.token", "stale-token");
      localStorage.setItem("auth.user", "ghost");
    });
    await page.goto("/");
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth.token"))).toBeNull();
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  });

  test("a valid cookie without a stored token ends the session and lands on sign-in, not in a loop", async ({
    page,
  }) => {
    await login(page);
    const token = await page.evaluate(() => localStorage.getItem("auth.token"));
    await page.evaluate(() => localStorage.clear());
    await page.goto("/app");
    await page.waitForURL(/\/login$/);
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    // The session behind the cookie was revoked on the way out.
    const profile = await page.request.get("/api/auth/profile", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(401);
  });
});
