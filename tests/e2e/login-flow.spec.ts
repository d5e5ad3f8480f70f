import { expect, test, type Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { login } from "./helpers";

/** Counts how often the tab lands on /login (a redirect loop lands there again and again). */
function countArrivalsAtLogin(page: Page) {
  const arrivals = { count: 0 };
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === "/login") arrivals.count++;
  });
  return arrivals;
}

/**
 * No fixed sleep: wait until the sign-in form is hydrated (Login enabled) and the network is
 * quiet, i.e. every redirect the app could start has had its chance; then it must still be
 * on /login, having arrived there once.
 */
async function expectToStayOnLogin(page: Page, arrivals: { count: number }, most = 1) {
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/login$/);
  expect(arrivals.count).toBeGreaterThanOrEqual(1);
  expect(arrivals.count).toBeLessThanOrEqual(most);
}

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
    const arrivals = countArrivalsAtLogin(page);
    await page.goto("/");
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth.token"))).toBeNull();
    await expectToStayOnLogin(page, arrivals);
  });

  test("a valid cookie without a stored token ends the session and lands on sign-in, not in a loop", async ({
    page,
  }) => {
    await login(page);
    const token = await page.evaluate(() => localStorage.getItem("auth.token"));
    // Off the app first (a page of the same origin without its scripts): an open /app whose token
    // disappears signs out by itself on its next call, and that navigation raced the one below
    // (net::ERR_ABORTED in a sharded run).
    await page.goto("/api/health");
    await page.evaluate(() => localStorage.clear());
    const arrivals = countArrivalsAtLogin(page);
    // The shell leaves /app for /login with a full load at once, before /app's own load event.
    await page.goto("/app", { waitUntil: "commit" });
    await page.waitForURL(/\/login$/);
    // Known glitch (closing note): since the public pages have their own root layout, this path
    // arrives at /login twice (sign-out's full load and /app's redirect of the revoked cookie);
    // it must settle there, never loop.
    await expectToStayOnLogin(page, arrivals, 2);
    // The session behind the cookie was revoked on the way out.
    const profile = await page.request.get("/api/auth/profile", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(401);
  });
});
