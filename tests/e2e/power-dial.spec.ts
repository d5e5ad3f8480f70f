// Power dialing against the Places peer: the preview says what is skipped and why, a
// session skips exactly the closed, phoneless, do-not-call and colleague-reserved businesses,
// dials the rest through the dialer while the drawer shows each business beside it, takes the
// outcomes from the number keys, pauses while the rep types a note, and ends with the right
// summary that is kept as one of today's sessions.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectTargetsReady } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";

test.describe.configure({ mode: "serial" });
// A 1366×850 laptop: the dialer docks in its column and the session's drawer opens beside it,
// nothing of either under the other.
test.use({ viewport: { width: 1366, height: 850 } });

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

const run = Date.now().toString(36);
// Seattle (area code 206, UTC-8): no other spec dials these numbers, so the do-not-call entry
// this spec adds cannot block them.
const dncNumber = "+12065550101";

/** The latest weekday 19:00 UTC (11:00 in Seattle, inside the peer's 8-17 hours) before now. */
function openTime(): number {
  const d = new Date();
  d.setUTCHours(19, 0, 0, 0);
  while (d.getTime() > Date.now() || d.getUTCDay() === 0 || d.getUTCDay() === 6)
    d.setUTCDate(d.getUTCDate() - 1);
  return d.getTime();
}

async function api(page: Page, method: "POST" | "DELETE", url: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem("auth.token"));
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
}

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true, total: 7 });
});

/**
 * Pauses the page's (installed) clock about now: pauseAt takes a time ahead of the page's clock,
 * which keeps running between reading it and the call, so aim a little ahead and try again if
 * the machine was slower than that.
 */
async function pauseClockNow(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 200 * attempt);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Signs the colleague in through the API (same organization as the rep): their bearer token. */
async function colleagueToken(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: e2eAccounts.colleague });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test("a session skips closed, phoneless, do-not-call and reserved businesses, holds while typing, and sums up", async ({
  repPage: page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.clock.install({ time: openTime() });
  await page.goto("/app/targets");
  await api(page, "POST", "/api/do-not-call", { number: dncNumber, note: "e2e power dial" });
  try {
    await page.goto(`/app/targets?q=${encodeURIComponent(`florists in Seattle, ${run}`)}&ts=1`);
    await expectTargetsReady(page);
    const rows = page.getByTestId("target-row");
    await expect(rows).toHaveCount(7);
    const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-place-id")!));
    const names = await rows.evaluateAll((els) =>
      els.map((e) => e.querySelector("[data-testid=target-name]")!.textContent!.trim()),
    );

    // "Dial this list" sits at the start side, clear of the floating dialer at the end.
    await page.getByTestId("power-dial-open").click();
    const preview = page.getByRole("dialog", { name: "Dial this list" });
    // Row 7 opens at 18:00 in Seattle; it is 11:00 there.
    await expect(preview.getByTestId("power-dial-plan")).toHaveText(
      "4 of 7 will be dialed: 1 closed now, 1 without a phone, 1 on the do-not-call list",
    );
    // It lists who will be dialed, in order, and why the others are not.
    const listed = preview.getByTestId("power-dial-plan-rows").getByRole("listitem");
    await expect(listed).toHaveCount(7);
    await expect(listed.filter({ hasText: "Will be dialed" })).toHaveCount(4);
    await expect(listed.nth(6)).toContainText(names[6]);
    await expect(listed.nth(6)).toContainText("Closed now");
    await expect(listed.nth(4)).toContainText("No phone");
    // Including closed businesses adds row 7; taking it back leaves the plan as it was.
    const includeClosed = preview.getByRole("checkbox", { name: /closed now/ });
    await includeClosed.click();
    await expect(preview.getByTestId("power-dial-plan")).toHaveText(/^5 of 7 will be dialed/);
    await includeClosed.click();
    await expect(preview.getByTestId("power-dial-plan")).toHaveText(/^4 of 7 will be dialed/);
    await shot(page, "power-dial-preview-en-light");
    await preview.getByTestId("power-dial-start").click();
    await expect(preview).toBeHidden();
    // A colleague starts dialing row 3 between the preview and its turn (a real reservation of
    // another rep of the organization): the session's own reservation of it is refused.
    const colleague = await colleagueToken(page);
    const taken = await page.request.post(`/api/dialing/reservations/${ids[2]}`, {
      headers: { Authorization: `Bearer ${colleague}` },
    });
    expect(taken.status()).toBe(200);

    const bar = page.getByTestId("power-dial-bar");
    const dialer = dialerParts(page);
    const prompt = page.getByTestId("dialer-disposition");

    /**
     * The session opened the drawer on `i` beside the dialer and dialed it: the rep ends the call
     * in the dialer (the drawer stays open) and answers with the prompt's keys (a digit picks,
     * Enter saves).
     */
    async function workCall(i: number, position: string, key: string, endFrom = "dialer") {
      await expect(bar.getByTestId("power-dial-position")).toHaveText(position);
      await expect(bar.getByTestId("power-dial-current")).toHaveText(names[i]);
      const drawer = page.getByRole("dialog", { name: names[i] });
      await expect(drawer).toBeVisible();
      await expect(drawer).toHaveAttribute("data-modal", "false");
      await expect(dialer.status).toHaveAttribute("data-status", "in-call");
      // The drawer shows the call to its business, with its own End.
      const inDrawer = drawer.getByTestId("drawer-call-state");
      await expect(inDrawer).toHaveAttribute("data-status", "in-call");
      if (endFrom === "drawer") await inDrawer.getByRole("button", { name: "End" }).click();
      else await dialer.end.click();
      await expect(inDrawer).toBeHidden();
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(names[i]);
      // The prompt takes focus (wherever End was pressed), so the number keys reach it.
      await expect(prompt.locator(":focus")).toHaveCount(1);
      await page.keyboard.press(key);
      // The choice hands focus to Save (on the next frame): Enter then saves.
      await expect(prompt.getByRole("button", { name: "Save outcome" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(prompt).toBeHidden();
      // The save is confirmed in a session too, without covering the bar.
      await expect(page.getByText(/^Outcome saved: /).last()).toBeVisible();
      return drawer;
    }

    // 1 = Interested.
    await workCall(0, "1 of 4", "1");
    // Countdown to the next: the drawer moves on to it at once, as time to prepare,
    // and typing a note in it holds the countdown for as long as the rep types.
    await expect(bar).toHaveAttribute("data-phase", "countdown");
    const upcoming = page.getByRole("dialog", { name: names[2] });
    await expect(upcoming).toBeVisible();
    await expect(upcoming).toHaveAttribute("data-modal", "false");
    await expect(page.getByRole("dialog", { name: names[0] })).toBeHidden();
    // From here the page's clock moves only when told (a keystroke every 250 ms of page time),
    // so that a slow machine cannot spend the 5 s countdown before the typing starts.
    await pauseClockNow(page);
    await shot(page, "power-dial-bar-en-light");
    await upcoming.getByRole("button", { name: "New note" }).click();
    const note = upcoming.getByRole("textbox", { name: "New note" });
    await expect(note).toBeFocused();
    for (const word of "Asked for the owner, call after lunch".split(/(?= )/)) {
      await page.keyboard.type(word);
      await page.clock.runFor(1_000);
    }
    // 7 s of typing is longer than the 5 s countdown: still not dialed.
    await expect(bar).toHaveAttribute("data-hold", "typing");
    await expect(bar).toHaveAttribute("data-phase", "countdown");
    await expect(dialer.status).toHaveAttribute("data-status", /idle|ended/);
    await page.clock.resume();
    await upcoming.getByRole("button", { name: "Save", exact: true }).click();
    await expect(upcoming.getByTestId("facility-notes")).toContainText("call after lunch");
    // Row 2 is on the do-not-call list (never planned), row 3 was taken by the colleague: row 4
    // is dialed next (the drawer moves on to it). 6 = No answer.
    await workCall(3, "3 of 4", "6", "drawer");
    await expect(bar.getByTestId("power-dial-status")).toHaveText(/Next call in \d s/);
    // Row 5 has no phone, row 7 is closed. 5 = Voicemail.
    await workCall(5, "4 of 4", "5");

    const summary = page.getByRole("dialog", { name: "Session summary" });
    await expect(summary).toBeVisible();
    await expect(bar).toBeHidden();
    await expect(summary.getByTestId("summary-dials")).toContainText("3");
    await expect(summary.getByTestId("summary-conversations")).toContainText("1");
    // The figures add up: 4 queued = 3 dials + 1 skipped (the colleague's) + 0 not dialed; the
    // preview left out the do-not-call, phoneless and closed rows.
    await expect(summary.getByTestId("summary-queued")).toContainText("4");
    await expect(summary.getByTestId("summary-skipped")).toContainText("1");
    await expect(summary.getByTestId("summary-notDialed")).toContainText("0");
    await expect(summary.getByTestId("summary-left-out")).toContainText("3 more businesses");
    await expect(summary.getByTestId("summary-dispositions")).toContainText("Interested1");
    await expect(summary.getByTestId("summary-dispositions")).toContainText("No answer1");
    await expect(summary.getByTestId("summary-dispositions")).toContainText("Voicemail1");
    await expect(summary.getByTestId("summary-today").getByRole("listitem")).not.toHaveCount(0);
    await shot(page, "power-dial-summary-en-light");
    await summary.getByRole("button", { name: "Done" }).click();
    await expect(summary).toBeHidden();
    // The colleague's 409 is the browser's own "failed to load" line; nothing else.
    expect(errors.filter((e) => !e.includes("409 (Conflict)"))).toEqual([]);
  } finally {
    await api(page, "DELETE", `/api/do-not-call/${encodeURIComponent(dncNumber)}`);
  }
});

test("Stop asks first: Escape in the countdown can be taken back, and a call in progress is ended and counted", async ({
  repPage: page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install({ time: openTime() });
  await page.goto(`/app/targets?q=${encodeURIComponent(`florists in Seattle, ${run}-stop`)}&ts=1`);
  await expectTargetsReady(page);
  await page.getByTestId("power-dial-open").click();
  const preview = page.getByRole("dialog", { name: "Dial this list" });
  await preview.getByTestId("power-dial-start").click();
  await expect(preview).toBeHidden();

  const bar = page.getByTestId("power-dial-bar");
  const dialer = dialerParts(page);
  const prompt = page.getByTestId("dialer-disposition");
  const ask = page.getByRole("dialog", { name: "End this dialing session?" });
  await expect(dialer.status).toHaveAttribute("data-status", "in-call");
  // The bar says where the session's call is: talking, then waiting for its outcome.
  await expect(bar.getByTestId("power-dial-status")).toHaveText("In call");
  await dialer.end.click();
  await expect(bar.getByTestId("power-dial-status")).toHaveText(
    "Choose the call's outcome to go on",
  );
  await page.keyboard.press("1");
  await expect(prompt.getByRole("button", { name: "Save outcome" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bar).toHaveAttribute("data-phase", "countdown");

  // Escape asks; while it asks the countdown holds; Keep dialing takes it back.
  await page.locator("body").press("Escape");
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("No more businesses will be dialed");
  await expect(bar).toHaveAttribute("data-hold", "paused");
  await ask.getByRole("button", { name: "Keep dialing" }).click();
  await expect(ask).toBeHidden();
  await expect(bar).toBeVisible();

  // The next call is dialed; Stop during it offers to end it now, and the call still counts.
  await expect(dialer.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
  await bar.getByTestId("power-dial-stop").click();
  await expect(ask).toContainText("A call is in progress");
  await ask.getByTestId("power-dial-stop-now").click();
  await expect(prompt).toBeVisible();
  await page.keyboard.press("6");
  await expect(prompt.getByRole("button", { name: "Save outcome" })).toBeFocused();
  await page.keyboard.press("Enter");

  const summary = page.getByRole("dialog", { name: "Session summary" });
  await expect(summary).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(summary.getByTestId("summary-dials")).toContainText("2");
  await expect(summary.getByTestId("summary-dispositions")).toContainText("No answer1");
  // Stopped early, the figures still add up: queued = dials + skipped + not dialed.
  const figure = async (key: string) =>
    Number(await summary.getByTestId(`summary-${key}`).locator("dd").textContent());
  const [queued, dials, skipped, notDialed] = await Promise.all(
    ["queued", "dials", "skipped", "notDialed"].map(figure),
  );
  expect(notDialed).toBeGreaterThan(0);
  await expect(summary.getByTestId("summary-notDialed")).toContainText("Not dialed");
  expect(queued).toBe(dials + skipped + notDialed);
});

test("a reload during a session offers to resume it where it was, with its figures so far", async ({
  repPage: page,
}) => {
  test.setTimeout(90_000);
  // No installed clock here: Playwright's fake clock replaces `performance`, whose navigation
  // entry is how the page knows it was reloaded. Whatever the hour in Seattle, closed businesses
  // are included.
  await page.goto(
    `/app/targets?q=${encodeURIComponent(`florists in Seattle, ${run}-resume`)}&ts=1`,
  );
  await expectTargetsReady(page);
  const names = await page
    .getByTestId("target-name")
    .evaluateAll((els) => els.map((e) => e.textContent!.trim()));
  await page.getByTestId("power-dial-open").click();
  const preview = page.getByRole("dialog", { name: "Dial this list" });
  await preview.getByRole("checkbox", { name: /closed now/ }).click();
  await expect(preview.getByTestId("power-dial-plan")).toHaveText(/^6 of 7 will be dialed/);
  await preview.getByTestId("power-dial-start").click();
  await expect(preview).toBeHidden();

  const bar = page.getByTestId("power-dial-bar");
  const dialer = dialerParts(page);
  const prompt = page.getByTestId("dialer-disposition");
  await expect(dialer.status).toHaveAttribute("data-status", "in-call");
  await dialer.end.click();
  await expect(prompt).toBeVisible();
  await page.keyboard.press("1");
  await expect(prompt.getByRole("button", { name: "Save outcome" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bar).toHaveAttribute("data-phase", "countdown");
  // One business called; the countdown names the next one and where it is in the queue.
  const next = (await bar.getByTestId("power-dial-current").textContent())!.trim();
  expect(names).toContain(next);
  const position = (await bar.getByTestId("power-dial-position").textContent())!.trim();
  const queued = position.match(/^2 of (\d+)$/)![1];

  await page.reload();
  await expectTargetsReady(page);
  const offer = page.getByRole("dialog", { name: "Resume your dialing session?" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`1 of ${queued} businesses done. It goes on with ${next}.`);
  await expect(offer.getByTestId("power-dial-resume")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(offer).toBeHidden();
  // Back where it was: counting down to the same business, its drawer open beside the work.
  await expect(bar).toHaveAttribute("data-phase", /countdown|calling/);
  await expect(bar.getByTestId("power-dial-current")).toHaveText(next);
  await expect(bar.getByTestId("power-dial-position")).toHaveText(position);
  await expect(page.getByRole("dialog", { name: next })).toBeVisible();
  await expect(dialer.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
  await bar.getByTestId("power-dial-stop").click();
  const ask = page.getByRole("dialog", { name: "End this dialing session?" });
  await ask.getByTestId("power-dial-stop-now").click();
  await expect(prompt).toBeVisible();
  await page.keyboard.press("6");
  await expect(prompt.getByRole("button", { name: "Save outcome" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The summary counts the call made before the reload.
  const summary = page.getByRole("dialog", { name: "Session summary" });
  await expect(summary.getByTestId("summary-dials")).toContainText("2");
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Interested1");
  await expect(summary.getByTestId("summary-dispositions")).toContainText("No answer1");
  await summary.getByRole("button", { name: "Done" }).click();

  // A reload with no session running offers nothing.
  await page.reload();
  await expectTargetsReady(page);
  await expect(page.getByTestId("power-dial-open")).toBeEnabled();
  await expect(offer).toBeHidden();
});
