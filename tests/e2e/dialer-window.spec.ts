import { dialerParts, openAppWithClock } from "./dialer-helpers";
import { setLocale } from "./helpers";
import { expect, test } from "./fixtures";

test.use({ signedInAs: "rep" });

test("minimise shows the 00:00:00 bar and a click expands it", async ({ page }) => {
  const d = dialerParts(page);
  await openAppWithClock(page);
  await d.minimise.click();
  await expect(d.bar).toBeVisible();
  // The minimise button has gone: focus follows to the bar that replaced it.
  await expect(d.bar).toBeFocused();
  await expect(d.bar).toHaveText(/00:00:00/);
  await expect(d.number).toBeHidden();

  await d.bar.click();
  await expect(d.bar).toBeHidden();
  await expect(d.number).toBeVisible();

  // The bar reads the running call time.
  await d.number.fill("5550100");
  await d.call.click();
  // The dialer rings once the do-not-call check answers; only then are its timers set.
  await expect(d.status).toHaveText("Dialing...");
  await page.clock.runFor(600 + 3_000);
  await d.minimise.click();
  await expect(d.bar).toHaveText(/00:00:03/);
});

test("the rep's minimise or expand is remembered across reloads", async ({ page }) => {
  const d = dialerParts(page);
  await page.goto("/app");
  await expect(d.number).toBeVisible();
  await d.minimise.click();
  await expect(d.bar).toBeVisible();
  await page.reload();
  await expect(d.bar).toBeVisible();
  await expect(d.number).toBeHidden();
  await d.bar.click();
  await expect(d.number).toBeVisible();
  await page.reload();
  await expect(d.number).toBeVisible();
  await expect(d.bar).toBeHidden();
});

test("dragging moves the window, it stays in view, and keeps its place across pages", async ({
  page,
}) => {
  const d = dialerParts(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/app");
  await expect(d.widget).toBeVisible();
  const start = (await d.widget.boundingBox())!;
  const grip = (await d.handle.boundingBox())!;
  // Grab the header near its start, away from the buttons.
  const gx = grip.x + 40;
  const gy = grip.y + grip.height / 2;

  await page.mouse.move(gx, gy);
  await page.mouse.down();
  await page.mouse.move(gx - 300, gy - 150, { steps: 8 });
  await page.mouse.up();
  const moved = (await d.widget.boundingBox())!;
  expect(Math.round(moved.x)).toBe(Math.round(start.x - 300));
  expect(Math.round(moved.y)).toBe(Math.round(start.y - 150));

  // Dragging far past the corner leaves it inside the viewport.
  await page.mouse.move(gx - 300, gy - 150);
  await page.mouse.down();
  await page.mouse.move(-2_000, -2_000, { steps: 8 });
  await page.mouse.up();
  const corner = (await d.widget.boundingBox())!;
  expect(corner.x).toBeGreaterThanOrEqual(0);
  expect(corner.y).toBeGreaterThanOrEqual(0);

  // Put it bottom-right, then shrink the window: it is pulled back into view.
  const h = (await d.handle.boundingBox())!;
  await page.mouse.move(h.x + 40, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(5_000, 5_000, { steps: 8 });
  await page.mouse.up();
  await page.setViewportSize({ width: 700, height: 560 });
  await expect
    .poll(async () => {
      const b = (await d.widget.boundingBox())!;
      return b.x >= 0 && b.y >= 0 && b.x + b.width <= 700 && b.y + b.height <= 560;
    })
    .toBe(true);

  // Client-side navigation inside /app keeps the widget, its place and its number.
  await d.number.fill("5550100");
  const before = (await d.widget.boundingBox())!;
  await page.setViewportSize({ width: 1280, height: 800 });
  const settled = (await d.widget.boundingBox())!;
  await page.locator('a[href="/app/reports"]').first().click();
  await expect(page).toHaveURL(/\/app\/reports$/);
  await expect(d.number).toHaveValue("5550100");
  const after = (await d.widget.boundingBox())!;
  expect(after.x).toBe(settled.x);
  expect(after.y).toBe(settled.y);
  expect(before.width).toBe(after.width);
});

test("keypad plays DTMF tones; the Dialer Sounds checkbox turns them off", async ({ page }) => {
  // Record what the page asks Web Audio to play instead of listening for it.
  await page.addInitScript(() => {
    const played: { freq: number; gain: number; ms: number }[] = [];
    (window as unknown as { __tones: typeof played }).__tones = played;
    let lastGain = 0;
    class FakeAudioContext {
      currentTime = 0;
      state = "running";
      destination = {};
      createGain() {
        return {
          gain: { setValueAtTime: (v: number) => (lastGain = v) },
          connect() {},
          disconnect() {},
        };
      }
      createOscillator() {
        let freq = 0;
        let start = 0;
        return {
          type: "sine",
          frequency: { setValueAtTime: (f: number) => (freq = f) },
          connect() {},
          disconnect() {},
          start: (t: number) => (start = t),
          stop: (t: number) =>
            played.push({ freq, gain: lastGain, ms: Math.round((t - start) * 1000) }),
          onended: null,
        };
      }
      resume() {}
      close() {}
    }
    (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  });
  const d = dialerParts(page);
  await page.goto("/app");
  const tones = () => page.evaluate(() => (window as unknown as { __tones: unknown[] }).__tones);

  await d.widget.getByRole("button", { name: "5", exact: true }).click();
  expect(await tones()).toEqual([
    { freq: 770, gain: 0.2, ms: 150 },
    { freq: 1336, gain: 0.2, ms: 150 },
  ]);

  await d.widget.getByRole("button", { name: "Dialer settings" }).click();
  const sounds = page.getByRole("menuitemcheckbox", { name: "Dialer Sounds" });
  await expect(sounds).toHaveAttribute("aria-checked", "true");
  await sounds.click();
  await expect(sounds).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Escape");
  await d.widget.getByRole("button", { name: "9", exact: true }).click();
  expect(await tones()).toHaveLength(2);
  await expect(d.number).toHaveValue("59");
});

test("on a phone the dialer starts as the bar so it does not cover the page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 720 });
  const d = dialerParts(page);
  await page.goto("/app");
  await expect(d.bar).toBeVisible();
  await expect(d.number).toBeHidden();
  // The bar sits in the bottom corner, not over the page's first cards.
  const box = (await d.bar.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(720 - 40);
  expect(box.x + box.width).toBeGreaterThan(375 - 40);
  await d.bar.click();
  await expect(d.number).toBeVisible();
});

test("on a phone a call is a compact bar: name, timer, Hold, Record, End, and the keypad on request", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const d = dialerParts(page);
  await openAppWithClock(page);
  await d.bar.click();
  await d.number.fill("5550100");
  await d.call.click();
  await expect(d.status).toHaveText("Dialing...");
  await page.clock.runFor(600 + 3_000);
  const bar = d.widget.getByTestId("dialer-in-call-bar");
  await expect(bar).toBeVisible();
  await expect(d.status).toHaveText("In Call");
  await expect(bar.getByTestId("dialer-in-call-timer")).toHaveText("00:00:03");
  await expect(bar.getByTestId("dialer-business")).toHaveText("5550100");
  // No keypad or number field: the window is a short bar, not the ~500 px keypad.
  await expect(d.number).toBeHidden();
  expect((await d.widget.boundingBox())!.height).toBeLessThan(220);
  // Hold and Record here are the same state as the top bar's.
  await bar.getByRole("button", { name: "Hold" }).click();
  await expect(d.controls.getByRole("button", { name: "Resume" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await bar.getByRole("button", { name: "Record" }).click();
  await expect(d.controls.getByRole("button", { name: "Stop" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The keypad opens for DTMF and closes again.
  await bar.getByTestId("dialer-keypad-toggle").click();
  await expect(d.widget.getByRole("button", { name: "9", exact: true })).toBeVisible();
  await d.widget.getByTestId("dialer-keypad-toggle").click();
  await expect(bar).toBeVisible();
  await bar.getByTestId("dialer-end").click();
  await expect(d.status).toHaveText(/Call Ended/);
  await expect(bar).toBeHidden();
  // Record belonged to that call.
  await expect(d.controls.getByRole("button", { name: "Record" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

for (const locale of ["de", "ar"] as const) {
  test(`on a 360 px phone in ${locale} every label of the compact bar is whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await setLocale(page, locale);
    const d = dialerParts(page);
    await openAppWithClock(page);
    await d.bar.click();
    await d.widget.locator('input[type="tel"]').fill("5550100");
    await d.widget.getByTestId("dialer-call").click();
    await page.clock.runFor(600 + 1_000);
    const bar = d.widget.getByTestId("dialer-in-call-bar");
    await expect(bar).toBeVisible();
    // A label cut short ("Tastenfe…") is wider inside than the box it is drawn in.
    const cut = await bar
      .locator("button span")
      .evaluateAll((spans) =>
        spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent),
      );
    expect(cut).toEqual([]);
    if (process.env.E2E_SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/compact-bar-${locale}.png` });
    }
    await bar.getByTestId("dialer-end").click();
    await expect(bar).toBeHidden();
  });
}
