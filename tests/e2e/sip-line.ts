/**
 * The e2e phone line without Playwright's test runner: the line the specs and the call-setup
 * benchmark (bench/call-setup.ts) point at the SIP test peer, the peer's numbers and tones, the
 * console calls that save and remove the line, and Chromium's fake-media flags. The specs use it
 * through ./sip-fixture.ts, which adds the runner's assertions around the same calls.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type {
  LineSettingsInput,
  TelephonyOrganization,
  TelephonyOverview,
} from "@/modules/telephony/lib/schemas";

/**
 * The line's shared secret. tests/e2e/server.mjs gives the peer the same text: keep the two in
 * step. A test value, known to both sides only; the app learns it from the console like any.
 */
export const e2eLineSecret = "dialflow-e2e-line-secret-2f9c";
/** The peer's digest realm; the line's SIP domain. */
export const e2eSipDomain = "dialflow.test";
/** The organization every e2e account belongs to (the users CLI's default). */
export const e2eOrganization = "Default";

/** The peer's port, by the e2e server's convention: the app's port + 2000. */
export function sipPeerPort(baseURL: string | undefined) {
  return Number(new URL(baseURL ?? "http://127.0.0.1:3100").port) + 2000;
}

/** The peer's numbers (tests/peers/sip-peer.mjs), as the rep types them (US, 10 digits). */
export const peerNumbers = {
  answer: "5125550100",
  answerHangup: "5125550101",
  busy: "5125550102",
  invalid: "5125550103",
  decline: "5125550104",
  noAnswer: "5125550105",
  earlyAnswer: "5125550106",
  lossy: "5125550108",
  dtmf: "5125550109",
  failed: "5125550111",
} as const;

/** The tones each side plays: the peer's (what the page must hear) and the fake microphone's. */
export const peerToneHz = 440;
export const micToneHz = 1000;

/** The line the specs use: the peer, no ICE servers (loopback host candidates only). */
export function e2eLineSettings(
  baseURL: string | undefined,
  overrides: Partial<LineSettingsInput> = {},
): LineSettingsInput {
  return {
    wsUrl: `ws://127.0.0.1:${sipPeerPort(baseURL)}`,
    sipDomain: e2eSipDomain,
    iceServers: [],
    dtmfMode: "rfc4733",
    credentialMode: "ephemeral",
    secret: e2eLineSecret,
    ...overrides,
  };
}

/** The e2e organization in the console's telephony overview. */
export function findE2eOrganization(overview: TelephonyOverview): TelephonyOrganization {
  const org =
    overview.organizations.find((o) => o.name === e2eOrganization) ??
    (overview.organizations.length === 1 ? overview.organizations[0] : undefined);
  if (!org) throw new Error(`no organization ${e2eOrganization} in ${JSON.stringify(overview)}`);
  return org;
}

// ---------------------------------------------------------------------------------------------
// The same console calls over plain fetch, for scripts outside the test runner (the benchmark)

async function consoleJson<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Saves the e2e organization's line as the operator (`operatorToken`); returns it. */
export async function saveE2eLineWithFetch(
  baseURL: string,
  operatorToken: string,
  overrides: Partial<LineSettingsInput> = {},
): Promise<TelephonyOrganization> {
  const headers = { Authorization: `Bearer ${operatorToken}` };
  const overview = await consoleJson<TelephonyOverview>(
    await fetch(`${baseURL}/api/admin/telephony`, { headers }),
    "GET /api/admin/telephony",
  );
  const org = findE2eOrganization(overview);
  const saved = await consoleJson<{ organization: TelephonyOrganization }>(
    await fetch(`${baseURL}/api/admin/telephony/${org.id}`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(e2eLineSettings(baseURL, overrides)),
    }),
    `PUT /api/admin/telephony/${org.id}`,
  );
  return saved.organization;
}

// ---------------------------------------------------------------------------------------------
// Chromium's fake microphone

/** A WAV (16-bit PCM, mono) of a steady sine: a whole number of cycles, so it loops cleanly. */
export function toneWav(hz: number, { sampleRate = 48_000, seconds = 1, amplitude = 0.5 } = {}) {
  const samples = Math.round(sampleRate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const v = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
    data.writeInt16LE(v, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // PCM format chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Writes the microphone's tone file once (same bytes every time) and returns its path. */
export function micToneFile(hz = micToneHz): string {
  const file = path.join(os.tmpdir(), `dialflow-e2e-mic-${hz}hz.wav`);
  const wav = toneWav(hz);
  if (!fs.existsSync(file) || !fs.readFileSync(file).equals(wav)) {
    // Rename into place: a reader never sees a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, wav);
    fs.renameSync(tmp, file);
  }
  return file;
}

/**
 * Chromium's fake media: a granted microphone that plays `micToneFile()` in a loop, loopback
 * ICE candidates (the machine may have only `lo`), and audio that may start without a gesture
 * (the pages' AudioContext).
 */
export function fakeMediaArgs(): string[] {
  return [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${micToneFile()}`,
    "--allow-loopback-in-peer-connection",
    "--autoplay-policy=no-user-gesture-required",
  ];
}
