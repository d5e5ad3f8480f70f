// What the journey specs (journey-rep.spec.ts, journey-manager.spec.ts) share: the screens a day
// moves between, the ways a person leaves one (a sidebar link, the keyboard, the phone's menu,
// the breadcrumb, the account menu), and the check that the new screen really rendered (its
// address and its heading), not only that a link was clicked.
import { expect, type Page } from "@playwright/test";
import { expectTargetsReady } from "./helpers";

export type Screen = { path: string; heading: string; nav: string };

/** The sidebar's screens, by the link's accessible name and the page's heading. */
export const sidebarScreens: Screen[] = [
  { path: "/app", heading: "Dashboard", nav: "Dashboard" },
  { path: "/app/reports", heading: "Reports", nav: "Reports" },
  { path: "/app/analytics", heading: "Analytics", nav: "Analytics" },
  { path: "/app/targets", heading: "Targets", nav: "Targets" },
  { path: "/app/missed-calls", heading: "Missed Calls", nav: "Missed Calls" },
  { path: "/app/callbacks", heading: "Callbacks", nav: "Callbacks" },
  { path: "/app/call-log", heading: "Call Log", nav: "Call Log" },
];

export const screen = (path: string): Screen => {
  const found = sidebarScreens.find((s) => s.path === path);
  if (!found) throw new Error(`no sidebar screen ${path}`);
  return found;
};

/** Waits for the screen's address and its heading: the page changed and rendered. */
export async function expectScreen(page: Page, target: Screen) {
  await expect
    .poll(() => new URL(page.url()).pathname, { message: `went to ${target.path}` })
    .toBe(target.path);
  await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeVisible();
}

export type Way = "link" | "keyboard" | "menu";

/**
 * Leaves the current screen for `target`: by clicking its sidebar link, by focusing that link and
 * pressing Enter, or (on a phone) through the menu button's drawer. Then checks it rendered.
 */
export async function go(page: Page, target: Screen, way: Way) {
  if (way === "menu") {
    await page.getByTestId("drawer-toggle").click();
    const drawer = page.getByRole("dialog", { name: "Main navigation" });
    await drawer.getByRole("link", { name: target.nav, exact: true }).click();
  } else {
    const link = page.getByTestId("sidebar").getByRole("link", { name: target.nav, exact: true });
    if (way === "link") await link.click();
    else {
      await link.focus();
      await page.keyboard.press("Enter");
    }
  }
  await expectScreen(page, target);
}

/** The account menu's Settings entry, as a rep reaches it from the top bar. */
export async function goToSettings(page: Page) {
  await page.getByTestId("user-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

/** The breadcrumb's first crumb, back to the dashboard. */
export async function goHomeByBreadcrumb(page: Page) {
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").first().click();
  await expectScreen(page, screen("/app"));
}

/** Runs a search from the top bar's search box (typed, then Enter) and waits for its results. */
export async function searchFromTopBar(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search businesses" });
  await box.fill(text);
  await box.press("Enter");
  await expect
    .poll(() => new URL(page.url()).searchParams.get("q"), { message: `searched ${text}` })
    .toBe(text);
  await expectResults(page);
}

/** The results are on screen and every place has its details ("Ready"). */
export async function expectResults(page: Page) {
  await expectTargetsReady(page);
  await expect(page.getByTestId("target-row").first()).toBeVisible();
}
