// The live floor in the browser: the manager (the e2e "rep" account is its organization's
// manager) watches /app/floor while a colleague of the same organization places a call on the
// simulated line; the colleague's card turns "In call" within a few seconds (the floor's own
// timer is 15-30 s, so only the presence report and the live channel can do it), then back to
// "Ready" or "Wrapping up" once the call ends. A rep's sidebar has no Live floor entry.
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { colleagueBrowser as colleague } from "./helpers";
import { expect, test } from "./fixtures";

test("a colleague's call shows on the manager's live floor within a few seconds", async ({
  repPage: manager,
  browser,
  baseURL,
}) => {
  const rep = await colleague(browser, baseURL);
  try {
    await rep.page.goto("/app");
    // A rep's sidebar lists no Live floor.
    await expect(rep.page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
    await expect(rep.page.getByRole("link", { name: "Live floor" })).toHaveCount(0);

    await manager.goto("/app");
    await manager.getByRole("link", { name: "Live floor" }).first().click();
    await expect(manager.getByRole("heading", { level: 1, name: "Live floor" })).toBeVisible();
    await expect(manager.locator("html")).toHaveAttribute("data-live", "on");
    const card = manager.locator(
      `[data-testid="floor-list"] li[data-rep="${e2eAccounts.colleague.username}"]`,
    );
    await expect(card).toBeVisible();
    // The colleague's open tab has reported itself.
    await expect(card).toHaveAttribute("data-state", "ready", { timeout: 5_000 });

    const dialer = dialerParts(rep.page);
    await dialer.number.fill("5125550179");
    await dialer.call.click();
    await expect(dialer.status).toHaveAttribute("data-status", "in-call");
    await expect(card).toHaveAttribute("data-state", "in-call", { timeout: 3_000 });
    await expect(card.getByTestId("floor-state")).toHaveText("In call");
    await expect(card.getByTestId("floor-duration")).toHaveText(/^\d\d:\d\d$/);

    await dialer.end.click();
    await expect(card).toHaveAttribute("data-state", /^(ready|wrapping-up)$/, { timeout: 3_000 });

    // Closing the tab says goodbye: offline at once, not after 45 s.
    await rep.page.close();
    await expect(card).toHaveAttribute("data-state", "offline", { timeout: 5_000 });
  } finally {
    await rep.close();
  }
});

test("a rep who types the floor's address sees the dashboard instead", async ({
  browser,
  baseURL,
}) => {
  const rep = await colleague(browser, baseURL);
  try {
    await rep.page.goto("/app/floor");
    await expect(rep.page.getByRole("heading", { level: 1, name: "Live floor" })).toHaveCount(0);
    await expect(rep.page.getByTestId("agent-cards")).toBeVisible();
  } finally {
    await rep.close();
  }
});
