// The dial-string table (tests/support/dial-string-table.ts) in the browser bundle: each form is
// typed into the dialer of the built app, with the team's line pointed at the SIP test peer. A
// form that rings must reach the peer as exactly the table's number, with the extension's
// digits arriving as DTMF after answer; a refused one must show its reason and send nothing
// (no INVITE, no call record). tests/unit/dial-string.test.ts runs the same table in node.
import type { APIRequestContext, Page } from "@playwright/test";
import type { DialRefusal } from "@/modules/calls/lib/dial-string";
import { ANSWERING, dialStringTable } from "../support/dial-string-table";
import { dialerParts } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { fakeMediaLaunchOptions } from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });

const line = useE2eLine();

// Later spec files share the organization and expect the simulated dialer.

test.beforeEach(async () => {
  await line.peer.reset();
  await line.peer.configure({ delays: { ringMs: 0, answerMs: 0 } });
});

async function openRegistered(page: Page) {
  await page.goto("/app");
  await expect(dialerParts(page).widget).toBeVisible();
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
}

/** The rep's newest call records (the Call Log's source). */
async function recordedCalls(request: APIRequestContext, token: string) {
  const res = await request.get("/api/calls?limit=100", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { calls: { id: string }[] }).calls.map((c) => c.id);
}

/** What the rep reads for each refusal (messages/en/Dialer.json, notice.dialRefused). */
const refusalText: Record<DialRefusal, string> = {
  "caller-id": "change how your caller ID is shown",
  "service-code": "service codes such as *70 cannot be dialed",
  unreadable: "this is not a number that can be dialed",
  "invalid-number": "this is not a valid phone number",
  "extra-digits": "more digits than a phone number",
  empty: "",
  "abandoned-recently": "was abandoned recently",
};

const ringing = dialStringTable.filter((row) => "rings" in row);
const refused = dialStringTable.filter((row) => "refused" in row);

test("every form that rings reaches the peer as the table's number, its extension as DTMF", async ({
  page,
}) => {
  test.slow();
  await openRegistered(page);
  const d = dialerParts(page);
  for (const row of ringing) {
    if (!("rings" in row)) continue;
    const before = (await line.peer.calls()).length;
    await d.number.fill(row.typed);
    await d.call.click();
    await expect
      .poll(async () => (await line.peer.calls()).length, {
        message: `${row.typed} reaches the peer`,
      })
      .toBe(before + 1);
    const call = await line.peer.waitForCall(
      (await line.peer.lastCall())!.id,
      (c) => c.status === "answered",
      { message: `${row.typed} is answered` },
    );
    expect(call.number, row.typed).toBe(row.rings);
    expect(call.authorization, row.typed).toMatchObject({ accepted: true });
    await expect(d.status, row.typed).toHaveAttribute("data-status", "in-call");
    if (row.tones) {
      const heard = await line.peer.waitForCall(
        call.id,
        (c) => c.dtmf.map((t) => t.digit).join("") === row.tones,
        { message: `the peer hears ${row.tones} after ${row.typed}` },
      );
      // After the pause, not at once: the far end's menu answers first.
      expect(heard.dtmf[0]!.at - heard.times.answered!, row.typed).toBeGreaterThanOrEqual(1500);
    }
    await d.end.click();
    await line.peer.waitForCall(call.id, (c) => c.status === "ended", {
      message: `${row.typed} ends`,
    });
    const calls = await line.peer.calls();
    expect(calls.every((c) => c.number === ANSWERING)).toBe(true);
    await page.getByTestId("dialer-disposition").getByRole("button", { name: "Skip" }).click();
  }
});

test("every refused form says why, and nothing is dialed or recorded", async ({
  page,
  request,
  repSession,
}) => {
  test.slow();
  await openRegistered(page);
  const d = dialerParts(page);
  const recordsBefore = await recordedCalls(request, repSession.token);
  for (const row of refused) {
    if (!("refused" in row)) continue;
    await d.number.fill(row.typed);
    await d.call.click();
    const toast = page
      .getByRole("listitem")
      .filter({ hasText: "The call was not placed" })
      .filter({ hasText: refusalText[row.refused] });
    await expect(toast, row.typed).toBeVisible();
    await expect(d.status, row.typed).not.toHaveAttribute("data-status", /calling|in-call/);
    await expect(d.number, row.typed).toHaveValue(row.typed);
    await expect(page.getByTestId("dialer-disposition")).toBeHidden();
    // One toast at a time, so the next row's is its own.
    await expect(toast).toBeHidden({ timeout: 15_000 });
  }
  expect(await line.peer.calls()).toEqual([]);
  expect(await recordedCalls(request, repSession.token)).toEqual(recordsBefore);
});
