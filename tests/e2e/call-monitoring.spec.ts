// A manager monitors a rep's live call from the live floor, with three parties on three
// microphones: the business is the SIP test peer (it plays 440 Hz), the rep a colleague's browser
// (its fake microphone plays 1000 Hz), the manager a browser of its own (660 Hz). The rep's browser
// mixes the two sides of the call and sends them to the manager's over WebRTC; the manager's voice
// reaches the rep alone (whisper) or the business too (join), and never the business otherwise.
// The record says the call was monitored, and the audit log has every step.
import {
  chromium,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from "@playwright/test";
import { e2eAccounts } from "./accounts";
import { dialerParts } from "./dialer-helpers";
import { useE2eLine } from "./e2e-line";
import { expect, test } from "./fixtures";
import { fakeMediaLaunchOptions, micToneHz, peerNumbers, peerToneHz, withApi } from "./sip-fixture";
import { micToneFile } from "./sip-line";

test.use({ launchOptions: fakeMediaLaunchOptions(), signedInAs: "rep" });
// Two browsers with real media and a third connection between them, on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

const managerToneHz = 660;
const line = useE2eLine();

/** The manager's own Chromium: its fake microphone plays 660 Hz, so each party is told apart. */
function launchManagerBrowser() {
  const options = fakeMediaLaunchOptions();
  return chromium.launch({
    ...options,
    args: options.args.map((arg) =>
      arg.startsWith("--use-file-for-fake-audio-capture=")
        ? `--use-file-for-fake-audio-capture=${micToneFile(managerToneHz)}`
        : arg,
    ),
  });
}

/** A browser context signed in as `account`, on /app with its line registered. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  account: { username: string; password: string },
) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post("/api/auth/login", { data: account });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await context.addInitScript(
    ([t, name]) => {
      localStorage.setItem("auth.token", t);
      localStorage.setItem("auth.user", name);
    },
    [token, account.username] as const,
  );
  const page = await context.newPage();
  await page.goto("/app");
  await expect(page.getByTestId("line-indicator")).toHaveAttribute(
    "data-line-state",
    "registered",
    { timeout: 20_000 },
  );
  return { page, token, close: () => context.close() };
}

/**
 * The loudness (dB) at each frequency in what a media element of the page plays, and the median
 * of the spectrum: a tone is there when it stands well above the median.
 */
function levels(page: Page, testId: string, hz: number[]) {
  return page.evaluate(
    async ([id, freqs]) => {
      const element = document.querySelector<HTMLAudioElement>(`[data-testid="${id}"]`);
      const stream = element?.srcObject;
      if (!element || !(stream instanceof MediaStream)) return null;
      const w = window as Window & { __levels?: Map<string, AnalyserNode> };
      w.__levels ??= new Map();
      const track = stream.getAudioTracks()[0];
      if (!track) return null;
      let analyser = w.__levels.get(track.id);
      if (!analyser) {
        const context = new AudioContext();
        analyser = context.createAnalyser();
        analyser.fftSize = 4096;
        context.createMediaStreamSource(stream).connect(analyser);
        w.__levels.set(track.id, analyser);
      }
      await (analyser.context as AudioContext).resume().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      const bins = new Float32Array(analyser.frequencyBinCount);
      analyser.getFloatFrequencyData(bins);
      const binHz = analyser.context.sampleRate / analyser.fftSize;
      const at = (f: number) => {
        const i = Math.round(f / binHz);
        return Math.max(bins[i - 1]!, bins[i]!, bins[i + 1]!);
      };
      const sorted = [...bins].filter(Number.isFinite).sort((a, b) => a - b);
      return {
        muted: element.muted,
        median: sorted[Math.floor(sorted.length / 2)] ?? -200,
        at: freqs.map(at),
      };
    },
    [testId, hz] as const,
  );
}

/** Waits until the element plays every tone of `hz`, audibly (unmuted), above the noise. */
async function expectTones(page: Page, testId: string, hz: number[], what: string) {
  await expect
    .poll(
      async () => {
        const l = await levels(page, testId, hz);
        if (!l) return "no audio element";
        const heard = hz.filter((_, i) => l.at[i]! > l.median + 25 && l.at[i]! > -80);
        if (l.muted) return "muted";
        return heard.length === hz.length ? "all" : `only ${heard.join(", ") || "none"}`;
      },
      { message: what, timeout: 20_000 },
    )
    .toBe("all");
}

/** The peer heard `hz` at some moment after `after` (a tone segment still going then). */
async function peerHeard(callId: string, hz: number, after: number) {
  const call = await line.peer.call(callId);
  return call.tones.some(
    (s) => s.kind === "tone" && s.hz === hz && s.startAt + s.durationMs > after,
  );
}

type Party = Awaited<ReturnType<typeof signedIn>>;
type Parties = {
  rep: Party;
  manager: Party;
  card: Locator;
  dialer: ReturnType<typeof dialerParts>;
};

/**
 * The rep (a colleague, 1000 Hz) on /app and the manager (660 Hz, a browser of its own) on the
 * live floor, hearing the team live, with the rep's card ready; closed again after `body`.
 */
async function withParties(
  browser: Browser,
  baseURL: string,
  body: (parties: Parties) => Promise<void>,
) {
  await line.peer.reset();
  const rep = await signedIn(browser, baseURL, e2eAccounts.colleague);
  const managerBrowser = await launchManagerBrowser();
  try {
    const manager = await signedIn(managerBrowser, baseURL, e2eAccounts.rep);
    await manager.page.getByRole("link", { name: "Live floor" }).first().click();
    await expect(manager.page.locator("html")).toHaveAttribute("data-live", "on");
    const card = manager.page.locator(
      `[data-testid="floor-list"] li[data-rep="${e2eAccounts.colleague.username}"]`,
    );
    await expect(card).toHaveAttribute("data-state", "ready", { timeout: 10_000 });
    await body({ rep, manager, card, dialer: dialerParts(rep.page) });
    await manager.close();
  } finally {
    await managerBrowser.close();
    await rep.close();
  }
}

/** The rep calls the business (the peer); the floor shows the call within a few seconds. */
async function callTheBusiness({ dialer, card }: Parties) {
  await dialer.number.fill(peerNumbers.answer);
  await dialer.call.click();
  const call = await line.peer.waitForLastCall();
  await expect(dialer.status).toHaveAttribute("data-status", "in-call", { timeout: 15_000 });
  await expect(card).toHaveAttribute("data-state", "in-call", { timeout: 3_000 });
  return call;
}

/** The manager listens from the rep's card, until the connection is up. */
async function listen({ card }: Parties) {
  await card
    .getByRole("button", { name: `Listen to ${e2eAccounts.colleague.username}'s call` })
    .click();
  await expect(card.getByTestId("floor-monitor-status")).toHaveText(/^Listening to /, {
    timeout: 20_000,
  });
}

/**
 * A second team's manager asks to listen to the rep's live call: 404, as for no such rep. (Its
 * own request context: a sign-in sets a cookie, which must not reach the rep's browser.)
 */
async function expectOtherTeamRefused(baseURL: string, rep: Party) {
  const me = await rep.page.request.get("/api/team", {
    headers: { Authorization: `Bearer ${rep.token}` },
  });
  const { members } = (await me.json()) as { members: { id: string; username: string }[] };
  const repId = members.find((m) => m.username === e2eAccounts.colleague.username)!.id;
  await withApi(baseURL, async (api) => {
    const login = await api.post("/api/auth/login", { data: e2eAccounts.otherManager });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const res = await api.post("/api/floor/monitor", {
      headers: { Authorization: `Bearer ${token}` },
      data: { repId, mode: "listen", offer: "v=0" },
    });
    expect(res.status()).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("rep_not_found");
  });
}

/** Waits until the audit log holds every one of `actions` (the console's audit tail). */
async function expectAudited(request: APIRequestContext, operatorToken: string, actions: string[]) {
  await expect
    .poll(async () => {
      const res = await request.get("/api/admin/ops/audit-tail?lines=300", {
        headers: { Authorization: `Bearer ${operatorToken}` },
      });
      const { log } = (await res.json()) as { log: string };
      return actions.filter((action) => !log.includes(action));
    })
    .toEqual([]);
}

test("a manager listens to a rep's call, whispers, joins, leaves, and every step is audited", async ({
  browser,
  baseURL,
  operatorSession,
}) => {
  await withParties(browser, baseURL!, async (parties) => {
    const { rep, manager, card, dialer } = parties;
    const call = await callTheBusiness(parties);
    await line.peer.heardTone(call.id, micToneHz);

    // Another team's manager cannot monitor the call: the rep is not theirs to find.
    await expectOtherTeamRefused(baseURL!, rep);

    // Listen: the manager hears both sides; the rep is told.
    await listen(parties);
    await expectTones(
      manager.page,
      "monitor-call-audio",
      [peerToneHz, micToneHz],
      "the manager hears the business and the rep",
    );
    const indicator = rep.page.getByTestId("monitor-indicator");
    await expect(indicator).toHaveText(`${e2eAccounts.rep.username} is listening to this call`);
    await expect(indicator).toHaveAttribute("data-mode", "listen");

    // Whisper: the rep hears the manager; the business does not.
    const whisperedAt = Date.now();
    await card.getByRole("button", { name: "Whisper" }).click();
    await expect(card.getByRole("button", { name: "Whisper" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(indicator).toHaveAttribute("data-mode", "whisper");
    await expectTones(
      rep.page,
      "monitor-manager-audio",
      [managerToneHz],
      "the rep hears the manager's whisper",
    );
    // The business keeps hearing the rep alone for two seconds of whispering.
    await line.peer.heardTone(call.id, micToneHz, { after: whisperedAt + 500, ms: 2_000 });
    expect(await peerHeard(call.id, managerToneHz, whisperedAt)).toBe(false);

    // Join: the rep mutes, so what the business hears of the call is the manager alone.
    await dialer.widget.getByRole("button", { name: "Mute", exact: true }).click();
    const joinedAt = Date.now();
    await card.getByRole("button", { name: "Join" }).click();
    await expect(indicator).toHaveAttribute("data-mode", "join");
    await line.peer.heardTone(call.id, managerToneHz, { after: joinedAt, ms: 500 });

    // Leave (back to listening): the manager's voice stops reaching the business.
    await card.getByRole("button", { name: "Listen", exact: true }).click();
    await expect(indicator).toHaveAttribute("data-mode", "listen");
    const leftAt = Date.now();
    await line.peer.heardSilence(call.id, { after: leftAt + 300, ms: 1_000 });
    expect(await peerHeard(call.id, managerToneHz, leftAt + 1_000)).toBe(false);

    // Stop: the rep is told no more.
    await card.getByRole("button", { name: "Stop" }).click();
    await expect(indicator).toHaveCount(0, { timeout: 10_000 });
    await expect(card.getByRole("button", { name: /^Listen to / })).toBeVisible();

    await dialer.end.click();
    // The record says the call was monitored.
    await expect
      .poll(async () => {
        const res = await rep.page.request.get("/api/calls?limit=20", {
          headers: { Authorization: `Bearer ${rep.token}` },
        });
        const { calls } = (await res.json()) as { calls: { monitored?: boolean }[] };
        return calls.some((c) => c.monitored === true);
      })
      .toBe(true);
    // Every step is in the audit log: start, each mode, the end with its length.
    await expectAudited(rep.page.request, operatorSession.token, [
      "floor.monitor.start",
      "floor.monitor.mode",
      "floor.monitor.end",
    ]);
  });
});

test("a manager takes a rep's call over: the call rings the manager's dialer and the rep drops off", async ({
  browser,
  baseURL,
  operatorSession,
}) => {
  await withParties(browser, baseURL!, async (parties) => {
    const { rep, manager, card, dialer } = parties;
    const call = await callTheBusiness(parties);
    await listen(parties);
    const tookAt = Date.now();
    await card.getByRole("button", { name: "Take over" }).click();
    await expect(rep.page.getByTestId("monitor-indicator")).toHaveAttribute(
      "data-mode",
      "takeover",
    );
    // The rep's browser transfers the call to the manager, whose dialer rings.
    const ringing = manager.page.getByTestId("incoming-call");
    await expect(ringing).toBeVisible({ timeout: 15_000 });
    await ringing.getByRole("button", { name: "Answer", exact: true }).click();
    await expect(dialerParts(manager.page).status).toHaveAttribute("data-status", "in-call", {
      timeout: 15_000,
    });
    const transferred = await line.peer.waitForCall(
      call.id,
      (c) => c.transfers.length === 1 && c.transfers[0]!.status === 200,
      { message: "the rep's REFER to the manager was honoured" },
    );
    // The business now talks to the manager, and the rep's leg is over.
    await line.peer.heardTone(transferred.transfers[0]!.callId!, managerToneHz, { after: tookAt });
    await line.peer.waitForCall(call.id, (c) => c.status === "ended", {
      message: "the rep drops off",
    });
    await expect(dialer.status).toHaveAttribute("data-status", /ended|idle/);
    await expect(rep.page.getByTestId("monitor-indicator")).toHaveCount(0);

    await dialerParts(manager.page).end.click();
    await expectAudited(rep.page.request, operatorSession.token, ["floor.monitor.takeover"]);
  });
});
