// Real calls end to end: the e2e organization's phone line points at the SIP test
// peer (tests/e2e/server.mjs starts it; tests/e2e/sip-fixture.ts saves the line through the
// operator console and removes it after this file). The rep's browser registers with it over
// SIP-over-WebSocket and calls through it with real WebRTC media: Chromium's fake microphone
// plays 1000 Hz, the peer plays 440 Hz, and each side checks it hears the other. The peer's
// dialed-number behaviours give every outcome (tests/peers/sip-peer.mjs), and a power-dial
// session runs over the line unchanged.
import type { Page } from "@playwright/test";
import { ephemeralPassword } from "@/modules/telephony/lib/ephemeral";
import { verifyCallAuthorization } from "@/modules/telephony/lib/call-authorization";
import type { TelephonyOrganization } from "@/modules/telephony/lib/schemas";
import { dialerParts } from "./dialer-helpers";
import { expect, test } from "./fixtures";
import { configurePlacesPeer } from "./places-peer-control";
import {
  configureE2eLine,
  e2eLineSecret,
  expectDialerShowed,
  expectRemoteTone,
  fakeMediaLaunchOptions,
  micToneHz,
  microphonePeakHz,
  peerNumbers,
  recordDialerStatus,
  removeE2eLine,
  SipPeerControl,
  testE2eLine,
  trackPeerConnections,
  withApi,
} from "./sip-fixture";
import { expectTargetsReady } from "./helpers";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });

let organization: TelephonyOrganization;
let peer: SipPeerControl;

test.beforeAll(async ({ operatorSession }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  organization = await withApi(baseURL, (api) =>
    configureE2eLine(api, operatorSession.token, baseURL),
  );
  peer = new SipPeerControl(baseURL);
});

// Later spec files share the organization and expect the simulated dialer.
test.afterAll(async ({ operatorSession }, testInfo) => {
  await withApi(testInfo.project.use.baseURL, (api) => removeE2eLine(api, operatorSession.token));
});

test.beforeEach(async ({ page }) => {
  await peer.reset();
  await page.addInitScript(trackPeerConnections);
  await page.addInitScript(recordDialerStatus);
});

const lineIndicator = (page: Page) => page.getByTestId("line-indicator");
const incoming = (page: Page) => page.getByTestId("incoming-call");
const prompt = (page: Page) => page.getByTestId("dialer-disposition");
const muteButton = (page: Page, name: "Mute" | "Unmute") =>
  dialerParts(page).widget.getByRole("button", { name, exact: true });
const holdButton = (page: Page, name: "Hold" | "Resume") =>
  dialerParts(page).controls.getByRole("button", { name, exact: true });

/** Opens the app and waits for the line to be registered. */
async function openRegistered(page: Page) {
  await page.goto("/app");
  await expect(dialerParts(page).widget).toBeVisible();
  await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
    timeout: 20_000,
  });
}

/** Dials `number` from the widget; returns the peer's record of the call once it arrives. */
async function dial(page: Page, number: string) {
  const d = dialerParts(page);
  await d.number.fill(number);
  await d.call.click();
  await expect(d.status).toHaveAttribute("data-status", /calling|in-call|ended/);
  return peer.waitForLastCall();
}

/** Dials the peer's answering number and waits until both sides hear each other. */
async function connectedCall(page: Page, number: string = peerNumbers.answer) {
  await openRegistered(page);
  const call = await dial(page, number);
  await expect(dialerParts(page).status).toHaveAttribute("data-status", "in-call", {
    timeout: 15_000,
  });
  await peer.heardTone(call.id, micToneHz);
  await expectRemoteTone(page);
  return call;
}

test.describe("the harness", () => {
  test("the console's line test registers with the peer, and the rep's line signs what the peer accepts", async ({
    operatorSession,
    repSession,
    baseURL,
  }) => {
    expect(organization.line).toMatchObject({ wsUrl: peer.wsUrl, secretState: "set" });
    await withApi(baseURL, async (request) => {
      const result = await testE2eLine(request, operatorSession.token, organization.id);
      expect(result).toMatchObject({
        ok: true,
        code: "registered",
        connected: true,
        registered: true,
        status: 200,
        subprotocol: "sip",
      });

      const rep = { Authorization: `Bearer ${repSession.token}` };
      const line = await (await request.get("/api/telephony/line", { headers: rep })).json();
      expect(line).toMatchObject({ configured: true, line: { wsUrl: peer.wsUrl } });
      const credentials = await (
        await request.post("/api/telephony/credentials", { headers: rep })
      ).json();
      expect(credentials.username).toBe(
        `${Math.floor(Date.parse(credentials.expiresAt) / 1000)}:${line.line.sipUser}`,
      );
      expect(credentials.password).toBe(ephemeralPassword(e2eLineSecret, credentials.username));

      const authorize = await request.post("/api/telephony/authorize", {
        headers: rep,
        data: { dialedDigits: peerNumbers.answer },
      });
      expect(authorize.status()).toBe(200);
      const { authorization, number } = await authorize.json();
      expect(number).toBe(`+1${peerNumbers.answer}`);
      expect(await verifyCallAuthorization(authorization, e2eLineSecret, number)).toMatchObject({
        ok: true,
        claims: { rep: line.line.sipUser, org: organization.id },
      });
    });
  });

  test("Chromium's fake microphone plays the 1000 Hz tone", async ({ page }) => {
    await page.goto("/app");
    const mic = await microphonePeakHz(page);
    expect(mic, "getUserMedia gave no microphone").not.toBeNull();
    expect(Math.abs(mic!.peakHz - micToneHz)).toBeLessThanOrEqual(25);
  });

  test("an /app page with a line loads its calling code without a CSP violation", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
      );
    });
    await openRegistered(page);
    // The line's chunk (SIP.js, the schemas it parses with) is loaded and has run by now; zod's
    // probe for eval was reported here as "script-src eval" before it was told not to try.
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered");
    const violations = await page.evaluate(
      () => (window as unknown as { __violations: string[] }).__violations,
    );
    expect(violations).toEqual([]);
  });

  test("an /app page may open the line's WebSocket (CSP connect-src)", async ({ page }) => {
    await page.goto("/app");
    const opened = await page.evaluate(async (url) => {
      let violation: string | null = null;
      document.addEventListener("securitypolicyviolation", (e) => {
        violation = `${e.violatedDirective} ${e.blockedURI}`;
      });
      const result = await new Promise<string>((resolve) => {
        let ws: WebSocket;
        try {
          ws = new WebSocket(url, "sip");
        } catch (err) {
          resolve(`threw ${String(err)}`);
          return;
        }
        ws.onopen = () => resolve(`open ${ws.protocol}`);
        ws.onerror = () => resolve("error");
        setTimeout(() => resolve("timeout"), 5000);
      });
      return violation ? `${result}; CSP: ${violation}` : result;
    }, peer.wsUrl);
    expect(opened).toBe("open sip");

    // Exactly the line's origin: another WebSocket, even on loopback (which the header allows
    // for any port), is refused by the page's own <meta> policy.
    const other = peer.wsUrl.replace(/:(\d+)/, (_, port: string) => `:${Number(port) + 7}`);
    const refused = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          document.addEventListener("securitypolicyviolation", (e) =>
            resolve(`blocked ${e.violatedDirective}`),
          );
          try {
            const ws = new WebSocket(url, "sip");
            ws.onopen = () => resolve("open");
          } catch (err) {
            resolve(`threw ${String(err)}`);
          }
        }),
      other,
    );
    expect(refused).toMatch(/^(blocked connect-src|threw .*SecurityError)/);
  });
});

test.describe("calls the rep places", () => {
  test("the line indicator says registered, with time-limited credentials", async ({ page }) => {
    await openRegistered(page);
    const binding = await peer.waitForRegistration();
    expect(binding.credential).toBe("ephemeral");
    expect(binding.authUsername).toMatch(new RegExp(`^\\d+:${binding.user}$`));
  });

  test("a call rings, is answered, is heard both ways, and End sends BYE", async ({ page }) => {
    // Ringing for two seconds, so "Ringing..." is on screen long enough to be seen.
    await peer.configure({ delays: { ringMs: 100, answerMs: 2000 } });
    await openRegistered(page);
    const d = dialerParts(page);
    const call = await dial(page, peerNumbers.answer);
    await expect(d.status).toHaveAttribute("data-phase", "ringing");
    await expect(d.status).toContainText("Ringing...");
    await expectDialerShowed(page, { status: "calling", phase: "ringing" });

    await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
    const answered = await peer.heardTone(call.id, micToneHz, { ms: 500 });
    expect(answered).toMatchObject({
      behaviour: "answer",
      number: `+1${peerNumbers.answer}`,
      authorization: { accepted: true },
    });
    expect(answered.authUser).toMatch(/^\d+:/);
    await expectRemoteTone(page);
    await expect(page.getByTestId("call-quality")).toHaveAttribute("data-level", "good", {
      timeout: 10_000,
    });

    await d.end.click();
    await expectDialerShowed(page, { status: "ended", outcome: "completed" });
    const ended = await peer.waitForCall(call.id, (c) => c.status === "ended", {
      message: "the peer sees the call end",
    });
    expect(ended).toMatchObject({ endedBy: "client", outcome: "answered", endReason: "bye" });
    expect(ended.times.bye).not.toBeNull();
  });

  test("busy: Busy is shown and the prompt pre-selects Busy", async ({ page }) => {
    await openRegistered(page);
    const call = await dial(page, peerNumbers.busy);
    await expectDialerShowed(page, { status: "ended", outcome: "busy", text: "Busy" });
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(page).getByRole("button", { name: /Busy/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await peer.call(call.id)).toMatchObject({ finalStatus: 486, outcome: "busy" });
  });

  test("no answer: it rings, then No answer is shown and pre-selected", async ({ page }) => {
    await peer.configure({ delays: { noAnswerMs: 1500 } });
    await openRegistered(page);
    const call = await dial(page, peerNumbers.noAnswer);
    await expectDialerShowed(page, { status: "calling", phase: "ringing" });
    await expectDialerShowed(page, { status: "ended", outcome: "no-answer", text: "No answer" });
    await expect(prompt(page).getByRole("button", { name: /No answer/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await peer.call(call.id)).toMatchObject({ finalStatus: 408, outcome: "no-answer" });
  });

  for (const { number, outcome, text, status } of [
    { number: peerNumbers.invalid, outcome: "invalid-number", text: "Invalid number", status: 404 },
    { number: peerNumbers.decline, outcome: "declined", text: "Declined", status: 603 },
    { number: peerNumbers.failed, outcome: "failed", text: "Failed", status: 503 },
  ]) {
    test(`a ${status} final answer is shown as ${text}`, async ({ page }) => {
      await openRegistered(page);
      const call = await dial(page, number);
      await expectDialerShowed(page, { status: "ended", outcome, text });
      await expect(prompt(page)).toBeVisible();
      expect(await peer.call(call.id)).toMatchObject({ finalStatus: status });
    });
  }

  test("End while it rings cancels the call", async ({ page }) => {
    await peer.configure({ delays: { noAnswerMs: 20_000 } });
    await openRegistered(page);
    const d = dialerParts(page);
    const call = await dial(page, peerNumbers.noAnswer);
    await expect(d.status).toHaveAttribute("data-phase", "ringing");
    await d.end.click();
    await expectDialerShowed(page, { status: "ended", outcome: "cancelled" });
    const ended = await peer.waitForCall(call.id, (c) => c.status === "ended", {
      message: "the peer sees the CANCEL",
    });
    expect(ended).toMatchObject({ outcome: "cancelled", finalStatus: 487, endedBy: "client" });
  });

  test("the far end hangs up: The other side hung up", async ({ page }) => {
    await peer.configure({ delays: { hangupAfterMs: 2500 } });
    const call = await connectedCall(page, peerNumbers.answerHangup);
    await expectDialerShowed(page, {
      status: "ended",
      outcome: "remote-hangup",
      text: "The other side hung up",
    });
    expect(await peer.call(call.id)).toMatchObject({ endedBy: "peer", outcome: "answered" });
  });

  test("Hold sends a sendonly re-INVITE and Resume takes it back", async ({ page }) => {
    const call = await connectedCall(page);
    await holdButton(page, "Hold").click();
    await expect(holdButton(page, "Resume")).toHaveAttribute("aria-pressed", "true");
    await peer.waitForCall(call.id, (c) => c.onHold, { message: "the peer sees the hold" });

    await holdButton(page, "Resume").click();
    await expect(holdButton(page, "Hold")).toHaveAttribute("aria-pressed", "false");
    const resumedAt = Date.now();
    const resumed = await peer.waitForCall(call.id, (c) => !c.onHold && c.holds.length === 2, {
      message: "the peer sees the call resumed",
    });
    expect(resumed.holds.map((h) => [h.action, h.direction])).toEqual([
      ["hold", "sendonly"],
      ["unhold", "sendrecv"],
    ]);
    // The rep's voice flows again.
    await peer.heardTone(call.id, micToneHz, { after: resumedAt });
    await expect(dialerParts(page).status).toHaveAttribute("data-status", "in-call");
  });

  test("Mute silences the rep, and M unmutes", async ({ page }) => {
    const call = await connectedCall(page);
    await muteButton(page, "Mute").click();
    await expect(muteButton(page, "Unmute")).toHaveAttribute("aria-pressed", "true");
    await peer.heardSilence(call.id, { after: Date.now() });

    // Focus is on the button, not in a text field: M toggles.
    await page.keyboard.press("m");
    await expect(muteButton(page, "Mute")).toHaveAttribute("aria-pressed", "false");
    await peer.heardTone(call.id, micToneHz, { after: Date.now() });
  });

  test("keypad digits during a call reach the far end as DTMF", async ({ page }) => {
    const call = await connectedCall(page);
    const keypad = dialerParts(page).widget;
    // As a rep taps through a menu: one key after another, without waiting for each tone.
    for (const name of ["1", "5", "9", "Pound"]) {
      await keypad.getByRole("button", { name, exact: true }).click();
    }
    const received = async () =>
      (await peer.call(call.id)).dtmf.map((x) => `${x.digit}:${x.via}`).join(" ");
    // The line's DTMF mode (rfc4733): tones in the media, not SIP INFO.
    await expect
      .poll(received, { message: "the digits the peer receives", timeout: 15_000 })
      .toBe("1:rfc4733 5:rfc4733 9:rfc4733 #:rfc4733");
  });

  test("with the line's DTMF mode set to SIP INFO, digits go as INFO requests", async ({
    page,
    operatorSession,
    baseURL,
  }) => {
    await withApi(baseURL, (api) =>
      configureE2eLine(api, operatorSession.token, baseURL, { dtmfMode: "info" }),
    );
    try {
      const call = await connectedCall(page);
      for (const name of ["4", "2"]) {
        await dialerParts(page).widget.getByRole("button", { name, exact: true }).click();
      }
      await expect
        .poll(async () => (await peer.call(call.id)).dtmf.map((x) => `${x.digit}:${x.via}`), {
          message: "the digits the peer receives",
          timeout: 15_000,
        })
        .toEqual(["4:info", "2:info"]);
    } finally {
      await withApi(baseURL, (api) => configureE2eLine(api, operatorSession.token, baseURL));
    }
  });

  test("a blocked microphone ends the call at once and says how to allow it", async ({ page }) => {
    // As when the rep clicked Block on the browser's prompt (or blocked the site earlier).
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await openRegistered(page);
    const d = dialerParts(page);
    await d.number.fill(peerNumbers.answer);
    await d.call.click();
    await expect(page.getByText(/The microphone is blocked for this site/)).toBeVisible();
    // No INVITE left: there was nothing to offer, so it is no dial and asks no outcome.
    await expect(d.status).toHaveAttribute("data-status", "idle");
    await expect(prompt(page)).toBeHidden();
    expect(await peer.lastCall()).toBeNull();
  });

  test("a lossy, slow path shows poor quality and a warning", async ({ page }) => {
    test.setTimeout(120_000);
    await peer.configure({ lossy: { lossPercent: 30, delayMs: 150, jitterMs: 40 } });
    await openRegistered(page);
    await dial(page, peerNumbers.lossy);
    const d = dialerParts(page);
    await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
    await expect(page.getByTestId("call-quality")).toHaveAttribute("data-level", "poor", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("call-quality-warning")).toBeVisible({ timeout: 20_000 });
    await d.end.click();
  });
});

test.describe("calls to the rep", () => {
  const caller = { from: "+15125550177", fromName: "Riverside Cafe" };

  test("an incoming call is answered and heard both ways", async ({ page }) => {
    await openRegistered(page);
    const binding = await peer.waitForRegistration();
    const { callId } = await peer.callRep(binding.user, { ...caller, ringTimeoutMs: 20_000 });
    await expect(incoming(page)).toBeVisible();
    await incoming(page).getByRole("button", { name: "Answer", exact: true }).click();
    await expect(incoming(page)).toBeHidden();
    await expect(dialerParts(page).status).toHaveAttribute("data-status", "in-call");
    const answered = await peer.heardTone(callId, micToneHz);
    expect(answered).toMatchObject({ direction: "inbound", outcome: "answered" });
    await expectRemoteTone(page);

    await dialerParts(page).end.click();
    await peer.waitForCall(callId, (c) => c.status === "ended" && c.endedBy === "client", {
      message: "the peer sees the rep hang up",
    });
  });

  test("an incoming call can be declined", async ({ page }) => {
    await openRegistered(page);
    const binding = await peer.waitForRegistration();
    const { callId } = await peer.callRep(binding.user, { ...caller, ringTimeoutMs: 20_000 });
    await incoming(page).getByRole("button", { name: "Decline", exact: true }).click();
    await expect(incoming(page)).toBeHidden();
    await peer.waitForCall(callId, (c) => c.outcome === "declined", {
      message: "the peer hears the call declined",
    });
    await expect(dialerParts(page).status).not.toHaveAttribute("data-status", "in-call");
  });

  test("an incoming call nobody answers stops ringing when the caller gives up", async ({
    page,
  }) => {
    await openRegistered(page);
    const binding = await peer.waitForRegistration();
    const { callId } = await peer.callRep(binding.user, { ...caller, ringTimeoutMs: 2000 });
    await expect(incoming(page)).toBeVisible();
    await peer.waitForCall(callId, (c) => c.outcome === "missed", {
      message: "the peer gives up (CANCEL)",
    });
    await expect(incoming(page)).toBeHidden();
    await expect(dialerParts(page).status).toHaveAttribute("data-status", "idle");
  });
});

test.describe("two tabs of one browser", () => {
  test("one tab holds the line, the other shows it in use and can take it over", async ({
    page,
  }) => {
    await openRegistered(page);
    const second = await page.context().newPage();
    await second.addInitScript(trackPeerConnections);
    await second.goto("/app");
    await expect(lineIndicator(second)).toHaveAttribute("data-line-state", "offline");
    await expect(lineIndicator(second)).toHaveAccessibleName(/another tab/);
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered");

    await second.getByRole("button", { name: "Use the line in this tab" }).click();
    await expect(lineIndicator(second)).toHaveAttribute("data-line-state", "registered", {
      timeout: 20_000,
    });
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "offline");
    await expect(page.getByRole("button", { name: "Use the line in this tab" })).toBeVisible();

    // The tab that has the line places the call.
    const call = await dial(second, peerNumbers.answer);
    await expect(dialerParts(second).status).toHaveAttribute("data-status", "in-call", {
      timeout: 15_000,
    });
    await dialerParts(second).end.click();
    await peer.waitForCall(call.id, (c) => c.status === "ended", { message: "the call ends" });

    // Closing it hands the line back to the first tab.
    await second.close();
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
      timeout: 20_000,
    });
  });
});

test.describe("power dialing over the line", () => {
  test.afterEach(async () => {
    await configurePlacesPeer({ reset: true });
  });

  test("a busy call ends, its pre-selected Busy is confirmed, and the session moves on", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Two Austin businesses: the Places peer gives the n-th "+1 512-555-01nn", the peer's block
    // (digits as the peer compares them). The first is busy, the second rings unanswered.
    await configurePlacesPeer({ reset: true, total: 2 });
    await peer.configure({
      numbers: { "15125550100": "busy", "15125550101": "no-answer" },
      delays: { noAnswerMs: 1500 },
    });
    // A query of this test only: no call of the team's to these places yet (none is skipped).
    const query = `plumbers in Austin ${Date.now().toString(36)}`;
    await page.goto(`/app/targets?q=${encodeURIComponent(query)}&ts=1`);
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
      timeout: 20_000,
    });
    await expectTargetsReady(page);
    const rows = page.getByTestId("target-row");
    await expect(rows).toHaveCount(2);
    const names = await rows.evaluateAll((els) =>
      els.map((e) => e.querySelector("[data-testid=target-name]")!.textContent!.trim()),
    );

    await page.getByTestId("power-dial-open").click();
    const preview = page.getByRole("dialog", { name: "Dial this list" });
    // Whatever the hour in Austin as the spec runs: opening hours are not what it tests.
    await preview.getByRole("checkbox", { name: "Include businesses that are closed now" }).check();
    await expect(preview.getByTestId("power-dial-plan")).toHaveText("2 of 2 will be dialed");
    await preview.getByTestId("power-dial-start").click();
    await expect(preview).toBeHidden();

    const bar = page.getByTestId("power-dial-bar");
    const d = dialerParts(page);
    const save = prompt(page).getByRole("button", { name: "Save outcome" });

    // The first business: 486 from the far end, Busy on screen and pre-selected; the rep saves.
    await expect(bar.getByTestId("power-dial-position")).toHaveText("1 of 2");
    await expect(bar.getByTestId("power-dial-current")).toHaveText(names[0]!);
    await expectDialerShowed(page, { status: "ended", outcome: "busy", text: "Busy" });
    await expect(prompt(page)).toContainText(names[0]!);
    await expect(prompt(page).getByRole("button", { name: /Busy/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const busy = await peer.waitForLastCall();
    expect(busy).toMatchObject({
      number: "+15125550100",
      finalStatus: 486,
      outcome: "busy",
      authorization: { accepted: true },
    });
    await save.click();
    await expect(prompt(page)).toBeHidden();

    // The countdown, then the second business is dialed over the line: it rings, nobody answers.
    await expect(bar).toHaveAttribute("data-phase", "countdown");
    await expect(bar.getByTestId("power-dial-position")).toHaveText("2 of 2", { timeout: 15_000 });
    await expect(bar.getByTestId("power-dial-current")).toHaveText(names[1]!);
    await expect(d.status).toHaveAttribute("data-phase", "ringing", { timeout: 15_000 });
    await expectDialerShowed(page, { status: "ended", outcome: "no-answer", text: "No answer" });
    await expect(prompt(page)).toContainText(names[1]!);
    await expect(prompt(page).getByRole("button", { name: /No answer/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await save.click();

    // Two calls placed through the peer, one per business, in order; the outcomes were kept.
    expect((await peer.calls()).map((c) => [c.number, c.finalStatus])).toEqual([
      ["+15125550100", 486],
      ["+15125550101", 408],
    ]);
    const summary = page.getByRole("dialog", { name: "Session summary" });
    await expect(summary).toBeVisible();
    await expect(summary.getByTestId("summary-dials")).toContainText("2");
    await expect(summary.getByTestId("summary-conversations")).toContainText("0");
    await expect(summary.getByTestId("summary-dispositions")).toContainText("Busy1");
    await expect(summary.getByTestId("summary-dispositions")).toContainText("No answer1");
    await summary.getByRole("button", { name: "Done" }).click();
    await expect(summary).toBeHidden();
  });
});
