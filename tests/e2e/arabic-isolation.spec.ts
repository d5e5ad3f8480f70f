import { uniqueNumber } from "./calls-helpers";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";

// In Arabic every mixed run (a number and its unit, a date beside a user name, an
// identifier) is isolated and worded for the language, and Settings and Profile offer the same
// languages and themes: the interface's own.

test("the console's figures are isolated and worded in Arabic", async ({ operatorPage: page }) => {
  await page.goto("/api/health");
  await setLocale(page, "ar");
  await page.goto("/adminconsole/console");
  await expect(page.getByTestId("console-ping")).toHaveAttribute("data-state", "ok");
  const metrics = page.locator("#panel-metrics");
  // Memory in Arabic units, each figure with its unit in one isolated run.
  await expect(metrics.locator("dd bdi").filter({ hasText: "ميبيبايت" }).first()).toBeVisible();
  await expect(metrics).not.toContainText("MiB");
  // Durations in the language's units, not "23m 49s".
  await expect(metrics.locator("dd bdi").nth(1)).not.toHaveText(/\d+[dhms]\b/);
  // The kernel release is an identifier: isolated, left to right.
  const sysinfo = page.locator("#panel-sysinfo");
  await expect(sysinfo.locator('dd bdi[dir="ltr"]').first()).toBeVisible();
  // The disk's sentence is translated, not the server's English.
  const disk = page.locator("#panel-disk");
  await expect(disk).toContainText("متاحة من");
  await expect(disk).not.toContainText("free of");
});

test("the do-not-call list's Added cell keeps author and date apart in Arabic", async ({
  repPage: page,
  repSession,
}) => {
  const digits = uniqueNumber("303");
  const added = await page.request.post("/api/do-not-call", {
    headers: { Authorization: `Bearer ${repSession.token}` },
    data: { number: digits, note: "isolation" },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  await setLocale(page, "ar");
  await page.goto("/app/settings");
  const row = page.getByRole("row").filter({ hasText: digits.slice(-4) });
  const cell = row.getByTestId("dnc-added");
  await expect(cell.locator("bdi")).toHaveCount(2);
  await expect(cell.locator("bdi").first()).toHaveText(repSession.username);
  await expect(cell.locator("bdi time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
});

test("Settings and Profile offer the same languages and themes", async ({ repPage: page }) => {
  const lists = async (path: string, select: string) => {
    await page.goto(path);
    const language = page.locator(select);
    await expect(language).toBeEnabled();
    const themes = page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio");
    return {
      languages: await language
        .locator("option")
        .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent])),
      themes: await themes.evaluateAll((rs) => rs.map((r) => r.textContent)),
    };
  };
  const settings = await lists("/app/settings", "#settings-language");
  const profile = await lists("/app/profile", "#profile-language");
  expect(settings.languages.map(([v]) => v)).toEqual(["en", "ar", "de"]);
  expect(profile).toEqual(settings);
  expect(settings.themes).toEqual(["Dark", "Light", "System Default"]);
});
