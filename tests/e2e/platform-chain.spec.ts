import { expect, test } from "@playwright/test";
import { e2eAccounts } from "./accounts";

// The whole chain on the production build: proxy gate, login API, cookie, server-side check.
test.describe("session chain", () => {
  test("a protected page redirects to /login, renders after login, and not after the session is revoked", async ({
    page,
    request,
  }) => {
    await page.goto("/app/reports");
    await expect(page).toHaveURL(/\/login$/);

    const res = await page.request.post("/api/auth/login", { data: e2eAccounts.rep });
    expect(res.status()).toBe(200);
    const { token } = (await res.json()) as { token: string };
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem("auth.token", t);
        localStorage.setItem("auth.user", u);
      },
      [token, e2eAccounts.rep.username],
    );
    await page.goto("/app/reports");
    await expect(page).toHaveURL(/\/app\/reports$/);
    await expect(page.locator("h1")).toBeVisible();

    // Revoke the session with another client: the browser's cookie is still there, but dead.
    // The open page would notice at its next query and go to /login by itself, which
    // can abort the navigation below: leave it first, so only the server's check is tested.
    await page.goto("about:blank");
    const out = await request.post("/api/auth/logout", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status()).toBe(200);
    await page.goto("/app/reports");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the x-middleware-subrequest header does not skip the gate", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" });
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login$/);
  });
});
