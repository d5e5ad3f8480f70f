// Settings' Call recording card. The e2e rep is its organization's first member, so its
// manager: it changes the team's recording mode and consent requirement, and both hold after a
// reload (and on the server). A rep of the same team (the colleague) sees no such card, and the
// server refuses the change from them too. Photographed in English light and Arabic dark, on a
// laptop and a phone (E2E_SHOTS_DIR=/tmp/shots).
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { login, setLocale } from "./helpers";

const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

const viewports = [
  { label: "1366", width: 1366, height: 850 },
  { label: "390", width: 390, height: 844 },
] as const;

type Settings = { mode: string; consentRequired: boolean };

async function teamSettings(api: APIRequestContext, token: string): Promise<Settings> {
  const res = await api.get("/api/team/recording", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Settings;
}

const card = (page: Page) => page.locator("#recording");
const saved = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith("/api/team/recording") && r.request().method() === "PUT",
  );

/**
 * Loads Settings afresh at `viewport` (as a phone opens it: a dialer opened on a laptop stays
 * floating over the page when the window shrinks) and scrolls the card to the middle.
 */
async function showCard(page: Page, viewport: (typeof viewports)[number], mode: Locator) {
  await page.setViewportSize(viewport);
  await page.reload();
  await expect(mode).toHaveValue("every_call");
  // Centred, so the phone's floating dialer pill (bottom corner) covers none of it.
  await card(page).evaluate((el) => el.scrollIntoView({ block: "center" }));
  await expect(card(page)).toBeInViewport();
}

test.describe("a manager", () => {
  test.use({ signedInAs: "rep" });

  test("changes the team's recording mode in Settings, and it holds after a reload", async ({
    page,
    request,
    repSession,
  }) => {
    const before = await teamSettings(request, repSession.token);
    // Other specs record on the same team: start from the default and put it back afterwards.
    const reset = (body: Settings) =>
      request.put("/api/team/recording", {
        headers: { Authorization: `Bearer ${repSession.token}` },
        data: { mode: body.mode, consentRequired: body.consentRequired },
      });
    expect((await reset({ mode: "on_request", consentRequired: false })).status()).toBe(200);
    try {
      await page.setViewportSize(viewports[0]);
      await page.goto("/app/settings");
      await expect(card(page).getByRole("heading", { name: "Call recording" })).toBeVisible();
      const mode = card(page).getByRole("combobox", { name: "Recording" });
      const consent = card(page).getByRole("checkbox", { name: /Play a consent notice/ });
      await expect(mode).toHaveValue("on_request");
      await expect(consent).not.toBeChecked();
      await expect(card(page).getByTestId("consent-notice-state")).toBeVisible();

      const modeSaved = saved(page);
      await mode.selectOption({ label: "Every call" });
      expect((await modeSaved).status()).toBe(200);
      const consentSaved = saved(page);
      await consent.click();
      expect((await consentSaved).status()).toBe(200);
      await expect(consent).toBeChecked();

      await page.reload();
      await expect(mode).toHaveValue("every_call");
      await expect(mode.locator("option:checked")).toHaveText("Every call");
      await expect(consent).toBeChecked();
      expect(await teamSettings(request, repSession.token)).toMatchObject({
        mode: "every_call",
        consentRequired: true,
      });

      for (const viewport of viewports) {
        await showCard(page, viewport, mode);
        await shot(page, `team-recording-en-light-${viewport.label}`);
      }

      // Arabic, dark: the same settings, right to left.
      await page.emulateMedia({ colorScheme: "dark" });
      await page.evaluate(() => localStorage.setItem("theme", "dark"));
      await setLocale(page, "ar");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(card(page).getByRole("heading", { name: "تسجيل المكالمات" })).toBeVisible();
      const arabicMode = card(page).getByRole("combobox", { name: "التسجيل" });
      await expect(arabicMode).toHaveValue("every_call");
      await expect(arabicMode.locator("option:checked")).toHaveText("كل مكالمة");
      await expect(card(page).getByRole("checkbox")).toBeChecked();
      for (const viewport of viewports) {
        await showCard(page, viewport, arabicMode);
        // Nothing in the card runs past the page's edge on a phone, right to left.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `sideways scroll at ${viewport.label}`).toBeLessThanOrEqual(0);
        await shot(page, `team-recording-ar-dark-${viewport.label}`);
      }
      await page.evaluate(() => localStorage.removeItem("theme"));
      await setLocale(page, "en");
    } finally {
      expect((await reset(before)).status()).toBe(200);
    }
  });
});

test.describe("a rep", () => {
  test("sees no Call recording card in Settings, and cannot change the mode", async ({
    browser,
    request,
    repSession,
  }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      await login(page, e2eAccounts.colleague);
      await page.goto("/app/settings");
      // Settings is there, with the rep's own recording-related card (voicemail drop)...
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.locator("#voicemail")).toBeVisible();
      // ...but not the team's recording controls.
      await expect(page.locator("#recording")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Call recording" })).toHaveCount(0);
      await expect(page.getByRole("combobox", { name: "Recording" })).toHaveCount(0);

      // The server refuses it as well, and the team's mode is unchanged.
      const before = await teamSettings(request, repSession.token);
      const signIn = await page.request.post("/api/auth/login", { data: e2eAccounts.colleague });
      expect(signIn.status()).toBe(200);
      const { token } = (await signIn.json()) as { token: string };
      const refused = await page.request.put("/api/team/recording", {
        headers: { Authorization: `Bearer ${token}` },
        data: { mode: before.mode === "off" ? "every_call" : "off", consentRequired: false },
      });
      expect(refused.status()).toBe(403);
      expect(await teamSettings(request, repSession.token)).toMatchObject(before);
    } finally {
      await context.close();
    }
  });
});
