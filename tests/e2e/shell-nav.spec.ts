import { collectConsoleErrors } from "./helpers";
import { expect, test } from "./fixtures";

test.describe("/app shell", () => {
  test.use({ signedInAs: "rep" });
  test.beforeEach(async ({ page }) => {
    await page.goto("/app");
    await expect(page.locator("h1")).toBeVisible();
  });

  test("sidebar highlights the active entry (Dashboard only on exact match)", async ({ page }) => {
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute("href", "/app");
    await sidebar.locator('a[href="/app/reports"]').click();
    await expect(page).toHaveURL(/\/app\/reports$/);
    await page.locator('main a[href="/app/reports/call-history"]').click();
    await expect(page).toHaveURL(/call-history$/);
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute("href", "/app/reports");
  });

  test("sidebar collapse survives a reload", async ({ page }) => {
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
    await page.getByTestId("sidebar-toggle").click();
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    await page.getByTestId("sidebar-toggle").click();
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
  });

  test("navbar search: disabled while empty, submits q and ts to Targets", async ({ page }) => {
    const box = page.getByRole("searchbox", { name: "Search businesses" });
    const submit = page.getByRole("search").getByRole("button", { name: "Search" });
    await expect(submit).toBeDisabled();
    await box.fill("   ");
    await expect(submit).toBeDisabled();
    await box.fill("  dentists austin ");
    await expect(submit).toBeEnabled();
    const before = Date.now();
    await submit.click();
    await page.waitForURL(/\/app\/targets\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("dentists austin");
    expect(Number(url.searchParams.get("ts"))).toBeGreaterThanOrEqual(before);
    // Prefilled from q after the navigation (and after a reload).
    await page.reload();
    await expect(box).toHaveValue("dentists austin");
  });

  test("an unknown path under /app shows the dashboard", async ({ page }) => {
    await page.goto("/app/this/does/not/exist");
    await expect(page).toHaveURL(/\/app\/this\/does\/not\/exist$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The team's reps from its records: the signed-in rep is one of them.
    await expect(
      page.locator('[data-testid="agent-cards"] li[data-agent="e2e.rep"]'),
    ).toBeVisible();
  });

  test("every route of the spec renders inside the shell, without console errors", async ({
    page,
  }) => {
    test.slow(); // twelve pages, each a full navigation
    const errors = collectConsoleErrors(page);
    const routes: [string, string][] = [
      ["/app/reports", "Reports"],
      ["/app/reports/call-history", "Call History"],
      ["/app/reports/call-reports", "Call Reports"],
      ["/app/reports/sales-history", "Sales History"],
      ["/app/targets", "Targets"],
      ["/app/analytics", "Analytics"],
      ["/app/settings", "Settings"],
      ["/app/profile", "Profile"],
      ["/app/help", "Help"],
      ["/app/missed-calls", "Missed Calls"],
      ["/app/callbacks", "Callbacks"],
      ["/app/call-log", "Call Log"],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByTestId("sidebar")).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test("dashboard shows KPIs in USD without decimals", async ({ page }) => {
    for (const kpi of ["revenueToday", "netIncomeEst", "mrrDerived", "avgDealSize"]) {
      await expect(page.getByTestId(`kpi-${kpi}`).getByTestId("kpi-value")).toHaveText(
        /^\$\d{1,3}(,\d{3})*$/,
      );
    }
    // Relative sale times from recorded sales: tests/e2e/analytics.spec.ts records one.
    await expect(page.getByTestId("sales-events")).toBeVisible();
  });
});
