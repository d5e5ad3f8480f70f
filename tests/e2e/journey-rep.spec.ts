// A rep's day, screen to screen, in the states the day leaves behind: results shown, a drawer
// open, a call ringing and live, an outcome pending, a power-dial session running and paused,
// offline and back, after a reload; by link, by keyboard and on the phone's menu. Each move
// checks that the new screen rendered. (Before these specs, no test walked away from a search,
// and after one every link of the app stopped working.)
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, login } from "./helpers";
import {
  expectResults,
  expectScreen,
  go,
  goHomeByBreadcrumb,
  goToSettings,
  screen,
  searchFromTopBar,
  sidebarScreens,
  type Way,
} from "./journey";
import { configurePlacesPeer } from "./places-peer-control";

// A query of this run only: the server's details cache is shared by every spec.
const run = Date.now().toString(36);
const query = `dentists in Austin, ${run}-journey`;

test.beforeAll(async () => {
  await configurePlacesPeer({ reset: true });
});

/** The latest weekday 16:00 UTC (10:00 in Austin, inside the peer's 8-17 hours) before now. */
function openTime(): number {
  const d = new Date();
  d.setUTCHours(16, 0, 0, 0);
  while (d.getTime() > Date.now() || d.getUTCDay() === 0 || d.getUTCDay() === 6)
    d.setUTCDate(d.getUTCDate() - 1);
  return d.getTime();
}

/** Signs the team's second rep in (not the manager): a rep's day is a rep's. */
async function startDay(page: Page) {
  await login(page, e2eAccounts.colleague);
  await expectScreen(page, screen("/app"));
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test("with search results on screen, every link leads to its screen", async ({ page }) => {
    test.slow();
    const errors = collectConsoleErrors(page);
    await startDay(page);
    await go(page, screen("/app/targets"), "link");
    await searchFromTopBar(page, query);

    // To each other screen and back to the results, alternating link and keyboard.
    const ways: Way[] = ["link", "keyboard"];
    const others = sidebarScreens.filter((s) => s.path !== "/app/targets");
    for (const [i, target] of others.entries()) {
      await go(page, target, ways[i % 2]);
      await page.goBack();
      await expectResults(page);
    }
    // The breadcrumb, the account menu, and a new search typed into the top bar.
    await goHomeByBreadcrumb(page);
    await page.goBack();
    await expectResults(page);
    await goToSettings(page);
    await page.goBack();
    await expectResults(page);
    await searchFromTopBar(page, `${query} again`);
    await go(page, screen("/app/callbacks"), "keyboard");
    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  });

  test("a drawer open, after a reload, and offline and back: the links still lead away", async ({
    page,
  }) => {
    await startDay(page);
    await page.goto(`/app/targets?q=${encodeURIComponent(query)}&ts=1`);
    await expectResults(page);

    // A business's drawer open beside the list.
    await page.getByTestId("target-row").first().getByTestId("target-name").click();
    await expect(page.getByRole("dialog").first()).toBeVisible();
    await go(page, screen("/app/call-log"), "link");
    await page.goBack();
    await expectResults(page);

    // After a reload, with the results from the session cache.
    await page.reload();
    await expectResults(page);
    await go(page, screen("/app/missed-calls"), "keyboard");
    await page.goBack();
    await expectResults(page);

    // The connection drops and comes back while the results are shown.
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event("offline")));
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await go(page, screen("/app/reports"), "link");
  });

  test("a call ringing, live, and its outcome pending: the rep moves on and the call follows", async ({
    page,
  }) => {
    await startDay(page);
    await page.goto(`/app/targets?q=${encodeURIComponent(query)}&ts=1`);
    await expectResults(page);
    const dialer = dialerParts(page);

    // Ringing: the simulated line says Dialing... for a moment; leave at once.
    await page.getByTestId("target-row").first().getByTestId("target-call").click();
    await go(page, screen("/app/callbacks"), "link");
    // Live: the dialer keeps the call on the next screen.
    await expect(dialer.status).toHaveAttribute("data-status", "in-call");
    await go(page, screen("/app/call-log"), "keyboard");
    await expect(dialer.status).toHaveAttribute("data-status", "in-call");
    await go(page, screen("/app/targets"), "link");

    // Outcome pending: the prompt stays while the rep moves.
    await dialer.end.click();
    const prompt = page.getByTestId("dialer-disposition");
    await expect(prompt).toBeVisible();
    await go(page, screen("/app"), "link");
    await expect(prompt).toBeVisible();
    await go(page, screen("/app/reports"), "keyboard");
    await prompt.getByRole("button", { name: /Interested/ }).click();
    await prompt.getByRole("button", { name: "Save outcome" }).click();
    await expect(prompt).toBeHidden();
    await go(page, screen("/app/call-log"), "link");
    await expect(page.getByTestId("call-log-rows").getByRole("listitem").first()).toBeVisible();
  });

  test("a power-dial session running and paused: the rep can still leave Targets", async ({
    page,
  }) => {
    await page.clock.install({ time: openTime() });
    await startDay(page);
    await page.goto(`/app/targets?q=${encodeURIComponent(`${query}-power`)}&ts=1`);
    await expectResults(page);
    await page.getByTestId("power-dial-open").click();
    const preview = page.getByRole("dialog", { name: "Dial this list" });
    await preview.getByTestId("power-dial-start").click();
    await expect(preview).toBeHidden();
    const bar = page.getByTestId("power-dial-bar");
    await expect(bar).toBeVisible();

    // Paused while the outcome is asked.
    const dialer = dialerParts(page);
    await expect(dialer.status).toHaveAttribute("data-status", "in-call");
    await dialer.end.click();
    await expect(page.getByTestId("dialer-disposition")).toBeVisible();
    await go(page, screen("/app/callbacks"), "link");
    const prompt = page.getByTestId("dialer-disposition");
    await prompt.getByRole("button", { name: /Interested/ }).click();
    await prompt.getByRole("button", { name: "Save outcome" }).click();
    await expect(prompt).toBeHidden();
    await go(page, screen("/app/targets"), "keyboard");

    // Running: a session started again, left mid-call by keyboard.
    await page.goto(`/app/targets?q=${encodeURIComponent(`${query}-power`)}&ts=2`);
    await expectResults(page);
    await page.getByTestId("power-dial-open").click();
    await preview.getByTestId("power-dial-start").click();
    await expect(bar).toBeVisible();
    await go(page, screen("/app/call-log"), "keyboard");
    await go(page, screen("/app"), "link");
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("with search results on screen, the menu leads to every screen", async ({ page }) => {
    test.slow();
    await startDay(page);
    await page.goto(`/app/targets?q=${encodeURIComponent(query)}&ts=1`);
    await expectResults(page);
    for (const target of sidebarScreens.filter((s) => s.path !== "/app/targets")) {
      await go(page, target, "menu");
      await page.goBack();
      await expectResults(page);
    }
    await go(page, screen("/app/targets"), "menu");
    await expect(page.getByRole("search", { name: "Find businesses to call" })).toBeVisible();
  });
});
