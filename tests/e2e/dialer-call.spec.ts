import { dialerParts, openAppWithClock } from "./dialer-helpers";
import { expect, test } from "./fixtures";

test.use({ signedInAs: "rep" });

test("a call goes Dialing... -> In Call -> Call Ended -> idle with both timers running", async ({
  page,
}) => {
  const d = dialerParts(page);
  await openAppWithClock(page);
  await expect(d.status).toHaveText("Waiting for call...");

  // The field keeps the dial string as typed; the call goes to its number.
  await d.number.fill("(555) 123-4567");
  await expect(d.number).toHaveValue("(555) 123-4567");
  await d.call.click();
  await expect(d.status).toHaveText("Dialing...");
  await expect(d.topEnd).toBeEnabled();
  await expect(d.end).toBeEnabled();
  await expect(d.call).toBeDisabled();

  await page.clock.runFor(599);
  await expect(d.status).toHaveText("Dialing...");
  await page.clock.runFor(1);
  await expect(d.status).toHaveText("In Call");

  await page.clock.runFor(7_000);
  await expect(d.timer).toHaveText("00:00:07");
  // One clock for the call, in one format: the top bar's controls keep none of their own.
  await expect(page.getByRole("timer")).toHaveCount(1);

  await d.end.click();
  await expect(d.status).toHaveText("Call Ended");
  await expect(d.end).toBeDisabled();
  await expect(d.topEnd).toBeDisabled();
  await expect(d.timer).toHaveText("00:00:07");

  await page.clock.runFor(1_199);
  await expect(d.status).toHaveText("Call Ended");
  await page.clock.runFor(1);
  await expect(d.status).toHaveText("Waiting for call...");
  await expect(d.timer).toHaveText("00:00:00");
});

test("Call is disabled with no number; End is disabled when idle", async ({ page }) => {
  const d = dialerParts(page);
  await page.goto("/app");
  await expect(d.call).toBeDisabled();
  await expect(d.end).toBeDisabled();
  await expect(d.controls.getByRole("button")).toHaveCount(3);
  for (const button of await d.controls.getByRole("button").all())
    await expect(button).toBeDisabled();

  await d.widget.getByRole("button", { name: "5", exact: true }).click();
  await d.widget.getByRole("button", { name: "Star" }).click();
  await d.widget.getByRole("button", { name: "1", exact: true }).click();
  // A dial string holds "*" (service codes, tones after an extension).
  await expect(d.number).toHaveValue("5*1");
  await expect(d.call).toBeEnabled();
  await d.number.fill("abc-()");
  await expect(d.number).toHaveValue("-()");
  await expect(d.call).toBeDisabled();
});

test("the call ends on its own 20 s after connecting", async ({ page }) => {
  const d = dialerParts(page);
  await openAppWithClock(page);
  await d.number.fill("5550100");
  await d.call.click();
  // The dialer rings once the do-not-call check answers; only then are its timers set.
  await expect(d.status).toHaveText("Dialing...");
  await page.clock.runFor(600);
  await expect(d.status).toHaveText("In Call");
  await page.clock.runFor(19_999);
  await expect(d.status).toHaveText("In Call");
  await expect(d.timer).toHaveText("00:00:19");
  await page.clock.runFor(1);
  await expect(d.status).toHaveText("Call Ended");
  await expect(d.timer).toHaveText("00:00:20");
  await page.clock.fastForward(1_200);
  await expect(d.status).toHaveText("Waiting for call...");
});

test("Hold and Record toggle their labels during a call and reset after it", async ({ page }) => {
  const d = dialerParts(page);
  await openAppWithClock(page);
  await d.number.fill("5550100");
  await d.call.click();
  // The dialer rings once the do-not-call check answers; only then are its timers set.
  await expect(d.status).toHaveText("Dialing...");
  await page.clock.runFor(600);

  const hold = d.controls.getByRole("button", { name: /^(Hold|Resume)$/ });
  const record = d.controls.getByRole("button", { name: /^(Record|Stop)$/ });
  await expect(hold).toHaveText("Hold");
  await hold.click();
  await expect(hold).toHaveText("Resume");
  await expect(hold).toHaveAttribute("aria-pressed", "true");
  await hold.click();
  await expect(hold).toHaveText("Hold");
  await record.click();
  await expect(record).toHaveText("Stop");
  await record.click();
  await expect(record).toHaveText("Record");
  await record.click();

  await d.topEnd.click();
  await expect(d.status).toHaveText("Call Ended");
  await expect(record).toHaveText("Record");
  await expect(record).toBeDisabled();
  await expect(hold).toBeDisabled();
});

test("keyboard: digits go to the number, Enter calls, Escape ends", async ({ page }) => {
  const d = dialerParts(page);
  await openAppWithClock(page);
  await d.number.focus();
  await page.keyboard.type("555*12#34");
  await expect(d.number).toHaveValue("555*12#34");
  await d.number.fill("5551234");
  await d.widget.getByRole("button", { name: "9", exact: true }).focus();
  await page.keyboard.press("8");
  await expect(d.number).toHaveValue("55512348");
  await page.keyboard.press("Enter");
  await expect(d.status).toHaveText("Dialing...");
  await page.clock.runFor(600);
  await expect(d.status).toHaveText("In Call");
  await page.keyboard.press("Escape");
  await expect(d.status).toHaveText("Call Ended");
});

test("out of the field the number reads (512) 555-0100; a new number typed over it replaces it", async ({
  page,
}) => {
  const d = dialerParts(page);
  await openAppWithClock(page);
  await d.number.fill("5125550100");
  await expect(d.number).toHaveValue("5125550100");
  await page.getByRole("heading", { name: "Dashboard" }).click();
  await expect(d.number).toHaveValue("(512) 555-0100");
  // Everything selected, then typed over (a test's fill, a rep's select-all): one number, never
  // the old digits with the new ones after them.
  await d.number.fill("(737) 555-0199");
  await expect(d.number).toHaveValue("(737) 555-0199");
  await page.getByRole("heading", { name: "Dashboard" }).click();
  await d.number.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("5125550111");
  await expect(d.number).toHaveValue("5125550111");
});
