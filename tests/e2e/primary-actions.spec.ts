import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectTargetsReady, setLocale } from "./helpers";

// No screen's primary action is ever under the dialer. On a 1366×850 laptop the dialer
// docks in a column the layout keeps for it; on a 390×844 phone it starts as a small bar. At
// both sizes, the centre of every primary button of every /app screen hits that button.

const routes: { path: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: "/app" },
  { path: "/app/reports/call-history" },
  { path: "/app/reports/call-reports" },
  { path: "/app/reports/sales-history" },
  { path: "/app/targets" },
  {
    path: "/app/targets?q=dentists+in+Austin&ts=1",
    ready: (page) => expectTargetsReady(page),
  },
  { path: "/app/analytics" },
  { path: "/app/settings" },
  { path: "/app/profile" },
  { path: "/app/missed-calls" },
  { path: "/app/callbacks" },
  { path: "/app/call-log" },
];

/** The primary buttons of the page (not the dialer's own) whose centre something else covers. */
async function coveredPrimaryActions(page: Page): Promise<string[]> {
  const buttons = page.locator(
    "main button[data-variant=primary]:visible, main a[data-variant=primary]:visible",
  );
  const covered: string[] = [];
  for (const button of await buttons.all()) {
    await button.scrollIntoViewIfNeeded();
    const hit = await button.evaluate((el) => {
      el.scrollIntoView({ block: "center", inline: "center" });
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (top !== null && (el === top || el.contains(top))) return null;
      const over = top?.closest("[data-testid]")?.getAttribute("data-testid") ?? top?.tagName;
      return `under ${over ?? "nothing (off screen)"}`;
    });
    if (hit) covered.push(`${(await button.textContent())?.trim() || "(unnamed)"} ${hit}`);
  }
  return covered;
}

for (const { width, height, locale, scheme } of [
  { width: 1366, height: 850, locale: "en", scheme: "light" },
  { width: 390, height: 844, locale: "ar", scheme: "dark" },
] as const) {
  test(`no primary action is under the dialer at ${width}×${height} (${locale}, ${scheme})`, async ({
    repPage: page,
  }) => {
    test.setTimeout(120_000);
    await setLocale(page, locale);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    const found: string[] = [];
    let checked = 0;
    for (const route of routes) {
      await page.goto(route.path);
      if (route.ready) await route.ready(page);
      else await expect(page.locator("h1").first()).toBeVisible();
      // The dialer has loaded (it comes just after the page) and found its place.
      await expect(page.getByTestId("dialer-widget")).toBeVisible();
      checked += await page.locator("main [data-variant=primary]:visible").count();
      for (const name of await coveredPrimaryActions(page)) found.push(`${route.path}: ${name}`);
    }
    expect(checked, "primary buttons seen").toBeGreaterThan(5);
    expect(found).toEqual([]);
  });
}
