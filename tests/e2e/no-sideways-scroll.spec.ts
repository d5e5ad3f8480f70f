import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { randomUUID } from "node:crypto";
import { uniqueNumber } from "./calls-helpers";
import { expectTargetsReady, setLocale } from "./helpers";

// No route of the spec's screen table scrolls sideways on a phone (360×800, 390×844),
// in English light and Arabic dark (right to left). The whole document must fit the window;
// wide content (a table, a log) scrolls inside its own box or becomes cards.

const phones = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
];
const variants = [
  { locale: "en", scheme: "light" },
  { locale: "ar", scheme: "dark" },
] as const;

type Route = { path: string; ready?: (page: Page) => Promise<void> };

const targetsReady = expectTargetsReady;

const publicRoutes: Route[] = [
  { path: "/" },
  { path: "/login" },
  { path: "/register" },
  { path: "/verify-email" },
  { path: "/adminconsole" },
];
const repRoutes: Route[] = [
  { path: "/app" },
  { path: "/app/reports" },
  { path: "/app/reports/call-history" },
  { path: "/app/reports/call-reports" },
  { path: "/app/reports/sales-history" },
  { path: "/app/targets" },
  { path: "/app/targets?q=dentists+in+Austin&ts=1", ready: targetsReady },
  {
    // With a call recorded, so that its widest chart (the heatmap) is drawn.
    path: "/app/analytics",
    ready: (page) => expect(page.getByTestId("heatmap-grid")).toBeVisible(),
  },
  { path: "/app/settings" },
  { path: "/app/profile" },
  { path: "/app/help" },
  { path: "/app/missed-calls" },
  { path: "/app/call-log" },
];
const consoleRoutes: Route[] = [
  {
    path: "/adminconsole/console",
    ready: async (page) => {
      await expect(page.getByTestId("console-ping")).toHaveAttribute("data-state", "ok");
      await expect(page.getByTestId("env-table")).toBeVisible();
    },
  },
];

/** Visits every route at every phone size and reports each one that is wider than the window. */
async function checkRoutes(page: Page, routes: Route[], locale: "en" | "ar", scheme: string) {
  await setLocale(page, locale);
  await page.emulateMedia({ colorScheme: scheme as "light" | "dark" });
  const wide: string[] = [];
  for (const size of phones) {
    await page.setViewportSize(size);
    for (const route of routes) {
      await page.goto(route.path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      if (route.ready) await route.ready(page);
      else await expect(page.locator("h1").first()).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) {
        wide.push(`${route.path} at ${size.width}×${size.height}: ${scrollWidth} px`);
      }
    }
  }
  expect(wide, `routes wider than the window (${locale}, ${scheme})`).toEqual([]);
}

for (const { locale, scheme } of variants) {
  test.describe(`${locale}, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test("public pages fit a phone", async ({ page }) => {
      await page.goto("/api/health");
      await checkRoutes(page, publicRoutes, locale, scheme);
    });

    test("the rep's pages fit a phone", async ({ repPage, repSession }) => {
      test.setTimeout(120_000);
      // Settings with its do-not-call table filled (an empty list hid a 525 px overflow).
      const added = await repPage.request.post("/api/do-not-call", {
        headers: { Authorization: `Bearer ${repSession.token}` },
        data: { number: uniqueNumber("303"), note: "A note long enough to need its column" },
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
      // A call to a business with its time zone and category: Analytics then draws its widest
      // chart, the heatmap.
      const ended = Date.now() - 1_000;
      const call = await repPage.request.put(`/api/calls/${randomUUID()}`, {
        headers: { Authorization: `Bearer ${repSession.token}` },
        data: {
          dialedDigits: uniqueNumber("303"),
          placeId: "e2e-phone-width-place",
          startedAt: new Date(ended - 40_000).toISOString(),
          connectedAt: new Date(ended - 30_000).toISOString(),
          endedAt: new Date(ended).toISOString(),
          endReason: "local",
          businessUtcOffsetMinutes: -360,
          businessCategory: "dentist",
        },
      });
      expect(call.status(), await call.text()).toBe(201);
      await checkRoutes(repPage, repRoutes, locale, scheme);
    });

    test("the operator console fits a phone", async ({ operatorPage }) => {
      await operatorPage.goto("/api/health");
      await checkRoutes(operatorPage, consoleRoutes, locale, scheme);
    });
  });
}

for (const { locale, scheme } of variants) {
  test(`Targets results are cards on a phone (${locale}, ${scheme})`, async ({ repPage: page }) => {
    await setLocale(page, locale);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/app/targets?q=dentists+in+Austin&ts=1");
    await targetsReady(page);
    const row = page.getByTestId("target-row").first();
    // The card's parts are all on screen, none cut off at either edge...
    for (const part of [
      "target-name",
      "target-call",
      "target-phone",
      "target-hours",
      "target-dials",
    ]) {
      const box = (await row.getByTestId(part).boundingBox())!;
      expect(box, part).not.toBeNull();
      expect(box.x, part).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, part).toBeLessThanOrEqual(360);
    }
    // ...the columns a card leaves out are not, and the table's header gives way to labels.
    await expect(row.getByTestId("target-category")).toBeHidden();
    await expect(page.getByTestId("targets-table").locator("thead")).toBeHidden();
    const label = await row
      .getByTestId("target-dials")
      .evaluate((el) => getComputedStyle(el, "::before").content);
    expect(label).toBe(JSON.stringify(locale === "en" ? "Dial Count" : "عدد الاتصالات"));
  });
}
