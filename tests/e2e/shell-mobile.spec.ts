import { expect, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 }, signedInAs: "rep" });

test("on a 360 px phone the sidebar is an off-canvas drawer", async ({ page }) => {
  await page.goto("/app");
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.getByTestId("sidebar")).toBeHidden();
  const toggle = page.getByTestId("drawer-toggle");
  await toggle.click();
  const drawer = page.getByRole("dialog", { name: "Main navigation" });
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await drawer.getByRole("link", { name: "Call Log" }).click();
  await expect(page).toHaveURL(/\/app\/call-log$/);
  await expect(drawer).toBeHidden();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
