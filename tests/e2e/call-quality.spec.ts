// Line quality in both directions through the SIP test peer's lossy relay: a path that drops one
// packet in ten of the rep's audio only (what the far end hears) raises the warning and lands on
// the call's record, though the rep's own audio arrives clean; a call whose audio never reaches
// the rep shows "No audio" and keeps no MOS.
import type { APIRequestContext, Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import {
  configureE2eLine,
  fakeMediaLaunchOptions,
  peerNumbers,
  removeE2eLine,
  SipPeerControl,
  withApi,
} from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });

let peer: SipPeerControl;

test.beforeAll(async ({ operatorSession }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  await withApi(baseURL, (api) => configureE2eLine(api, operatorSession.token, baseURL));
  peer = new SipPeerControl(baseURL);
});

// Later spec files share the organization and expect the simulated dialer.
test.afterAll(async ({ operatorSession }, testInfo) => {
  await withApi(testInfo.project.use.baseURL, (api) => removeE2eLine(api, operatorSession.token));
});

test.beforeEach(async () => {
  await peer.reset();
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

/** The rep's newest call record. */
async function newestCall(request: APIRequestContext, token: string) {
  const res = await request.get("/api/calls?limit=1", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    calls: { quality: { worstLossFraction: number; averageMos: number } | null }[];
  };
  return body.calls[0];
}

test("one packet in ten of the rep's audio lost: the warning, and the loss on the record", async ({
  page,
  request,
  repSession,
}) => {
  test.setTimeout(90_000);
  await peer.configure({
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
    .poll(async () => (await newestCall(request, repSession.token))?.quality?.worstLossFraction, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.04);
});

test("no audio reaches the rep: No audio, and no MOS on the record", async ({
  page,
  request,
  repSession,
}) => {
  test.setTimeout(60_000);
  await peer.configure({
    lossy: { lossPercent: 100, delayMs: 0, jitterMs: 0, direction: "to-far" },
  });
  const d = await callLossy(page);
  await expect(page.getByTestId("call-quality")).toHaveAttribute("data-level", "no-audio", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("call-quality")).toContainText("No audio");
  await d.end.click();
  await expect
    .poll(async () => (await newestCall(request, repSession.token)) ?? null, { timeout: 15_000 })
    .toMatchObject({ quality: null });
});
