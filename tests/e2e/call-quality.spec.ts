// Line quality in both directions through the SIP test peer's lossy relay: a path that drops one
// packet in ten of the rep's audio only (what the far end hears) raises the warning and lands on
// the call's record, though the rep's own audio arrives clean; a call whose audio never reaches
// the rep shows "No audio" and keeps no MOS.
import type { APIRequestContext, Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { fakeMediaLaunchOptions, peerNumbers } from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });

const line = useE2eLine();

// Later spec files share the organization and expect the simulated dialer.

test.beforeEach(async () => {
  await line.peer.reset();
});

async function callLossy(page: Page) {
  await page.goto("/app");
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
  const d = dialerParts(page);
  await d.number.fill(peerNumbers.lossy);
  await d.call.click();
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  return d;
}

type RecordedCall = {
  id: string;
  dialedNumber: string | null;
  quality: { worstLossPercent: number; averageMos: number } | null;
};

/** The rep's call records, newest first. */
async function recordedCalls(request: APIRequestContext, token: string) {
  const res = await request.get("/api/calls?limit=100", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { calls: RecordedCall[] }).calls;
}

/** The record of the call this test placed: to the lossy number, not there before it. */
async function recordOfThisCall(request: APIRequestContext, token: string, before: string[]) {
  const calls = await recordedCalls(request, token);
  return calls.find((c) => !before.includes(c.id) && c.dialedNumber === `+1${peerNumbers.lossy}`);
}

test("one packet in ten of the rep's audio lost: the warning, and the loss on the record", async ({
  page,
  request,
  repSession,
}) => {
  test.setTimeout(90_000);
  const before = (await recordedCalls(request, repSession.token)).map((c) => c.id);
  await line.peer.configure({
    lossy: { lossPercent: 10, delayMs: 0, jitterMs: 0, direction: "to-peer" },
  });
  const d = await callLossy(page);
  const quality = page.getByTestId("call-quality");
  await expect(quality).toHaveAttribute("data-level", "poor", { timeout: 30_000 });
  await expect(page.getByTestId("call-quality-warning")).toBeVisible({ timeout: 20_000 });
  const outgoingLoss = Number(await quality.getAttribute("data-outgoing-loss"));
  expect(outgoingLoss).toBeGreaterThan(4);
  await d.end.click();
  await expect
    .poll(
      async () =>
        (await recordOfThisCall(request, repSession.token, before))?.quality?.worstLossPercent ??
        null,
      { timeout: 15_000 },
    )
    .toBeGreaterThan(4);
});

test("no audio reaches the rep: No audio, and no MOS on the record", async ({
  page,
  request,
  repSession,
}) => {
  test.setTimeout(120_000);
  const before = (await recordedCalls(request, repSession.token)).map((c) => c.id);
  await line.peer.configure({
    lossy: { lossPercent: 100, delayMs: 0, jitterMs: 0, direction: "to-far" },
  });
  const d = await callLossy(page);
  await expect(page.getByTestId("call-quality")).toHaveAttribute("data-level", "no-audio", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("call-quality")).toContainText("No audio");
  await d.end.click();
  await expect
    .poll(async () => (await recordOfThisCall(request, repSession.token, before)) ?? null, {
      timeout: 15_000,
    })
    .toMatchObject({ quality: null });
});
