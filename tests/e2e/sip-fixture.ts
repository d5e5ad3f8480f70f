/**
 * Real calls end to end: the organization's phone line pointed at the SIP test peer
 * that tests/e2e/server.mjs starts, the peer steered and read through its control API, and
 * what the page sends and hears checked in the browser.
 *
 * - The peer listens on the e2e port + 2000 (ws:// for SIP, http:// for its control API, same
 *   port). It knows `e2eLineSecret`, as a team's edge knows its line's secret: it accepts the
 *   time-limited credentials the app mints from it and refuses an INVITE whose
 *   X-DialFlow-Authorization was not signed with it for the number dialed.
 * - `configureE2eLine` saves the line of the e2e accounts' organization through the operator
 *   console's API (as the e2e operator); `removeE2eLine` deletes it again, so that the spec files
 *   after a real-calls file keep the simulated dialer (one organization, one worker).
 * - `fakeMediaLaunchOptions`: Chromium's fake microphone playing a 1000 Hz tone, for
 *   `test.use({ launchOptions })`.
 * - `trackPeerConnections` (an init script) and `remoteAudio` / `expectRemoteTone`: the
 *   page's RTCPeerConnections, and whether the far end's 440 Hz tone arrives in them.
 */
import { expect, request, type APIRequestContext, type Page } from "@playwright/test";
import type {
  CallRepResult,
  DtmfMode,
  PeerCall,
  PeerConfig,
  PeerConfigPatch,
  Registration,
} from "../peers/sip-peer.mjs";
import type {
  LineSettingsInput,
  LineTestResult,
  TelephonyOrganization,
  TelephonyOverview,
} from "@/modules/telephony/lib/schemas";
import config from "../../playwright.config";
import {
  e2eLineSettings,
  fakeMediaArgs,
  findE2eOrganization,
  peerToneHz,
  sipPeerPort,
} from "./sip-line";

// The line, the peer's numbers and tones and the fake microphone live in ./sip-line.ts (the
// call-setup benchmark uses them without the test runner); the specs import them from here.
export {
  e2eLineSecret,
  e2eLineSettings,
  e2eSipDomain,
  micToneFile,
  micToneHz,
  peerNumbers,
  peerToneHz,
  sipPeerPort,
  toneWav,
} from "./sip-line";

// ---------------------------------------------------------------------------------------------
// The phone line, through the operator console's API

async function operatorJson<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string) {
  const text = await res.text();
  expect(res.ok(), `${what}: ${res.status()} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The e2e organization as the console lists it. */
export async function e2eOrganizationTelephony(
  request: APIRequestContext,
  operatorToken: string,
): Promise<TelephonyOrganization> {
  const overview = await operatorJson<TelephonyOverview>(
    await request.get("/api/admin/telephony", { headers: bearer(operatorToken) }),
    "GET /api/admin/telephony",
  );
  return findE2eOrganization(overview);
}

/** Saves the e2e organization's phone line as the operator; returns the organization. */
export async function configureE2eLine(
  request: APIRequestContext,
  operatorToken: string,
  baseURL: string | undefined,
  overrides: Partial<LineSettingsInput> = {},
): Promise<TelephonyOrganization> {
  const org = await e2eOrganizationTelephony(request, operatorToken);
  const saved = await operatorJson<{ organization: TelephonyOrganization }>(
    await request.put(`/api/admin/telephony/${org.id}`, {
      headers: bearer(operatorToken),
      data: e2eLineSettings(baseURL, overrides),
    }),
    `PUT /api/admin/telephony/${org.id}`,
  );
  expect(saved.organization.line).toMatchObject({ secretState: "set" });
  return saved.organization;
}

/** Removes the e2e organization's line (none configured is fine: nothing to undo). */
export async function removeE2eLine(request: APIRequestContext, operatorToken: string) {
  const org = await e2eOrganizationTelephony(request, operatorToken);
  if (!org.line) return;
  const res = await request.delete(`/api/admin/telephony/${org.id}`, {
    headers: bearer(operatorToken),
  });
  expect(res.status(), `DELETE /api/admin/telephony/${org.id}: ${await res.text()}`).toBe(200);
  expect((await e2eOrganizationTelephony(request, operatorToken)).line).toBeNull();
}

/** Runs `fn` with an API context of its own (beforeAll and afterAll have no `request`). */
export async function withApi<T>(
  baseURL: string | undefined,
  fn: (api: APIRequestContext) => Promise<T>,
): Promise<T> {
  const api = await request.newContext({ baseURL });
  try {
    return await fn(api);
  } finally {
    await api.dispose();
  }
}

/** The console's line test (a REGISTER from the server with minted credentials). */
export async function testE2eLine(
  request: APIRequestContext,
  operatorToken: string,
  organizationId: string,
): Promise<LineTestResult> {
  return operatorJson<LineTestResult>(
    await request.post(`/api/admin/telephony/${organizationId}/test`, {
      headers: bearer(operatorToken),
    }),
    "POST line test",
  );
}

// ---------------------------------------------------------------------------------------------
// The peer's control API (tests/peers/sip/control.mjs)

/** A call id in a control API path (its ids hold "@": "...@dialflow-peer"; the peer decodes). */
const callPath = (id: string) => encodeURIComponent(id);

/** At least `ms` of the segment lies after `after`. */
const lastsAfter = (s: PeerCall["tones"][number], after: number, ms: number) =>
  s.startAt + s.durationMs - Math.max(s.startAt, after) >= ms;

export class SipPeerControl {
  readonly controlUrl: string;
  readonly wsUrl: string;

  constructor(baseURL: string | undefined) {
    const port = sipPeerPort(baseURL);
    this.controlUrl = `http://127.0.0.1:${port}`;
    this.wsUrl = `ws://127.0.0.1:${port}`;
  }

  private async api<T>(method: "GET" | "POST", route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.controlUrl}${route}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sip peer ${method} ${route}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** Hangs up every call and restores the config; also drops stale bindings by default. */
  async reset({ registrations = true }: { registrations?: boolean } = {}) {
    await this.api("POST", "/reset", { registrations });
  }

  configure(patch: PeerConfigPatch) {
    return this.api<PeerConfig>("POST", "/config", patch);
  }

  calls() {
    return this.api<PeerCall[]>("GET", "/calls");
  }

  /** One call by id. */
  call(id: string): Promise<PeerCall> {
    return this.api<PeerCall>("GET", `/calls/${callPath(id)}`);
  }

  /** The newest call, or null before any. */
  async lastCall(): Promise<PeerCall | null> {
    const calls = await this.calls();
    return calls.at(-1) ?? null;
  }

  /** Waits for the newest call and returns it (fresh from the peer). */
  async waitForLastCall(timeout = 15_000): Promise<PeerCall> {
    let call: PeerCall | null = null;
    await expect
      .poll(async () => (call = await this.lastCall()) !== null, {
        message: "the peer got no call",
        timeout,
      })
      .toBe(true);
    return call!;
  }

  registrations() {
    return this.api<Registration[]>("GET", "/registrations");
  }

  hangup(id: string) {
    return this.api("POST", `/calls/${callPath(id)}/hangup`, {});
  }

  sendDtmf(id: string, digits: string, mode?: DtmfMode) {
    return this.api("POST", `/calls/${callPath(id)}/dtmf`, { digits, mode });
  }

  /** Rings `user`'s newest binding; resolves at once with the call id (`callRepAndWait` waits). */
  callRep(
    user: string,
    options: { from?: string; fromName?: string; ringTimeoutMs?: number } = {},
  ): Promise<{ callId: string }> {
    return this.api("POST", "/call-rep", { user, ...options });
  }

  /** Rings `user` and waits for what became of it (answered, declined, missed...). */
  callRepAndWait(
    user: string,
    options: { from?: string; fromName?: string; ringTimeoutMs?: number } = {},
  ): Promise<CallRepResult> {
    return this.api("POST", "/call-rep", { user, ...options, wait: true });
  }

  /** Polls one call until `check` accepts it; returns that state. */
  async waitForCall(
    id: string,
    check: (call: PeerCall) => boolean,
    { message, timeout = 15_000 }: { message: string; timeout?: number },
  ): Promise<PeerCall> {
    let call: PeerCall | undefined;
    await expect
      .poll(async () => check((call = await this.call(id))), { message, timeout })
      .toBe(true);
    return call!;
  }

  /**
   * Waits until the peer has heard `hz` on the call for `ms` in one stretch, all of it after
   * `after` (a Date.now() of this machine, the peer's clock).
   */
  heardTone(id: string, hz: number, { ms = 300, after = 0, timeout = 15_000 } = {}) {
    return this.waitForCall(
      id,
      (c) => c.tones.some((s) => s.kind === "tone" && s.hz === hz && lastsAfter(s, after, ms)),
      { message: `the peer hears ${hz} Hz for ${ms} ms on ${id}`, timeout },
    );
  }

  /** Waits until the peer has heard silence for `ms` in one stretch after `after`. */
  heardSilence(id: string, { ms = 300, after = 0, timeout = 15_000 } = {}) {
    return this.waitForCall(
      id,
      (c) => c.tones.some((s) => s.kind === "silence" && lastsAfter(s, after, ms)),
      { message: `the peer hears silence for ${ms} ms on ${id}`, timeout },
    );
  }

  /** Waits for the peer's live binding (the rep's registration); returns it. */
  async waitForRegistration(timeout = 15_000): Promise<Registration> {
    let found: Registration | undefined;
    await expect
      .poll(async () => (found = (await this.registrations()).at(-1)) !== undefined, {
        message: "the rep registers with the peer",
        timeout,
      })
      .toBe(true);
    return found!;
  }
}

// ---------------------------------------------------------------------------------------------
// Chromium's fake microphone

/**
 * The project's launch options plus Chromium's fake media: a granted microphone that plays
 * `micToneFile()` in a loop, loopback ICE candidates (the machine may have only `lo`), and
 * audio that may start without a gesture (the specs' AudioContext).
 */
export function fakeMediaLaunchOptions() {
  const base = config.use?.launchOptions ?? {};
  return {
    ...base,
    args: [...(base.args ?? []), ...fakeMediaArgs()],
  };
}

// ---------------------------------------------------------------------------------------------
// The page's peer connections and what they receive

type E2eWindow = Window & {
  __e2ePeerConnections?: RTCPeerConnection[];
  __e2eAnalysers?: Map<string, { context: AudioContext; analyser: AnalyserNode }>;
};

/**
 * Init script (`page.addInitScript(trackPeerConnections)`): every RTCPeerConnection the page
 * creates is kept in `window.__e2ePeerConnections`, a test-only list; nothing else changes.
 */
export function trackPeerConnections() {
  const w = window as E2eWindow;
  if (w.__e2ePeerConnections || typeof window.RTCPeerConnection !== "function") return;
  const list: RTCPeerConnection[] = [];
  w.__e2ePeerConnections = list;
  const Native = window.RTCPeerConnection;
  class Tracked extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      list.push(this);
    }
  }
  Object.defineProperty(window, "RTCPeerConnection", {
    value: Tracked,
    writable: true,
    configurable: true,
  });
}

/** What the page's newest live peer connection receives. */
export type RemoteAudio = {
  peerConnections: number;
  connectionState: string | null;
  /** "spectrum" when WebAudio analysed the track; "stats" when only getStats could be read. */
  method: "spectrum" | "stats" | "none";
  peakHz: number | null;
  peakDb: number | null;
  audioLevel: number | null;
  totalAudioEnergy: number | null;
  packetsReceived: number | null;
};

/**
 * Reads the remote audio of the page's newest connected RTCPeerConnection: the loudest
 * frequency of its receiver track (an AnalyserNode on a MediaStream of the track, after about
 * 250 ms of listening) and the inbound-rtp counters from getStats.
 */
export function remoteAudio(page: Page): Promise<RemoteAudio> {
  return page.evaluate(async () => {
    const w = window as E2eWindow;
    const pcs = w.__e2ePeerConnections ?? [];
    const pc =
      [...pcs].reverse().find((p) => p.connectionState === "connected") ?? pcs.at(-1) ?? null;
    const result: RemoteAudio = {
      peerConnections: pcs.length,
      connectionState: pc?.connectionState ?? null,
      method: "none",
      peakHz: null,
      peakDb: null,
      audioLevel: null,
      totalAudioEnergy: null,
      packetsReceived: null,
    };
    if (!pc || pc.connectionState === "closed") return result;
    const stats = await pc.getStats();
    stats.forEach((s: { type: string; kind?: string } & Record<string, unknown>) => {
      if (s.type !== "inbound-rtp" || s.kind !== "audio") return;
      result.audioLevel = typeof s.audioLevel === "number" ? s.audioLevel : null;
      result.totalAudioEnergy = typeof s.totalAudioEnergy === "number" ? s.totalAudioEnergy : null;
      result.packetsReceived = typeof s.packetsReceived === "number" ? s.packetsReceived : null;
      result.method = "stats";
    });
    const track = pc
      .getReceivers()
      .map((r) => r.track)
      .find((t) => t && t.kind === "audio" && t.readyState === "live");
    if (!track) return result;
    w.__e2eAnalysers ??= new Map();
    let entry = w.__e2eAnalysers.get(track.id);
    if (!entry) {
      const stream = new MediaStream([track]);
      // Chromium feeds a remote WebRTC track to WebAudio only while a media element plays it.
      const element = new Audio();
      element.muted = true;
      element.srcObject = stream;
      void element.play().catch(() => {});
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 4096;
      analyser.smoothingTimeConstant = 0.3;
      context.createMediaStreamSource(stream).connect(analyser);
      entry = { context, analyser };
      w.__e2eAnalysers.set(track.id, entry);
    }
    const { context, analyser } = entry;
    if (context.state !== "running") await context.resume().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (context.state !== "running") return result;
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    const binHz = context.sampleRate / analyser.fftSize;
    let peak = -1;
    // Above 100 Hz: hum and DC are not what the specs listen for.
    for (let i = Math.ceil(100 / binHz); i < bins.length; i++) {
      if (peak < 0 || bins[i]! > bins[peak]!) peak = i;
    }
    if (peak >= 0 && Number.isFinite(bins[peak]!)) {
      result.method = "spectrum";
      result.peakHz = Math.round(peak * binHz);
      result.peakDb = Math.round(bins[peak]!);
    }
    return result;
  });
}

/** Words for one reading, so a failed poll says what the page did hear. */
function describeAudio(a: RemoteAudio, hz: number) {
  if (a.method === "spectrum" && a.peakHz !== null && a.peakDb !== null) {
    // Two FFT bins (about 12 Hz each at 48 kHz) either way, well above the noise floor.
    if (Math.abs(a.peakHz - hz) <= 25 && a.peakDb > -90) return `${hz} Hz`;
    return `loudest ${a.peakHz} Hz at ${a.peakDb} dB (${a.packetsReceived ?? 0} packets)`;
  }
  // No WebAudio reading: something that is not silence arrives, at least.
  if (a.method === "stats" && (a.totalAudioEnergy ?? 0) > 0 && (a.audioLevel ?? 0) > 0) {
    return `${hz} Hz`;
  }
  return `nothing (${a.peerConnections} peer connections, state ${a.connectionState}, ${a.method})`;
}

/** Waits until the page's remote audio carries `hz` (the peer's tone by default). */
export async function expectRemoteTone(page: Page, hz = peerToneHz, timeout = 15_000) {
  await expect
    .poll(async () => describeAudio(await remoteAudio(page), hz), {
      message: `the page hears ${hz} Hz from the far end`,
      timeout,
    })
    .toBe(`${hz} Hz`);
}

/**
 * The loudest frequency of the page's own microphone (a fresh getUserMedia stream, stopped
 * again), to check the fake device: null when no microphone could be opened.
 */
export function microphonePeakHz(page: Page): Promise<{ label: string; peakHz: number } | null> {
  return page.evaluate(async () => {
    let stream: MediaStream;
    try {
      // No processing: Chromium's echo canceller and gain control would work on the test tone.
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
    } catch {
      return null;
    }
    const context = new AudioContext();
    await context.resume().catch(() => {});
    const analyser = context.createAnalyser();
    analyser.fftSize = 4096;
    context.createMediaStreamSource(stream).connect(analyser);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    let peak = 1;
    for (let i = 1; i < bins.length; i++) if (bins[i]! > bins[peak]!) peak = i;
    const label = stream.getAudioTracks()[0]?.label ?? "";
    stream.getTracks().forEach((t) => t.stop());
    await context.close();
    return { label, peakHz: Math.round((peak * context.sampleRate) / analyser.fftSize) };
  });
}

// ---------------------------------------------------------------------------------------------
// The dialer's status over time

/** One state of `[data-testid=dialer-status]` as the page showed it. */
export type DialerSnapshot = {
  status: string | null;
  phase: string | null;
  outcome: string | null;
  text: string;
  at: number;
};

type StatusWindow = Window & { __e2eDialerStatus?: DialerSnapshot[] };

/**
 * Init script (`page.addInitScript(recordDialerStatus)`): keeps every distinct state of the
 * dialer's status line in `window.__e2eDialerStatus`. "Ringing..." and "Call Ended" (1.2 s)
 * are brief; a spec asserts that they were shown without racing them.
 */
export function recordDialerStatus() {
  const w = window as StatusWindow;
  if (w.__e2eDialerStatus) return;
  const seen: DialerSnapshot[] = [];
  w.__e2eDialerStatus = seen;
  const snapshot = () => {
    const el = document.querySelector(
      '[data-testid="dialer-widget"] [data-testid="dialer-status"]',
    );
    if (!el) return;
    const next = {
      status: el.getAttribute("data-status"),
      phase: el.getAttribute("data-phase"),
      outcome: el.getAttribute("data-outcome"),
      text: (el.textContent ?? "").trim(),
    };
    const last = seen.at(-1);
    if (
      last &&
      last.status === next.status &&
      last.phase === next.phase &&
      last.outcome === next.outcome &&
      last.text === next.text
    ) {
      return;
    }
    seen.push({ ...next, at: Date.now() });
  };
  new MutationObserver(snapshot).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/** Waits until the dialer has shown a state matching `want` (`text`: a part of it). */
export async function expectDialerShowed(
  page: Page,
  want: Partial<Omit<DialerSnapshot, "at">>,
  timeout = 15_000,
) {
  const matches = (s: DialerSnapshot) =>
    (want.status === undefined || s.status === want.status) &&
    (want.phase === undefined || s.phase === want.phase) &&
    (want.outcome === undefined || s.outcome === want.outcome) &&
    (want.text === undefined || s.text.includes(want.text));
  await expect
    .poll(
      async () => {
        const seen = await page.evaluate(() => (window as StatusWindow).__e2eDialerStatus ?? []);
        if (seen.some(matches)) return "shown";
        return seen.map((s) => `${s.status}/${s.phase}/${s.outcome} "${s.text}"`).join(" -> ");
      },
      { message: `the dialer shows ${JSON.stringify(want)}`, timeout },
    )
    .toBe("shown");
}
