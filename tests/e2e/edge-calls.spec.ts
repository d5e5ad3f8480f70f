// Real calls through the reference edge (edge/: Kamailio, rtpengine, coturn from Debian's
// packages) to a SIP phone the project did not write (Debian's baresip, behind a plain UDP
// trunk with RTP). The operator's Test line proves the edge safe; the rep's browser calls the
// phone: tone heard both ways (Chromium's fake microphone at 1000 Hz, the phone's 440 Hz), DTMF
// seen by the phone, the caller ID the server chose, and the phone hanging up. Skipped with a
// note on a machine without the packages; CI installs them and requires this file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { RunningEdge } from "../../edge/edge.mjs";
import { startFarEnd, toneShare, type FarEnd } from "../edge/far-end";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";
import {
  configureE2eLine,
  e2eOrganizationTelephony,
  e2eSipDomain,
  expectRemoteTone,
  fakeMediaLaunchOptions,
  micToneHz,
  removeE2eLine,
  trackPeerConnections,
  withApi,
} from "./sip-fixture";

// edge.mjs is an ES module, which Playwright's test loader cannot require: it is imported when
// the tests start, and the programs are looked for here the way it looks for them.
const EDGE_PACKAGES =
  "kamailio kamailio-websocket-modules kamailio-autheph-modules kamailio-tls-modules kamailio-extra-modules rtpengine-daemon coturn baresip";
const missing = [
  "/usr/sbin/kamailio",
  "/usr/bin/rtpengine",
  "/usr/bin/turnserver",
  "/usr/bin/baresip",
]
  .filter((program) => !fs.existsSync(program))
  .map((program) => path.basename(program));
test.skip(
  missing.length > 0 && !process.env.CI,
  `edge calls need ${missing.join(", ")} (apt-get install ${EDGE_PACKAGES})`,
);

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
test.describe.configure({ mode: "serial" });
// Each test starts calls through three more programs on a machine the suite already loads.
test.setTimeout(120_000);

const secret = "dialflow-e2e-edge-secret-7d41a0c2";
const business = { digits: "5125550161", e164: "+15125550161" };
const callerId = "+15125550177";
const FAR_TONE = 440;

let edge: RunningEdge;
let farEnd: FarEnd;
let dir: string;
let organizationId: string;
let edgeSipPort: number;

test.beforeAll(async ({ operatorSession, repSession }, testInfo) => {
  if (missing.length)
    throw new Error(`CI needs ${missing.join(", ")}: apt-get install ${EDGE_PACKAGES}`);
  const baseURL = testInfo.project.use.baseURL!;
  // Ports of this shard's own (its server's port + 4000 and up), clear of the SIP test peer's.
  const port = Number(new URL(baseURL).port);
  const base = port + 4000;
  const slot = (port % 1000) * 2;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-e2e-edge-"));
  // The line first (the rep's SIP user is known once it exists), then the edge that rings that
  // rep for the organization's number.
  const wsUrl = `ws://127.0.0.1:${base}`;
  const repSipUser = await withApi(baseURL, async (api) => {
    // TURN without a username or credential: each rep's browser uses its minted ones.
    const org = await configureE2eLine(api, operatorSession.token, baseURL, {
      wsUrl,
      secret,
      iceServers: [{ urls: `turn:127.0.0.1:${base + 30}?transport=udp` }],
    });
    organizationId = org.id;
    const res = await api.post(`/api/admin/telephony/${org.id}/caller-ids`, {
      headers: { Authorization: `Bearer ${operatorSession.token}` },
      data: { number: callerId, isDefault: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    const line = await api.get("/api/telephony/line", {
      headers: { Authorization: `Bearer ${repSession.token}` },
    });
    return ((await line.json()) as { line: { sipUser: string } }).line.sipUser;
  });
  const { startEdge } = await import("../../edge/edge.mjs");
  edge = await startEdge({
    dir: path.join(dir, "edge"),
    secret,
    domain: e2eSipDomain,
    ports: {
      ws: base,
      sip: base + 10,
      ng: base + 20,
      turn: base + 30,
      rtpMin: 33000 + slot,
      rtpMax: 33000 + slot + 99,
      relayMin: 50000 + slot,
      relayMax: 50000 + slot + 99,
    },
    trunk: { host: "127.0.0.1", port: base + 40 },
    numbers: { [callerId]: [repSipUser] },
  });
  expect(edge.wsUrl).toBe(wsUrl);
  edgeSipPort = base + 10;
  farEnd = await startFarEnd({
    dir: path.join(dir, "far-end"),
    sipPort: base + 40,
    ctrlPort: base + 50,
    toneHz: FAR_TONE,
    answers: [business.e164],
  });
});

test.afterAll(async ({ operatorSession }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  if (organizationId) {
    await withApi(baseURL, async (api) => {
      const org = await e2eOrganizationTelephony(api, operatorSession.token);
      for (const c of org.callerIds) {
        await api.delete(`/api/admin/telephony/${org.id}/caller-ids/${c.id}`, {
          headers: { Authorization: `Bearer ${operatorSession.token}` },
        });
      }
      // Later spec files share the organization and expect the simulated dialer.
      await removeE2eLine(api, operatorSession.token);
    });
  }
  await farEnd?.stop();
  await edge?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens the app (tracking its peer connections) and waits for the line to register. */
async function openRegistered(page: Page) {
  await page.addInitScript(trackPeerConnections);
  await page.goto("/app");
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
}

/** The rep calls the business's phone through the edge; resolves once the phone has answered. */
async function callBusiness(page: Page) {
  await openRegistered(page);
  const d = dialerParts(page);
  const since = farEnd.events.length;
  await d.number.fill(business.digits);
  await d.call.click();
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  const established = await farEnd.waitFor("CALL_ESTABLISHED", 10_000, since);
  return { d, since, established };
}

async function testLine(page: Page, label = "Test line") {
  await page.goto("/adminconsole/console");
  await page.getByTestId("telephony-org").selectOption(organizationId);
  await page.getByRole("button", { name: label }).click();
  return page.getByTestId("telephony-safety");
}

test("the console's Test line shows the edge safe: every unauthorised call refused, the relay and TURN answering", async ({
  operatorPage: page,
}) => {
  const before = farEnd.events.filter((e) => e.type === "CALL_INCOMING").length;
  const safety = await testLine(page);
  await expect(safety).toHaveAttribute("data-verdict", "safe", { timeout: 20_000 });
  await expect(safety).toContainText(
    "Safe: the edge refused every call the server did not authorise.",
  );
  for (const check of ["unsigned", "tampered", "expired", "replayed"]) {
    await expect(safety.locator(`[data-check="${check}"]`)).toHaveAttribute(
      "data-outcome",
      "refused",
    );
  }
  await expect(safety.locator('[data-check="media_relay"]')).toHaveAttribute(
    "data-outcome",
    "passed",
  );
  await expect(safety.locator('[data-check="turn"]')).toHaveAttribute("data-outcome", "passed");
  // The far end never rang for any of them.
  expect(farEnd.events.filter((e) => e.type === "CALL_INCOMING").length).toBe(before);

  await page.emulateMedia({ colorScheme: "dark" });
  await safety.screenshot({ path: test.info().outputPath("line-safety-dark.png") });
  await setLocale(page, "ar");
  const arabic = await testLine(page, "اختبار الخط");
  await expect(arabic).toHaveAttribute("data-verdict", "safe", { timeout: 20_000 });
  await expect(arabic).toContainText("آمن");
  await arabic.screenshot({ path: test.info().outputPath("line-safety-ar.png") });
  await setLocale(page, "en");
});

test("a rep calls the phone through the edge: heard both ways, the chosen caller ID, DTMF, and the phone hangs up", async ({
  page,
}) => {
  const { d, since, established } = await callBusiness(page);
  // The caller ID the server chose, set by the edge from the signed claim.
  expect(String(established.peeruri)).toContain(callerId);
  await expectRemoteTone(page, FAR_TONE);
  // The browser got a TURN relay with the rep's minted credentials.
  const candidateTypes = await page.evaluate(async () => {
    const list = (window as unknown as { __e2ePeerConnections: RTCPeerConnection[] })
      .__e2ePeerConnections;
    const stats = await list.at(-1)!.getStats();
    return [...stats.values()]
      .filter((s) => s.type === "local-candidate")
      .map((s) => s.candidateType as string);
  });
  expect(candidateTypes).toContain("relay");

  await d.widget.getByRole("button", { name: "5", exact: true }).click();
  const digit = await farEnd.waitFor("CALL_DTMF_START", 10_000, since);
  expect(digit.param).toBe("5");

  // The phone hears the rep for two seconds of the call at least: on a quiet machine everything
  // above takes half a second, too little of the rep's voice to judge it by.
  await expect(d.widget.getByTestId("dialer-timer")).toHaveText(/00:00:(0[2-9]|[1-5]\d)/, {
    timeout: 10_000,
  });
  await farEnd.command("hangup");
  await expect(d.status).toHaveAttribute("data-status", "ended", { timeout: 10_000 });
  await expect(d.status).toContainText("The other side hung up");
  await farEnd.waitFor("CALL_CLOSED", 10_000, since);
  // What the phone heard: the rep's microphone tone.
  const heard = farEnd.lastHeard();
  expect(heard?.length ?? 0).toBeGreaterThan(4000);
  expect(toneShare(heard!, micToneHz)).toBeGreaterThan(0.2);
});

test("Hold and Resume go through the edge, and a transfer to a number reaches the phone with the server's authorisation", async ({
  page,
}) => {
  const { d, since } = await callBusiness(page);
  await expectRemoteTone(page, FAR_TONE);

  // Each re-INVITE is inside a call the edge set up: it reaches the phone.
  const offers = () =>
    farEnd.events.slice(since).filter((e) => e.type === "CALL_REMOTE_SDP" && e.param === "offer")
      .length;
  const first = offers(); // the call's own INVITE
  const hold = (name: "Hold" | "Resume") => d.controls.getByRole("button", { name, exact: true });
  await hold("Hold").click();
  await expect(hold("Resume")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(offers, { message: "the phone got the hold" }).toBe(first + 1);
  await hold("Resume").click();
  await expect(hold("Hold")).toHaveAttribute("aria-pressed", "false");
  await expect.poll(offers, { message: "the phone got the resume" }).toBe(first + 2);
  await expect(d.status).toHaveAttribute("data-status", "in-call");

  // Blind transfer to a number: the softphone gets the server's authorisation for it and the edge
  // passes the REFER on, so the phone (a carrier here) is asked to make the call.
  await d.controls.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer the call" });
  await dialog.getByLabel("Or a number").fill("5125550162");
  await dialog.getByRole("button", { name: "Transfer now" }).click();
  await farEnd.waitFor("TRANSFER", 15_000, since);
  // The phone cannot reach that number from here (no carrier behind it): it says so, and the
  // business stays with the rep, who ends the call.
  await expect(
    page.getByText("The transfer did not go through: the call is still with you."),
  ).toBeVisible({ timeout: 30_000 });
  await expect(d.status).toHaveAttribute("data-status", "in-call");
  await d.end.click();
  await farEnd.waitFor("CALL_CLOSED", 10_000, since);
});

test.describe("calls from the trunk", () => {
  const incoming = (page: Page) => page.getByTestId("incoming-call");

  test("the organization's number rings the rep's browser: answered, heard both ways", async ({
    page,
  }) => {
    await openRegistered(page);
    const since = farEnd.events.length;
    await farEnd.command("dial", `sip:${callerId}@127.0.0.1:${edgeSipPort}`);
    await expect(incoming(page)).toBeVisible({ timeout: 15_000 });
    await incoming(page).getByRole("button", { name: "Answer", exact: true }).click();
    await expect(dialerParts(page).status).toHaveAttribute("data-status", "in-call");
    await farEnd.waitFor("CALL_ESTABLISHED", 10_000, since);
    await expectRemoteTone(page, FAR_TONE);
    await dialerParts(page).end.click();
    await farEnd.waitFor("CALL_CLOSED", 10_000, since);
    const heard = farEnd.lastHeard();
    expect(toneShare(heard!, micToneHz)).toBeGreaterThan(0.2);
  });

  test("a call nobody answers stops ringing when the caller gives up", async ({ page }) => {
    await openRegistered(page);
    const since = farEnd.events.length;
    await farEnd.command("dial", `sip:${callerId}@127.0.0.1:${edgeSipPort}`);
    await expect(incoming(page)).toBeVisible({ timeout: 15_000 });
    await farEnd.command("hangup");
    await farEnd.waitFor("CALL_CLOSED", 10_000, since);
    await expect(incoming(page)).toBeHidden({ timeout: 10_000 });
  });
});
