import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./helpers";
import { systemctlCalls } from "./ops-fixture";

// The operator console against the e2e server's stand-ins: a systemctl stub that
// records its argv, two log files and a stub build (tests/e2e/server.mjs, E2E_OPS_DIR).

// Screenshots for review go to E2E_SHOTS_DIR, by default the git-ignored screenshots/ folder.
const shotsDir = process.env.E2E_SHOTS_DIR || "screenshots";
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

async function signIn(page: Page, password: string = e2eAccounts.operator.password) {
  await page.goto("/adminconsole");
  await page.getByLabel("Username").fill(e2eAccounts.operator.username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const panel = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("admin login", () => {
  test("signs in, keeps the token in session storage and opens the console", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await signIn(page);
    await expect(page.getByTestId("admin-login-message")).toHaveText(
      "Signed in. Opening the console…",
    );
    await page.waitForURL(/\/adminconsole\/console$/);
    await expect(page.getByTestId("console-ping")).toHaveText("Token valid");
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    expect(stored).toContain("admin.token");
    expect(await page.evaluate(() => localStorage.getItem("admin.token"))).toBeNull();
    expect(errors).toEqual([]);
  });

  test("shows the server's error for a wrong password and asks for both fields", async ({
    page,
  }) => {
    await page.goto("/adminconsole");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("admin-login-message")).toHaveText(
      "Username and password are required.",
    );
    await signIn(page, "not-the-password");
    await expect(page.getByTestId("admin-login-message")).toHaveText("Invalid credentials");
    await expect(page).toHaveURL(/\/adminconsole$/);
    expect(await page.evaluate(() => sessionStorage.getItem("admin.token"))).toBeNull();
  });

  test("says No token in response when the answer has no token", async ({ page }) => {
    await page.route("**/api/admin/login", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
    );
    await signIn(page);
    await expect(page.getByTestId("admin-login-message")).toHaveText("No token in response");
    await expect(page).toHaveURL(/\/adminconsole$/);
  });

  test("says Login failed when the server gives no error text", async ({ page }) => {
    await page.route("**/api/admin/login", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
    );
    await signIn(page);
    await expect(page.getByTestId("admin-login-message")).toHaveText("Login failed");
  });
});

test("the console without a token says so and goes back to the login", async ({
  browser,
  baseURL,
  operatorSession,
}) => {
  // The operator cookie lets the page through the proxy, but this tab has no console token.
  const context = await browser.newContext({ baseURL, storageState: operatorSession.storageState });
  const page = await context.newPage();
  await page.goto("/adminconsole/console");
  await expect(page.getByTestId("console-no-token")).toHaveText("No admin token present.");
  await page.waitForURL(/\/adminconsole$/);
  await context.close();
});

test("a token the server refuses reads Token invalid or expired.", async ({ operatorPage }) => {
  await operatorPage.route("**/api/admin/ping", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: '{"error":"Unauthorized"}',
    }),
  );
  await operatorPage.goto("/adminconsole/console");
  await expect(operatorPage.getByTestId("console-ping")).toHaveText("Token invalid or expired.");
  await operatorPage.unroute("**/api/admin/ping");
  await operatorPage.route("**/api/admin/ping", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await operatorPage.reload();
  await expect(operatorPage.getByTestId("console-ping")).toHaveText("Unexpected response 500");
});

test.describe("console panels", () => {
  test("every panel is filled", async ({ operatorPage: page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/adminconsole/console");
    await expect(page.getByTestId("console-ping")).toHaveText("Token valid");

    const services = panel(page, "Service Controls");
    await expect(services.getByText("Actions are limited to allow-listed units.")).toBeVisible();
    const apache = page.getByTestId("service-row-apache");
    await expect(apache.getByTestId("service-state")).toHaveText("active");
    await expect(apache.getByRole("button", { name: "Stop apache", exact: true })).toBeVisible();
    await expect(apache.getByRole("button", { name: "Restart apache", exact: true })).toBeVisible();
    const auth = page.getByTestId("service-row-auth");
    await expect(auth.getByTestId("service-state")).toHaveText("inactive");
    await expect(auth.getByRole("button", { name: "Start auth", exact: true })).toBeVisible();

    await expect(page.getByTestId("logs-viewer")).toContainText(
      "[error] e2e apache error line 0600",
    );
    await expect(panel(page, "Metrics").getByText("Process ID")).toBeVisible();
    await expect(
      panel(page, "Metrics")
        .getByText(/\d+(\.\d)? (MiB|GiB)/)
        .first(),
    ).toBeVisible();
    await expect(
      panel(page, "Disk")
        .getByText(/free of/)
        .first(),
    ).toBeVisible();
    await expect(panel(page, "System Info").getByText("Host name")).toBeVisible();
    await expect(panel(page, "DB Summary").getByText("Operators")).toBeVisible();
    await expect(panel(page, "Version & Env").getByText("e2e0000")).toBeVisible();
    const envRows = page.getByTestId("env-table").locator("tbody tr");
    await expect(envRows.first()).toBeVisible();
    expect(await envRows.count()).toBeLessThanOrEqual(19);
    await expect(page.getByTestId("audit-viewer")).toContainText("admin.login");
    await expect(
      panel(page, "Build & Deploy").getByRole("button", { name: "Build & Deploy", exact: true }),
    ).toBeEnabled();

    // Usable on a laptop screen: nothing wider than the window.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  test("restarts an allow-listed service through systemctl and refreshes its state", async ({
    operatorPage: page,
  }) => {
    await page.goto("/adminconsole/console");
    const auth = page.getByTestId("service-row-auth");
    await expect(auth.getByTestId("service-state")).toHaveText(/active|inactive/);
    const before = systemctlCalls().length;
    const restart = page
      .getByTestId("service-row-apache")
      .getByRole("button", { name: "Restart apache", exact: true });
    // Each action asks first: Cancel runs nothing and gives focus back.
    await restart.click();
    const confirm = page.getByRole("dialog", { name: "Restart apache?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(restart).toBeFocused();
    expect(systemctlCalls().slice(before)).not.toContainEqual(expect.arrayContaining(["restart"]));
    await restart.click();
    await page.getByTestId("service-confirm").click();
    await expect(panel(page, "Service Controls").getByText("Restart apache: done")).toBeVisible();
    expect(systemctlCalls().slice(before)).toContainEqual([
      "--no-ask-password",
      "restart",
      "--",
      "apache2.service",
    ]);

    // Start: the row turns active after the 1.2 s refresh and offers Stop instead.
    if ((await auth.getByTestId("service-state").textContent()) === "active") {
      await auth.getByRole("button", { name: "Stop auth", exact: true }).click();
      await page.getByTestId("service-confirm").click();
      await expect(auth.getByTestId("service-state")).toHaveText("inactive");
    }
    await auth.getByRole("button", { name: "Start auth", exact: true }).click();
    await page.getByTestId("service-confirm").click();
    await expect(auth.getByTestId("service-state")).toHaveText("active");
    await expect(auth.getByRole("button", { name: "Stop auth", exact: true })).toBeVisible();
    await expect(page.getByTestId("audit-viewer")).toContainText("ops.service.restart");
  });

  test("a failed action reads as a sentence with systemd's text behind a disclosure; a server without the Apache log opens on the audit", async ({
    operatorPage: page,
  }) => {
    const raw =
      "Job for apache2.service failed because the control process exited with error code.";
    await page.route("**/api/admin/ops/service-action", (route) =>
      route.fulfill({ json: { ok: false, detail: raw } }),
    );
    await page.route("**/api/admin/ops/logs?*target=apache_error*", (route) =>
      route.fulfill({
        json: { ok: true, log: "", missing: true, target: "apache_error", lines: 200 },
      }),
    );
    await page.goto("/adminconsole/console");
    // No Apache error log here: the panel opens on the sign-in audit, which always exists.
    await expect(page.getByRole("combobox", { name: "Log" })).toHaveText(/Sign-in audit/);
    await expect(page.getByTestId("logs-viewer")).toContainText("admin.login");
    // Chosen by hand, the missing log is a calm sentence, not an error.
    await page.getByRole("combobox", { name: "Log" }).click();
    await page.getByRole("option", { name: "Apache error log" }).click();
    await expect(page.getByTestId("logs-viewer")).toContainText(
      "there is no such file on this server yet",
    );
    await expect(panel(page, "Logs").getByRole("alert")).toHaveCount(0);

    await page
      .getByTestId("service-row-apache")
      .getByRole("button", { name: "Restart apache", exact: true })
      .click();
    await page.getByTestId("service-confirm").click();
    const services = panel(page, "Service Controls");
    await expect(services.getByRole("alert")).toHaveText(
      "Restart apache did not succeed. The service may need attention on the server.",
    );
    const details = page.getByTestId("service-failure-details");
    await expect(details.getByText(raw)).toBeHidden();
    await details.getByText("Show what the server said").click();
    await expect(details.getByText(raw)).toBeVisible();
  });

  test("the log viewer switches target and line count", async ({ operatorPage: page }) => {
    await page.goto("/adminconsole/console");
    const viewer = page.getByTestId("logs-viewer");
    await expect(viewer).toContainText("apache error line 0600");
    await expect(viewer).toContainText("apache error line 0401");
    await expect(viewer).not.toContainText("apache error line 0400");

    await page.getByRole("combobox", { name: "Log" }).click();
    await page.getByRole("option", { name: "Apache access log" }).click();
    await expect(viewer).toContainText("access line 0600");

    await page.getByRole("combobox", { name: "Lines" }).click();
    await page.getByRole("option", { name: "100 lines" }).click();
    await expect(viewer).toContainText("access line 0501");
    await expect(viewer).not.toContainText("access line 0500");
    expect((await viewer.textContent())!.trim().split("\n")).toHaveLength(100);

    await page.getByRole("combobox", { name: "Log" }).click();
    await page.getByRole("option", { name: "Sign-in audit" }).click();
    await expect(viewer).toContainText("admin.login");

    // Audit trail: 120 lines, a button for 250.
    await page.getByRole("button", { name: "Show 250 lines" }).click();
    await expect(page.getByRole("button", { name: "Show 120 lines" })).toBeVisible();
  });

  test("backup, checkpoint and cache clear report their results", async ({
    operatorPage: page,
  }) => {
    await page.goto("/adminconsole/console");
    const db = panel(page, "DB Summary");
    await db.getByRole("button", { name: "Checkpoint", exact: true }).click();
    await expect(db.getByText(/Checkpoint done in/)).toBeVisible();
    await db.getByRole("button", { name: "Backup", exact: true }).click();
    await expect(db.getByText(/Backup written: dialflow-pglite-.*\.tar\.gz/)).toBeVisible({
      timeout: 30_000,
    });
    await db.getByRole("button", { name: "Clear Cache" }).click();
    await expect(db.getByText(/Cache cleared:/)).toBeVisible();
  });

  test("build & deploy shows its phase, elapsed time and output, then the built files", async ({
    operatorPage: page,
  }) => {
    await page.goto("/adminconsole/console");
    const build = panel(page, "Build & Deploy");
    await build.getByRole("button", { name: "Build & Deploy", exact: true }).click();
    // Disabled from the click (the request is pending) until the run ends, 2.5 s later (the
    // stub build): checked first, while that is certain even on a loaded machine.
    await expect(build.getByRole("button", { name: "Build & Deploy", exact: true })).toBeDisabled();
    await expect(page.getByTestId("build-phase")).toHaveAttribute("data-phase", /build|deploy/);
    await expect(page.getByTestId("build-lines")).toContainText(
      "Creating an optimized production build",
    );
    await expect(build.getByText("Elapsed")).toBeVisible();
    await expect(page.getByTestId("build-phase")).toHaveAttribute("data-phase", "done", {
      timeout: 30_000,
    });
    await expect(build.getByText(/Build & deploy finished in/)).toBeVisible();
    await expect(page.getByTestId("build-assets")).toContainText("static/chunks/app.js");
    await expect(page.getByTestId("build-assets")).toContainText("1.2 KiB");
  });
});

test("an operator creates an organization in the Organizations panel", async ({
  operatorPage: page,
}) => {
  await page.goto("/adminconsole/console");
  const orgs = panel(page, "Organizations");
  await expect(orgs.getByTestId("organization-row").first()).toBeVisible();
  const name = `E2E Team ${Date.now()}`;
  await orgs.getByLabel("New organization's name").fill(name);
  await orgs.getByRole("button", { name: "Create" }).click();
  await expect(orgs.getByRole("status")).toHaveText(`Organization ${name} created.`);
  await expect(orgs.getByTestId("organization-row").filter({ hasText: name })).toContainText("0");
  // The invite form turns to the new team (no manager yet), in the console's one dropdown style.
  const inviteFor = orgs.getByTestId("invite-organization");
  await expect(inviteFor.locator("option:checked")).toHaveText(name);
  expect(await inviteFor.evaluate((el) => el.tagName)).toBe("SELECT");
  // A taken name is the server's conflict, shown in the panel.
  await orgs.getByLabel("New organization's name").fill(name);
  await orgs.getByRole("button", { name: "Create" }).click();
  await expect(orgs.getByRole("alert")).toContainText("already exists");
  await orgs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shotsDir, "console-organizations.png") });
});

test("sign-out forgets the token and ends the session", async ({ page }) => {
  await signIn(page);
  await page.waitForURL(/\/adminconsole\/console$/);
  await expect(page.getByTestId("console-ping")).toHaveText("Token valid");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/adminconsole$/);
  expect(await page.evaluate(() => sessionStorage.getItem("admin.token"))).toBeNull();
  // The server ended the session and cleared the cookie: the console is closed.
  await page.goto("/adminconsole/console");
  await expect(page).toHaveURL(/\/adminconsole$/);
});

test("screenshots of the login and the console, light and dark", async ({
  browser,
  baseURL,
  operatorSession,
}) => {
  for (const scheme of ["light", "dark"] as const) {
    const context = await browser.newContext({
      baseURL,
      colorScheme: scheme,
      viewport: { width: 1440, height: 900 },
      storageState: operatorSession.storageState,
    });
    await context.addInitScript(
      (token) => sessionStorage.setItem("admin.token", token),
      operatorSession.token,
    );
    const page = await context.newPage();
    await page.goto("/adminconsole");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await shot(page, `admin-login-${scheme}`);
    await page.goto("/adminconsole/console");
    await expect(page.getByTestId("logs-viewer")).toContainText("line 0600");
    await expect(panel(page, "DB Summary").getByText("Operators")).toBeVisible();
    await shot(page, `admin-console-${scheme}`);
    await context.close();
  }
});
