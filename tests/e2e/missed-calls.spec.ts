// Missed Calls and what the line reported, seeded through the calls API as the dialer
// reports them: a missed call from a number the team called as a business shows the business
// and calls it back through the dialer; a withheld caller cannot be called back; the loading,
// empty and error states; the Call Log and Call History show direction, outcome, SIP status,
// setup time and quality.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { createCall, uniqueNumber } from "./calls-helpers";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, login, setLocale } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";

test.use({ timezoneId: "America/Chicago" });

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

// Numbers unique to this run: the e2e rep's calls accumulate across specs and runs.
const run = Date.now().toString(36);
const tail = String(Date.now()).slice(-7);
const formatted = (n: string) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`;

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true });
});

/** Records an inbound call that rang `secondsAgo` and was never answered. */
async function missedCall(
  request: APIRequestContext,
  token: string,
  from: string,
  secondsAgo: number,
) {
  const id = randomUUID();
  const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  const res = await request.put(`/api/calls/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      direction: "inbound",
      dialedDigits: from,
      startedAt: at,
      endedAt: at,
      endReason: "remote",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}

test("a missed call shows the business the team called and calls it back through the dialer", async ({
  repPage: page,
  repSession,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const headers = { Authorization: `Bearer ${repSession.token}` };
  // A business of the places peer, called by the team at a number of this run ...
  const search = await request.get(
    `/api/places/search?q=${encodeURIComponent(`florists in Austin, ${run}`)}`,
    { headers },
  );
  expect(search.status()).toBe(200);
  const place = ((await search.json()) as { places: { place_id: string; name: string }[] })
    .places[0]!;
  const number = `512${tail}`;
  await createCall(request, repSession.token, { digits: number, placeId: place.place_id });
  // ... rang the rep back, missed; so did a caller who withheld their number, earlier.
  const withheld = await missedCall(request, repSession.token, "", 120);
  const missed = await missedCall(request, repSession.token, `+1${number}`, 5);

  await page.goto("/app/missed-calls");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Missed Calls");
  const row = page.locator(`[data-testid="missed-call"][data-call-id="${missed}"]`);
  await expect(row.getByTestId("missed-call-caller")).toHaveText(formatted(number));
  await expect(row.getByTestId("missed-call-business")).toContainText(place.name);
  await expect(row.getByTestId("missed-call-called-back")).toHaveCount(0);
  const unknown = page.locator(`[data-testid="missed-call"][data-call-id="${withheld}"]`);
  await expect(unknown.getByTestId("missed-call-caller")).toHaveText("Unknown caller");
  await expect(unknown).toContainText("No number to call back");
  await expect(unknown.getByRole("button", { name: /Call back/ })).toHaveCount(0);
  // Newest first.
  const ids = await page
    .getByTestId("missed-call")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-call-id")));
  expect(ids.indexOf(missed)).toBeLessThan(ids.indexOf(withheld));
  await shot(page, "missed-calls-en-light");

  // Call back from the keyboard: the dialer calls the number for the business.
  const callBack = row.getByRole("button", {
    name: `Call back ${place.name}, ${formatted(number)}`,
  });
  await callBack.focus();
  await page.keyboard.press("Enter");
  const dialer = dialerParts(page);
  await expect(dialer.status).toHaveAttribute("data-status", /calling|in-call/);
  await expect(dialer.number).toHaveValue(formatted(number));
  await expect(callBack).toBeDisabled();
  await expect(dialer.status).toHaveAttribute("data-status", "in-call");
  await dialer.end.click();
  const prompt = page.getByTestId("dialer-disposition");
  await expect(prompt).toBeVisible();
  // The prompt names the business the call was for.
  await expect(prompt).toContainText(place.name);
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  // The call back is on the record: the row says so once the list refreshes.
  await expect(row.getByTestId("missed-call-called-back")).toBeVisible();

  await setLocale(page, "ar");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(row.getByTestId("missed-call-business")).toContainText(place.name);
  await shot(page, "missed-calls-ar-dark");
  await setLocale(page, "en");
  expect(errors).toEqual([]);
});

test("the Missed Calls screen says when there are none, and when they cannot be loaded", async ({
  repPage: page,
}) => {
  await page.route(/\/api\/calls\/missed/, (route) =>
    route.fulfill({ json: { calls: [], nextCursor: null } }),
  );
  await page.goto("/app/missed-calls");
  await expect(page.getByTestId("missed-calls-empty")).toContainText("No missed calls");

  await page.unroute(/\/api\/calls\/missed/);
  let failing = true;
  await page.route(/\/api\/calls\/missed/, (route) =>
    failing ? route.fulfill({ status: 500, json: { error: "boom" } }) : route.fallback(),
  );
  await page.reload();
  const error = page.getByTestId("missed-calls-error");
  await expect(error).toContainText("Could not load your missed calls.", { timeout: 20_000 });
  failing = false;
  await error.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("missed-call").first()).toBeVisible();
});

test("the Call Log and Call History show direction, outcome, SIP status, setup time and quality", async ({
  repPage: page,
  repSession,
  request,
}) => {
  const headers = { Authorization: `Bearer ${repSession.token}` };
  const id = randomUUID();
  const number = `737${tail}`;
  const started = Date.now() - 90_000;
  const put = await request.put(`/api/calls/${id}`, {
    headers,
    data: {
      dialedDigits: number,
      startedAt: new Date(started).toISOString(),
      connectedAt: new Date(started + 2400).toISOString(),
      endedAt: new Date(started + 62_400).toISOString(),
      endReason: "remote",
      outcome: "remote-hangup",
      sipStatus: 200,
      quality: {
        samples: 60,
        averageMos: 4.21,
        worstMos: 3.4,
        worstJitterMs: 18,
        worstLossFraction: 0.025,
      },
    },
  });
  expect(put.status(), await put.text()).toBe(201);
  const inbound = await missedCall(request, repSession.token, `+1737${tail}`, 10);

  await page.goto("/app/call-log");
  const row = page.locator(`[data-testid="call-log-row"][data-call-id="${id}"]`);
  const fact = (key: string) => row.locator(`[data-fact="${key}"]`);
  await expect(fact("outcome").locator("dt")).toHaveText("Line outcome");
  await expect(fact("outcome").locator("dd")).toHaveText("The other side hung up");
  await expect(fact("sipStatus").locator("dd")).toHaveText("200");
  await expect(fact("setup").locator("dd")).toHaveText("2.4 sec");
  // The quality in plain words; its figures on hover, for a manager (this account is one).
  await expect(fact("quality").locator("dt")).toHaveText("Call quality");
  await expect(fact("quality").locator("dd")).toHaveText("Good");
  await expect(fact("quality").locator("dd")).toHaveAttribute(
    "title",
    "MOS 4.21 average, 3.4 worst · jitter up to 18 ms · loss up to 2.5%",
  );
  const missedRow = page.locator(`[data-testid="call-log-row"][data-call-id="${inbound}"]`);
  await expect(missedRow.getByTestId("call-direction")).toHaveText("Missed");
  await expect(missedRow.getByRole("button", { name: "Add outcome" })).toHaveCount(0);
  await shot(page, "call-log-line-en-light");

  await page.goto("/app/reports/call-history");
  const box = page.getByRole("main").getByRole("searchbox", { name: "Search calls" });
  await box.fill(id);
  await box.press("Enter");
  const card = page.getByTestId("call-card");
  await expect(card.locator('[data-row="outcome"]')).toContainText("The other side hung up");
  await expect(card.locator('[data-row="sipStatus"]')).toContainText("200");
  await expect(card.locator('[data-row="setup"]')).toContainText("2.4 sec");
  await expect(card.locator('[data-row="quality"]')).toContainText("MOS 4.21 average, 3.4 worst");
  await shot(page, "call-history-line-en-light");

  await box.fill(inbound);
  await box.press("Enter");
  await expect(card.locator('[data-row="direction"]')).toHaveText("DirectionInbound · Missed");
  // A missed call has no setup time or line report to show.
  await expect(card.locator('[data-row="setup"]')).toHaveCount(0);
  await expect(card.locator('[data-row="dialed"]')).toContainText("Caller");
  await shot(page, "call-history-inbound-en-light");
});

test("a rep reads the line in plain words: no SIP status, setup time or MOS", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, e2eAccounts.colleague);
  const signIn = await page.request.post("/api/auth/login", { data: e2eAccounts.colleague });
  const { token } = (await signIn.json()) as { token: string };
  const id = randomUUID();
  const started = Date.now() - 60_000;
  const put = await page.request.put(`/api/calls/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      dialedDigits: uniqueNumber("737"),
      startedAt: new Date(started).toISOString(),
      connectedAt: new Date(started + 2000).toISOString(),
      endedAt: new Date(started + 30_000).toISOString(),
      endReason: "remote",
      outcome: "remote-hangup",
      sipStatus: 200,
      quality: {
        samples: 20,
        averageMos: 4.4,
        worstMos: 4.1,
        worstJitterMs: 9,
        worstLossFraction: 0.01,
      },
    },
  });
  expect(put.status(), await put.text()).toBe(201);
  await page.goto("/app/call-log");
  const row = page.locator(`[data-testid="call-log-row"][data-call-id="${id}"]`);
  await expect(row.locator('[data-fact="quality"] dd')).toHaveText("Good");
  await expect(row.locator('[data-fact="quality"] dd')).not.toHaveAttribute("title", /.+/);
  await expect(row.locator('[data-fact="sipStatus"]')).toHaveCount(0);
  await expect(row.locator('[data-fact="setup"]')).toHaveCount(0);
  await expect(row).not.toContainText("MOS");
  await context.close();
});
