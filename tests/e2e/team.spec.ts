// Issue 33: Settings' Manage Roles. The e2e rep is its organization's first member, so its
// manager: it sees the team with roles and status and deactivates a member, whose open page is
// signed out; a rep sees the same team under View Team without these controls. Light, dark and
// Arabic.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { login, setLocale } from "./helpers";

// Optional screenshots for reviewing the screens (E2E_SHOTS_DIR=/tmp/shots).
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

async function openTeam(page: Page, button: string) {
  await page.goto("/app/settings");
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("team-member").first()).toBeVisible();
  return dialog;
}

const row = (dialog: ReturnType<Page["getByRole"]>, username: string) =>
  dialog.locator(`[data-testid="team-member"][data-username="${username}"]`);

test.describe("a manager", () => {
  test.use({ signedInAs: "rep" });

  test("sees the team with roles and status, in light, dark and Arabic", async ({ page }) => {
    const dialog = await openTeam(page, "Manage Roles");
    await expect(row(dialog, e2eAccounts.rep.username)).toContainText("(you)");
    await expect(
      row(dialog, e2eAccounts.rep.username).getByRole("combobox", {
        name: `Role of ${e2eAccounts.rep.username}`,
      }),
    ).toHaveText(/Manager/);
    await expect(row(dialog, e2eAccounts.colleague.username).getByRole("combobox")).toHaveText(
      /Rep/,
    );
    await expect(row(dialog, e2eAccounts.colleague.username)).toContainText("Active");
    await shot(page, "team-light");

    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await page.getByRole("button", { name: "Manage Roles" }).click();
    await expect(page.getByRole("dialog").getByTestId("team-member").first()).toBeVisible();
    await shot(page, "team-dark");

    await setLocale(page, "ar");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "إدارة الأدوار" }).click();
    const arabic = page.getByRole("dialog");
    await expect(arabic.getByTestId("team-member").first()).toBeVisible();
    await expect(row(arabic, e2eAccounts.colleague.username)).toContainText("نشط");
    await shot(page, "team-arabic");
    await page.evaluate(() => localStorage.removeItem("theme"));
    await setLocale(page, "en");
  });

  test("deactivates a member, whose open page is signed out; reactivates them", async ({
    page,
    browser,
  }) => {
    // Waiting for the member's next poll (up to 20 s) on top of the rest.
    test.setTimeout(90_000);
    // Without the manager's storage state, which the test's options would otherwise give it.
    const memberContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const memberPage = await memberContext.newPage();
    await login(memberPage, e2eAccounts.member);

    const dialog = await openTeam(page, "Manage Roles");
    const member = row(dialog, e2eAccounts.member.username);
    await member.getByRole("button", { name: "Deactivate" }).click();
    await member.getByRole("button", { name: `Deactivate ${e2eAccounts.member.username}` }).click();
    await expect(page.getByText(`${e2eAccounts.member.username} is deactivated`)).toBeVisible();
    await expect(member).toContainText("Deactivated");

    // The member's dashboard refreshes every 20 s: its next answer is 401, and the page signs out.
    await memberPage.waitForURL(/\/login/, { timeout: 40_000 });
    // And cannot sign in again while deactivated.
    const again = await memberPage.request.post("/api/auth/login", { data: e2eAccounts.member });
    expect(again.status()).toBe(401);

    await member.getByRole("button", { name: "Reactivate" }).click();
    await expect(member).toContainText("Active");
    await login(memberPage, e2eAccounts.member);
    await memberContext.close();
  });
});

test("a rep sees the team under View Team, without the controls", async ({ page }) => {
  await login(page, e2eAccounts.colleague);
  const dialog = await openTeam(page, "View Team");
  await expect(page.getByRole("button", { name: "Manage Roles" })).toHaveCount(0);
  await expect(row(dialog, e2eAccounts.rep.username)).toContainText("Manager");
  await expect(row(dialog, e2eAccounts.colleague.username)).toContainText("(you)");
  await expect(dialog.getByRole("combobox")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await shot(page, "team-rep");
});
