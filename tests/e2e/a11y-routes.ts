import { expect, type Page } from "@playwright/test";
import { createCall, uniqueNumber } from "./calls-helpers";
import { expectTargetsReady } from "./helpers";

/**
 * What the accessibility gate (a11y.spec.ts) visits. Every screen adds its routes here, and
 * states that need a click to reach (a drawer or dialog open, a panel filled) as `prepare`.
 *
 * - `auth`: "public" pages are checked signed out; "rep" pages with the rep signed in;
 *   "operator" pages with an operator token (the console's own sign-in).
 * - `ready`: waits until the screen has settled (data loaded) before axe runs; by default the
 *   page's first heading must be visible.
 * - `prepare`: puts the screen in the state to check after `ready` (open a drawer...).
 * Each entry runs in English and Arabic, light and dark.
 */
export type A11yRoute = {
  name: string;
  path: string;
  auth: "public" | "rep" | "operator";
  ready?: (page: Page) => Promise<void>;
  prepare?: (page: Page) => Promise<void>;
  /** CSS selectors axe skips, each with a reason in a comment where it is added. */
  exclude?: string[];
  /** A window size for this entry (e.g. a phone, for the navigation drawer); desktop otherwise. */
  viewport?: { width: number; height: number };
  /**
   * axe's experimental rules checked on this entry too (the tags leave them out), e.g.
   * label-content-name-mismatch (WCAG 2.5.3): added page by page as each is checked clean.
   */
  experimental?: string[];
};

const phone = { width: 360, height: 740 };

/** Opens a menu from its trigger and waits until it shows. */
async function openMenu(page: Page, trigger: ReturnType<Page["getByTestId"]>) {
  await trigger.click();
  await expect(page.getByRole("menu")).toBeVisible();
}

/** Records a call of the signed-in rep through the API (the token is the page's own). */
async function recordCall(page: Page, disposition?: string) {
  const token = await page.evaluate(() => localStorage.getItem("auth.token"));
  return createCall(page.request, token!, { digits: uniqueNumber("512"), disposition });
}

/** Opens the facility drawer from the first result's name and waits until it shows. */
async function openFacilityDrawer(page: Page) {
  await page.getByTestId("target-name").first().click();
  await expect(page.getByTestId("facility-drawer")).toBeVisible();
}

/** Opens the power-dial preview and waits for its plan. */
async function openPowerDialPreview(page: Page) {
  await page.getByTestId("power-dial-open").click();
  await expect(page.getByTestId("power-dial-plan")).toBeVisible();
}

/**
 * Starts a power-dial session: its bar shows, the drawer opens beside the dialer, it calls. The
 * peer's businesses keep office hours in Austin, so closed ones are included (the gate runs at
 * any hour).
 */
async function startPowerDialSession(page: Page) {
  await openPowerDialPreview(page);
  // The first of the preview's two checkboxes (closed now, called recently), in any language.
  await page.getByTestId("power-dial-preview").getByRole("checkbox").first().check();
  await page.getByTestId("power-dial-start").click();
  await expect(page.getByTestId("power-dial-bar")).toHaveAttribute("data-phase", "calling");
  await expect(page.getByTestId("facility-drawer")).toBeVisible();
}

export const a11yRoutes: A11yRoute[] = [
  // Signed out (spec section 2 route table).
  { name: "landing", path: "/", auth: "public" },
  { name: "login", path: "/login", auth: "public" },
  { name: "register", path: "/register", auth: "public" },
  { name: "verify-email (no token)", path: "/verify-email", auth: "public" },
  { name: "unknown path → landing", path: "/no-such-page", auth: "public" },
  { name: "admin login", path: "/adminconsole", auth: "public" },

  // The operator console, signed in with the console's own token, once its panels have data.
  {
    name: "operator console, panels filled",
    path: "/adminconsole/console",
    auth: "operator",
    ready: async (page) => {
      await expect(page.getByTestId("console-ping")).toHaveAttribute("data-state", "ok");
      await expect(page.getByTestId("env-table")).toBeVisible();
      await expect(page.getByTestId("logs-viewer")).toBeVisible();
      await expect(page.getByTestId("audit-viewer")).toBeVisible();
    },
  },

  // Signed in as a rep.
  {
    name: "dashboard",
    path: "/app",
    auth: "rep",
    // The team's day from its records, not the loading state.
    ready: (page) => expect(page.getByTestId("agent-cards")).toBeVisible(),
  },
  { name: "reports", path: "/app/reports", auth: "rep" },
  { name: "call history", path: "/app/reports/call-history", auth: "rep" },
  { name: "call reports", path: "/app/reports/call-reports", auth: "rep" },
  { name: "sales history", path: "/app/reports/sales-history", auth: "rep" },
  { name: "targets", path: "/app/targets", auth: "rep" },
  {
    name: "analytics",
    path: "/app/analytics",
    auth: "rep",
    // The figures and charts, not the loading state.
    ready: (page) => expect(page.getByTestId("analytics-kpis")).toBeVisible(),
  },
  {
    name: "settings",
    path: "/app/settings",
    auth: "rep",
    experimental: ["label-content-name-mismatch"],
  },
  { name: "profile", path: "/app/profile", auth: "rep" },
  { name: "help", path: "/app/help", auth: "rep" },
  { name: "missed calls", path: "/app/missed-calls", auth: "rep" },
  { name: "callbacks", path: "/app/callbacks", auth: "rep" },
  { name: "call log", path: "/app/call-log", auth: "rep" },

  // Targets with results from the Places peer (tests/e2e/server.mjs), once enriched.
  {
    name: "targets, results enriched",
    path: "/app/targets?q=dentists+in+Austin&ts=1",
    auth: "rep",
    ready: expectTargetsReady,
  },
  {
    name: "targets on a phone, results enriched",
    path: "/app/targets?q=dentists+in+Austin&ts=1",
    auth: "rep",
    viewport: phone,
    ready: expectTargetsReady,
  },

  // The facility drawer open on the first result, with the map popup off (its default).
  {
    name: "targets, facility drawer open",
    path: "/app/targets?q=dentists+in+Austin&ts=1",
    auth: "rep",
    ready: expectTargetsReady,
    prepare: openFacilityDrawer,
  },
  {
    name: "targets on a phone, facility drawer open",
    path: "/app/targets?q=dentists+in+Austin&ts=1",
    auth: "rep",
    viewport: phone,
    ready: expectTargetsReady,
    prepare: openFacilityDrawer,
  },

  // Power dialing over a list of its own (each run of an entry dials the next
  // business: the ones dialed before count as "called by your team" and are skipped).
  {
    name: "targets, power-dial preview open",
    path: "/app/targets?q=a11y+power+dial+in+Austin&ts=1",
    auth: "rep",
    ready: expectTargetsReady,
    prepare: openPowerDialPreview,
  },
  {
    name: "targets, power-dial session calling",
    path: "/app/targets?q=a11y+power+dial+in+Austin&ts=1",
    auth: "rep",
    ready: expectTargetsReady,
    prepare: startPowerDialSession,
  },
  {
    name: "targets on a phone, power-dial session calling",
    path: "/app/targets?q=a11y+power+dial+in+Austin&ts=1",
    auth: "rep",
    viewport: phone,
    ready: expectTargetsReady,
    prepare: startPowerDialSession,
  },

  // States reached by a click (the dialer is open on every /app page; these open its parts).
  {
    name: "dashboard, user menu open",
    path: "/app",
    auth: "rep",
    prepare: (page) => openMenu(page, page.getByTestId("user-menu-trigger")),
  },
  {
    name: "dashboard, dialer in a call",
    path: "/app",
    auth: "rep",
    prepare: async (page) => {
      const dialer = page.getByTestId("dialer-widget");
      await dialer.getByRole("button", { name: "5", exact: true }).click();
      await dialer.getByTestId("dialer-call").click();
      await expect(dialer.getByTestId("dialer-status")).toHaveAttribute(
        "data-status",
        /calling|in-call/,
      );
    },
  },
  {
    name: "dashboard, dialer settings menu open",
    path: "/app",
    auth: "rep",
    prepare: (page) => openMenu(page, page.getByTestId("dialer-settings-trigger")),
  },
  {
    name: "dashboard, dialer alarm menu open",
    path: "/app",
    auth: "rep",
    prepare: async (page) => {
      await page.getByTestId("dialer-alarm-trigger").click();
      await expect(page.getByTestId("dialer-alarm-panel")).toBeVisible();
    },
  },
  // Reports: a call on the Call History card; a range chosen on the Call Reports calendar.
  // Keyboard only, so the open dialer (bottom end corner) cannot be in the way.
  {
    name: "call history, call found",
    path: "/app/reports/call-history",
    auth: "rep",
    prepare: async (page) => {
      const call = await recordCall(page);
      await page.getByRole("main").getByRole("searchbox").fill(call.id);
      await page.getByRole("main").getByRole("searchbox").press("Enter");
      await expect(page.getByTestId("call-card")).toBeVisible();
    },
  },
  {
    name: "call reports, range selected",
    path: "/app/reports/call-reports",
    auth: "rep",
    prepare: async (page) => {
      const main = page.getByRole("main");
      await main.getByRole("radio").nth(1).focus();
      await page.keyboard.press("Space");
      await expect(main.getByRole("radio").nth(1)).toBeChecked();
      const days = main.getByRole("grid").getByRole("button");
      for (const n of [2, 9]) {
        await days.nth(n).focus();
        await page.keyboard.press("Enter");
      }
      await expect(main.locator('[aria-selected="true"]')).toHaveCount(8);
    },
  },
  // Call Log with rows (one undisposed, one with an outcome), on a desktop and a phone.
  {
    name: "call log, rows",
    path: "/app/call-log",
    auth: "rep",
    prepare: async (page) => {
      await recordCall(page);
      await recordCall(page, "sale");
      await page.reload();
      await expect(page.getByTestId("call-log-row").first()).toBeVisible();
    },
  },
  {
    name: "call log on a phone, rows",
    path: "/app/call-log",
    auth: "rep",
    viewport: phone,
    prepare: async (page) => {
      await recordCall(page, "interested");
      await page.reload();
      await expect(page.getByTestId("call-log-row").first()).toBeVisible();
    },
  },
  // The dialer's disposition prompt after a call, a Sale chosen (its amount field showing).
  {
    name: "dashboard, disposition prompt open",
    path: "/app",
    auth: "rep",
    prepare: async (page) => {
      const dialer = page.getByTestId("dialer-widget");
      await dialer.getByRole("button", { name: "5", exact: true }).click();
      await dialer.getByTestId("dialer-call").click();
      await expect(dialer.getByTestId("dialer-status")).toHaveAttribute("data-status", "in-call");
      await dialer.getByTestId("dialer-end").click();
      await expect(page.getByTestId("dialer-disposition")).toBeVisible();
      await page.keyboard.press("2");
      await expect(page.getByTestId("disposition-amount")).toBeVisible();
    },
  },
  {
    name: "dashboard on a phone, navigation drawer open",
    path: "/app",
    auth: "rep",
    viewport: phone,
    prepare: async (page) => {
      await page.getByTestId("drawer-toggle").click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
];
