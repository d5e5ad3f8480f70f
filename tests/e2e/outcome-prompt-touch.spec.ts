import { uniqueNumber } from "./calls-helpers";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";

// The outcome prompt's key hint ("Press 1-9 to choose, Esc to skip.") is for a keyboard: on a
// touch phone (a coarse pointer) it is not shown; with a mouse it is.

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the outcome prompt shows no key hint (Arabic)", async ({ repPage: page }) => {
    await page.goto("/app");
    await setLocale(page, "ar");
    await page.goto("/app/call-log");
    expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    const widget = page.getByTestId("dialer-widget");
    await page.getByTestId("dialer-minimised-bar").click();
    await widget.locator('input[type="tel"]').fill(uniqueNumber("512"));
    await widget.getByTestId("dialer-call").click();
    await expect(widget.getByTestId("dialer-status")).toHaveAttribute("data-status", "in-call", {
      timeout: 15_000,
    });
    await widget.getByTestId("dialer-end").click();
    const prompt = page.getByTestId("dialer-disposition");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByTestId("disposition-key-hint")).toBeHidden();
    await page.screenshot({ path: test.info().outputPath("prompt-touch-ar.png") });
  });
});

test("with a mouse the outcome prompt shows its key hint", async ({ repPage: page }) => {
  await page.goto("/app/call-log");
  expect(await page.evaluate(() => matchMedia("(pointer: fine)").matches)).toBe(true);
  const widget = page.getByTestId("dialer-widget");
  await widget.locator('input[type="tel"]').fill(uniqueNumber("512"));
  await widget.getByTestId("dialer-call").click();
  await expect(widget.getByTestId("dialer-status")).toHaveAttribute("data-status", "in-call", {
    timeout: 15_000,
  });
  await widget.getByTestId("dialer-end").click();
  const prompt = page.getByTestId("dialer-disposition");
  await expect(prompt.getByTestId("disposition-key-hint")).toHaveText(
    "Press 1-9 to choose, Esc to skip.",
  );
  await page.keyboard.press("Escape");
});
