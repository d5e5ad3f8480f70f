// Callbacks: a Callback outcome given to a business's call, and a reminder set with
// the dialer's Alarm, are listed on the Callbacks screen with the business (name, both times),
// without the business's drawer ever syncing them; a callback that comes due while the app is
// open rings (page clock) with Call, which dials the business.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectTargetsReady } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";

test.use({ timezoneId: "America/Chicago" });

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true });
});

const prompt = (page: Page) => page.getByTestId("dialer-disposition");

test("a Callback outcome and a dialer Alarm are listed under Callbacks with the business", async ({
  repPage: page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto(`/app/targets?q=${encodeURIComponent(`callbacks ${Date.now()} in Austin`)}&ts=1`);
  await expectTargetsReady(page);
  const row = page.getByTestId("target-row").first();
  const name = (await row.getByTestId("target-name").textContent())!.trim();
  const placeId = (await row.getAttribute("data-place-id"))!;

  // Called from the table: the business's drawer is never opened.
  await row.getByTestId("target-call").click();
  const dialer = dialerParts(page);
  await expect(dialer.status).toHaveAttribute("data-status", "in-call");
  // The dialer names the business during the call.
  await expect(page.getByTestId("dialer-business")).toHaveText(name);
  await dialer.end.click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page)
    .getByRole("button", { name: /Callback/ })
    .click();
  // Tomorrow at 10:00, the rep's time (Chicago).
  const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
    Date.now() + 86_400_000,
  );
  const callbackAt = `${tomorrow}T10:00`;
  await prompt(page).getByTestId("disposition-callback").fill(callbackAt);
  await prompt(page).getByRole("textbox", { name: "Note (optional)" }).fill("Wants the owner");
  await prompt(page).getByRole("button", { name: "Save outcome" }).click();
  await expect(prompt(page)).toBeHidden();

  // The dialer's Alarm reminds about the same business.
  await page.getByTestId("dialer-alarm-trigger").click();
  const alarm = page.getByTestId("dialer-alarm-panel");
  await expect(alarm.getByTestId("dialer-alarm-business")).toHaveText(`Remind me to call ${name}`);
  await alarm.getByTestId("dialer-alarm-when").fill("2020-01-01T09:00");
  await alarm.getByTestId("dialer-alarm-notes").fill("Send the brochure first");
  await alarm.getByTestId("dialer-alarm-save").click();
  await expect(alarm.getByRole("alert")).toHaveText("Choose a time that is still to come");
  await alarm.getByTestId("dialer-alarm-when").fill(`${tomorrow}T09:30`);
  await alarm.getByTestId("dialer-alarm-save").click();
  await expect(alarm).toBeHidden();

  await page.goto("/app/callbacks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Callbacks");
  const listed = page.getByTestId("callback").filter({ hasText: name });
  await expect(listed).toHaveCount(2);
  // Soonest first: the alarm at 9:30, then the callback at 10:00.
  await expect(listed.nth(0).getByTestId("callback-note")).toHaveText("Send the brochure first");
  await expect(listed.nth(1).getByTestId("callback-note")).toHaveText("Callback: Wants the owner");
  await expect(listed.nth(1).getByTestId("callback-time")).toContainText("10:00 AM");
  // The time at the business too, from the offset the call knew.
  await expect(listed.nth(1).getByTestId("callback-business-time")).toContainText(
    /at the business \(UTC/,
  );
  await expect(listed.nth(0).getByTestId("callback-time")).toContainText("9:30 AM");
  await expect(listed.nth(1).getByTestId("callback-business")).toHaveText(name);
  await expect(listed.nth(1).getByTestId("callback-call")).toBeEnabled();

  // Open business shows the drawer with both appointments, synced.
  await listed.nth(1).getByTestId("callback-open").click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("Callback: Wants the owner")).toBeVisible();
  // Each appointment also reads at the business's clock (its UTC offset from Places).
  await expect(drawer.getByTestId("facility-appointments")).toContainText(
    /At the business: .+ \(UTC/,
  );
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // The business is now the team's account record: the Call Log names the call, and Call
  // History finds it by the business's name.
  await page.goto("/app/call-log");
  const first = page.getByTestId("call-log-row").first();
  await expect(first.getByTestId("call-log-business")).toHaveText(name);
  await page.goto("/app/reports/call-history");
  const content = page.locator("#content");
  // Enter, not a click: the floating dialer can rest over the Search button at this size.
  await content.getByRole("searchbox", { name: "Search calls" }).fill(name);
  await content.getByRole("searchbox", { name: "Search calls" }).press("Enter");
  await expect(page.getByTestId("call-card")).toContainText(name);
  expect(placeId).toBeTruthy();
  expect(errors).toEqual([]);
});

test("a callback that comes due while the app is open rings, and Call dials the business", async ({
  browser,
  baseURL,
}) => {
  // The colleague's account: the call this test makes starts minutes ahead on the page's
  // clock, and would otherwise head the e2e rep's Call Log for the specs that follow.
  const context = await browser.newContext({ baseURL, timezoneId: "America/Chicago" });
  const login = await context.request.post("/api/auth/login", { data: e2eAccounts.colleague });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await context.addInitScript(
    ([t, user]) => {
      localStorage.setItem("auth.token", t);
      localStorage.setItem("auth.user", user);
    },
    [token, e2eAccounts.colleague.username] as const,
  );
  const page = await context.newPage();

  const placeId = `ChIJreminder-${crypto.randomBytes(6).toString("hex")}`;
  // A name of this attempt's own: a retry must not meet the first attempt's callback ringing too.
  const business = `Reminder Dental ${placeId.slice(-4)}`;
  const itemId = crypto.randomUUID();
  const dueAt = Date.now() + 2 * 60_000;
  const res = await page.request.put(`/api/records/${placeId}/items`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      changes: [
        {
          kind: "appointment",
          itemId,
          op: "put",
          // A callback is marked, its note kept as the rep wrote it; the label is the screen's.
          data: { id: itemId, ts: dueAt, durationMin: 30, note: "pricing", kind: "callback" },
        },
      ],
      account: { name: business, phone: "(512) 555-0142", utcOffsetMinutes: -360 },
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.clock.install();
  await page.goto("/app/callbacks");
  const item = page.locator(`[data-testid="callback"][data-item-id="${itemId}"]`);
  await expect(item.getByTestId("callback-business")).toHaveText(business);
  await expect(item.getByTestId("callback-business-time")).toContainText("UTC\u22126");
  const toast = page.getByRole("listitem").filter({ hasText: `Callback due: ${business}` });
  await expect(toast).toHaveCount(0);

  await page.clock.fastForward("02:30");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Callback: pricing");
  await toast.getByRole("button", { name: "Call" }).click();
  const dialer = dialerParts(page);
  await expect(dialer.status).toHaveAttribute("data-status", /calling|in-call/);
  await expect(dialer.number).toHaveValue("(512) 555-0142");
  await context.close();
});
