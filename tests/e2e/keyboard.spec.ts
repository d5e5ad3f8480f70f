import { expect, test, type Page } from "@playwright/test";
import { login } from "./helpers";

// The main flows with the keyboard only. Every step presses keys (no clicks) and
// checks where focus is; menus and drawers must close on Escape and hand focus back.

/** Presses Tab until `target` has focus (at most `max` times), like a user would. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test("skip link, user menu and navigation work from the keyboard", async ({ page }) => {
  await page.goto("/app");
  await expect(page.locator("h1")).toBeVisible();

  // The first Tab reaches the skip link, which moves focus to the content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();

  // User menu: Enter opens it on the first item, arrows move, Escape closes and returns focus.
  const trigger = page.getByTestId("user-menu-trigger");
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // ...and Enter on an item follows it.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/settings$/);
});

test("settings: the theme is chosen with the arrow keys", async ({ page }) => {
  await page.goto("/app/settings");
  const group = page.getByRole("radiogroup", { name: "Theme" });
  await expect(group.getByRole("radio", { checked: true })).toHaveCount(1);
  // One tab stop for the group: focus lands on the checked card (System, the default).
  const system = group.getByRole("radio", { name: "System Default" });
  await expect(system).toBeChecked();
  await tabTo(page, system);
  // Arrows move between the cards (wrapping from the last to the first, Dark); Space chooses.
  const dark = group.getByRole("radio", { name: "Dark" });
  await page.keyboard.press("ArrowDown");
  await expect(dark).toBeFocused();
  await page.keyboard.press("Space");
  await expect(dark).toBeChecked();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const light = group.getByRole("radio", { name: "Light" });
  await page.keyboard.press("ArrowDown");
  await expect(light).toBeFocused();
  await page.keyboard.press("Space");
  await expect(light).toBeChecked();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

test("dialer: number keys dial, Enter calls, Escape ends; its menus close on Escape", async ({
  page,
}) => {
  await page.goto("/app");
  const widget = page.getByTestId("dialer-widget");
  const number = widget.getByRole("textbox", { name: "Phone number" });
  await tabTo(page, number, 60);
  await page.keyboard.type("5551234");
  await expect(number).toHaveValue("5551234");

  const status = widget.getByTestId("dialer-status");
  // The call state is announced politely by screen readers.
  await expect(status).toHaveAttribute("aria-live", "polite");
  await expect(status).toHaveAttribute("role", "status");
  await page.keyboard.press("Enter");
  await expect(status).toHaveAttribute("data-status", /calling|in-call/);
  await page.keyboard.press("Escape");
  await expect(status).toHaveAttribute("data-status", /ended|idle/);

  // The settings menu: Enter opens, Escape closes, focus returns to its button.
  const settings = page.getByTestId("dialer-settings-trigger");
  await settings.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(settings).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the dialer arriving after first paint leaves focus where the rep put it", async ({
    page,
  }) => {
    // The phone's dialer starts as its minimised bar, and its code loads after first paint. Hold
    // that code until the rep has tabbed to the menu toggle, so the bar surely appears after.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("dialer-minimised-bar")) await held;
      await route.fulfill({ response, body });
    });
    await page.goto("/app");
    const toggle = page.getByTestId("drawer-toggle");
    await tabTo(page, toggle);
    release();
    await expect(page.getByTestId("dialer-minimised-bar")).toBeVisible();
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Main navigation" })).toBeVisible();
  });

  test("the navigation drawer traps focus, closes on Escape and returns focus", async ({
    page,
  }) => {
    await page.goto("/app");
    const toggle = page.getByTestId("drawer-toggle");
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Main navigation" });
    await expect(drawer).toBeVisible();
    // Focus moved into the drawer and stays there however far one tabs.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    // Open again and follow a link with Enter: the drawer closes and the page changes.
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    const callLog = drawer.getByRole("link", { name: "Call Log" });
    await tabTo(page, callLog);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/call-log$/);
    await expect(drawer).toBeHidden();
  });
});
