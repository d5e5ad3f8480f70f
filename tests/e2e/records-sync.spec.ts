// Team records in the facility drawer: what rep A adds reaches rep B (another browser
// context, same organization) within seconds, with who added it; a store written before the
// issue is uploaded on the first sync without loss, old phones marked "needs fixing"; "abc" is
// refused as a new extra phone. Each test searches its own query, so its businesses (place ids
// derive from the query) are not shared with other specs' through the server.
import type { Locator, Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, colleagueBrowser, expectTargetsReady } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";

test.use({ timezoneId: "America/Chicago" });

test.beforeEach(async () => {
  await configurePlacesPeer({ reset: true });
});

const searchFor = (what: string) =>
  `/app/targets?q=${encodeURIComponent(`${what} ${Date.now()} in Austin`)}&ts=1`;

async function openTargets(page: Page, url: string) {
  await page.goto(url);
  await expectTargetsReady(page);
}

const row = (page: Page, i = 0) => page.getByTestId("target-row").nth(i);

async function openDrawer(page: Page, i = 0) {
  const name = (await row(page, i).getByTestId("target-name").textContent())!.trim();
  await row(page, i).getByTestId("target-name").click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer).toBeVisible();
  return { drawer, placeId: (await row(page, i).getAttribute("data-place-id"))! };
}

const syncStatus = (drawer: Locator) => drawer.getByTestId("records-sync-status");

test("rep A's note and contact appear in rep B's drawer within seconds, with who added them", async ({
  repPage: a,
  browser,
  baseURL,
}) => {
  const errors = collectConsoleErrors(a);
  const url = searchFor("records dentists");
  await openTargets(a, url);
  const { drawer } = await openDrawer(a);
  await drawer.getByRole("button", { name: "New note" }).click();
  await drawer
    .getByRole("textbox", { name: "New note" })
    .fill("Gatekeeper is Sam, ask for Dr. Lee");
  await drawer.getByRole("button", { name: "Save", exact: true }).click();
  await drawer.getByRole("textbox", { name: "Name", exact: true }).fill("Dr. Lee");
  await drawer.getByRole("button", { name: "Add contact" }).click();
  await expect(drawer.getByTestId("facility-contacts")).toContainText("Dr. Lee");
  await expect(syncStatus(drawer)).toHaveAttribute("data-status", "synced", { timeout: 10_000 });
  await expect(syncStatus(drawer)).toHaveText("Synced with your team");
  await expect(drawer.getByTestId("facility-notes").getByTestId("record-byline")).toHaveText(
    `${e2eAccounts.rep.username} · just now`,
  );

  const b = await colleagueBrowser(browser, baseURL, { timezoneId: "America/Chicago" });
  try {
    await openTargets(b.page, url);
    const other = await openDrawer(b.page);
    const notes = other.drawer.getByTestId("facility-notes");
    await expect(notes).toContainText("Gatekeeper is Sam, ask for Dr. Lee", { timeout: 5_000 });
    await expect(other.drawer.getByTestId("facility-contacts")).toContainText("Dr. Lee");
    await expect(notes.getByTestId("record-byline")).toHaveText(
      `${e2eAccounts.rep.username} · just now`,
    );
    // A colleague's note is removed by its author only: B is not offered Remove, A is.
    await expect(notes.getByRole("button", { name: "Remove note" })).toHaveCount(0);
    await expect(
      drawer.getByTestId("facility-notes").getByRole("button", { name: "Remove note" }),
    ).toHaveCount(1);

    // While B's drawer stays open, A adds another note: B's periodic pull brings it.
    await drawer.getByRole("button", { name: "New note" }).click();
    await drawer.getByRole("textbox", { name: "New note" }).fill("Demo booked for Friday");
    await drawer.getByRole("button", { name: "Save", exact: true }).click();
    await expect(syncStatus(drawer)).toHaveAttribute("data-status", "synced", { timeout: 10_000 });
    await expect(notes).toContainText("Demo booked for Friday", { timeout: 20_000 });
  } finally {
    await b.close();
  }
  expect(errors).toEqual([]);
});

test("a note written offline is kept on the device and reaches rep B after A reconnects", async ({
  repPage: a,
  browser,
  baseURL,
}) => {
  const url = searchFor("records offline");
  await openTargets(a, url);
  const { drawer } = await openDrawer(a);
  await expect(syncStatus(drawer)).toHaveAttribute("data-status", "synced", { timeout: 10_000 });

  await a.context().setOffline(true);
  await drawer.getByRole("button", { name: "New note" }).click();
  await drawer.getByRole("textbox", { name: "New note" }).fill("Written on the train");
  await drawer.getByRole("button", { name: "Save", exact: true }).click();
  await expect(drawer.getByTestId("facility-notes")).toContainText("Written on the train");
  await expect(syncStatus(drawer)).toHaveText("Offline — changes kept on this device");

  const b = await colleagueBrowser(browser, baseURL, { timezoneId: "America/Chicago" });
  try {
    await openTargets(b.page, url);
    const other = await openDrawer(b.page);
    await expect(syncStatus(other.drawer)).toHaveAttribute("data-status", "synced", {
      timeout: 10_000,
    });
    await expect(other.drawer.getByText("No notes yet.")).toBeVisible();

    await a.context().setOffline(false);
    await expect(syncStatus(drawer)).toHaveAttribute("data-status", "synced", { timeout: 10_000 });
    // B's drawer, still open, pulls it within one period.
    await expect(other.drawer.getByTestId("facility-notes")).toContainText("Written on the train", {
      timeout: 20_000,
    });
  } finally {
    await b.close();
  }
});

test("a store written before team records is uploaded on the first sync without loss; an old 'abc' phone needs fixing", async ({
  repPage: probe,
  browser,
  baseURL,
  repSession,
}) => {
  const url = searchFor("records legacy");
  // Learn the business's place id without opening its drawer (nothing is synced yet).
  await openTargets(probe, url);
  const placeId = (await row(probe).getAttribute("data-place-id"))!;
  await probe.close();

  // Exactly what modules/facility/lib/store.ts writes today: a version-1 envelope per place and rep.
  const stored = {
    v: 1,
    value: {
      notes: [
        {
          id: "0b6f4a36-3f0e-4d43-9a53-0a7c3f1e2a11",
          text: "Old note: prefers mornings",
          created: Date.now() - 86_400_000,
        },
      ],
      appointments: [],
      contacts: [
        {
          id: "0b6f4a36-3f0e-4d43-9a53-0a7c3f1e2a12",
          name: "Old Contact",
          email: "old@example.com",
          phone: "",
        },
      ],
      extraPhones: ["512-555-0177", "abc"],
      addressOverride: { line1: "7 Old Rd", city: "Pflugerville", state: "TX", zip: "78660" },
      dialCount: 2,
    },
  };
  const context = await browser.newContext({
    baseURL,
    timezoneId: "America/Chicago",
    storageState: repSession.storageState,
  });
  await context.addInitScript(
    ([item, value]) => {
      if (sessionStorage.getItem("e2e.seeded")) return;
      sessionStorage.setItem("e2e.seeded", "1");
      localStorage.setItem(item, value);
    },
    [
      `facility.${encodeURIComponent(placeId)}:${repSession.username}`,
      JSON.stringify(stored),
    ] as const,
  );
  const a = await context.newPage();
  try {
    await openTargets(a, url);
    const { drawer } = await openDrawer(a);
    await expect(syncStatus(drawer)).toHaveAttribute("data-status", "synced", { timeout: 10_000 });
    const phones = drawer.getByTestId("facility-extra-phones");
    await expect(phones.getByRole("listitem")).toHaveCount(2);
    await expect(
      phones.getByRole("listitem").filter({ hasText: "abc" }).getByTestId("needs-fixing"),
    ).toHaveText("Needs fixing");
    await expect(
      phones.getByRole("listitem").filter({ hasText: "555-0177" }).getByTestId("needs-fixing"),
    ).toHaveCount(0);
    await expect(drawer.getByTestId("facility-notes")).toContainText("Old note: prefers mornings");

    const b = await colleagueBrowser(browser, baseURL, { timezoneId: "America/Chicago" });
    try {
      await openTargets(b.page, url);
      const other = await openDrawer(b.page);
      await expect(other.drawer.getByTestId("facility-notes")).toContainText(
        "Old note: prefers mornings",
      );
      await expect(other.drawer.getByTestId("facility-contacts")).toContainText("Old Contact");
      await expect(other.drawer.getByTestId("facility-address")).toHaveText(
        "7 Old Rd, Pflugerville, TX 78660",
      );
      const otherPhones = other.drawer.getByTestId("facility-extra-phones");
      await expect(otherPhones.getByRole("listitem")).toHaveCount(2);
      await expect(otherPhones.getByTestId("needs-fixing")).toHaveCount(1);
    } finally {
      await b.close();
    }
  } finally {
    await context.close();
  }
});

test("a new extra phone 'abc' is refused with the team's rule; a real number is added", async ({
  repPage: page,
}) => {
  await openTargets(page, searchFor("records phones"));
  const { drawer } = await openDrawer(page);
  const extra = drawer.getByRole("textbox", { name: "Add a phone number" });
  await extra.fill("abc");
  await extra.press("Enter");
  await expect(drawer.getByText("Enter a phone number (digits, spaces, + - . ( ))")).toBeVisible();
  await expect(extra).toHaveValue("abc");
  await expect(extra).toHaveAttribute("aria-invalid", "true");
  await expect(drawer.getByTestId("facility-extra-phones")).toHaveCount(0);
  await extra.fill("512 555 0123");
  await expect(drawer.getByText("Enter a phone number (digits, spaces, + - . ( ))")).toHaveCount(0);
  await extra.press("Enter");
  await expect(drawer.getByTestId("facility-extra-phones")).toContainText("(512) 555-0123");
});
