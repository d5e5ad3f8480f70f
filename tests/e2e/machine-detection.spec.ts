// Answering-machine detection end to end over a real line to the SIP test peer, which answers
// with recorded audio (tests/fixtures/amd, espeak-ng voices): in a power-dial session the first
// business answers as a machine (a greeting, then a 1000 Hz beep) and the second as a person
// ("Hello?"). The machine gets the rep's voicemail (a 660 Hz tone) after its beep and never
// before, without the rep, and the call is saved as Voicemail; the person is handed to the rep.
// The records keep both decisions.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { callsSince } from "./calls-helpers";
import { dialerParts, startSessionOverLine } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { configurePlacesPeer } from "./places-peer-control";
import { messageHz, messageMs, oneMessage } from "./voicemail-helpers";
import { fakeMediaLaunchOptions, trackPeerConnections } from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
test.describe.configure({ mode: "serial" });

type ClipLabel = { file: string; beepEndMs?: number; speechEndMs?: number };
const labels = JSON.parse(
  fs.readFileSync(path.resolve("tests/fixtures/amd/labels.json"), "utf8"),
) as ClipLabel[];
const machineClip = labels.find((l) => l.file === "machine-beep-1000-en-us.wav")!;

const line = useE2eLine({
  afterAll: async () => {
    await configurePlacesPeer({ reset: true });
  },
});

const prompt = (page: Page) => page.getByTestId("dialer-disposition");

test("a session's machine gets the voicemail after its beep without the rep; a person is handed to the rep", async ({
  page,
  repSession,
  request,
}) => {
  test.setTimeout(150_000);
  await oneMessage(request, repSession.token);
  await line.peer.reset();
  await page.addInitScript(trackPeerConnections);
  await configurePlacesPeer({ reset: true, total: 2 });
  await line.peer.configure({ numbers: { "15125550100": "machine", "15125550101": "human" } });
  const since = Date.now();
  const bar = await startSessionOverLine(page, `plumbers in Austin ${since}`);
  const d = dialerParts(page);

  // The machine: the detector listens, then waits for the beep; the rep is not asked anything.
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  const detection = d.widget.getByTestId("machine-detection");
  await expect(detection).toHaveAttribute("data-phase", /listening|waiting-for-beep/);
  await expect(detection).toHaveAttribute("data-phase", "waiting-for-beep", { timeout: 10_000 });
  const first = await line.peer.waitForLastCall();
  expect(first.clip).toBe(machineClip.file);
  await expect(d.widget.getByTestId("voicemail-playing")).toBeVisible({ timeout: 15_000 });

  // The peer hears the message after the beep (never before it), all of it, then the BYE.
  const ended = await line.peer.waitForCall(first.id, (c) => c.status === "ended", {
    message: "the machine's call ends after the message",
    timeout: 30_000,
  });
  expect(ended).toMatchObject({ endedBy: "client", endReason: "bye" });
  const clipStart = (ended.media as { clipStartedAt: number | null }).clipStartedAt!;
  expect(clipStart).not.toBeNull();
  const beepEnd = clipStart + machineClip.beepEndMs!;
  const message = ended.tones.filter((s) => s.kind === "tone" && s.hz === messageHz);
  expect(message.length, "the peer heard the message").toBeGreaterThan(0);
  const firstHeard = message[0]!;
  // Never before the beep's end; soon after it (the detector's own bound is 500 ms, measured
  // in tests/unit/amd-voicemail-cue.test.ts; here the path and a loaded machine add to it).
  expect(firstHeard.startAt).toBeGreaterThanOrEqual(beepEnd);
  expect(firstHeard.startAt - beepEnd).toBeLessThanOrEqual(2_000);
  test.info().annotations.push({
    type: "voicemail heard after the beep's end, ms",
    description: String(firstHeard.startAt - beepEnd),
  });
  const longest = message.reduce((a, s) => (s.durationMs > a.durationMs ? s : a));
  expect(longest.durationMs).toBeGreaterThanOrEqual(messageMs - 300);

  // The person: handed to the rep at the decision, who ends the call and saves its outcome.
  await expect(bar.getByTestId("power-dial-position")).toHaveText("2 of 2", { timeout: 20_000 });
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  await expect(detection).toHaveAttribute("data-verdict", "human", { timeout: 10_000 });
  await expect(detection).toHaveText("Answered by a person");
  await d.widget.getByTestId("dialer-end").click();
  // The prompt takes focus: 1 is Interested, Enter saves.
  await expect(prompt(page).locator(":focus")).toHaveCount(1);
  await page.keyboard.press("1");
  await expect(prompt(page).getByRole("button", { name: "Save outcome" })).toBeFocused();
  await page.keyboard.press("Enter");
  const summary = page.getByRole("dialog", { name: "Session summary" });
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Voicemail1");
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Interested1");
  await summary.getByRole("button", { name: "Done" }).click();

  // The records keep both decisions; the machine's voicemail was left automatically.
  await expect
    .poll(
      async () =>
        (await callsSince(request, repSession.token, since)).map((c) => [
          c.dialedNumber,
          c.detection?.verdict,
          c.detection?.automaticVoicemail,
        ]),
      { message: "both calls recorded with their decisions", timeout: 15_000 },
    )
    .toEqual(
      expect.arrayContaining([
        ["+15125550100", "machine", true],
        ["+15125550101", "human", false],
      ]),
    );

  // The Call Log says who answered, when it was decided, and that the voicemail went by itself.
  const machineCall = (await callsSince(request, repSession.token, since)).find(
    (c) => c.dialedNumber === "+15125550100" && c.detection?.automaticVoicemail,
  )!;
  await page.goto("/app/call-log");
  const row = page.locator(`[data-testid="call-log-row"][data-call-id="${machineCall.id}"]`);
  const fact = row.locator('[data-fact="detection"]');
  await expect(fact.locator("dt")).toHaveText("Answered by");
  await expect(fact.locator("dd")).toHaveText(
    /^an answering machine · decided after \u2068\d\.\d\u2069 s · voicemail left automatically$/,
  );
});

test("P while it waits for the beep: the rep gets the call, no voicemail goes, and the record says overridden", async ({
  page,
  repSession,
  request,
}) => {
  test.setTimeout(120_000);
  await oneMessage(request, repSession.token);
  await line.peer.reset();
  await configurePlacesPeer({ reset: true, total: 1 });
  await line.peer.configure({ numbers: { "15125550100": "machine" } });
  const since = Date.now();
  await startSessionOverLine(page, `roofers in Austin ${since}`);
  const d = dialerParts(page);
  const detection = d.widget.getByTestId("machine-detection");
  await expect(detection).toHaveAttribute("data-phase", "waiting-for-beep", { timeout: 30_000 });
  await expect(
    detection.getByRole("button", { name: "A person is there: hear the call now" }),
  ).toHaveAttribute("aria-keyshortcuts", "P");

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("p");
  await expect(detection).toHaveAttribute("data-verdict", "machine");
  await expect(detection).toHaveText("You said a person answered");
  const call = await line.peer.waitForLastCall();
  // Two seconds past the beep's end, and still no message: the rep has the call.
  await expect
    .poll(
      async () => {
        const started = (await line.peer.waitForLastCall()).media as {
          clipStartedAt: number | null;
        };
        return Date.now() - (started.clipStartedAt ?? Date.now()) - machineClip.beepEndMs!;
      },
      { message: "the machine's beep is 2 s past", timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThan(2_000);
  await expect(d.widget.getByTestId("voicemail-playing")).toHaveCount(0);
  await d.widget.getByTestId("dialer-end").click();
  const ended = await line.peer.waitForCall(call.id, (c) => c.status === "ended", {
    message: "the rep ends the call",
  });
  expect(ended.tones.filter((s) => s.kind === "tone" && s.hz === messageHz)).toEqual([]);
  await expect(prompt(page).locator(":focus")).toHaveCount(1);
  await page.keyboard.press("4");
  await expect(prompt(page).getByRole("button", { name: "Save outcome" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page
    .getByRole("dialog", { name: "Session summary" })
    .getByRole("button", { name: "Done" })
    .click();

  await expect
    .poll(
      async () =>
        (await callsSince(request, repSession.token, since)).map(
          (c) =>
            c.detection && [
              c.detection.verdict,
              c.detection.overridden,
              c.detection.automaticVoicemail,
            ],
        ),
      { message: "the call recorded as overridden", timeout: 15_000 },
    )
    .toEqual([["machine", true, false]]);
});
