// Voicemail drop end to end over a real line to the SIP test peer: the rep's message is
// uploaded (a 3 s 660 Hz WAV, a tone no other side sends), a power-dial session dials the first
// business, key V drops the message, and the peer hears it in place of the microphone for its
// full length and then the rep's BYE; the call is saved as Voicemail and the session dials the
// next business. With a team that requires consent, the operator's uploaded notice (1400 Hz) is
// heard by the peer before the recording starts. Settings' card is checked and photographed in
// English and Arabic.
import type { Page } from "@playwright/test";
import { dialerParts } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { expectTargetsReady, setLocale } from "./helpers";
import { configurePlacesPeer } from "./places-peer-control";
import { messageHz, messageMs, oneMessage, phoneToneWav } from "./voicemail-helpers";
import {
  fakeMediaLaunchOptions,
  micToneHz,
  peerNumbers,
  trackPeerConnections,
} from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
test.describe.configure({ mode: "serial" });

const line = useE2eLine({
  afterAll: async () => {
    await configurePlacesPeer({ reset: true });
  },
});

const lineIndicator = (page: Page) => page.getByTestId("line-indicator");
const prompt = (page: Page) => page.getByTestId("dialer-disposition");

test("V drops the voicemail in a power-dial session: the peer hears all of it, then BYE, and the next business follows", async ({
  page,
  repSession,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await oneMessage(request, repSession.token);
  await line.peer.reset();
  await page.addInitScript(trackPeerConnections);
  await configurePlacesPeer({ reset: true, total: 2 });
  await line.peer.configure({ numbers: { "15125550100": "answer", "15125550101": "busy" } });
  const query = `dentists in Austin ${Date.now().toString(36)}`;
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
  await preview.getByRole("checkbox", { name: "Include businesses that are closed now" }).check();
  await preview.getByTestId("power-dial-start").click();
  await expect(preview).toBeHidden();
  const bar = page.getByTestId("power-dial-bar");
  const d = dialerParts(page);
  await expect(bar.getByTestId("power-dial-current")).toHaveText(names[0]!);
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  const first = await line.peer.waitForLastCall();
  // The rep's microphone reaches the peer before the drop.
  await line.peer.heardTone(first.id, micToneHz);
  const drop = d.widget.getByTestId("voicemail-drop");
  await expect(drop).toBeEnabled();

  // Key V, outside any text field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const droppedAt = Date.now();
  await page.keyboard.press("v");
  await expect(d.widget.getByTestId("voicemail-playing")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("voicemail-playing-en.png") });

  // The peer hears the message, not the microphone, for its full length, then the rep's BYE.
  const ended = await line.peer.waitForCall(first.id, (c) => c.status === "ended", {
    message: "the call ends after the message",
    timeout: 20_000,
  });
  expect(ended).toMatchObject({ endedBy: "client", endReason: "bye" });
  const heard = ended.tones.filter(
    (s) => s.kind === "tone" && s.hz === messageHz && s.startAt >= droppedAt - 50,
  );
  const longest = heard.reduce((a, s) => (s.durationMs > a.durationMs ? s : a), heard[0]!);
  expect(longest, "the peer heard the message").toBeDefined();
  expect(longest.durationMs).toBeGreaterThanOrEqual(messageMs - 300);
  expect(ended.times.bye!).toBeGreaterThanOrEqual(longest.startAt + longest.durationMs - 100);
  const micDuringMessage = ended.tones.filter(
    (s) =>
      s.kind === "tone" &&
      s.hz === micToneHz &&
      s.startAt > longest.startAt + 100 &&
      s.startAt < longest.startAt + longest.durationMs,
  );
  expect(micDuringMessage).toEqual([]);

  // Saved as Voicemail without a prompt left open; the session dials the next business.
  await expect(prompt(page)).toBeHidden();
  await expect(bar.getByTestId("power-dial-position")).toHaveText("2 of 2", { timeout: 20_000 });
  await expect(bar.getByTestId("power-dial-current")).toHaveText(names[1]!);
  await expect(prompt(page)).toContainText(names[1]!, { timeout: 20_000 });
  await prompt(page).getByRole("button", { name: "Save outcome" }).click();
  const summary = page.getByRole("dialog", { name: "Session summary" });
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Voicemail1");
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Busy1");
  await summary.getByRole("button", { name: "Done" }).click();
});

test("with consent required, the peer hears the operator's notice before the recording starts", async ({
  page,
  request,
  repSession,
  operatorSession,
}) => {
  test.setTimeout(90_000);
  const noticeHz = 1400;
  const operator = { Authorization: `Bearer ${operatorSession.token}` };
  const setMode = (consentRequired: boolean) =>
    request.put(`/api/admin/recordings/${line.organizationId}`, {
      headers: operator,
      data: { mode: "on_request", consentRequired },
    });
  expect((await setMode(true)).status()).toBe(200);
  try {
    const uploaded = await request.put(`/api/admin/recordings/${line.organizationId}/notice`, {
      headers: { ...operator, "Content-Type": "audio/wav" },
      data: phoneToneWav(noticeHz, 2000),
    });
    expect(uploaded.status()).toBe(200);
    // Only this test's call: the rep's earlier calls (other specs) may have recordings too.
    const since = Date.now() - 1000;
    await line.peer.reset();
    await page.addInitScript(trackPeerConnections);
    await page.goto("/app");
    await expect(lineIndicator(page)).toHaveAttribute("data-line-state", "registered", {
      timeout: 20_000,
    });
    const d = dialerParts(page);
    await d.number.fill(peerNumbers.answer);
    await d.call.click();
    await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
    const call = await line.peer.waitForLastCall();
    await line.peer.heardTone(call.id, micToneHz);
    await d.controls.getByRole("button", { name: /^(Record|Stop)$/ }).click();
    // The rep sees the notice playing, then the recording.
    await expect(page.getByTestId("consent-notice-indicator").first()).toBeVisible();
    const heard = await line.peer.heardTone(call.id, noticeHz, { ms: 1700 });
    await expect(page.getByTestId("recording-indicator").first()).toBeVisible({ timeout: 15_000 });
    // The microphone is back after the notice.
    const notice = heard.tones.find((s) => s.kind === "tone" && s.hz === noticeHz)!;
    await line.peer.heardTone(call.id, micToneHz, { after: notice.startAt + notice.durationMs });
    // The recording was opened on the server only after the notice had played.
    const headers = { Authorization: `Bearer ${repSession.token}` };
    let recordingId = "";
    await expect
      .poll(async () => {
        const res = await request.get("/api/calls?scope=mine", { headers });
        const { calls } = (await res.json()) as {
          calls: { id: string; startedAt: string; recordings?: { id: string }[] }[];
        };
        recordingId =
          calls
            .filter((c) => Date.parse(c.startedAt) >= since)
            .find((c) => c.recordings?.length)
            ?.recordings?.at(-1)?.id ?? "";
        return recordingId;
      })
      .not.toBe("");
    const state = await request.get(`/api/recordings/${recordingId}`, { headers });
    const { recording } = (await state.json()) as { recording: { startedAt: string } };
    expect(Date.parse(recording.startedAt)).toBeGreaterThanOrEqual(
      notice.startAt + notice.durationMs - 300,
    );
    await d.topEnd.click();
    await expect(d.status).toHaveText(/Call Ended/);
  } finally {
    await setMode(false);
  }
});

test("Settings lists the message as default, in English and Arabic, light and dark, at 1280 and 360", async ({
  page,
}, testInfo) => {
  for (const [locale, scheme] of [
    ["en", "light"],
    ["ar", "dark"],
  ] as const) {
    await setLocale(page, locale);
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/app/settings");
      const card = page.locator("#voicemail");
      await expect(card.getByTestId("voicemail-item")).toHaveCount(1);
      await expect(card.getByTestId("voicemail-name")).toHaveText("First attempt");
      await expect(card.getByTestId("voicemail-default")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: testInfo.outputPath(`voicemail-${locale}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await setLocale(page, "en");
});
