// Power dialing (issue 15) against the Places peer: the preview says what is skipped and why, a
// session skips exactly the phoneless, do-not-call and colleague-reserved businesses, dials the
// rest through the dialer, pauses while the rep types, and ends with the right summary that is
// kept as one of today's sessions.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";

test.describe.configure({ mode: "serial" });

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
  await configurePlacesPeer({ reset: true, total: 6 });
});

test("a session skips phoneless, do-not-call and reserved businesses, holds while typing, and sums up", async ({
  repPage: page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.clock.install({ time: openTime() });
  await page.goto("/app/targets");
  await api(page, "POST", "/api/do-not-call", { number: dncNumber, note: "e2e power dial" });
  try {
    await page.goto(`/app/targets?q=${encodeURIComponent(`florists in Seattle, ${run}`)}&ts=1`);
    await expect(page.getByTestId("targets-status")).toHaveAttribute("data-status", "ready");
    const rows = page.getByTestId("target-row");
    await expect(rows).toHaveCount(6);
    const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-place-id")!));
    const names = await rows.evaluateAll((els) =>
      els.map((e) => e.querySelector("[data-testid=target-name]")!.textContent!.trim()),
    );

    // A colleague takes row 3 between the preview and its turn: the server answers 409.
    await page.route(`**/api/dialing/reservations/${ids[2]}`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 409,
            contentType: "application/json",
            body: JSON.stringify({ error: "Reserved by a colleague", code: "reserved" }),
          })
        : route.continue(),
    );

    // The floating dialer sits over the results' end; the session opens it again when it dials.
    await dialerParts(page).minimise.click();
    await page.getByTestId("power-dial-open").click();
    const preview = page.getByRole("dialog", { name: "Dial this list" });
    await expect(preview.getByTestId("power-dial-plan")).toHaveText(
      "4 of 6 will be dialed: 1 without a phone, 1 on the do-not-call list",
    );
    await shot(page, "power-dial-preview-en-light");
    await preview.getByTestId("power-dial-start").click();
    await expect(preview).toBeHidden();

    const bar = page.getByTestId("power-dial-bar");
    const dialer = dialerParts(page);
    const prompt = page.getByTestId("dialer-disposition");

    /** The session opened the drawer on `i` and dialed it: close the drawer, end, answer. */
    async function workCall(i: number, position: string, key: string) {
      await expect(bar.getByTestId("power-dial-position")).toHaveText(position);
      await expect(bar.getByTestId("power-dial-current")).toHaveText(names[i]);
      const drawer = page.getByRole("dialog", { name: names[i] });
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(dialer.status).toHaveAttribute("data-status", "in-call");
      await dialer.end.click();
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(names[i]);
      if (key.length === 1) {
        // The prompt's own keys: a digit picks, Enter saves.
        await page.keyboard.press(key);
        await page.keyboard.press("Enter");
      } else {
        await prompt.getByRole("button", { name: new RegExp(`^${key}`) }).click();
        await prompt.getByRole("button", { name: "Save outcome" }).click();
      }
      await expect(prompt).toBeHidden();
    }

    // Picked by click: after the drawer closes, focus goes back to the page, and the prompt takes
    // focus (for keys 1-9) only from the dialer or from nowhere (calls.spec covers the keys).
    await workCall(0, "1 of 4", "Interested");
    // Countdown to the next; typing in any field holds it for as long as the rep types.
    await expect(bar).toHaveAttribute("data-phase", "countdown");
    await shot(page, "power-dial-bar-en-light");
    const search = page.locator("#navbar-search");
    await search.click();
    await search.pressSequentially("typing a long note meanwhile", { delay: 250 });
    // 7 s of typing is longer than the 5 s countdown: still not dialed.
    await expect(bar).toHaveAttribute("data-hold", "typing");
    await expect(bar).toHaveAttribute("data-phase", "countdown");
    await expect(dialer.status).toHaveAttribute("data-status", /idle|ended/);
    await search.fill("");
    await search.blur();
    // Row 2 is on the do-not-call list (never planned), row 3 was taken: row 4 is dialed next.
    await workCall(3, "3 of 4", "No answer");
    await expect(bar.getByTestId("power-dial-status")).toHaveText(/Next call in \d s/);
    await workCall(5, "4 of 4", "Voicemail");

    const summary = page.getByRole("dialog", { name: "Session summary" });
    await expect(summary).toBeVisible();
    await expect(bar).toBeHidden();
    await expect(summary.getByTestId("summary-dials")).toContainText("3");
    await expect(summary.getByTestId("summary-conversations")).toContainText("1");
    await expect(summary.getByTestId("summary-skipped")).toContainText("3");
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
