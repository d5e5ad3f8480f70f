import { e2eAccounts } from "./accounts";
import { uniqueNumber } from "./calls-helpers";
import { expect, test } from "./fixtures";
import { login } from "./helpers";

test.describe("settings: language and theme", () => {
  test.use({ signedInAs: "rep", timezoneId: "America/Chicago" });
  test.beforeEach(async ({ page }) => {
    await page.goto("/app/settings");
    // A theme radio is checked only once the settings form has hydrated (next-themes is client-only);
    // a change made before that would be lost.
    const theme = page.getByRole("radiogroup", { name: "Theme" });
    await expect(theme.getByRole("radio", { checked: true })).toHaveCount(1);
  });

  test("Arabic switches the interface to right-to-left with translated labels", async ({
    page,
  }) => {
    await page.locator("#settings-language").selectOption("ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الإعدادات");
    await expect(page.getByTestId("sidebar").locator('a[href="/app"]')).toContainText(
      "لوحة التحكم",
    );
    // Persists: a fresh load still renders Arabic on the server.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "عام" })).toBeVisible();
  });

  test("German translates the labels and stays left-to-right", async ({ page }) => {
    await page.locator("#settings-language").selectOption("de");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einstellungen");
    for (const label of [
      "Allgemein",
      "Benachrichtigungen",
      "Konto",
      "Daten & Datenschutz",
      "Arbeitsbereich",
      "Erweitert",
    ]) {
      await expect(page.getByRole("heading", { name: label })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Änderungen speichern" })).toBeVisible();
  });

  test("dark theme applies at once and survives a reload without a light flash", async ({
    page,
  }) => {
    await page.getByText("Dark", { exact: true }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // Record the <html> class on the first animation frame that has any of the page to show
    // (its skip link, the first thing the shell renders), i.e. before the page's first paint
    // and long before hydration. (The very first frame can come while the parser is still in
    // <head>, before next-themes' script at the top of <body> has run: an empty document.)
    await page.addInitScript(() => {
      const record = () => {
        if (!document.querySelector('a[href="#content"]')) return requestAnimationFrame(record);
        (window as { __firstFrameClass?: string }).__firstFrameClass =
          document.documentElement.className;
      };
      requestAnimationFrame(record);
    });
    await page.reload();
    type Recorded = { __firstFrameClass?: string };
    await page.waitForFunction(() => (window as Recorded).__firstFrameClass !== undefined);
    const first = await page.evaluate(() => (window as Recorded).__firstFrameClass);
    expect(first).toMatch(/\bdark\b/);
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  test("all the named buttons are present", async ({ page }) => {
    for (const name of [
      "Change Password",
      "Enable 2FA",
      "Export Data",
      "Clear Preferences",
      "Invite Members",
      "Manage Roles",
      "Generate API Key",
      "Webhook Settings",
      "Save Changes",
    ]) {
      await expect(page.getByRole("button", { name })).toBeVisible();
    }
    // Those with nothing behind them yet are disabled and say so.
    for (const name of ["Change Password", "Export Data", "Clear Preferences"]) {
      await expect(page.getByRole("button", { name })).toBeEnabled();
    }
    // Enable 2FA is real now: tests/e2e/two-factor.spec.ts drives it, and so are
    // Invite Members and Manage Roles for this manager: tests/e2e/team.spec.ts.
    await expect(page.getByRole("button", { name: "Enable 2FA" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Manage Roles" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Invite Members" })).toBeEnabled();
    // And Generate API Key and Webhook Settings: tests/e2e/api-keys.spec.ts and
    // tests/e2e/webhooks.spec.ts.
    for (const name of ["Generate API Key", "Webhook Settings"]) {
      await expect(page.getByRole("button", { name })).toBeEnabled();
    }
    await expect(page.getByTestId("coming-soon")).toHaveCount(0);
    // Automatic (the browser's zone), the spec's four offsets, then every IANA zone.
    const options = page.getByTestId("settings-tz").locator("option");
    await expect(options.nth(0)).toHaveText(/^Automatic \(.+\)$/);
    await expect(options.nth(1)).toHaveText("UTC");
    await expect(options.nth(2)).toHaveText("UTC+2");
    await expect(options.nth(3)).toHaveText("UTC+3");
    await expect(options.nth(4)).toHaveText("UTC+4");
    await expect(page.getByTestId("settings-tz").locator('option[value="Asia/Tokyo"]')).toHaveText(
      "Asia/Tokyo",
    );
  });

  test("times follow the chosen time zone, the browser's by default", async ({
    page,
    repSession,
  }) => {
    // A call a minute ago: the Call Log shows its time in the zone the rep reads times in.
    const id = crypto.randomUUID();
    const startedAt = new Date(Date.now() - 60_000);
    const res = await page.request.put(`/api/calls/${id}`, {
      headers: { authorization: `Bearer ${repSession.token}` },
      data: { dialedDigits: "5125550177", startedAt: startedAt.toISOString() },
    });
    expect(res.status()).toBe(201);
    const shown = (timeZone: string) =>
      new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
        startedAt,
      );
    const row = page.locator(`[data-testid="call-log-row"][data-call-id="${id}"]`);

    await page.goto("/app/call-log");
    await expect(row.locator("time").first()).toHaveText(shown("America/Chicago"));

    await page.goto("/app/settings");
    await expect(page.getByTestId("settings-tz")).toBeEnabled();
    await page.getByTestId("settings-tz").selectOption("Asia/Tokyo");
    await page.goto("/app/call-log");
    await expect(row.locator("time").first()).toHaveText(shown("Asia/Tokyo"));

    // Back to automatic.
    await page.goto("/app/settings");
    await page.getByTestId("settings-tz").selectOption("");
    await page.goto("/app/call-log");
    await expect(row.locator("time").first()).toHaveText(shown("America/Chicago"));
  });
});

test.describe("settings: notifications", () => {
  test.use({ signedInAs: "rep" });

  test("Save Changes keeps Push across a reload once the browser allows notifications", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await page.goto("/app/settings");
    const push = page.getByRole("checkbox", { name: "Push" });
    await expect(push).toBeChecked();
    await push.click();
    await expect(push).not.toBeChecked();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await expect(push).not.toBeChecked();
    await push.click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await expect(push).toBeChecked();
  });

  test("Push is not shown as on when the browser blocks notifications, and saving says why", async ({
    page,
  }) => {
    // Headless Chromium answers a permission request with "denied" unless it was granted.
    await page.goto("/app/settings");
    const push = page.getByRole("checkbox", { name: "Push" });
    await expect(push).not.toBeChecked();
    await push.click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "blocks notifications" })).toBeVisible();
    await expect(push).not.toBeChecked();
  });
});

test.describe("settings: the do-not-call list's notes", () => {
  test("a rep sees a listed number but not its note; the manager sees both", async ({
    browser,
    repPage,
    repSession,
  }) => {
    // The e2e rep is its team's manager; the colleague is a rep of the same team.
    const digits = uniqueNumber("720");
    const added = await repPage.request.post("/api/do-not-call", {
      headers: { Authorization: `Bearer ${repSession.token}` },
      data: { number: digits, note: "asked in anger, manager only" },
    });
    expect(added.status(), await added.text()).toBe(201);
    await repPage.goto("/app/settings");
    const managerRow = repPage.getByRole("row").filter({ hasText: `+1${digits}` });
    await expect(managerRow).toContainText("asked in anger, manager only");
    await expect(repPage.getByRole("columnheader", { name: "Note" })).toBeVisible();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      await login(page, e2eAccounts.colleague);
      await page.goto("/app/settings");
      const row = page.getByRole("row").filter({ hasText: `+1${digits}` });
      await expect(row).toBeVisible();
      await expect(row).not.toContainText("asked in anger");
      await expect(page.getByRole("columnheader", { name: "Phone number" })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Note" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
