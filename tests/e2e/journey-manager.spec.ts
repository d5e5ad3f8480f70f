// A manager's day, screen to screen: the dashboard, Analytics (found from the sidebar), the
// reports with a call found, the team's settings with a dialog open, Targets with results and a
// business's drawer; by link, by keyboard, from the account menu and on the phone's menu. Each
// move checks that the new screen rendered.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./helpers";
import {
  expectResults,
  expectScreen,
  go,
  goHomeByBreadcrumb,
  goToSettings,
  screen,
  searchFromTopBar,
  sidebarScreens,
} from "./journey";
import { configurePlacesPeer } from "./places-peer-control";

// The e2e rep is the organization's first member: its manager.
test.use({ signedInAs: "rep" });

const run = Date.now().toString(36);

test.beforeAll(async () => {
  await configurePlacesPeer({ reset: true });
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test("from the dashboard through analytics, reports and the team to Targets and back", async ({
    page,
  }) => {
    test.slow();
    const errors = collectConsoleErrors(page);
    await page.goto("/app");
    await expectScreen(page, screen("/app"));

    // Analytics is in the sidebar, and the figures load before the manager moves on.
    await go(page, screen("/app/analytics"), "link");
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await go(page, screen("/app/reports"), "keyboard");

    // A call searched for in Call History, then the other reports, then away.
    await page
      .getByRole("main")
      .getByRole("link", { name: /Call History/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Call History" })).toBeVisible();
    const box = page.getByRole("main").getByRole("searchbox").first();
    await box.fill("Nobody Here");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await go(page, screen("/app/call-log"), "link");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Call History" })).toBeVisible();
    await goHomeByBreadcrumb(page);

    // The team's settings with Manage Roles open, then away by the sidebar.
    await goToSettings(page);
    await page.getByRole("button", { name: "Manage Roles" }).click();
    const roles = page.getByRole("dialog");
    await expect(roles.getByTestId("team-member").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(roles).toBeHidden();
    await go(page, screen("/app/missed-calls"), "keyboard");

    // Targets with results and a drawer open: every screen is still one click away.
    await go(page, screen("/app/targets"), "link");
    await searchFromTopBar(page, `plumbers in Austin, ${run}-manager`);
    await page.getByTestId("target-row").first().getByTestId("target-name").click();
    await expect(page.getByRole("dialog").first()).toBeVisible();
    for (const target of sidebarScreens.filter((s) => s.path !== "/app/targets")) {
      await go(page, target, "link");
      await page.goBack();
      await expectResults(page);
    }
    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("from analytics and from search results, the menu leads to every screen", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/app/analytics");
    await expectScreen(page, screen("/app/analytics"));
    for (const target of sidebarScreens) {
      if (target.path === "/app/analytics") continue;
      await go(page, target, "menu");
      await go(page, screen("/app/analytics"), "menu");
    }
    await page.goto(
      `/app/targets?q=${encodeURIComponent(`plumbers in Austin, ${run}-phone`)}&ts=1`,
    );
    await expectResults(page);
    await go(page, screen("/app/callbacks"), "menu");
  });
});
