// Call records end to end: a call from the facility drawer is dispositioned in the
// dialer and shows in the Call Log, the drawer's Call Logs and Call History; a call made while
// the calls API is unreachable is kept in the browser's outbox and saved exactly once when the
// API is back; an undisposed call is shown as such and can be given its outcome later.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { displayPhone } from "@/lib/format/phone";
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectTargetsReady, setLocale } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";

test.use({ timezoneId: "America/Chicago" });

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

// Place ids and numbers unique to this run, so counts start at zero whatever ran before.
const run = Date.now().toString(36);
const CALLS_API = /\/api\/calls(\/|\?|$)/;

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true });
});

const prompt = (page: Page) => page.getByTestId("dialer-disposition");
const outboxItem = `calls.outbox:${e2eAccounts.rep.username}`;
const formatted = (n: string) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`;

test("a call from the drawer is dispositioned and shows in the Call Log, the drawer and Call History", async ({
  repPage: page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto(`/app/targets?q=${encodeURIComponent(`bakeries in Austin, ${run}`)}&ts=1`);
  await expectTargetsReady(page);
  const row = page.getByTestId("target-row").first();
  await expect(row.getByTestId("target-dials")).toHaveText("0");
  const name = (await row.getByTestId("target-name").textContent())!.trim();
  const phone = (await row.getByTestId("target-phone").textContent())!.trim();
  const digits = phone.replace(/\D/g, "");

  await row.getByTestId("target-name").click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer.getByTestId("place-calls-empty")).toHaveText(
    "No calls to this business yet.",
  );
  await expect(drawer.getByTestId("facility-dial-count")).toHaveText("Not dialed yet");
  await drawer.getByRole("button", { name: `Call ${phone}` }).click();
  // Saved when dialed: the team's Dial Count and the drawer's list show it at once.
  await expect(drawer.getByTestId("facility-dial-count")).toHaveText("Dialed once");
  await expect(drawer.getByTestId("place-call")).toHaveCount(1);
  await expect(drawer.getByTestId("place-call")).toContainText("Not dispositioned");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  const dialer = dialerParts(page);
  await expect(dialer.status).toHaveAttribute("data-status", /calling|in-call/);
  await expect(dialer.status).toHaveAttribute("data-status", "in-call");
  await dialer.end.click();
  // The prompt replaces the keypad and has focus: 1 picks Interested (not a digit).
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page)).toContainText(name);
  await page.keyboard.press("1");
  await expect(prompt(page).getByRole("button", { name: /Interested/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Shown as the rest of the app shows numbers; the field holds the digits while edited.
  await expect(dialer.number).toHaveValue(displayPhone(digits));
  await shot(page, "prompt-open-en-light");
  await prompt(page).getByRole("textbox", { name: "Note (optional)" }).fill("Send a quote");
  await page.keyboard.press("Enter");
  await expect(prompt(page)).toBeHidden();
  // Interested counts as a conversation today (team-wide).
  await expect(page.getByTestId("targets-stat-conversations")).not.toHaveText("0");
  await expect(dialer.widget.getByRole("button", { name: "5", exact: true })).toBeVisible();
  await expect(row.getByTestId("target-dials")).toHaveText("1");

  // Call Log: newest first, with its outcome and note; the row opens the business.
  await page.goto("/app/call-log");
  const first = page.getByTestId("call-log-row").first();
  await expect(first.getByTestId("call-outcome")).toHaveText("Interested");
  await expect(first.getByTestId("call-log-note")).toHaveText("Send a quote");
  await expect(first.getByTestId("call-log-number")).toHaveText(phone);
  const callId = (await first.getAttribute("data-call-id"))!;
  expect(callId).toMatch(/^[0-9a-f-]{36}$/);
  await first.getByRole("button", { name: /Open business/ }).click();
  const again = page.getByRole("dialog", { name });
  await expect(again.getByTestId("facility-phone")).toHaveText(phone);
  await expect(again.getByTestId("place-call")).toHaveCount(1);
  await expect(again.getByTestId("place-call")).toContainText("Interested");
  await expect(again.getByTestId("place-call")).toContainText(e2eAccounts.rep.username);
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();

  // The outcome filter: Interested finds it, Sale does not.
  await page.getByTestId("call-log-outcome").selectOption("sale");
  await expect(page.locator(`[data-call-id="${callId}"]`)).toHaveCount(0);
  await page.getByTestId("call-log-outcome").selectOption("interested");
  await expect(page.locator(`[data-call-id="${callId}"]`)).toBeVisible();

  // Call History finds the record by its id.
  await page.goto("/app/reports/call-history");
  const box = page.getByRole("main").getByRole("searchbox", { name: "Search calls" });
  await box.fill(callId.toUpperCase());
  await box.press("Enter");
  const card = page.getByTestId("call-card");
  await expect(card).toContainText(callId);
  await expect(card).toContainText(e2eAccounts.rep.username);
  await expect(card).toContainText(phone);
  expect(errors).toEqual([]);
});

test("a call made while the calls API is unreachable is saved once it is back, exactly once", async ({
  repPage: page,
}) => {
  const number = `555${String(Date.now()).slice(-7)}`;
  const puts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && CALLS_API.test(r.url())) puts.push(new URL(r.url()).pathname);
  });
  await page.route(CALLS_API, (route) => route.abort("internetdisconnected"));
  await page.goto("/app");
  const dialer = dialerParts(page);
  await dialer.number.fill(number);
  await dialer.call.click();
  await expect(dialer.status).toHaveAttribute("data-status", "in-call");
  await dialer.end.click();
  await expect(prompt(page)).toBeVisible();
  await page.keyboard.press("6");
  await expect(prompt(page).getByRole("button", { name: /No answer/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Enter");
  await expect(prompt(page)).toBeHidden();

  // Nothing reached the server; the record and its outcome wait in the outbox.
  const queued = async () =>
    page.evaluate((item) => {
      const raw = localStorage.getItem(item);
      return raw ? (JSON.parse(raw) as { value: { kind: string }[] }).value.map((e) => e.kind) : [];
    }, outboxItem);
  await expect.poll(queued).toEqual(["call", "disposition"]);
  expect(puts.length).toBeGreaterThan(0);

  // Back online: the queue is sent (record first, then its outcome) and emptied.
  await page.unroute(CALLS_API);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(queued).toEqual([]);

  await page.goto("/app/call-log");
  await page.getByTestId("call-log-outcome").selectOption("no_answer");
  const rows = page.getByTestId("call-log-row").filter({ hasText: formatted(number) });
  await expect(rows.first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("auth.token"));
  const found = await page.request.get(`/api/calls/search?q=${number}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(found.status()).toBe(200);
  const { calls } = (await found.json()) as {
    calls: { dialedDigits: string; disposition: string }[];
  };
  expect(calls.filter((c) => c.dialedDigits === number)).toEqual([
    expect.objectContaining({ dialedDigits: number, disposition: "no_answer" }),
  ]);
  // Further retries (another online event, a reload) send nothing more.
  const sent = puts.length;
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await page.reload();
  await expect(page.getByTestId("call-log-row").first()).toBeVisible();
  expect(puts.length).toBe(sent);
});

test("a skipped call stays Not dispositioned and gets its outcome in the Call Log later", async ({
  repPage: page,
}) => {
  const number = `214${String(Date.now()).slice(-7)}`;
  await page.goto("/app");
  const dialer = dialerParts(page);
  await dialer.number.fill(number);
  await dialer.call.click();
  await dialer.end.click();
  await expect(prompt(page)).toBeVisible();
  // Digits that are not outcomes do not reach the number while the prompt has focus.
  await page.keyboard.press("0");
  await expect(dialer.number).toHaveValue(displayPhone(number));
  await page.keyboard.press("Escape");
  await expect(prompt(page)).toBeHidden();

  await page.goto("/app/call-log");
  await page.getByTestId("call-log-outcome").selectOption("undisposed");
  const row = page
    .getByTestId("call-log-row")
    .filter({ hasText: formatted(number) })
    .first();
  await expect(row.getByTestId("call-outcome")).toHaveText("Not dispositioned");
  await row.getByRole("button", { name: "Add outcome" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: /Interested/ })).toBeFocused();
  await dialog.getByRole("button", { name: /Sale/ }).click();
  await dialog.getByRole("button", { name: "Save outcome" }).click();
  await expect(dialog.getByText("Enter the sale amount.")).toBeVisible();
  await dialog.getByTestId("disposition-amount").fill("1250.5");
  await dialog.getByRole("button", { name: "Save outcome" }).click();
  await expect(dialog).toBeHidden();
  // Filtered to undisposed, it leaves the list; with Sale it is there, with its amount.
  await page.getByTestId("call-log-outcome").selectOption("sale");
  const sale = page
    .getByTestId("call-log-row")
    .filter({ hasText: formatted(number) })
    .first();
  await expect(sale.getByTestId("call-outcome")).toHaveText("Sale");
  await expect(sale).toContainText("$1,250.50");

  // A saved outcome can be corrected from the keyboard: focus starts on the saved
  // outcome, where 1-9 work (not on Close); Ctrl+Enter saves, from the note too.
  await sale.getByRole("button", { name: "Correct outcome" }).click();
  await expect(dialog.getByRole("button", { name: /Sale/ })).toBeFocused();
  await page.keyboard.press("1");
  await expect(dialog.getByRole("button", { name: /Interested/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await dialog.getByTestId("disposition-note").fill("Wants a demo");
  await page.keyboard.press("Control+Enter");
  await expect(dialog).toBeHidden();
  await page.getByTestId("call-log-outcome").selectOption("interested");
  const interested = page
    .getByTestId("call-log-row")
    .filter({ hasText: formatted(number) })
    .first();
  await expect(interested.getByTestId("call-outcome")).toHaveText("Interested");
  await expect(interested.getByTestId("call-log-note")).toHaveText("Wants a demo");
});

// Only when asked for (E2E_SHOTS_DIR): the Call Log and the prompt in both themes, Arabic, 360 px.
if (shotsDir)
  test.describe("screenshots", () => {
    for (const [label, opts] of [
      ["en-light", { locale: "en", scheme: "light", width: 1280 }],
      ["en-dark", { locale: "en", scheme: "dark", width: 1280 }],
      ["ar-light", { locale: "ar", scheme: "light", width: 1280 }],
      ["en-phone", { locale: "en", scheme: "light", width: 360 }],
      ["ar-phone-dark", { locale: "ar", scheme: "dark", width: 360 }],
    ] as const) {
      test(`call log and prompt, ${label}`, async ({ repPage: page }) => {
        await page.setViewportSize({ width: opts.width, height: 800 });
        await page.emulateMedia({ colorScheme: opts.scheme });
        await page.goto("/app");
        await setLocale(page, opts.locale);
        await page.goto("/app/call-log");
        await expect(page.getByTestId("call-log-row").first()).toBeVisible();
        await shot(page, `call-log-${label}`);
        // By test id and type: the names are translated.
        const widget = page.getByTestId("dialer-widget");
        if (opts.width < 640) await page.getByTestId("dialer-minimised-bar").click();
        await widget.locator('input[type="tel"]').fill("5125550100");
        await widget.getByTestId("dialer-call").click();
        await expect(widget.getByTestId("dialer-status")).toHaveAttribute("data-status", "in-call");
        await widget.getByTestId("dialer-end").click();
        await expect(prompt(page)).toBeVisible();
        await shot(page, `prompt-${label}`);
        await page.keyboard.press("Escape");
      });
    }
  });
