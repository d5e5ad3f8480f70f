import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, type E2eSession } from "./fixtures";
import { colourRules, expectNoSeriousViolations } from "./axe";
import { a11yRoutes, type A11yRoute } from "./a11y-routes";
import { setLocale } from "./helpers";

// The accessibility gate: axe (WCAG 2.2 A/AA) on every route and state listed in
// a11y-routes.ts, in English and Arabic, light and dark. Kept fast: one test per language and
// audience, each page loaded once and checked in both themes (the theme follows the emulated
// system preference, so switching it needs no reload), and the signed-in pages share one
// signed-in browser context. The light theme gets every rule; the dark theme the colour rules
// (axe.ts colourRules), the only ones whose result a theme can change: the themes differ in
// colours alone, so the other rules would see the same page again.

const locales = ["en", "ar"] as const;
const schemes = ["light", "dark"] as const;

async function checkRoute(page: Page, route: A11yRoute, locale: string) {
  await page.emulateMedia({ colorScheme: "light" });
  if (route.viewport) await page.setViewportSize(route.viewport);
  await page.goto(route.path);
  if (route.ready) await route.ready(page);
  else await expect(page.locator("h1").first()).toBeVisible();
  if (route.prepare) await route.prepare(page);
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    const html = page.locator("html");
    await (scheme === "dark"
      ? expect(html).toHaveClass(/\bdark\b/)
      : expect(html).not.toHaveClass(/\bdark\b/));
    await expectNoSeriousViolations(page, `${route.name} (${locale}, ${scheme})`, {
      exclude: route.exclude,
      experimental: route.experimental,
      only: scheme === "light" ? undefined : colourRules,
    });
  }
  if (route.viewport) await page.setViewportSize(desktop);
}

const desktop = { width: 1280, height: 720 };

/**
 * Time for one route, both themes: about 14 s while another shard shares the machine (axe on a
 * long page such as Settings or the console takes most of it), so a budget of 15 s per route left
 * the signed-in tests a few seconds from their limit.
 */
const perRoute = 25_000;

async function newContext(
  browser: Browser,
  baseURL: string | undefined,
  storageState?: E2eSession["storageState"],
) {
  return browser.newContext({ baseURL, viewport: desktop, reducedMotion: "reduce", storageState });
}

async function checkAll(page: Page, routes: A11yRoute[], locale: string) {
  await setLocale(page, locale as "en" | "ar");
  for (const route of routes) {
    await test.step(route.name, () => checkRoute(page, route, locale));
  }
}

test.describe("accessibility gate, signed out", () => {
  const routes = a11yRoutes.filter((r) => r.auth === "public");
  for (const locale of locales) {
    test(`public pages, ${locale}`, async ({ browser, baseURL }) => {
      test.setTimeout(30_000 + routes.length * perRoute);
      const context = await newContext(browser, baseURL);
      const page = await context.newPage();
      await page.goto("/api/health");
      await checkAll(page, routes, locale);
      await context.close();
    });
  }
});

test.describe("accessibility gate, signed in", () => {
  test.describe.configure({ mode: "serial" });
  const routes = a11yRoutes.filter((r) => r.auth === "rep");
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, repSession }, testInfo) => {
    context = await newContext(browser, testInfo.project.use.baseURL, repSession.storageState);
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  for (const locale of locales) {
    test(`rep pages, ${locale}`, async () => {
      test.setTimeout(30_000 + routes.length * perRoute);
      await checkAll(page, routes, locale);
    });
  }
});

test.describe("accessibility gate, operator console", () => {
  const routes = a11yRoutes.filter((r) => r.auth === "operator");
  for (const locale of locales) {
    test(`console pages, ${locale}`, async ({ operatorPage }) => {
      test.setTimeout(30_000 + routes.length * perRoute);
      await operatorPage.setViewportSize(desktop);
      await operatorPage.emulateMedia({ reducedMotion: "reduce" });
      await operatorPage.goto("/api/health");
      await checkAll(operatorPage, routes, locale);
    });
  }
});
