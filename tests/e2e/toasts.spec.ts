import { uniqueNumber } from "./calls-helpers";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";

// Toasts never cover the dialer (or the power-dial bar, which keeps the bottom start
// corner): they come in at the top centre, below the top bar, in either direction.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const { locale, scheme } of [
  { locale: "en", scheme: "light" },
  { locale: "ar", scheme: "dark" },
] as const) {
  test(`the Outcome saved toast leaves the dialer clear (${locale}, ${scheme})`, async ({
    repPage: page,
  }) => {
    await setLocale(page, locale);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1366, height: 850 });
    // By test id: the accessible names are in the page's language.
    const d = dialerParts(page);
    await page.goto("/app/call-log");
    await d.widget.locator("input[type=tel]").fill(uniqueNumber("512"));
    await d.widget.getByTestId("dialer-call").click();
    await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
    await d.widget.getByTestId("dialer-end").click();
    const prompt = page.getByTestId("dialer-disposition");
    await expect(prompt).toBeVisible();
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await expect(prompt).toBeHidden();

    const toast = page.locator("[data-sonner-toast][data-type=success]").first();
    await expect(toast).toBeVisible();
    // A solid panel in the theme's surface colour (white / slate-900), never a tint the page
    // shows through.
    await expect(toast).toHaveCSS(
      "background-color",
      scheme === "dark" ? "rgb(15, 23, 42)" : "rgb(255, 255, 255)",
    );
    // Once it has slid into place (fully inside the window, and still between two reads).
    let last = "";
    await expect
      .poll(async () => {
        const b = await toast.boundingBox();
        const now = JSON.stringify(b);
        const settled = b !== null && b.y >= 0 && b.y + b.height <= 850 && now === last;
        last = now;
        return settled;
      })
      .toBe(true);
    const box = (await toast.boundingBox())!;
    expect(overlaps(box, (await page.getByTestId("dialer-widget").boundingBox())!)).toBe(false);
    // Below the top bar, not over its search and menus.
    const header = (await page.locator("header").first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.screenshot({ path: test.info().outputPath(`toast-${locale}-${scheme}.png`) });
  });
}
