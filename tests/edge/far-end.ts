// The business's phone behind a plain SIP trunk: Debian's baresip (a SIP user agent this project
// did not write), on UDP with RTP, auto-answering with a known tone from a file and recording
// what it hears (its sndfile module), driven through its ctrl_tcp interface (netstring JSON):
// it hangs up, and it calls in.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type FarEndEvent = {
  type: string;
  param?: string;
  peeruri?: string;
  [key: string]: unknown;
};

export type FarEnd = {
  events: FarEndEvent[];
  log: () => string;
  /** Sends a ctrl_tcp command ("hangup", "dial <uri>", "accept"). */
  command: (command: string, params?: string) => Promise<void>;
  waitFor: (
    type: string,
    timeoutMs?: number,
    since?: number,
    match?: (event: FarEndEvent) => boolean,
  ) => Promise<FarEndEvent>;
  /** The recording of what the far end heard in its latest call (16-bit PCM at 8 kHz). */
  lastHeard: () => Int16Array | null;
  stop: () => Promise<void>;
};

/** A mono 16-bit 8 kHz WAV of a sine at `hz` for `seconds`. */
export function toneWav(hz: number, seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write("RIFF", 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write("data", 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** The PCM samples of a WAV file's data chunk. */
export function wavSamples(file: Buffer): Int16Array {
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString("ascii", offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === "data") {
      const end = Math.min(file.length, offset + 8 + size);
      const bytes = file.subarray(offset + 8, end - ((end - offset - 8) % 2));
      return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    }
    offset += 8 + size + (size % 2);
  }
  return new Int16Array(0);
}

/** Goertzel power of `hz` relative to the signal's power (0..1), over 8 kHz samples. */
export function toneShare(samples: Int16Array, hz: number, rate = 8000): number {
  if (samples.length === 0) return 0;
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (const sample of samples) {
    const x = sample / 32768;
    energy += x * x;
    const s0 = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  if (energy === 0) return 0;
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (2 * power) / (samples.length * energy);
}

export async function startFarEnd(options: {
  dir: string;
  sipPort: number;
  ctrlPort: number;
  toneHz: number;
  /** The numbers this phone answers (as the trunk delivers them: E.164). */
  answers: string[];
  /** Numbers that ring until told (no auto-answer). */
  rings?: string[];
  /** Calls at once (baresip's default is 4). */
  maxCalls?: number;
}): Promise<FarEnd> {
  const { dir } = options;
  const recordings = path.join(dir, "heard");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(recordings, { recursive: true });
  fs.writeFileSync(path.join(dir, "tone.wav"), toneWav(options.toneHz, 120));
  const config = [
    "poll_method epoll",
    `sip_listen 127.0.0.1:${options.sipPort}`,
    "net_interface 127.0.0.1",
    "sip_transports udp",
    "audio_player aubridge,nil",
    `audio_source aufile,${path.join(dir, "tone.wav")}`,
    "audio_alert aubridge,nil",
    "module_path /usr/lib/baresip/modules",
    "module g711.so",
    "module aufile.so",
    "module aubridge.so",
    "module sndfile.so",
    "module ctrl_tcp.so",
    "module_app account.so",
    // The commands (dial, hangup, accept) that ctrl_tcp runs.
    "module_app menu.so",
    `ctrl_tcp_listen 127.0.0.1:${options.ctrlPort}`,
    `snd_path ${recordings}`,
    `call_max_calls ${options.maxCalls ?? 4}`,
  ];
  fs.writeFileSync(path.join(dir, "config"), `${config.join("\n")}\n`);
  const account = (number: string, mode: string) =>
    `<sip:${number}@127.0.0.1:${options.sipPort}>;regint=0;answermode=${mode};audio_codecs=PCMU,PCMA`;
  fs.writeFileSync(
    path.join(dir, "accounts"),
    [
      ...options.answers.map((n) => account(n, "auto")),
      ...(options.rings ?? []).map((n) => account(n, "manual")),
    ].join("\n") + "\n",
  );

  const child: ChildProcess = spawn("baresip", ["-f", dir], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output = (output + d.toString()).slice(-20000)));
  child.stderr!.on("data", (d) => (output = (output + d.toString()).slice(-20000)));

  const events: FarEndEvent[] = [];
  const socket = await connectWithRetry(options.ctrlPort, child, () => output);
  let buffer = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    // Netstrings: "<length>:<json>,".
    for (;;) {
      const colon = buffer.indexOf(":");
      if (colon < 0) break;
      const length = Number(buffer.toString("ascii", 0, colon));
      if (buffer.length < colon + 1 + length + 1) break;
      const json = buffer.toString("utf8", colon + 1, colon + 1 + length);
      buffer = buffer.subarray(colon + 1 + length + 1);
      try {
        const message = JSON.parse(json) as FarEndEvent & { event?: boolean };
        if (message.event) events.push({ ...message, at: Date.now() });
      } catch {
        // Not JSON: ignore, as baresip's own clients do.
      }
    }
  });

  const waitFor = async (
    type: string,
    timeoutMs = 10_000,
    since = 0,
    match: (event: FarEndEvent) => boolean = () => true,
  ) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.slice(since).find((e) => e.type === type && match(e));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(
      `The far end saw no ${type} within ${timeoutMs} ms; it saw ${events.map((e) => e.type).join(", ") || "nothing"}\n${output.slice(-3000)}`,
    );
  };

  return {
    events,
    log: () => output,
    command: async (command, params) => {
      const json = JSON.stringify({ command, params: params ?? "", token: String(Date.now()) });
      socket.write(`${Buffer.byteLength(json)}:${json},`);
    },
    waitFor,
    lastHeard: () => {
      const files = fs
        .readdirSync(recordings)
        .filter((f) => f.endsWith("-dec.wav"))
        .sort();
      const last = files.at(-1);
      return last ? wavSamples(fs.readFileSync(path.join(recordings, last))) : null;
    },
    stop: async () => {
      socket.destroy();
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => child.kill("SIGKILL"), 3000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      });
    },
  };
}

async function connectWithRetry(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`baresip exited at start:\n${output()}`);
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
        socket.once("error", reject);
      });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
