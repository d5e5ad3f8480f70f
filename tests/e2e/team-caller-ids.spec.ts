// A manager keeps their own team's caller-ID pool from Settings (the console's editor,
// on /api/team/caller-ids). The e2e rep is its organization's first member, so its manager; the
// colleague is a rep of the same team and sees no such button, and the server refuses them.
// Photographed in English light and Arabic dark (E2E_SHOTS_DIR=/tmp/shots).
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { login, setLocale } from "./helpers";
import { e2eOrganizationTelephony } from "./sip-fixture";

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

type Pool = { callerIds: { id: string; number: string; isDefault: boolean }[] };

async function teamPool(api: APIRequestContext, token: string): Promise<Pool> {
  const res = await api.get("/api/team/caller-ids", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Pool;
}

// A number no other spec uses; removed again at the end.
const number = "+15125550187";

test.describe("a manager", () => {
  test.use({ signedInAs: "rep" });

  test("adds a caller ID to the team's pool in Settings and removes it again", async ({
    page,
    request,
    repSession,
  }) => {
    const auth = { Authorization: `Bearer ${repSession.token}` };
    const removeLeftover = async () => {
      const leftover = (await teamPool(request, repSession.token)).callerIds.find(
        (c) => c.number === number,
      );
      if (leftover) await request.delete(`/api/team/caller-ids/${leftover.id}`, { headers: auth });
    };
    await removeLeftover();
    try {
      await page.setViewportSize({ width: 1366, height: 850 });
      await page.goto("/app/settings");
      await page.getByTestId("team-caller-ids-open").click();
      const dialog = page.getByRole("dialog", { name: "Your team's caller IDs" });
      await expect(dialog).toBeVisible();
      const pool = dialog.getByTestId("caller-id-pool");
      // One heading: the dialog's title names the pool, the editor adds none of its own.
      await expect(pool.getByRole("heading")).toHaveCount(0);
      await expect(dialog.getByRole("heading")).toHaveCount(1);

      // Checked as typed, by the server's rules: nothing is sent for a bad number.
      const field = pool.getByRole("textbox", { name: "Number" });
      await field.fill("12");
      await pool.getByRole("button", { name: "Add number" }).click();
      await expect(pool.getByText("Not a phone number", { exact: false })).toBeVisible();
      expect(
        (await teamPool(request, repSession.token)).callerIds.map((c) => c.number),
      ).not.toContain(number);

      await field.fill("+1 512 555 0187");
      const added = page.waitForResponse(
        (r) => r.url().endsWith("/api/team/caller-ids") && r.request().method() === "POST",
      );
      await pool.getByRole("button", { name: "Add number" }).click();
      expect((await added).status()).toBe(201);
      // Not presented on calls until an operator has approved it.
      await expect(pool.getByRole("status")).toHaveText(
        "Caller ID added. Calls present it once an operator has approved it (carriers require caller ID to be your own number).",
      );
      const row = pool.getByTestId("caller-id-row").filter({ hasText: "+1 512 555 0187" });
      await expect(row).toBeVisible();
      await expect(row.getByTestId("caller-id-pending")).toHaveText("Awaiting approval");
      await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
      // The area code gives the region.
      await expect(row).toContainText("US-TX");
      expect((await teamPool(request, repSession.token)).callerIds.map((c) => c.number)).toContain(
        number,
      );
      await shot(page, "team-caller-ids-en-light-1366");

      // Arabic, dark: the same pool, right to left, the number kept left to right.
      await page.evaluate(() => localStorage.setItem("theme", "dark"));
      await page.emulateMedia({ colorScheme: "dark" });
      await setLocale(page, "ar");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await page.getByTestId("team-caller-ids-open").click();
      const arabic = page.getByRole("dialog", { name: "معرّفات المتصل لفريقك" });
      const arabicRow = arabic.getByTestId("caller-id-row").filter({ hasText: "+1 512 555 0187" });
      await expect(arabicRow).toBeVisible();
      await expect(arabicRow.getByTestId("caller-id-pending")).toHaveText("بانتظار الموافقة");
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "team-caller-ids-ar-dark-390");
      await page.setViewportSize({ width: 1366, height: 850 });
      await page.evaluate(() => localStorage.removeItem("theme"));
      await setLocale(page, "en");
      await page.reload();

      // Removed after a confirmation.
      await page.getByTestId("team-caller-ids-open").click();
      const again = page.getByRole("dialog", { name: "Your team's caller IDs" });
      const row2 = again.getByTestId("caller-id-row").filter({ hasText: "+1 512 555 0187" });
      await row2.getByRole("button", { name: `Remove ${number}` }).click();
      await row2.getByRole("button", { name: "Remove", exact: true }).click();
      await expect(again.getByRole("status")).toHaveText("Caller ID removed.");
      await expect(row2).toHaveCount(0);
      expect(
        (await teamPool(request, repSession.token)).callerIds.map((c) => c.number),
      ).not.toContain(number);
    } finally {
      await removeLeftover();
    }
  });
});

test.describe("the operator", () => {
  test.use({ signedInAs: "rep" });

  test("approves a number the manager added, in the console", async ({
    operatorPage: page,
    operatorSession,
    request,
    repSession,
  }) => {
    const auth = { Authorization: `Bearer ${repSession.token}` };
    const pending = "+15125550186";
    const find = async () =>
      (await teamPool(request, repSession.token)).callerIds.find((c) => c.number === pending);
    const removeLeftover = async () => {
      const leftover = await find();
      if (leftover) await request.delete(`/api/team/caller-ids/${leftover.id}`, { headers: auth });
    };
    await removeLeftover();
    const res = await request.post("/api/team/caller-ids", {
      headers: auth,
      data: { number: pending },
    });
    expect(res.status()).toBe(201);
    try {
      const team = await e2eOrganizationTelephony(request, operatorSession.token);
      await page.goto("/adminconsole/console");
      await page.getByTestId("telephony-org").selectOption(team.id);
      const pool = page.getByTestId("caller-id-pool");
      const row = pool.getByTestId("caller-id-row").filter({ hasText: "+1 512 555 0186" });
      await expect(row.getByTestId("caller-id-pending")).toHaveText("Awaiting approval");
      await row
        .getByRole("button", { name: `Approve ${pending} for this organization's calls` })
        .click();
      await expect(pool.getByRole("status")).toHaveText(
        "Caller ID approved: calls may present it now.",
      );
      await expect(row.getByTestId("caller-id-pending")).toHaveCount(0);
      expect(await find()).toMatchObject({ verified: true });
    } finally {
      await removeLeftover();
    }
  });
});

test.describe("a rep", () => {
  test("sees no Caller IDs button in Settings, and the server refuses the pool", async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      await login(page, e2eAccounts.colleague);
      await page.goto("/app/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.getByTestId("team-caller-ids-open")).toHaveCount(0);

      const signIn = await page.request.post("/api/auth/login", { data: e2eAccounts.colleague });
      expect(signIn.status()).toBe(200);
      const { token } = (await signIn.json()) as { token: string };
      const refused = await page.request.post("/api/team/caller-ids", {
        headers: { Authorization: `Bearer ${token}` },
        data: { number, region: null, isDefault: false },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
