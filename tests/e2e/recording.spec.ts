// Call recording end to end: a real call to the SIP test peer over SIP-over-WebSocket
// and WebRTC, Record pressed, the chunks uploaded while the call runs, and the recording played
// back in the Call Log with its waveform. The recording is then decoded in the page: the peer's
// 440 Hz tone (the far end) and Chromium's fake-microphone 1000 Hz tone (the rep) are both in
// it, so both sides were mixed. The line is removed afterwards (later files expect the
// simulated dialer).
import type { APIRequestContext, Page } from "@playwright/test";
import { callsResponseSchema } from "@/modules/calls/lib/schemas";
import { recordingStateResponseSchema } from "@/modules/recordings/lib/schemas";
import { expectNoSeriousViolations } from "./axe";
import { dialerParts } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { setLocale } from "./helpers";
import {
  expectRemoteTone,
  fakeMediaLaunchOptions,
  micToneHz,
  peerNumbers,
  peerToneHz,
  trackPeerConnections,
} from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
test.describe.configure({ mode: "serial" });

const line = useE2eLine();

async function latestRecording(api: APIRequestContext, token: string) {
  const res = await api.get("/api/calls?scope=mine", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { calls } = callsResponseSchema.parse(await res.json());
  const call = calls.find((c) => c.recordings?.length);
  return call ? { callId: call.id, recording: call.recordings!.at(-1)! } : null;
}

async function storedChunks(api: APIRequestContext, token: string, id: string) {
  const res = await api.get(`/api/recordings/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return recordingStateResponseSchema.parse(await res.json());
}

/** Decodes the recording in the page and measures tones with a Goertzel filter per frequency. */
function toneLevels(page: Page, id: string, token: string, hz: number[]) {
  return page.evaluate(
    async ({ id, token, hz }) => {
      const res = await fetch(`/api/recordings/${id}/audio`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const data = await res.arrayBuffer();
      const context = new OfflineAudioContext(1, 1, 48_000);
      const audio = await context.decodeAudioData(data);
      const samples = audio.getChannelData(0);
      const rate = audio.sampleRate;
      const power = (f: number) => {
        const k = 2 * Math.cos((2 * Math.PI * f) / rate);
        let s1 = 0;
        let s2 = 0;
        for (let i = 0; i < samples.length; i++) {
          const s0 = samples[i]! + k * s1 - s2;
          s2 = s1;
          s1 = s0;
        }
        return (s1 * s1 + s2 * s2 - k * s1 * s2) / samples.length;
      };
      return {
        durationMs: Math.round(audio.duration * 1000),
        levels: Object.fromEntries(hz.map((f) => [f, power(f)])),
      };
    },
    { id, token, hz },
  );
}

test("a real call is recorded with both sides and plays back in the Call Log", async ({
  page,
  repSession,
  request,
}) => {
  await line.peer.reset();
  await page.addInitScript(trackPeerConnections);
  await page.goto("/app");
  const d = dialerParts(page);
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
  await d.number.fill(peerNumbers.answer);
  await d.call.click();
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
  const peerCall = await line.peer.waitForLastCall();
  await line.peer.heardTone(peerCall.id, micToneHz);
  await expectRemoteTone(page);

  const record = d.controls.getByRole("button", { name: /^(Record|Stop)$/ });
  await record.click();
  // The rep sees that the call is being recorded.
  await expect(page.getByTestId("recording-indicator").first()).toBeVisible({ timeout: 15_000 });
  // Chunks arrive while the call runs (2 s timeslices): wait for three of them.
  let id = "";
  await expect
    .poll(
      async () => {
        const latest = await latestRecording(request, repSession.token);
        if (!latest) return 0;
        id = latest.recording.id;
        return (await storedChunks(request, repSession.token, id)).recording.chunkCount;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(3);
  await d.topEnd.click();
  await expect(d.status).toHaveText(/Call Ended/);
  await expect(page.getByTestId("recording-indicator")).toHaveCount(0);
  await expect
    .poll(async () => (await storedChunks(request, repSession.token, id)).recording.status, {
      timeout: 20_000,
    })
    .toBe("complete");
  const stored = (await storedChunks(request, repSession.token, id)).recording;
  expect(stored.durationMs).toBeGreaterThanOrEqual(5000);
  expect(stored.bytes).toBeGreaterThan(5000);

  // Both sides are in it: the peer's tone and the rep's microphone tone stand out from a
  // frequency neither side sends.
  const { durationMs, levels } = await toneLevels(page, id, repSession.token, [
    peerToneHz,
    micToneHz,
    700,
  ]);
  expect(Math.abs(durationMs - stored.durationMs!)).toBeLessThan(1500);
  expect(levels[peerToneHz]).toBeGreaterThan(20 * levels[700]!);
  expect(levels[micToneHz]).toBeGreaterThan(20 * levels[700]!);

  // Played back in the Call Log: waveform, duration, play, speed, keyboard, download.
  await page.goto("/app/call-log");
  const row = page.locator(`[data-testid="call-log-row"][data-call-id="${stored.callId}"]`);
  await row.getByTestId("recording-open").click();
  const player = row.getByTestId("recording-player");
  await expect(player).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  const shownMs = Number(
    await player.getByTestId("recording-time").getAttribute("data-duration-ms"),
  );
  expect(Math.abs(shownMs - stored.durationMs!)).toBeLessThan(1500);
  await expect(player.locator("canvas").first()).toBeVisible();
  await player.getByTestId("recording-speed-2").click();
  await expect(player.getByTestId("recording-speed-2")).toHaveAttribute("aria-pressed", "true");
  await player.getByTestId("recording-play").click();
  await expect(player.getByTestId("recording-play")).toHaveAttribute("aria-pressed", "true");
  const waveform = player.getByTestId("recording-waveform");
  await expect
    .poll(async () => Number(await waveform.getAttribute("aria-valuenow")))
    .toBeGreaterThan(0);
  await waveform.focus();
  await page.keyboard.press(" ");
  await expect(player.getByTestId("recording-play")).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Home");
  await expect(waveform).toHaveAttribute("aria-valuenow", "0");
  await page.keyboard.press("ArrowRight");
  await expect(waveform).toHaveAttribute("aria-valuenow", "5");
  const downloaded = page.waitForEvent("download");
  await player.getByTestId("recording-download").click();
  expect((await downloaded).suggestedFilename()).toBe(`call-recording-${id}.webm`);
});

test("the player reads in both themes and in Arabic, without serious accessibility issues", async ({
  page,
}, testInfo) => {
  const openPlayer = async () => {
    await page.goto("/app/call-log");
    const row = page
      .getByTestId("call-log-row")
      .filter({ has: page.getByTestId("recording-open") });
    await row.first().getByTestId("recording-open").click();
    const player = row.first().getByTestId("recording-player");
    await expect(player).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    await player.scrollIntoViewIfNeeded();
    return player;
  };
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const player = await openPlayer();
    const html = page.locator("html");
    await (scheme === "dark"
      ? expect(html).toHaveClass(/\bdark\b/)
      : expect(html).not.toHaveClass(/\bdark\b/));
    await expectNoSeriousViolations(page, `recording player (${scheme})`);
    await player.screenshot({ path: testInfo.outputPath(`recording-player-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await setLocale(page, "ar");
  const player = await openPlayer();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(player.getByTestId("recording-play")).toHaveText("تشغيل");
  await expectNoSeriousViolations(page, "recording player (ar)");
  await page.screenshot({ path: testInfo.outputPath("recording-player-ar.png") });
  await setLocale(page, "en");
});
