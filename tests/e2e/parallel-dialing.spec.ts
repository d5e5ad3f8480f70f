// Parallel dialing end to end over a real line to the SIP test peer: a three-line
// power-dial round where one business answers as a person ("Hello?"), one as a machine (a
// greeting, then a 1000 Hz beep) and one rings on. The rep is connected to the person and
// talks only to them; the machine gets the rep's voicemail (a 660 Hz tone) after its beep,
// never before, without the rep; the ringing line is let go after at least 15 s of ringing; and
// the records say so.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { callsSince } from "./calls-helpers";
import { dialerParts, startSessionOverLine } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { configurePlacesPeer } from "./places-peer-control";
import { messageHz, oneMessage, phoneToneWav } from "./voicemail-helpers";
import { fakeMediaLaunchOptions } from "./sip-fixture";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
test.describe.configure({ mode: "serial" });

type ClipLabel = { file: string; beepEndMs?: number; speechEndMs?: number };
const labels = JSON.parse(
  fs.readFileSync(path.resolve("tests/fixtures/amd/labels.json"), "utf8"),
) as ClipLabel[];
const machineClip = labels.find((l) => l.file === "machine-beep-1000-en-us.wav")!;
const humanClip = labels.find((l) => l.file === "human-hello-en-us.wav")!;

const line = useE2eLine({
  afterAll: async () => {
    await configurePlacesPeer({ reset: true });
    await line.peer.reset();
  },
});

/** The team's abandonment message: a tone the peer detects (config detectHz) and nothing else here sends. */
const abandonHz = 2000;

/** The team's rules (the e2e rep is its organization's manager); the spec's own cap. */
async function setRules(request: APIRequestContext, token: string, capPercent: number) {
  const res = await request.put("/api/team/dialing-rules", {
    headers: { Authorization: `Bearer ${token}` },
    data: { country: "US", capPercent, noRedialHours: 24, minRingSeconds: 15 },
  });
  expect(res.status()).toBe(200);
}

type Abandonment = {
  capPercent: number;
  last24Hours: { answeredByPerson: number; abandoned: number; ratePercent: number };
  last30Days: { answeredByPerson: number; abandoned: number; ratePercent: number };
};
async function abandonment(request: APIRequestContext, token: string) {
  const res = await request.get("/api/dialing/abandonment", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Abandonment;
}

test("three lines: the rep talks to the person, the machine gets the voicemail after its beep, the ringing line goes after 15 s", async ({
  page,
  repSession,
  request,
}) => {
  test.setTimeout(150_000);
  await oneMessage(request, repSession.token);
  // Far from the cap whatever the team abandoned before (a later test of this file raises it).
  await setRules(request, repSession.token, 10);
  await line.peer.reset();
  await configurePlacesPeer({ reset: true, total: 3 });
  await line.peer.configure({
    numbers: { "15125550100": "human", "15125550101": "machine", "15125550102": "no-answer" },
    // The third business rings on (a minute) unless the dialer lets it go.
    delays: { noAnswerMs: 60_000 },
  });
  const since = Date.now();
  const bar = await startSessionOverLine(page, `electricians in Austin ${since}`, 3);
  const d = dialerParts(page);

  // All three ring at once; nothing reaches the rep until a person is there.
  const lines = bar.getByTestId("power-dial-lines");
  await expect(lines.locator("li")).toHaveCount(3, { timeout: 20_000 });
  await expect
    .poll(async () => (await line.peer.calls()).length, {
      message: "three calls reach the peer",
      timeout: 20_000,
    })
    .toBe(3);

  // The person is handed to the rep: the dialer is in the call, the drawer shows the business.
  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  await expect(lines.locator('li[data-result="connected"]')).toHaveCount(1);
  const calls = await line.peer.calls();
  const byNumber = (n: string) => calls.filter((c) => c.number.endsWith(n)).at(-1)!;
  const human = byNumber("5125550100");
  const machine = byNumber("5125550101");
  const ringing = byNumber("5125550102");
  expect(human.clip).toBe("human-hello-en-us.wav");
  await expect(bar.getByTestId("power-dial-current")).toHaveText(
    await lines.locator('li[data-result="connected"] bdi').innerText(),
  );

  // The machine: the voicemail after its beep, all of it, then the BYE, without the rep.
  const machineEnded = await line.peer.waitForCall(machine.id, (c) => c.status === "ended", {
    message: "the machine's call ends after the message",
    timeout: 40_000,
  });
  expect(machineEnded).toMatchObject({ endedBy: "client", endReason: "bye" });
  const clipStart = (machineEnded.media as { clipStartedAt: number | null }).clipStartedAt!;
  const beepEnd = clipStart + machineClip.beepEndMs!;
  const message = machineEnded.tones.filter((s) => s.kind === "tone" && s.hz === messageHz);
  expect(message.length, "the machine heard the voicemail").toBeGreaterThan(0);
  expect(message[0]!.startAt).toBeGreaterThanOrEqual(beepEnd);
  expect(message[0]!.startAt - beepEnd).toBeLessThanOrEqual(2_000);
  // The person never heard the voicemail.
  const humanNow = await line.peer.call(human.id);
  expect(humanNow.tones.filter((s) => s.kind === "tone" && s.hz === messageHz)).toEqual([]);

  // The ringing line: cancelled by the dialer, after at least 15 s of ringing.
  const ringEnded = await line.peer.waitForCall(ringing.id, (c) => c.status === "ended", {
    message: "the ringing line is let go",
    timeout: 40_000,
  });
  expect(ringEnded.endedBy).toBe("client");
  expect(ringEnded.times.cancel).not.toBeNull();
  expect(ringEnded.times.cancel! - ringEnded.times.ringing!).toBeGreaterThanOrEqual(15_000);

  // The rep ends the call and saves its outcome; the list is done: the summary counts all three.
  await d.widget.getByTestId("dialer-end").click();
  const prompt = page.getByTestId("dialer-disposition");
  await expect(prompt.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  const summary = page.getByRole("dialog", { name: "Session summary" });
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Interested1");
  await expect(summary.getByTestId("summary-dispositions")).toContainText("Voicemail1");

  // The records: the person (connected, human), the machine (automatic voicemail), no answer.
  await expect
    .poll(
      async () =>
        (await callsSince(request, repSession.token, since))
          .map((c) => [
            c.dialedNumber,
            c.detection?.verdict ?? null,
            c.disposition,
            c.connectedAt !== null,
          ])
          .sort(),
      { message: "three records", timeout: 15_000 },
    )
    .toEqual([
      ["+15125550100", "human", "interested", true],
      ["+15125550101", "machine", "voicemail", true],
      ["+15125550102", null, "no_answer", false],
    ]);
});

test("two people answer together: the second hears the team's message within 2 s of their hello and is counted as abandoned", async ({
  page,
  repSession,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const auth = { Authorization: `Bearer ${repSession.token}` };
  await setRules(request, repSession.token, 10);
  const uploaded = await request.put("/api/team/abandonment-message", {
    headers: { ...auth, "Content-Type": "audio/wav" },
    data: phoneToneWav(abandonHz, 2_000),
  });
  expect(uploaded.status()).toBe(200);
  const before = await abandonment(request, repSession.token);
  await line.peer.reset();
  // A number the team abandoned is not dialed in parallel again for 24 h: each attempt calls
  // another city's numbers (+1 312/206/617 555-0100...).
  const city = ["Chicago", "Seattle", "Boston"][testInfo.retry % 3]!;
  const area = { Chicago: "312", Seattle: "206", Boston: "617" }[city];
  await configurePlacesPeer({ reset: true, total: 2 });
  await line.peer.configure({
    numbers: { [`1${area}5550100`]: "human", [`1${area}5550101`]: "human" },
  });
  const since = Date.now();
  const bar = await startSessionOverLine(page, `bakeries ${since} in ${city}`, 2);
  const d = dialerParts(page);

  await expect(d.status).toHaveAttribute("data-status", "in-call", { timeout: 20_000 });
  const lines = bar.getByTestId("power-dial-lines");
  await expect(lines.locator('li[data-result="connected"]')).toHaveCount(1);
  await expect(lines.locator('li[data-result="abandoned"]')).toHaveCount(1, { timeout: 20_000 });

  // The person the rep could not take heard the message soon after their hello, then the BYE.
  let calls = await line.peer.calls();
  expect(calls).toHaveLength(2);
  await expect
    .poll(
      async () => (calls = await line.peer.calls()).filter((c) => c.status === "ended").length,
      {
        message: "the abandoned call ends after the message",
        timeout: 20_000,
      },
    )
    .toBe(1);
  const abandonedCall = calls.find((c) => c.status === "ended")!;
  const ended = await line.peer.waitForCall(abandonedCall.id, (c) => c.status === "ended", {
    message: "the abandoned call",
  });
  expect(ended.endedBy).toBe("client");
  expect(
    ended.tones.some((t) => t.kind === "tone" && t.hz === abandonHz),
    "the abandoned person heard the team's message",
  ).toBe(true);
  const clipStart = (ended.media as { clipStartedAt: number | null }).clipStartedAt!;
  const helloEnd = clipStart + humanClip.speechEndMs!;
  const heard = ended.tones.find((t) => t.kind === "tone" && t.hz === abandonHz)!;
  expect(heard.startAt - helloEnd).toBeLessThanOrEqual(2_000);
  test.info().annotations.push({
    type: "abandonment message heard after the hello's end, ms",
    description: String(heard.startAt - helloEnd),
  });
  // The rep's own call never carried it.
  const repCall = calls.find((c) => c.id !== abandonedCall.id)!;
  expect(
    (await line.peer.call(repCall.id)).tones.filter((t) => t.kind === "tone" && t.hz === abandonHz),
  ).toEqual([]);

  await d.widget.getByTestId("dialer-end").click();
  await expect(page.getByTestId("dialer-disposition").locator(":focus")).toHaveCount(1);
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  // The session keeps its own rate.
  await expect(page.getByTestId("summary-abandoned")).toHaveText(
    "Parallel lines: 1 of the 2 calls a person answered were abandoned",
  );

  // Recorded as abandoned, and counted in the team's rates.
  await expect
    .poll(
      async () =>
        (await callsSince(request, repSession.token, since)).filter((c) => c.abandonedAt).length,
      {
        message: "the abandoned call's record",
        timeout: 15_000,
      },
    )
    .toBe(1);
  const after = await abandonment(request, repSession.token);
  expect(after.last24Hours.abandoned).toBe(before.last24Hours.abandoned + 1);
  expect(after.last30Days.abandoned).toBe(before.last30Days.abandoned + 1);
});

test("at the cap the session dials one line at a time, and says so", async ({
  page,
  repSession,
  request,
}) => {
  test.setTimeout(120_000);
  const auth = { Authorization: `Bearer ${repSession.token}` };
  await setRules(request, repSession.token, 0.5);
  try {
    // Abandoned answered calls (to a number no business here has) until the rate is at the cap.
    for (
      let i = 0;
      i < 40 && (await abandonment(request, repSession.token)).last24Hours.ratePercent < 0.5;
      i++
    ) {
      const id = crypto.randomUUID();
      const started = Date.now() - 60_000;
      const res = await request.put(`/api/calls/${id}`, {
        headers: auth,
        data: {
          dialedDigits: "+15125559901",
          startedAt: new Date(started).toISOString(),
          connectedAt: new Date(started + 5_000).toISOString(),
          endedAt: new Date(started + 9_000).toISOString(),
          endReason: "local",
          abandoned: true,
        },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    expect(
      (await abandonment(request, repSession.token)).last24Hours.ratePercent,
    ).toBeGreaterThanOrEqual(0.5);

    await line.peer.reset();
    await configurePlacesPeer({ reset: true, total: 3 });
    await line.peer.configure({
      numbers: {
        "15125550100": "no-answer",
        "15125550101": "no-answer",
        "15125550102": "no-answer",
      },
    });
    const bar = await startSessionOverLine(page, `florists in Austin ${Date.now()}`, 3);
    await expect(bar.getByTestId("power-dial-rates")).toContainText("1 line this round", {
      timeout: 20_000,
    });
    await expect(bar.getByTestId("power-dial-lines").locator("li")).toHaveCount(1);
    // Each business rings out (408 after 3 s) before the next is called: never two at once.
    await expect(page.getByRole("dialog", { name: "Session summary" })).toBeVisible({
      timeout: 60_000,
    });
    const calls = (await line.peer.calls()).sort((x, y) => x.times.invite! - y.times.invite!);
    expect(calls).toHaveLength(3);
    for (let i = 1; i < calls.length; i++) {
      expect(calls[i]!.times.invite!).toBeGreaterThanOrEqual(calls[i - 1]!.times.ended!);
    }
  } finally {
    await setRules(request, repSession.token, 3);
  }
});
