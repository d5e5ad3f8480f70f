// Targets against the Places API (New) peer: navbar search → progress → Ready, Load More,
// the session cache on reload, the error block for a 403, and a new query aborting the old.
import type { Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { ENRICHED_TIMEOUT_MS, setLocale } from "./helpers";
import { expect, test } from "./fixtures";
import { configurePlacesPeer, placesPeerRequests } from "./places-peer-control";

test.describe.configure({ mode: "serial" });

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true });
});

async function searchFromNavbar(page: Page, text: string) {
  const box = page.locator("#navbar-search");
  await box.fill(text);
  await box.press("Enter");
  await page.waitForURL(
    (url) => url.pathname === "/app/targets" && url.searchParams.get("q") === text,
  );
}

// The server caches details for every rep: a query no other spec of this run uses keeps the
// upstream counts this spec asserts its own.
const run = Date.now().toString(36);

const status = (page: Page) => page.getByTestId("targets-status");
const enriched = { timeout: ENRICHED_TIMEOUT_MS };
const rows = (page: Page) => page.getByTestId("target-row");

test("navbar search shows progress, then 20 enriched rows in the spec's format", async ({
  repPage: page,
}) => {
  await configurePlacesPeer({ detailsDelayMs: 250 });
  await page.goto("/app/targets");
  await expect(page.getByTestId("targets-search-input")).toBeVisible();
  await expect(page.getByTestId("targets-stats")).toContainText("Dials");

  await searchFromNavbar(page, `dentists in Austin, ${run}`);
  expect(new URL(page.url()).searchParams.get("ts")).toMatch(/^\d+$/);
  await expect(page.getByTestId("targets-search-input")).toHaveCount(0);
  await expect(status(page)).toHaveText(/^Found 20 results\. Fetching details \d+\/20\.\.\.$/);
  await expect(page.getByRole("progressbar", { name: "Details fetched" })).toBeVisible();
  await expect(status(page)).toHaveText("Ready. 20 places enriched.", enriched);
  await expect(rows(page)).toHaveCount(20);

  const first = rows(page).first();
  await expect(first.getByTestId("target-phone")).toHaveText("(512) 555-0100");
  await expect(first.getByTestId("target-city")).toHaveText("Austin");
  await expect(first.getByTestId("target-state")).toHaveText("TX");
  await expect(first.getByTestId("target-category")).toHaveText("Dentist");
  // The peer's 5th place has no phone: its Call button is disabled.
  await expect(rows(page).nth(4).getByTestId("target-call")).toBeDisabled();

  const upstream = await placesPeerRequests();
  expect(upstream.filter((r) => r.kind === "search")).toHaveLength(1);
  const details = upstream.filter((r) => r.kind === "details");
  expect(details).toHaveLength(20);
  expect(new Set(details.map((r) => r.placeId)).size).toBe(20);
  expect(await page.content()).not.toContain("e2e-places-key");

  // Call puts the number in the dialer and dials.
  await first.getByTestId("target-call").click();
  const dialer = dialerParts(page);
  await expect(dialer.number).toHaveValue("(512) 555-0100");
  await expect(dialer.status).toHaveAttribute("data-status", /calling|in-call/);
  await dialer.end.click();
});

test("the inline search is enabled for non-blank text and opens that search", async ({
  repPage: page,
}) => {
  await page.goto("/app/targets");
  const form = page.getByRole("search", { name: "Find businesses to call" });
  const input = form.getByRole("searchbox", { name: "Business type and place" });
  const submit = form.getByTestId("targets-search-submit");
  await expect(input).toHaveAccessibleDescription(/Search by what they do and where/);
  await expect(submit).toBeDisabled();
  await input.fill("   ");
  await expect(submit).toBeDisabled();
  const text = `roofers in Tulsa, ${run}`;
  await input.fill(`  ${text} `);
  await expect(submit).toBeEnabled();
  await input.press("Enter");
  await page.waitForURL(
    (url) => url.pathname === "/app/targets" && url.searchParams.get("q") === text,
  );
  expect(new URL(page.url()).searchParams.get("ts")).toMatch(/^\d+$/);
  await expect(status(page)).toHaveText("Ready. 20 places enriched.", enriched);
  await expect(rows(page)).toHaveCount(20);
});

test("Load More appends the next pages and disappears after the last", async ({
  repPage: page,
}) => {
  await page.goto(`/app/targets?q=plumbers+in+Dallas,+${run}&ts=1`);
  await expect(status(page)).toHaveText("Ready. 20 places enriched.", enriched);
  await page.getByTestId("targets-load-more").click();
  await expect(rows(page)).toHaveCount(40);
  await expect(status(page)).toHaveText("Ready. 40 places enriched.");
  await page.getByTestId("targets-load-more").click();
  await expect(status(page)).toHaveText("Ready. 60 places enriched.");
  await expect(rows(page)).toHaveCount(60);
  await expect(page.getByTestId("targets-load-more")).toHaveCount(0);
  const upstream = await placesPeerRequests();
  expect(upstream.filter((r) => r.kind === "search").map((r) => !!r.body?.pageToken)).toEqual([
    false,
    true,
    true,
  ]);
  expect(upstream.filter((r) => r.kind === "details")).toHaveLength(60);
});

test("a reload shows the cached results without a new upstream search", async ({
  repPage: page,
}) => {
  await page.goto("/app/targets?q=cafes+in+Seattle&ts=2");
  await expect(status(page)).toHaveText("Ready. 20 places enriched.", enriched);
  await configurePlacesPeer({ reset: true });
  await page.reload();
  await expect(page.getByTestId("targets-cached")).toHaveText("Cached 20 result(s)");
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first().getByTestId("target-phone")).toHaveText("(206) 555-0100");
  await expect(status(page)).toHaveText("Ready. 20 places enriched.", enriched);
  expect(await placesPeerRequests()).toHaveLength(0);
});

test("a 403 from the Places API shows the error block and the error in the table", async ({
  repPage: page,
}) => {
  await configurePlacesPeer({ failSearch: { status: 403 } });
  await page.goto("/app/targets?q=gyms+in+Boston&ts=3");
  await expect(status(page)).toHaveText("Error while searching");
  const block = page.getByTestId("targets-error");
  await expect(block).toContainText("Places API error 403: {");
  await expect(block).toContainText("PERMISSION_DENIED");
  await expect(page.getByTestId("targets-table-error")).toContainText("Places API error 403:");
  await expect(rows(page)).toHaveCount(0);
  expect(await page.content()).not.toContain("e2e-places-key");
});

test("a new query while enriching aborts the old one", async ({ repPage: page }) => {
  // The old query's details hang far longer than the new query may take: the submit stops them
  // before it navigates, or the navigation would wait for them (the browser's six connections
  // to the host are the five details and the live stream).
  await configurePlacesPeer({ detailsDelayMs: 20_000, jitterMs: 0 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const issued: string[] = [];
  const aborted: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/places/")) issued.push(r.url());
  });
  page.on("requestfailed", (r) => {
    if (r.url().includes("/api/places/") && /ABORTED/i.test(r.failure()?.errorText ?? "")) {
      aborted.push(r.url());
    }
  });
  await page.goto(`/app/targets?q=dentists+in+Houston,+${run}&ts=4`);
  await expect(status(page)).toHaveText(/Fetching details 0\/20/);
  const oldIds = await rows(page).evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-place-id")!),
  );
  const isOld = (url: string) => oldIds.some((id) => url.endsWith(`/api/places/${id}`));

  await configurePlacesPeer({ detailsDelayMs: 20 });
  await searchFromNavbar(page, `plumbers in Chicago, ${run}`);
  await expect(status(page)).toHaveText("Ready. 20 places enriched.", enriched);
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first().getByTestId("target-name")).toContainText("Plumber");
  await expect(rows(page).first().getByTestId("target-city")).toHaveText("Chicago");
  await expect(page.getByTestId("targets-error")).toHaveCount(0);

  // The old query's details in flight were aborted, and none was asked for after the switch.
  const switchedAt = issued.findIndex(
    (u) => u.includes("/api/places/search") && u.includes("Chicago"),
  );
  expect(switchedAt).toBeGreaterThan(0);
  expect(issued.slice(0, switchedAt).filter(isOld).length).toBeGreaterThanOrEqual(5);
  expect(issued.slice(switchedAt).filter(isOld)).toEqual([]);
  expect(aborted.filter(isOld).length).toBeGreaterThanOrEqual(5);
  expect(errors).toEqual([]);
});

test("at phone width the results never widen the page (en and ar)", async ({ repPage: page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [i, locale] of (["en", "ar"] as const).entries()) {
    await setLocale(page, locale);
    const q = encodeURIComponent(`plumbers in Denver, ${run}`);
    await page.goto(`/app/targets?q=${q}&ts=${i + 1}`);
    await expect(rows(page)).toHaveCount(20);
    // The rows are cards there, and cells hold visually hidden labels (absolutely
    // positioned): neither may widen the whole page (they once made it 651 px wide at 360 px).
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, locale).toBeLessThanOrEqual(widths.client);
  }
});

test("beside the docked dialer at 1366 px the table fits: its other columns are in the drawer", async ({
  repPage: page,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto(`/app/targets?q=${encodeURIComponent(`plumbers in Denver, ${run}-dock`)}&ts=1`);
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByTestId("dialer-widget")).toHaveAttribute("data-docked", "true");
  const table = page.getByTestId("targets-table");
  // No sideways scrolling inside the table's box, once the docked dialer's width has settled (a
  // measurement in the frame the rows arrive in can catch the layout 12 px short).
  await expect
    .poll(() =>
      table.evaluate((el) => {
        const scroller = el.parentElement!;
        return scroller.scrollWidth - scroller.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);
  for (const name of ["Action", "Name", "Phone", "Hours", "Dial Count"])
    await expect(table.getByRole("columnheader", { name, exact: true })).toBeVisible();
  for (const name of ["City", "State", "Category"])
    await expect(table.getByRole("columnheader", { name, exact: true })).toBeHidden();
  await expect(rows(page).first().getByTestId("target-city")).toBeHidden();
  // What the table leaves out is in the business's drawer.
  await rows(page).first().getByTestId("target-name").click();
  const drawer = page.getByTestId("facility-drawer");
  await expect(drawer.getByTestId("facility-category")).not.toBeEmpty();
});

test("a business on the do-not-call list shows Call disabled with the reason", async ({
  repPage: page,
  repSession,
}) => {
  await configurePlacesPeer({ reset: true });
  // Boston (617): no other spec dials it; the entry is removed again at the end.
  const number = "+16175550103";
  const headers = { Authorization: `Bearer ${repSession.token}` };
  const added = await page.request.post("/api/do-not-call", {
    headers,
    data: { number, note: "targets e2e" },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  try {
    await page.goto(`/app/targets?q=${encodeURIComponent(`florists in Boston, ${run}`)}&ts=1`);
    await expect(status(page)).toHaveText(/^Ready\./, enriched);
    const listed = rows(page).filter({
      has: page.getByTestId("target-phone").getByText("(617) 555-0103"),
    });
    const call = listed.getByTestId("target-call");
    await expect(call).toBeDisabled();
    await expect(call).toHaveText("Do not call");
    await expect(call).toHaveAccessibleName(/is on the team's do-not-call list/);
    // Its neighbours keep their Call.
    const other = rows(page).filter({
      has: page.getByTestId("target-phone").getByText("(617) 555-0102"),
    });
    await expect(other.getByTestId("target-call")).toHaveText("Call");
    await expect(other.getByTestId("target-call")).toBeEnabled();
  } finally {
    await page.request.delete(`/api/do-not-call/${encodeURIComponent(number)}`, { headers });
  }
});
