// npm run bench:recordings: call recording, through the real route handlers.
//  1. upload overhead during a call: a 60 s recording at the recorder's 32 kbit/s in its 2 s
//     slices (8 KB each) PUT chunk by chunk; the bytes on the wire (request line and headers as
//     the browser sends them, bodies, answers) against the recording's own bytes, and the
//     server's CPU per second of audio;
//  2. playback start: time to the first byte and to the whole file of GET .../audio, against the
//     floor of the same bytes read from one static file on the same disk by the same process;
//  3. the same over HTTP from the production build (scripts/start.mjs on this database, port
//     BENCH_PORT, default 3700), against a static file the same server serves (the build's
//     largest /_next/static chunk), as a ratio. Skipped without a build (BENCH_HTTP=0 skips it).
// Throw-away embedded database and store by default; DATABASE_URL runs it on PostgreSQL.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

if (!process.env.DATABASE_URL)
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-recordings-"));
process.env.LOG_LEVEL = "silent";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BITRATE = 32_000;
const SLICE_S = 2;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main() {
  const { NextRequest } = await import("next/server");
  const recording = await import("@/app/api/recordings/[id]/route");
  const chunkRoute = await import("@/app/api/recordings/[id]/chunks/[index]/route");
  const finishRoute = await import("@/app/api/recordings/[id]/finish/route");
  const audioRoute = await import("@/app/api/recordings/[id]/audio/route");
  const callRoute = await import("@/app/api/calls/[id]/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { issueSession } = await import("@/lib/auth/sessions");
  const db = await getDb();
  const username = `bench-rec-${crypto.randomBytes(4).toString("hex")}`;
  await addAccount(db, { username, password: "bench-password" });
  const me = await db.user.findUniqueOrThrow({ where: { username } });
  const { token } = await issueSession("user", me.id, "127.0.0.1");
  const auth = { authorization: `Bearer ${token}`, "x-dialflow-socket-ip": "127.0.0.1" };
  const base = "http://127.0.0.1:3000";

  const callId = crypto.randomUUID();
  const callBody = JSON.stringify({
    dialedDigits: "+12125550123",
    startedAt: new Date(Date.now() - 120_000).toISOString(),
  });
  await callRoute.PUT(
    new NextRequest(`${base}/api/calls/${callId}`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: callBody,
    }),
    { params: Promise.resolve({ id: callId }) },
  );
  const id = crypto.randomUUID();
  const params = (extra: Record<string, string> = {}) => ({
    params: Promise.resolve({ id, ...extra }),
  });
  const started = await recording.PUT(
    new NextRequest(`${base}/api/recordings/${id}`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ callId, mimeType: "audio/webm;codecs=opus" }),
    }),
    params(),
  );
  if (started.status !== 201) throw new Error(`start: ${started.status} ${await started.text()}`);

  // 1. Upload: what a call's recording costs on the wire and on the server's CPU.
  const sliceBytes = (BITRATE / 8) * SLICE_S;
  const slices = Math.ceil(SECONDS / SLICE_S);
  let audioBytes = 0;
  let wireBytes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < slices; i++) {
    const bytes = crypto.randomBytes(sliceBytes);
    if (i === 0) bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0);
    const url = `${base}/api/recordings/${id}/chunks/${i}`;
    const headers = {
      ...auth,
      "content-type": "application/octet-stream",
      "content-length": String(bytes.byteLength),
    };
    const res = await chunkRoute.PUT(
      new NextRequest(url, { method: "PUT", headers, body: bytes }),
      params({ index: String(i) }),
    );
    if (res.status !== 201) throw new Error(`chunk ${i}: ${res.status}`);
    const answer = await res.text();
    // Request line + headers as a browser sends them (plus the usual ~350 B of browser headers),
    // the body, and the answer's status line, headers and body.
    const requestHead =
      `PUT ${new URL(url).pathname} HTTP/1.1\r\n`.length +
      350 +
      Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    const answerHead = 200 + [...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    audioBytes += bytes.byteLength;
    wireBytes += requestHead + bytes.byteLength + answerHead + Buffer.byteLength(answer);
  }
  const uploadMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await finishRoute.POST(
    new NextRequest(`${base}/api/recordings/${id}/finish`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ chunkCount: slices, durationMs: SECONDS * 1000 }),
    }),
    params(),
  );
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `upload: ${SECONDS} s of audio at ${BITRATE / 1000} kbit/s in ${slices} chunks of ${sliceBytes} B`,
  );
  console.log(
    `  audio ${audioBytes} B, on the wire ${wireBytes} B: ratio ${(wireBytes / audioBytes).toFixed(3)} (overhead ${(((wireBytes - audioBytes) / audioBytes) * 100).toFixed(1)} %, ${(((wireBytes - audioBytes) * 8) / SECONDS / 1000).toFixed(2)} kbit/s on top of ${BITRATE / 1000})`,
  );
  console.log(
    `  server CPU ${ms(cpuMs)} for ${SECONDS} s of audio: ${((cpuMs / (SECONDS * 1000)) * 100).toFixed(2)} % of one core (wall ${ms(uploadMs)}, ${ms(uploadMs / slices)} per chunk)`,
  );

  // 2. Playback start against a static file of the same bytes.
  const staticFile = path.join(os.tmpdir(), `dialflow-bench-static-${id}.webm`);
  const full = Buffer.from(
    await (
      await audioRoute.GET(
        new NextRequest(`${base}/api/recordings/${id}/audio`, { headers: auth }),
        params(),
      )
    ).arrayBuffer(),
  );
  fs.writeFileSync(staticFile, full);
  const first: number[] = [];
  const all: number[] = [];
  const floorFirst: number[] = [];
  const floorAll: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    let t = performance.now();
    const res = await audioRoute.GET(
      new NextRequest(`${base}/api/recordings/${id}/audio`, {
        headers: { ...auth, range: "bytes=0-" },
      }),
      params(),
    );
    const reader = res.body!.getReader();
    await reader.read();
    first.push(performance.now() - t);
    while (!(await reader.read()).done);
    all.push(performance.now() - t);

    t = performance.now();
    const stream = fs.createReadStream(staticFile);
    await new Promise<void>((resolve, reject) => {
      let seen = false;
      stream.on("data", () => {
        if (!seen) floorFirst.push(performance.now() - t);
        seen = true;
      });
      stream.on("end", () => resolve());
      stream.on("error", reject);
    });
    floorAll.push(performance.now() - t);
  }
  fs.rmSync(staticFile, { force: true });
  const line = (what: string, v: number[], floor: number[]) =>
    console.log(
      `  ${what}: median ${ms(median(v))} vs floor ${ms(median(floor))} (ratio ${(median(v) / median(floor)).toFixed(1)})`,
    );
  console.log(
    `playback of ${full.byteLength} B (${RUNS} runs; floor: the same bytes from one static file)`,
  );
  line("first byte", first, floorFirst);
  line("whole file", all, floorAll);
  await closeDb();
  if (process.env.BENCH_HTTP !== "0") await overHttp(username, id, full.byteLength, line);
}

/** Time to the first byte of the body and to its end, for one GET. */
async function timed(url: string, headers: Record<string, string> = {}) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const reader = res.body!.getReader();
  await reader.read();
  const first = performance.now() - t;
  let bytes = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
  return { first, all: performance.now() - t, bytes };
}

/** 3. Playback over HTTP from the production server, against a static file it serves. */
async function overHttp(
  username: string,
  id: string,
  size: number,
  line: (what: string, v: number[], floor: number[]) => void,
) {
  const chunksDir = path.join(process.cwd(), ".next", "static", "chunks");
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")) || !fs.existsSync(chunksDir)) {
    console.log("over HTTP: skipped (no production build: npm run build)");
    return;
  }
  const staticName = fs
    .readdirSync(chunksDir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: fs.statSync(path.join(chunksDir, f)).size }))
    .sort((a, b) => b.size - a.size)[0]!;
  const port = Number(process.env.BENCH_PORT ?? 3700);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const { waitFor } = await import("./wait-for");
    await waitFor(`${url}/api/health`);
    const login = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: "bench-password" }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, range: "bytes=0-" };
    const audioUrl = `${url}/api/recordings/${id}/audio`;
    const staticUrl = `${url}/_next/static/chunks/${staticName.f}`;
    // Warm both paths (compiled route, file cache) before measuring.
    await timed(audioUrl, auth);
    await timed(staticUrl);
    const first: number[] = [];
    const all: number[] = [];
    const floorFirst: number[] = [];
    const floorAll: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const a = await timed(audioUrl, auth);
      const f = await timed(staticUrl);
      first.push(a.first);
      all.push(a.all);
      floorFirst.push(f.first);
      floorAll.push(f.all);
    }
    console.log(
      `over HTTP from the production server (${RUNS} runs): the recording, ${size} B, vs a static file it serves (${staticName.f}, ${staticName.size} B)`,
    );
    line("first byte", first, floorFirst);
    line("whole file", all, floorAll);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
