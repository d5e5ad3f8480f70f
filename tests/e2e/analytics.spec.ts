import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCall, uniqueNumber } from "./calls-helpers";
import { collectConsoleErrors, setLocale } from "./helpers";

// The Analytics screen: a call recorded in the test shows up in its figures, every
// chart has its table and CSV, and it reads in both themes, in Arabic right to left.
test.use({ signedInAs: "rep" });

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The team's dials of the past week as the API counts them. */
async function teamDials(request: APIRequestContext, token: string) {
  const to = new Date();
  const from = new Date(to.getTime() - 7 * 86_400_000);
  const res = await request.get("/api/analytics", {
    headers: { Authorization: `Bearer ${token}` },
    params: { from: from.toISOString(), to: to.toISOString(), agent: "team", tz: "UTC" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { summary: { dials: number } }).summary.dials;
}

/** A call to a business in Tokyo (a dentist), as the dialer records one dialed from Targets. */
async function callBusiness(request: APIRequestContext, token: string) {
  const ended = Date.now() - 1_000;
  const res = await request.put(`/api/calls/${randomUUID()}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      dialedDigits: uniqueNumber(),
      placeId: "e2e-analytics-place",
      startedAt: new Date(ended - 40_000).toISOString(),
      connectedAt: new Date(ended - 30_000).toISOString(),
      endedAt: new Date(ended).toISOString(),
      endReason: "local",
      businessUtcOffsetMinutes: 540,
      businessCategory: "dentist",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Opens the screen with the floating dialer minimised (it starts open over the content). */
async function open(page: Page, heading = "Analytics") {
  await page.goto("/app/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  const widget = page.getByTestId("dialer-widget");
  await expect(widget).toBeVisible();
  // The rep's minimise is remembered: a later page of the same test finds it minimised.
  if ((await widget.getAttribute("data-minimised")) !== "true")
    await widget
      .getByRole("button", {
        name: heading === "Analytics" ? "Minimise dialer" : "تصغير لوحة الاتصال",
      })
      .click();
  await expect(widget).toHaveAttribute("data-minimised", "true");
}

const dialsOnScreen = async (page: Page) =>
  Number((await page.getByTestId("kpi-dials").innerText()).replace(/\D/g, ""));

test("a call recorded now counts in Analytics, with its tables and CSV", async ({
  page,
  request,
  repSession,
}) => {
  const errors = collectConsoleErrors(page);
  const before = await teamDials(request, repSession.token);
  await createCall(request, repSession.token, {
    digits: uniqueNumber(),
    talkSeconds: 30,
    disposition: "sale",
  });
  await callBusiness(request, repSession.token);
  await open(page);
  await expect.poll(() => dialsOnScreen(page)).toBeGreaterThanOrEqual(before + 2);
  await expect(page.getByTestId("heatmap-grid")).toBeVisible();
  await expect(page.getByTestId("kpi-sales")).not.toHaveText("0");
  // The page says one thing about the previous period: the tiles' figures, or (once, above
  // them) that it had no calls; never "no figure" on one tile beside "Previous period: 0".
  const tiles = await page.getByTestId("analytics-kpis").innerText();
  const noPrevious = await page.getByTestId("analytics-no-previous").count();
  expect(
    noPrevious === 1 ? !tiles.includes("Previous period") : /Previous period/.test(tiles),
    tiles,
  ).toBe(true);
  expect(tiles).not.toContain("No previous figure");

  // Every chart has its table alternative.
  for (const id of ["activity", "outcomes", "funnel", "leaderboard", "heatmap"]) {
    const card = page.locator(`#analytics-${id}`);
    await card.getByTestId(`analytics-${id}-toggle`).click();
    await expect(card.getByRole("table")).toBeVisible();
    await expect(card.getByTestId(`analytics-${id}-toggle`)).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
  const leaderboard = page.locator("#analytics-leaderboard").getByRole("table");
  await expect(leaderboard.getByRole("rowheader", { name: repSession.username })).toBeVisible();
  await expect(page.locator("#analytics-outcomes").getByRole("table")).toContainText("Sale");

  // The funnel as CSV.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("analytics-funnel-csv").click(),
  ]);
  const text = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe("stage,calls,share_of_dials");
  expect(lines[1]).toMatch(/^dials,\d+,1\.0000$/);
  expect(download.suggestedFilename()).toMatch(/^analytics-.*-funnel\.csv$/);
  expect(errors).toEqual([]);
});

test("a call made now shows up on the dashboard, which refreshes by itself", async ({
  page,
  request,
  repSession,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/app");
  const card = page.locator(`[data-testid="agent-cards"] li[data-agent="${repSession.username}"]`);
  await expect(card).toBeVisible();
  const dials = async () =>
    Number((await card.locator("dd").first().innerText()).replace(/\D/g, ""));
  const before = await dials();
  // The team keeps an account record of the business (as the drawer's push writes it): the
  // sale is listed under its name.
  const placeId = `e2e-dashboard-${randomUUID()}`;
  const business = `Sunrise Bakery ${placeId.slice(-6)}`;
  const pushed = await request.put(`/api/records/${placeId}/items`, {
    headers: { Authorization: `Bearer ${repSession.token}` },
    data: {
      changes: [
        {
          kind: "note",
          itemId: placeId,
          op: "put",
          data: { id: placeId, text: "Asked for the owner", created: Date.now() },
        },
      ],
      account: { name: business, phone: null, utcOffsetMinutes: null },
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(200);
  await createCall(request, repSession.token, {
    digits: uniqueNumber(),
    talkSeconds: 5,
    disposition: "sale",
    placeId,
  });
  // No reload: the dashboard asks again every 20 s while it is open.
  await expect.poll(dials, { timeout: 35_000 }).toBeGreaterThan(before);
  const sale = page.getByTestId("sales-events").locator('li[data-kind="sale"]').first();
  await expect(sale).toContainText("just now");
  await expect(sale).toContainText(`Closed by ${repSession.username}`);
  await expect(sale.getByTestId("sales-event-business")).toHaveText(business);
  await expect(page.getByTestId("kpi-revenueToday").getByTestId("kpi-value")).not.toHaveText("$0");
  await shot(page, "dashboard-en-light");
  expect(errors).toEqual([]);
});

test("a rep picks themselves; another preset asks again", async ({ page, request, repSession }) => {
  await callBusiness(request, repSession.token);
  await open(page);
  const who = page.getByTestId("analytics-agent");
  await who.selectOption({ label: `${repSession.username} (me)` });
  await expect.poll(() => dialsOnScreen(page)).toBeGreaterThanOrEqual(1);
  await page.getByRole("radio", { name: "Day" }).click();
  await expect(page.getByRole("radio", { name: "Day" })).toHaveAttribute("aria-checked", "true");
  await expect(page.locator("#analytics-activity")).toContainText("per hour");
});

for (const [locale, scheme] of [
  ["en", "light"],
  ["en", "dark"],
  ["ar", "light"],
  ["ar", "dark"],
] as const) {
  test(`reads in ${locale}, ${scheme} theme`, async ({ page, request, repSession }) => {
    const errors = collectConsoleErrors(page);
    await callBusiness(request, repSession.token);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/app/analytics");
    await setLocale(page, locale);
    await open(page, locale === "ar" ? "التحليلات" : "Analytics");
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    await expect(page.getByTestId("kpi-dials")).toBeVisible();
    await expect(page.getByTestId("heatmap-grid")).toBeVisible();
    if (locale === "ar") {
      await expect(page.getByText("الاتصالات لكل ساعة عمل")).toBeVisible();
    }
    await page
      .getByTestId("dialer-widget")
      .evaluate((el) => ((el as HTMLElement).style.display = "none"));
    await shot(page, `analytics-${locale}-${scheme}`);
    expect(errors).toEqual([]);
  });
}
