import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createCall, uniqueNumber } from "./calls-helpers";
import { expect, test } from "./fixtures";

// Every number shown comes from the team's records. The test writes records of its
// own (a call, a note) and checks the figures move by exactly those.

const tile = (page: Page, id: string) => page.getByTestId(`targets-stat-${id}`);

/** A tile's figure once loaded (a dash while loading), as a number. */
async function figure(page: Page, id: string): Promise<number> {
  await expect(tile(page, id)).toHaveText(/^[\d,]+$/);
  return Number((await tile(page, id).innerText()).replace(/,/g, ""));
}

test("Targets' tiles count the team's calls and notes today; Profile lists the rep's calls", async ({
  repPage: page,
  repSession,
}) => {
  await page.goto("/app/targets");
  const dials = await figure(page, "dials");
  const notes = await figure(page, "notes");
  // No placeholder tiles: nothing records archiving or viewing.
  await expect(tile(page, "archived")).toHaveCount(0);
  await expect(tile(page, "viewed")).toHaveCount(0);

  const digits = uniqueNumber("737");
  // Started 2 s ago (no talk time): newer than any call an earlier spec made in real time, so it
  // is the first of Profile's list below.
  const call = await createCall(page.request, repSession.token, {
    digits,
    talkSeconds: 0,
    disposition: "interested",
  });
  const placeId = `ChIJreal-numbers-${randomUUID()}`;
  const noteId = randomUUID();
  const pushed = await page.request.put(`/api/records/${encodeURIComponent(placeId)}/items`, {
    headers: { Authorization: `Bearer ${repSession.token}` },
    data: {
      changes: [
        {
          kind: "note",
          itemId: noteId,
          op: "put",
          data: { id: noteId, text: "Asked for the manager", created: Date.now() },
        },
      ],
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(200);

  await page.reload();
  await expect(tile(page, "dials")).toHaveText(String(dials + 1));
  await expect(tile(page, "notes")).toHaveText(String(notes + 1));

  // Profile's Recent Activity is the rep's own latest calls: the one just made comes first.
  await page.goto("/app/profile");
  const first = page.getByTestId("profile-activity-item").first();
  await expect(first).toContainText(call.dialedDigits.slice(-4));
  await expect(first.getByTestId("call-outcome")).toHaveAttribute("data-disposition", "interested");
});
