// Settings' Manage Roles. The e2e rep is its organization's first member, so its
// manager: it sees the team with roles and status and deactivates a member, whose open page is
// signed out; a rep sees the same team under View Team without these controls. Light, dark and
// Arabic.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { expect, test } from "./fixtures";
import { login, setLocale } from "./helpers";
import { mailboxSnapshot, waitForMail } from "./mailbox";

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
    // The member's open page learns within ~10 s (its live stream's session check) on top of the rest.
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

    // The member's live stream ends when the session does; its reconnect is answered 401 and the
    // page signs out (while the stream is down, the dashboard's 20 s refresh does the same).
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

test.describe("an invitation", () => {
  test.use({ signedInAs: "rep" });

  test("invite → mail → accept: the invitee chooses a password and lands signed in", async ({
    page,
    browser,
  }) => {
    const email = `e2e.invitee+${Date.now()}@example.com`;
    const username = `e2e.invitee${Date.now() % 100_000}`;
    const seen = mailboxSnapshot();
    await page.goto("/app/settings");
    await page.getByRole("button", { name: "Invite Members" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(dialog.locator(`[data-testid="invitation"][data-email="${email}"]`)).toBeVisible();
    await shot(page, "invite-dialog");

    const mail = await waitForMail(email, seen);
    const link = /https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? "")?.[0];
    expect(link).toBeTruthy();

    const invitee = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(inviteePage.getByRole("heading", { name: "Join your team" })).toBeVisible();
    // The page says which team and role the invitation is for.
    await expect(inviteePage.getByTestId("invite-for")).toHaveText(
      "You are invited to join Default as a sales rep.",
    );
    await inviteePage.getByLabel("Username").fill(username);
    await inviteePage.getByLabel("Password", { exact: true }).fill("e2e-invitee-password");
    await inviteePage.getByLabel("Repeat password").fill("e2e-invitee-password");
    await shot(inviteePage, "invite-accept");
    await inviteePage.getByRole("button", { name: "Join" }).click();
    await inviteePage.waitForURL(/\/app$/);
    await expect(inviteePage.getByRole("button", { name: new RegExp(username) })).toBeVisible();

    // The link works once.
    await inviteePage.context().clearCookies();
    await inviteePage.goto(new URL(link!).pathname + new URL(link!).search);
    // A spent link names no team.
    await expect(inviteePage.getByTestId("invite-for")).toHaveCount(0);
    await inviteePage.getByLabel("Username").fill(`${username}x`);
    await inviteePage.getByLabel("Password", { exact: true }).fill("e2e-invitee-password");
    await inviteePage.getByLabel("Repeat password").fill("e2e-invitee-password");
    await inviteePage.getByRole("button", { name: "Join" }).click();
    await expect(inviteePage.getByText("This invitation link is invalid")).toBeVisible();
    await setLocale(inviteePage, "ar");
    await inviteePage.reload();
    await expect(inviteePage.locator("html")).toHaveAttribute("dir", "rtl");
    await shot(inviteePage, "invite-accept-arabic");
    await invitee.close();
  });
});

test("a rep sees the team under View Team, without the controls", async ({ page }) => {
  await login(page, e2eAccounts.colleague);
  const dialog = await openTeam(page, "View Team");
  await expect(page.getByRole("button", { name: "Manage Roles" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Invite Members" })).toHaveCount(0);
  await expect(row(dialog, e2eAccounts.rep.username)).toContainText("Manager");
  await expect(row(dialog, e2eAccounts.colleague.username)).toContainText("(you)");
  await expect(dialog.getByRole("combobox")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await shot(page, "team-rep");
});
