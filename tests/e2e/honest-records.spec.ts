// Every record in the Call Log is a call that was really placed, and each says what happened:
// a call that never left the browser (the line offline) leaves no dial and asks no outcome, and
// the rep is told why; an incoming call the rep declines is recorded as declined and stays on
// Missed Calls; answering never shows "Dialing..."; an offline line offers Retry now.
import type { APIRequestContext, Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import {
  expectDialerShowed,
  fakeMediaLaunchOptions,
  peerNumbers,
  recordDialerStatus,
} from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });

const line = useE2eLine();

// Later spec files share the organization and expect the simulated dialer.

test.beforeEach(async ({ page }) => {
  await line.peer.reset();
  await page.addInitScript(recordDialerStatus);
});

const lineIndicator = (page: Page) => page.getByTestId("line-indicator");
const incoming = (page: Page) => page.getByTestId("incoming-call");

async function callIds(request: APIRequestContext, token: string) {
  const res = await request.get("/api/calls?limit=100", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { calls: { id: string }[] }).calls.map((c) => c.id);
}

test("a call clicked while the line is offline is no dial: no record, no prompt, the rep told why; Retry now reconnects", async ({
  page,
  request,
  repSession,
}) => {
  const before = await callIds(request, repSession.token);
  // The edge is down: every registration is refused until it is back.
  await line.peer.configure({ registerStatus: 503 });
  await page.goto("/app");
  await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "offline", {
    timeout: 20_000,
  });
  const retry = page.getByRole("button", { name: "Retry now" });
  await expect(retry).toBeVisible();

  const d = dialerParts(page);
  await d.number.fill(peerNumbers.answer);
  await d.call.click();
  await expect(
    page.getByRole("listitem").filter({ hasText: "The phone line is not connected" }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(d.status).toHaveAttribute("data-status", "idle");
  await expect(page.getByTestId("dialer-disposition")).toBeHidden();
  expect(await line.peer.calls()).toEqual([]);
  expect(await callIds(request, repSession.token)).toEqual(before);

  // The edge is back: Retry now registers at once instead of after the back-off. It is clicked
  // between two attempts with time to spare: an attempt that found the edge back first would take
  // the button away (it shows only while the line is offline) before the click.
  const retryAt = async () => Number(await lineIndicator(page).getAttribute("data-retry-at"));
  await expect
    .poll(async () => (await retryAt()) - Date.now(), { intervals: [100], timeout: 20_000 })
    .toBeGreaterThan(2_500);
  const nextAttempt = await retryAt();
  await line.peer.configure({ registerStatus: null });
  await retry.click();
  await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
    timeout: 5_000,
  });
  expect(Date.now(), "registered before the back-off's next attempt").toBeLessThan(nextAttempt);
});

test("a call clicked while the line is still connecting waits for it, with the wait shown, then goes out", async ({
  page,
}) => {
  // A slow edge: the line is still connecting when the rep clicks Call.
  await line.peer.configure({ registerDelayMs: 4_000 });
  try {
    await page.goto("/app");
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "connecting");
    const d = dialerParts(page);
    await d.number.fill(peerNumbers.answer);
    await d.call.click();
    await expect(d.status).toContainText("Waiting for the phone line...");
    expect(await line.peer.calls()).toEqual([]);
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
      timeout: 15_000,
    });
    // The call went out once the line was up, without a second click.
    await line.peer.waitForLastCall();
    await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
    await d.end.click();
  } finally {
    await line.peer.configure({ registerDelayMs: 0 });
  }
});

test("a declined call is recorded as declined and stays on Missed Calls; answering never shows Dialing", async ({
  page,
  request,
  repSession,
}) => {
  await page.goto("/app");
  await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
    timeout: 20_000,
  });
  const binding = await line.peer.waitForRegistration();
  const caller = { from: "+15125550178", fromName: "Declined Diner", ringTimeoutMs: 20_000 };

  const first = await line.peer.callRep(binding.user, caller);
  await incoming(page).getByRole("button", { name: "Decline", exact: true }).click();
  await line.peer.waitForCall(first.callId, (c) => c.outcome === "declined", {
    message: "the peer hears the call declined",
  });
  await expect
    .poll(async () => {
      const res = await request.get("/api/calls/missed", {
        headers: { Authorization: `Bearer ${repSession.token}` },
      });
      const body = (await res.json()) as { calls: { callerNumber: string; declined: boolean }[] };
      return body.calls.find((c) => c.callerNumber === caller.from)?.declined ?? null;
    })
    .toBe(true);
  await page.goto("/app/missed-calls");
  await expect(
    page
      .getByTestId("missed-call")
      .filter({ hasText: /555.?0178/ })
      .first(),
  ).toContainText("You declined");

  // Answering: Answering... then In Call, never Dialing...
  await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
    timeout: 20_000,
  });
  const second = await line.peer.callRep(binding.user, caller);
  await incoming(page).getByRole("button", { name: "Answer", exact: true }).click();
  await expectDialerShowed(page, { status: "in-call" });
  const seen = await page.evaluate(
    () => (window as Window & { __e2eDialerStatus?: { text: string }[] }).__e2eDialerStatus ?? [],
  );
  expect(seen.map((s) => s.text)).not.toContain("Dialing...");
  await dialerParts(page).end.click();
  await line.peer.waitForCall(second.callId, (c) => c.status === "ended", {
    message: "the call ends",
  });
});
