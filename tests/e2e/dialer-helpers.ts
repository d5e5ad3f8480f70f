import { expect, type Page } from "@playwright/test";
import { expectTargetsReady } from "./helpers";

/** The pieces of the dialer the specs drive. */
export function dialerParts(page: Page) {
  const widget = page.getByTestId("dialer-widget");
  const controls = page.getByRole("group", { name: "Call controls" });
  return {
    widget,
    status: widget.getByTestId("dialer-status"),
    timer: widget.getByTestId("dialer-timer"),
    number: widget.getByRole("textbox", { name: "Phone number" }),
    call: widget.getByRole("button", { name: "Call", exact: true }),
    end: widget.getByRole("button", { name: "End", exact: true }),
    minimise: widget.getByRole("button", { name: "Minimise dialer" }),
    bar: page.getByTestId("dialer-minimised-bar"),
    handle: widget.getByTestId("dialer-drag-handle"),
    controls,
    topEnd: controls.getByRole("button", { name: "End", exact: true }),
  };
}

export const T0 = new Date("2026-03-02T09:00:00Z").getTime();

/** Opens /app with Playwright's fake clock installed first, then pauses it so time only moves when told. */
export async function openAppWithClock(page: Page) {
  await page.clock.install({ time: T0 });
  await page.goto("/app");
  await expect(page.getByTestId("dialer-widget")).toBeVisible();
  // Ahead of the page's clock, however long a busy machine took to load it: pausing at a time
  // already passed is an error. 1 s was not always enough between reading the clock and pausing
  // it beside another shard (two flaky tests in a full run): 5 s is.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(Math.max(T0 + 10_000, now + 5_000));
}

/**
 * Searches `query` on Targets with a real line and starts a power-dial session on the results,
 * closed businesses included (the Places peer's hours would otherwise skip some). Returns the
 * session's bar.
 */
export async function startSessionOverLine(page: Page, query: string, lines = 1) {
  await page.goto(`/app/targets?q=${encodeURIComponent(query)}&ts=1`);
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
  await expectTargetsReady(page);
  await page.getByTestId("power-dial-open").click();
  const preview = page.getByRole("dialog", { name: "Dial this list" });
  await preview.getByRole("checkbox", { name: "Include businesses that are closed now" }).check();
  if (lines > 1) {
    await preview.getByRole("combobox", { name: "Lines" }).click();
    await page.getByRole("option", { name: `${lines} lines at once` }).click();
  }
  await preview.getByTestId("power-dial-start").click();
  await expect(preview).toBeHidden();
  return page.getByTestId("power-dial-bar");
}
