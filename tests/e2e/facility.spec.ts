// The facility drawer against the Places API (New) peer: open from a name, details, notes,
// appointments, contacts, extra phones, address override, reload, Call and Dial Count, the map
// popup's states with the Maps script intercepted, export/import, cross-tab, corrupt and full
// storage. Every test starts in a fresh browser context (empty local storage); what the drawer
// keeps is also the team's on the server, so a test that needs a business nobody has
// touched searches a query of its own (`openTargets(page, uniqueQuery())`).
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, expectTargetsReady } from "./helpers";
import { failMapsScript, holdMapsScript, serveMapsStub } from "./maps-stub";
import { configurePlacesPeer } from "./places-peer-control";

test.use({ timezoneId: "America/Chicago" });

const SEARCH = "/app/targets?q=dentists+in+Austin&ts=1";

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true });
});

/** A search of this run's own: its businesses carry nothing the team saved in other tests. */
const uniqueQuery = () =>
  `/app/targets?q=${encodeURIComponent(`dentists in Austin, ${Date.now()}`)}&ts=1`;

async function openTargets(page: Page, search = SEARCH) {
  await page.goto(search);
  await expectTargetsReady(page);
}

const row = (page: Page, i = 0) => page.getByTestId("target-row").nth(i);

/** Clicks the row's Name button and returns the open drawer. */
async function openDrawer(page: Page, i = 0) {
  const name = (await row(page, i).getByTestId("target-name").textContent())!.trim();
  await row(page, i).getByTestId("target-name").click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer).toBeVisible();
  return { drawer, name, placeId: (await row(page, i).getAttribute("data-place-id"))! };
}

const section = (drawer: Locator, title: string) =>
  drawer.getByRole("button", { name: title, exact: true });

test("a name opens the drawer: links, formatted phone, sections, hints; Escape closes back to the name", async ({
  repPage: page,
}) => {
  await openTargets(page);
  const { drawer } = await openDrawer(page);
  await expect(drawer.getByTestId("facility-drawer")).toHaveAttribute("data-drawer-phase", "open");
  // Focus moved into the drawer.
  await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(drawer.getByTestId("facility-phone")).toHaveText("(512) 555-0100");
  await expect(drawer.getByTestId("facility-address")).toContainText("Austin, TX");
  await expect(drawer.getByRole("link", { name: /^Website/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.example\.com\//,
  );
  await expect(drawer.getByRole("link", { name: /^Maps/ })).toHaveAttribute(
    "href",
    /^https:\/\/maps\.google\.com\/\?cid=/,
  );
  await expect(drawer.getByRole("button", { name: "Call (512) 555-0100" })).toBeEnabled();
  // Appointments takes the rep to the drawer's own appointment form.
  const appointments = drawer.getByRole("button", { name: "Appointments", exact: true });
  await appointments.click();
  await expect(drawer.getByLabel("Date")).toBeFocused();

  // Address, contacts and logs open; photos closed; each folds.
  await expect(section(drawer, "Address / Website / Maps")).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(section(drawer, "Contact Info")).toHaveAttribute("aria-expanded", "true");
  await expect(section(drawer, "Call Logs")).toHaveAttribute("aria-expanded", "true");
  await expect(section(drawer, "Photos")).toHaveAttribute("aria-expanded", "false");
  await expect(drawer.getByText("Photos of this business are not available yet.")).toHaveCount(0);
  await section(drawer, "Photos").click();
  await expect(drawer.getByText("Photos of this business are not available yet.")).toBeVisible();
  await section(drawer, "Contact Info").click();
  await expect(section(drawer, "Contact Info")).toHaveAttribute("aria-expanded", "false");
  await expect(drawer.getByTestId("facility-phone")).toHaveCount(0);

  // The full call log of this number is Call History's search for it.
  await expect(drawer.getByRole("link", { name: "Order full call logs" })).toHaveAttribute(
    "href",
    "/app/reports/call-history?q=(512)%20555-0100",
  );

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(row(page).getByTestId("target-name")).toBeFocused();

  // The peer's 5th place has no phone: Call is disabled in its drawer.
  const noPhone = await openDrawer(page, 4);
  await expect(noPhone.drawer.getByRole("button", { name: "Call", exact: true })).toBeDisabled();
  await noPhone.drawer.getByRole("button", { name: "Close" }).click();
  await expect(noPhone.drawer).toBeHidden();
  await expect(row(page, 4).getByTestId("target-name")).toBeFocused();
});

test("notes: counter, Save disabled while blank, Cancel discards, Save adds with a Saved flash", async ({
  repPage: page,
}) => {
  await openTargets(page);
  const { drawer } = await openDrawer(page);
  const notes = drawer.getByTestId("facility-notes");
  await drawer.getByRole("button", { name: "New note" }).click();
  const box = drawer.getByRole("textbox", { name: "New note" });
  const save = drawer.getByRole("button", { name: "Save", exact: true });
  await expect(box).toBeFocused();
  await box.fill("   ");
  await expect(drawer.getByText("3/1000")).toBeVisible();
  await expect(save).toBeDisabled();
  await box.fill("x".repeat(1005));
  await expect(box).toHaveValue("x".repeat(1000));
  await expect(drawer.getByText("1000/1000")).toBeVisible();
  await drawer.getByRole("button", { name: "Cancel" }).click();
  await expect(box).toHaveCount(0);
  await expect(notes).toHaveCount(0);
  await expect(drawer.getByText("No notes yet.")).toBeVisible();

  await drawer.getByRole("button", { name: "New note" }).click();
  await expect(box).toHaveValue("");
  await box.fill("  Spoke with Dana, call back Tuesday  ");
  await expect(save).toBeEnabled();
  await save.click();
  const flash = drawer.getByRole("status").filter({ hasText: "Saved" });
  await expect(flash).toBeVisible();
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes).toContainText("Spoke with Dana, call back Tuesday");
  await expect(box).toHaveCount(0);
  // The flash lasts about 0.8 s.
  await expect(flash).toHaveCount(0, { timeout: 2_000 });

  await notes.getByRole("button", { name: "Remove note" }).click();
  await expect(notes).toHaveCount(0);
});

test("appointment: date and time required, duration 5-480 in steps of 5, shown in the rep's time zone and in the table", async ({
  repPage: page,
}) => {
  await openTargets(page);
  const { drawer } = await openDrawer(page);
  const add = drawer.getByRole("button", { name: "Add", exact: true });
  const duration = drawer.getByRole("spinbutton", { name: "Duration (minutes)" });
  await expect(add).toBeDisabled();
  await expect(duration).toHaveValue("30");
  await expect(drawer.getByText("Times are in your time zone (America/Chicago).")).toBeVisible();
  const next = new Date(Date.now() + 3 * 86_400_000);
  const date = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, "0")}-${String(next.getDate()).padStart(2, "0")}`;
  await drawer.getByLabel("Date", { exact: true }).fill(date);
  await expect(add).toBeDisabled();
  await drawer.getByLabel("Time", { exact: true }).fill("09:30");
  await expect(add).toBeEnabled();

  for (const [value, message] of [
    ["4", "The duration must be between 5 and 480 minutes."],
    ["485", "The duration must be between 5 and 480 minutes."],
    ["33", "The duration must be a multiple of 5 minutes."],
  ]) {
    await duration.fill(value);
    await add.click();
    await expect(drawer.getByText(message)).toBeVisible();
    await expect(drawer.getByTestId("facility-appointments")).toHaveCount(0);
  }
  await duration.fill("480");
  await drawer.getByLabel("Note (optional)").fill("   bring the demo kit  ");
  await add.click();
  const list = drawer.getByTestId("facility-appointments");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("9:30 AM · 480 minutes");
  await expect(list).toContainText("bring the demo kit");
  await expect(duration).toHaveValue("30");
  await page.keyboard.press("Escape");
  await expect(row(page).getByTestId("target-appointment")).toContainText("9:30 AM");
});

test("contact with only a phone, extra phone on Enter (duplicate ignored), address override in the table; reload keeps it all", async ({
  repPage: page,
}) => {
  await openTargets(page);
  const { drawer, placeId } = await openDrawer(page);

  const addContact = drawer.getByRole("button", { name: "Add contact" });
  await expect(addContact).toBeDisabled();
  await drawer.getByRole("textbox", { name: "Phone", exact: true }).fill("5125550142");
  await addContact.click();
  const contacts = drawer.getByTestId("facility-contacts");
  await expect(contacts.getByRole("listitem")).toHaveCount(1);
  await expect(contacts).toContainText("(no name)");
  await expect(contacts).toContainText("(512) 555-0142");

  const extra = drawer.getByRole("textbox", { name: "Add a phone number" });
  await extra.fill("  512-555-0199 ");
  await extra.press("Enter");
  const phones = drawer.getByTestId("facility-extra-phones");
  await expect(phones.getByRole("listitem")).toHaveCount(1);
  await expect(phones).toContainText("(512) 555-0199");
  await expect(extra).toHaveValue("");
  await extra.fill("5125550199");
  await extra.press("Enter");
  await extra.press("Enter");
  await expect(drawer.getByRole("status").filter({ hasText: "Saved" })).toHaveCount(0, {
    timeout: 2_000,
  });
  await expect(phones.getByRole("listitem")).toHaveCount(1);

  await drawer.getByRole("button", { name: "Correct the address" }).click();
  await drawer.getByRole("textbox", { name: "Street" }).fill("9 Side St");
  await drawer.getByRole("textbox", { name: "City" }).fill("Round Rock");
  await drawer.getByRole("textbox", { name: "State" }).fill("TX");
  await drawer.getByRole("textbox", { name: "ZIP code" }).fill("78664");
  await drawer.getByRole("button", { name: "Save address" }).click();
  await expect(drawer.getByTestId("facility-address")).toHaveText(
    "9 Side St, Round Rock, TX 78664",
  );
  await page.keyboard.press("Escape");
  await expect(row(page).getByTestId("target-city")).toHaveText("Round Rock");

  await page.reload();
  await expectTargetsReady(page);
  await expect(page.locator(`[data-place-id="${placeId}"]`).getByTestId("target-city")).toHaveText(
    "Round Rock",
  );
  const again = await openDrawer(page);
  await expect(again.drawer.getByTestId("facility-contacts")).toContainText("(no name)");
  await expect(again.drawer.getByTestId("facility-extra-phones")).toContainText("(512) 555-0199");
  await expect(again.drawer.getByTestId("facility-address")).toHaveText(
    "9 Side St, Round Rock, TX 78664",
  );
  await again.drawer.getByRole("button", { name: "Use the listed address" }).click();
  await expect(again.drawer.getByTestId("facility-address")).toContainText("Austin, TX");
});

test("Call in the drawer dials the number, raises the team's Dial Count and lists the call; the drawer ends it", async ({
  repPage: page,
}) => {
  // A query of its own: Dial Count is the team's, kept by the server across specs and retries.
  await page.goto(`/app/targets?q=${encodeURIComponent(`dentists in Austin, ${Date.now()}`)}&ts=1`);
  await expectTargetsReady(page);
  await expect(row(page).getByTestId("target-dials")).toHaveText("0");
  const { drawer } = await openDrawer(page);
  // The drawer is beside the work: no overlay, the page and the dialer stay usable.
  await expect(drawer).toHaveAttribute("data-modal", "false");
  await expect(drawer.getByTestId("facility-dial-count")).toHaveText("Not dialed yet");
  await expect(drawer.getByText("No calls to this business yet.")).toBeVisible();
  await drawer.getByRole("button", { name: "Call (512) 555-0100" }).click();
  await expect(drawer.getByTestId("facility-dial-count")).toHaveText("Dialed once");
  await expect(drawer.getByTestId("place-call")).toHaveCount(1);
  // The drawer shows its call; the dialer sits beside the drawer, not over it.
  const dialer = dialerParts(page);
  await expect(dialer.number).toHaveValue("(512) 555-0100");
  await expect(dialer.status).toHaveAttribute("data-status", /calling|in-call/);
  await expect(drawer.getByTestId("drawer-call-state")).toBeVisible();
  const panel = (await drawer.boundingBox())!;
  const widget = (await dialer.widget.boundingBox())!;
  expect(widget.x + widget.width).toBeLessThanOrEqual(panel.x);
  await expect(row(page).getByTestId("target-dials")).toHaveText("1");
  // Ended from the drawer, which stays open on the business.
  await drawer.getByTestId("drawer-call-end").click();
  await expect(dialer.status).toHaveAttribute("data-status", /ended|idle/);
  await expect(drawer.getByTestId("drawer-call-state")).toBeHidden();
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Close", exact: true }).click();
  await expect(drawer).toBeHidden();
});

test.describe("map popup", () => {
  test("loading, then a terrain map at zoom 14 with a marker, under the nonce CSP; the toggle is remembered", async ({
    repPage: page,
  }) => {
    const errors = collectConsoleErrors(page);
    const script = await holdMapsScript(page);
    await openTargets(page);
    const { drawer, name } = await openDrawer(page);
    const toggle = drawer.getByRole("button", { name: "Open Map" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("facility-map-popup")).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const popup = page.getByRole("region", { name: `Map of ${name}` });
    await expect(popup.getByText("Loading terrain map...")).toBeVisible();
    await expect.poll(script.wasRequested).toBe(true);
    script.release();
    const map = popup.locator("[data-stub-map]");
    await expect(map).toHaveAttribute("data-map-type-id", "terrain");
    await expect(map).toHaveAttribute("data-zoom", "14");
    const centre = await map.getAttribute("data-center");
    await expect(map.locator("[data-stub-marker]")).toHaveAttribute("data-position", centre!);
    await expect(map.locator("[data-stub-marker]")).toHaveAttribute("data-title", name);
    await expect(popup.getByRole("status")).toHaveText("Terrain map loaded");
    await expect(popup.getByText("Loading terrain map...")).toHaveCount(0);
    // The loader copied the page's CSP nonce onto the script, and nothing was refused.
    expect(
      await page.evaluate(() => (window as { __mapsScriptNonce?: string }).__mapsScriptNonce),
    ).toMatch(/.+/);
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);

    await popup.getByRole("button", { name: "Close map" }).click();
    await expect(popup).toHaveCount(0);
    await page.keyboard.press("Escape");
    // Remembered: the next name opened shows the popup at once, also after a reload.
    await page.reload();
    await expectTargetsReady(page);
    const second = await openDrawer(page, 1);
    await expect(second.drawer.getByRole("button", { name: "Open Map" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("region", { name: `Map of ${second.name}` })).toBeVisible();
  });

  test("Failed to load map when the script is refused, keeping the Maps link", async ({
    repPage: page,
  }) => {
    await failMapsScript(page);
    await openTargets(page);
    const { drawer } = await openDrawer(page);
    await drawer.getByRole("button", { name: "Open Map" }).click();
    const popup = page.getByTestId("facility-map-popup");
    await expect(popup.getByRole("alert")).toContainText("Failed to load map");
    await expect(popup.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute(
      "href",
      /^https:\/\/maps\.google\.com\//,
    );
  });

  test("Failed to load map when Google rejects the key (gm_authFailure)", async ({
    repPage: page,
  }) => {
    await serveMapsStub(page, "authFailure");
    await openTargets(page);
    const { drawer } = await openDrawer(page);
    await drawer.getByRole("button", { name: "Open Map" }).click();
    const popup = page.getByTestId("facility-map-popup");
    await expect(popup.getByRole("alert")).toContainText("Failed to load map");
    await expect(popup.locator("[data-stub-map]")).toHaveCount(0);
  });

  test("Failed to render map when the map throws", async ({ repPage: page }) => {
    await serveMapsStub(page, "throw");
    await openTargets(page);
    const { drawer } = await openDrawer(page);
    await drawer.getByRole("button", { name: "Open Map" }).click();
    await expect(page.getByTestId("facility-map-popup").getByRole("alert")).toContainText(
      "Failed to render map",
    );
    // The drawer itself keeps working.
    await expect(drawer.getByRole("button", { name: "New note" })).toBeEnabled();
  });

  test("one Escape closes the map popup only, focus back on its toggle; the next, the drawer", async ({
    repPage: page,
  }) => {
    await serveMapsStub(page);
    await openTargets(page);
    const { drawer, name } = await openDrawer(page);
    const toggle = drawer.getByRole("button", { name: "Open Map" });
    await toggle.click();
    const popup = page.getByRole("region", { name: `Map of ${name}` });
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Close map" }).focus();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(drawer).toBeVisible();
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });

  test("No coordinates available. for a place without a location", async ({ repPage: page }) => {
    await serveMapsStub(page);
    // The details answer for every place comes back without a location.
    await page.route(/\/api\/places\/(?!search)[^/?]+$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { place: Record<string, unknown> };
      body.place.geometry = null;
      await route.fulfill({ response, json: body });
    });
    await openTargets(page);
    const { drawer } = await openDrawer(page);
    await drawer.getByRole("button", { name: "Open Map" }).click();
    const popup = page.getByTestId("facility-map-popup");
    await expect(popup.getByText("No coordinates available.")).toBeVisible();
    await expect(popup.locator("[data-stub-map]")).toHaveCount(0);
  });
});

test("a new note takes new lines with Enter and is saved with Ctrl+Enter", async ({
  repPage: page,
}) => {
  await openTargets(page, uniqueQuery());
  const { drawer } = await openDrawer(page);
  await drawer.getByRole("button", { name: "New note" }).click();
  const box = drawer.getByRole("textbox", { name: "New note" });
  await box.pressSequentially("Gatekeeper: Sam");
  await box.press("Enter");
  await box.pressSequentially("Call after 3");
  await box.press("Control+Enter");
  await expect(box).toBeHidden();
  await expect(drawer.getByTestId("facility-notes").locator("li").first()).toContainText(
    "Gatekeeper: Sam\nCall after 3",
  );
});

test("export, then import into a fresh browser merges by id and says what it added", async ({
  repPage: page,
  browser,
  repSession,
  baseURL,
}, testInfo) => {
  const search = uniqueQuery();
  await openTargets(page, search);
  const { drawer, placeId } = await openDrawer(page);
  await drawer.getByRole("button", { name: "New note" }).click();
  await drawer.getByRole("textbox", { name: "New note" }).fill("Gatekeeper: Sam");
  await drawer.getByRole("button", { name: "Save", exact: true }).click();
  await drawer.getByRole("textbox", { name: "Name", exact: true }).fill("Dr. Lee");
  await drawer.getByRole("button", { name: "Add contact" }).click();
  await page.keyboard.press("Escape");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export facility data" }).click();
  const file = testInfo.outputPath("facility.json");
  await (await download).saveAs(file);
  await expect(page.getByTestId("facility-backup-status")).toHaveText(
    "Exported the data of 1 business.",
  );
  const exported = JSON.parse(fs.readFileSync(file, "utf8"));
  expect(exported.format).toBe("dialflow.facility-backup");
  expect(exported.places[placeId].notes[0].text).toBe("Gatekeeper: Sam");

  const fresh = await browser.newContext({ baseURL, storageState: repSession.storageState });
  try {
    const other = await fresh.newPage();
    await openTargets(other, search);
    const input = other.getByTestId("facility-import-input");
    const status = other.getByTestId("facility-backup-status");
    await input.setInputFiles({
      name: "x.json",
      mimeType: "application/json",
      buffer: Buffer.from("{nope"),
    });
    await expect(status).toHaveText("That file is not JSON.");
    await input.setInputFiles(file);
    await expect(status).toHaveText(
      "Imported 1 new business, 1 note, 0 appointments, 1 contact, 0 phone numbers and 0 corrected addresses.",
    );
    const opened = await openDrawer(other);
    await expect(opened.drawer.getByTestId("facility-notes")).toContainText("Gatekeeper: Sam");
    await expect(opened.drawer.getByTestId("facility-contacts")).toContainText("Dr. Lee");
    await other.keyboard.press("Escape");
    await input.setInputFiles(file);
    await expect(status).toHaveText(
      "Nothing new to import: this browser already has everything in the file.",
    );
  } finally {
    await fresh.close();
  }
});

test("an imported business joins the team's records without its drawer being opened", async ({
  repPage: page,
  repSession,
}, testInfo) => {
  await openTargets(page, uniqueQuery());
  // A business this browser never synced: only in the file.
  const placeId = `ChIJimported-${Date.now().toString(36)}`;
  const file = testInfo.outputPath("imported.json");
  const noteId = "7a2e9b1c-5d4f-4e3a-9b8c-1d2e3f4a5b6c";
  fs.writeFileSync(
    file,
    JSON.stringify({
      format: "dialflow.facility-backup",
      version: 1,
      exportedAt: new Date().toISOString(),
      places: {
        [placeId]: { notes: [{ id: noteId, text: "From the old laptop", created: Date.now() }] },
      },
    }),
  );
  await page.getByTestId("facility-import-input").setInputFiles(file);
  await expect(page.getByTestId("facility-backup-status")).toContainText("Imported 1 new business");
  const teamNotes = async () => {
    const res = await page.request.get(`/api/records/${placeId}/items`, {
      headers: { authorization: `Bearer ${repSession.token}` },
    });
    const body = (await res.json()) as { items: { itemId: string; deleted: boolean }[] };
    return body.items.filter((i) => !i.deleted).map((i) => i.itemId);
  };
  await expect.poll(teamNotes).toEqual([noteId]);
});

test("a change in one tab shows at once in another", async ({ repPage: page }) => {
  await openTargets(page);
  const other = await page.context().newPage();
  await openTargets(other);
  const a = await openDrawer(page);
  const b = await openDrawer(other);
  await a.drawer.getByRole("button", { name: "New note" }).click();
  await a.drawer.getByRole("textbox", { name: "New note" }).fill("From tab one");
  await a.drawer.getByRole("button", { name: "Save", exact: true }).click();
  await expect(b.drawer.getByTestId("facility-notes")).toContainText("From tab one");
});

test("a corrupt entry is reported and set aside; the drawer still works", async ({
  repPage: page,
  repSession,
}) => {
  await openTargets(page);
  const placeId = (await row(page).getAttribute("data-place-id"))!;
  const item = `facility.${encodeURIComponent(placeId)}:${encodeURIComponent(repSession.username)}`;
  await page.evaluate((name) => localStorage.setItem(name, "{not json"), item);
  const { drawer } = await openDrawer(page);
  await expect(drawer.getByRole("alert")).toContainText("could not be read");
  expect(await page.evaluate((name) => localStorage.getItem(`${name}.corrupt`), item)).toBe(
    "{not json",
  );
  await drawer.getByRole("button", { name: "New note" }).click();
  await drawer.getByRole("textbox", { name: "New note" }).fill("Fresh start");
  await drawer.getByRole("button", { name: "Save", exact: true }).click();
  await expect(drawer.getByTestId("facility-notes")).toContainText("Fresh start");
});

test("a full storage is reported and nothing already saved is lost", async ({ repPage: page }) => {
  // This browser's storage alone: with the team's sync on, the tab would send the note it could
  // not store to the server (it keeps unsaved values in memory), and whether that push beats the
  // reload below is a race. The team sync has its own specs (records-sync.spec.ts).
  await page.route("**/api/records/**", (route) => route.abort());
  // Facility writes throw QuotaExceededError once the page sets window.__facilityQuotaFull.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name: string, value: string) {
      if (
        (window as { __facilityQuotaFull?: boolean }).__facilityQuotaFull &&
        name.startsWith("facility.")
      ) {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      }
      return setItem.call(this, name, value);
    };
  });
  await openTargets(page);
  const { drawer } = await openDrawer(page);
  const addNote = async (text: string) => {
    await drawer.getByRole("button", { name: "New note" }).click();
    await drawer.getByRole("textbox", { name: "New note" }).fill(text);
    await drawer.getByRole("button", { name: "Save", exact: true }).click();
  };
  await addNote("Saved before");
  await expect(drawer.getByTestId("facility-notes")).toContainText("Saved before");
  await page.evaluate(
    () => ((window as { __facilityQuotaFull?: boolean }).__facilityQuotaFull = true),
  );
  await addNote("Not saved");
  await expect(drawer.getByRole("alert")).toContainText("Browser storage is full");
  await page.reload();
  await expectTargetsReady(page);
  const again = await openDrawer(page);
  const notes = again.drawer.getByTestId("facility-notes");
  await expect(notes).toContainText("Saved before");
  await expect(notes).not.toContainText("Not saved");
});

test("screenshots: the drawer with data, light and dark, English and Arabic, desktop and phone", async ({
  repPage: page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await serveMapsStub(page);
  await openTargets(page);
  const { drawer } = await openDrawer(page);
  await drawer.getByRole("button", { name: "New note" }).click();
  await drawer
    .getByRole("textbox", { name: "New note" })
    .fill("Spoke with Dana at the front desk. Call back Tuesday after 2 pm.");
  await drawer.getByRole("button", { name: "Save", exact: true }).click();
  await drawer.getByRole("textbox", { name: "Name", exact: true }).fill("Dana Ortiz");
  await drawer.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
  await drawer.getByRole("textbox", { name: "Phone", exact: true }).fill("5125550142");
  await drawer.getByRole("button", { name: "Add contact" }).click();
  const extra = drawer.getByRole("textbox", { name: "Add a phone number" });
  await extra.fill("5125550199");
  await extra.press("Enter");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  const host = new URL(baseURL!).hostname;
  const shots: string[] = [];
  for (const locale of ["en", "ar"] as const) {
    for (const [device, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      // Arabic on a phone is left out for now: the drawer is drawn ~260 px off to the inline
      // end there (a known layout fault, not fixed yet), so the picture is not usable.
      if (locale === "ar" && device === "phone") continue;
      for (const scheme of ["light", "dark"] as const) {
        await page
          .context()
          .addCookies([{ name: "NEXT_LOCALE", value: locale, domain: host, path: "/" }]);
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await openTargets(page);
        await row(page).getByTestId("target-name").click();
        const open = page.getByRole("dialog");
        await expect(open.getByTestId("facility-notes")).toBeVisible();
        await expect(open.getByTestId("facility-drawer")).toHaveAttribute(
          "data-drawer-phase",
          "open",
        );
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        // Let the slide-in finish before the picture is taken. An animation that is cancelled
        // (replaced by a re-render) rejects `finished` with an AbortError: it is over as well.
        await open.evaluate((el) =>
          Promise.all(
            el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)),
          ),
        );
        const path = testInfo.outputPath(`drawer-${locale}-${device}-${scheme}.png`);
        // Phones: the drawer covers the screen, so the picture is the drawer itself (in Arabic the
        // page behind it can be scrolled sideways, which would offset a page screenshot).
        if (device === "phone") await open.screenshot({ path, animations: "disabled" });
        else await page.screenshot({ path, animations: "disabled" });
        shots.push(path);
        await page.keyboard.press("Escape");
      }
    }
  }
  expect(shots.every((p) => fs.statSync(p).size > 10_000)).toBe(true);
});
