import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { a11yRoutes, type A11yRoute } from "./a11y-routes";
import { e2eAccounts } from "./accounts";
import { login, setLocale } from "./helpers";

// The accessibility gate (issue 18): axe (WCAG 2.2 A/AA) on every route and state listed in
// a11y-routes.ts, in English and Arabic, light and dark. Kept fast: one test per language and
// audience, each page loaded once and checked in both themes (the theme follows the emulated
// system preference, so switching it needs no reload), and the signed-in pages share one
// signed-in browser context.

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
    });
  }
  if (route.viewport) await page.setViewportSize(desktop);
}

const desktop = { width: 1280, height: 720 };

async function newContext(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ baseURL, viewport: desktop, reducedMotion: "reduce" });
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
      test.setTimeout(30_000 + routes.length * 15_000);
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

  test.beforeAll(async ({ browser, baseURL }) => {
    context = await newContext(browser, baseURL);
    page = await context.newPage();
    await login(page);
  });
  test.afterAll(async () => {
    await context.close();
  });

  for (const locale of locales) {
    test(`rep pages, ${locale}`, async () => {
      test.setTimeout(30_000 + routes.length * 15_000);
      await checkAll(page, routes, locale);
    });
  }
});

test.describe("accessibility gate, operator console", () => {
  const routes = a11yRoutes.filter((r) => r.auth === "operator");
  for (const locale of locales) {
    test(`operator pages, ${locale}`, async ({ browser, baseURL }) => {
      test.setTimeout(30_000 + routes.length * 15_000);
      const context = await newContext(browser, baseURL);
      // The console's own sign-in: the operator cookie from the API, the token in session storage.
      const res = await context.request.post("/api/admin/login", { data: e2eAccounts.operator });
      expect(res.status()).toBe(200);
      const { token } = (await res.json()) as { token: string };
      await context.addInitScript((t) => sessionStorage.setItem("admin.token", t), token);
      const page = await context.newPage();
      await page.goto("/api/health");
      await checkAll(page, routes, locale);
      await context.close();
    });
  }
});
