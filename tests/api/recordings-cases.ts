// The recording API's cases, run once per storage back end (recordings.test.ts: files under
// DATA_DIR; recordings-s3.test.ts: a local S3-compatible server). Chunk idempotency and resume,
// conflicting chunks, refused uploads that leave what is stored unchanged, organization scoping
// and rep-versus-manager access, range requests, audit events and retention.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId, organization, putCall, repOf, type Rep } from "./calls-helpers";
import { NextRequest } from "next/server";
import { base, request } from "./helpers";

const recordingRoute = await import("@/app/api/recordings/[id]/route");
const { PUT: chunkRoute } = await import("@/app/api/recordings/[id]/chunks/[index]/route");
const { POST: finishRoute } = await import("@/app/api/recordings/[id]/finish/route");
const { GET: audioRoute } = await import("@/app/api/recordings/[id]/audio/route");
const teamRecording = await import("@/app/api/team/recording/route");
const teamNotice = await import("@/app/api/team/recording/notice/route");
const { PUT: adminNotice } =
  await import("@/app/api/admin/recordings/[organizationId]/notice/route");
const { listCalls } = await import("./calls-helpers");
const { pruneExpiredAuthRows } = await import("@/modules/deploy/lib/housekeeping");
const { recordingStore, recordingPrefix } = await import("@/modules/recordings/lib/storage");

const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });
const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** Bytes that start like a WebM file (chunk 0) or any bytes (later chunks), seeded. */
function bytes(size: number, seed: number, first = false) {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (seed * 31 + i * 7) & 0xff;
  if (first) out.set(WEBM_MAGIC, 0);
  return out;
}

const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

function start(rep: Rep, id: string, callId: string, mimeType = "audio/webm;codecs=opus") {
  return recordingRoute.PUT(
    request("PUT", `/api/recordings/${id}`, { token: rep.token, body: { callId, mimeType } }),
    params({ id }),
  );
}

function state(rep: Rep, id: string) {
  return recordingRoute.GET(
    request("GET", `/api/recordings/${id}`, { token: rep.token }),
    params({ id }),
  );
}

function putChunk(
  rep: Rep,
  id: string,
  index: number | string,
  body: Uint8Array,
  headers: Record<string, string> = {},
) {
  const req = new NextRequest(`${base}/api/recordings/${id}/chunks/${index}`, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${rep.token}`,
      "content-type": "application/octet-stream",
      "x-dialflow-socket-ip": "198.18.7.7",
      ...headers,
    },
    body: body.byteLength ? Buffer.from(body) : null,
  });
  return chunkRoute(req, params({ id, index: String(index) }));
}

function finish(rep: Rep, id: string, chunkCount: number, durationMs = 4000) {
  return finishRoute(
    request("POST", `/api/recordings/${id}/finish`, {
      token: rep.token,
      body: { chunkCount, durationMs },
    }),
    params({ id }),
  );
}

function audio(rep: Rep, id: string, range?: string, download = false) {
  return audioRoute(
    request("GET", `/api/recordings/${id}/audio${download ? "?download=1" : ""}`, {
      token: rep.token,
      headers: range ? { range } : {},
    }),
    params({ id }),
  );
}

/** A rep's call, recorded through the calls API as the dialer's outbox does. */
async function callOf(rep: Rep) {
  const id = newId();
  const res = await putCall(rep, id, {
    dialedDigits: "+12125550123",
    startedAt: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(res.status).toBe(201);
  return id;
}

async function team() {
  const org = await organization();
  return {
    org,
    rep: await repOf(org.id),
    other: await repOf(org.id),
    manager: await repOf(org.id, "manager"),
  };
}

/** A recording of `rep`'s call with `sizes` chunks stored, as the recorder uploads them. */
async function recorded(rep: Rep, sizes: number[]) {
  const callId = await callOf(rep);
  const id = crypto.randomUUID();
  expect((await start(rep, id, callId)).status).toBe(201);
  const chunks = sizes.map((size, i) => bytes(size, i + 1, i === 0));
  for (const [i, chunk] of chunks.entries()) {
    expect((await putChunk(rep, id, i, chunk)).status).toBe(201);
  }
  return { id, callId, chunks, whole: Buffer.concat(chunks) };
}

/** For the cases that run on one back end only (recordings.test.ts). */
export const recordingHelpers = { team, callOf, start, putChunk, bytes, state };

export function recordingCases(backEnd: "local" | "s3") {
  describe(`recordings (${backEnd} store)`, () => {
    it("uses the configured back end", async () => {
      expect((await recordingStore()).kind).toBe(backEnd);
    });

    it("stores chunks once: a retry is a no-op, other bytes are refused with 409", async () => {
      const { rep } = await team();
      const { id, chunks } = await recorded(rep, [3000, 2000]);
      const retry = await putChunk(rep, id, 1, chunks[1]!);
      expect(retry.status).toBe(200);
      expect(await retry.json()).toMatchObject({
        index: 1,
        stored: false,
        sha256: sha(chunks[1]!),
      });
      const conflicting = await putChunk(rep, id, 1, bytes(2000, 99));
      expect(conflicting.status).toBe(409);
      expect(await conflicting.json()).toMatchObject({ code: "chunk_conflict" });
      // What was stored first is what plays.
      const played = await audio(rep, id);
      expect(Buffer.from(await played.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
      const body = await (await state(rep, id)).json();
      expect(body.recording).toMatchObject({ bytes: 5000, chunkCount: 2, status: "recording" });
    });

    it("resumes: the state names what is stored and finishing waits for the gaps", async () => {
      const { rep } = await team();
      const { id } = await recorded(rep, [1000]);
      // Chunk 2 arrived, chunk 1 was lost with the network.
      expect((await putChunk(rep, id, 2, bytes(700, 3))).status).toBe(201);
      const stored = await (await state(rep, id)).json();
      expect(stored.chunks.map((c: { index: number }) => c.index)).toEqual([0, 2]);
      const early = await finish(rep, id, 3);
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ code: "missing_chunks", missing: [1] });
      // Until then it plays up to the gap.
      expect(Number((await audio(rep, id)).headers.get("content-length"))).toBe(1000);
      expect((await putChunk(rep, id, 1, bytes(800, 2))).status).toBe(201);
      const done = await finish(rep, id, 3, 6500);
      expect(done.status).toBe(200);
      expect((await done.json()).recording).toMatchObject({
        status: "complete",
        bytes: 2500,
        durationMs: 6500,
      });
      // Finishing again is harmless; a new chunk after it is refused.
      expect((await finish(rep, id, 3, 6500)).status).toBe(200);
      expect((await putChunk(rep, id, 3, bytes(10, 4))).status).toBe(409);
      // Starting again with the same id finds it.
      const again = await start(rep, id, (await (await state(rep, id)).json()).recording.callId);
      expect(again.status).toBe(200);
    });

    it("keeps one recording per call: a second recorder on it is refused, a retry is not", async () => {
      const { rep } = await team();
      const callId = await callOf(rep);
      const first = crypto.randomUUID();
      expect((await start(rep, first, callId)).status).toBe(201);
      for (let i = 0; i < 3; i++) {
        const extra = await start(rep, crypto.randomUUID(), callId);
        expect(extra.status).toBe(409);
        expect(await extra.json()).toMatchObject({ code: "recording_exists", recordingId: first });
      }
      // Two recorders started at once: one wins.
      const other = await callOf(rep);
      const racing = await Promise.all([
        start(rep, crypto.randomUUID(), other),
        start(rep, crypto.randomUUID(), other),
      ]);
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
      expect((await start(rep, first, callId)).status).toBe(200);
      const db = await getDb();
      expect(await db.recording.count({ where: { callId: { in: [callId, other] } } })).toBe(2);
    });

    it("refuses bad and oversized uploads and keeps what is stored", async () => {
      const { rep } = await team();
      const callId = await callOf(rep);
      const id = crypto.randomUUID();
      const wrongType = await start(rep, id, callId, "audio/wav");
      expect(wrongType.status).toBe(400);
      expect((await start(rep, id, callId)).status).toBe(201);
      // Chunk 0 that is not WebM.
      const notWebm = await putChunk(rep, id, 0, bytes(500, 5));
      expect(notWebm.status).toBe(415);
      expect(await notWebm.json()).toMatchObject({ code: "recording_bad_media" });
      const first = bytes(1000, 1, true);
      expect((await putChunk(rep, id, 0, first)).status).toBe(201);
      const before = await (await state(rep, id)).json();
      const cases: [Response, number, string][] = [
        [await putChunk(rep, id, 1, bytes(65537, 6)), 413, "chunk_too_large"],
        [await putChunk(rep, id, 1, new Uint8Array()), 400, "recording_empty_chunk"],
        [
          await putChunk(rep, id, 1, bytes(100, 7), { "content-type": "text/plain" }),
          415,
          "recording_bad_media",
        ],
        [
          await putChunk(rep, id, 1, bytes(100, 7), { "x-chunk-sha256": "0".repeat(64) }),
          400,
          "recording_checksum",
        ],
        [await putChunk(rep, id, -1, bytes(100, 7)), 400, "validation"],
        [await putChunk(rep, id, "../../etc", bytes(100, 7)), 400, "validation"],
      ];
      for (const [res, status, code] of cases) {
        expect(res.status).toBe(status);
        expect((await res.json()).code).toBe(code);
      }
      // The whole recording may not pass RECORDING_MAX_BYTES (200000 here).
      for (let i = 1; i <= 3; i++) {
        expect((await putChunk(rep, id, i, bytes(60_000, i))).status).toBe(201);
      }
      const over = await putChunk(rep, id, 4, bytes(20_000, 9));
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ code: "recording_too_large" });
      const after = await (await state(rep, id)).json();
      expect(after.chunks[0]).toEqual(before.chunks[0]);
      expect(after.recording.bytes).toBe(181_000);
      expect(after.chunks).toHaveLength(4);
    });

    it("only the rep who made the call records it, and only a call of their team", async () => {
      const { rep, other, manager } = await team();
      const callId = await callOf(rep);
      const stranger = await repOf((await organization()).id);
      for (const who of [other, manager, stranger]) {
        const res = await start(who, crypto.randomUUID(), callId);
        expect(res.status).toBe(404);
      }
      const { id } = await recorded(rep, [500]);
      for (const who of [other, manager, stranger]) {
        expect((await putChunk(who, id, 1, bytes(10, 1))).status).toBe(404);
        expect((await finish(who, id, 1)).status).toBe(404);
      }
    });

    it("plays to the rep and the team's managers, 404 to other reps and other teams; audited", async () => {
      const { rep, other, manager } = await team();
      const { id, whole } = await recorded(rep, [1200, 900]);
      const otherManager = await repOf((await organization()).id, "manager");
      for (const who of [other, otherManager]) {
        expect((await audio(who, id)).status).toBe(404);
        expect((await state(who, id)).status).toBe(404);
      }
      const missing = await audio(rep, crypto.randomUUID());
      expect(missing.status).toBe(404);
      for (const who of [rep, manager]) {
        const res = await audio(who, id);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("audio/webm");
        expect(res.headers.get("accept-ranges")).toBe("bytes");
        expect(Buffer.from(await res.arrayBuffer()).equals(whole)).toBe(true);
      }
      const download = await audio(manager, id, undefined, true);
      expect(download.headers.get("content-disposition")).toMatch(
        /^attachment; filename=".+\.webm"$/,
      );
      await download.arrayBuffer();
      const db = await getDb();
      const events = await db.auditEvent.findMany({
        where: { target: id },
        select: { actor: true, action: true },
        orderBy: { id: "asc" },
      });
      expect(events).toEqual([
        { actor: rep.username, action: "recording.play" },
        { actor: manager.username, action: "recording.play" },
        { actor: manager.username, action: "recording.download" },
      ]);
    });

    it("answers range requests across chunk boundaries with 206", async () => {
      const { rep } = await team();
      const { id, whole } = await recorded(rep, [1000, 1000, 500]);
      const cases: [string, number, number][] = [
        ["bytes=0-99", 0, 99],
        ["bytes=990-1010", 990, 1010],
        ["bytes=500-", 500, 2499],
        ["bytes=-300", 2200, 2499],
        ["bytes=1999-2000", 1999, 2000],
        ["bytes=2400-9999", 2400, 2499],
      ];
      for (const [range, from, to] of cases) {
        const res = await audio(rep, id, range);
        expect(res.status).toBe(206);
        expect(res.headers.get("content-range")).toBe(`bytes ${from}-${to}/2500`);
        expect(Number(res.headers.get("content-length"))).toBe(to - from + 1);
        const got = Buffer.from(await res.arrayBuffer());
        expect(got.equals(whole.subarray(from, to + 1))).toBe(true);
      }
      const bad = await audio(rep, id, "bytes=3000-");
      expect(bad.status).toBe(416);
      expect(bad.headers.get("content-range")).toBe("bytes */2500");
      // One listening is one audit row, its seeks counted on it (the 416 served nothing).
      const db = await getDb();
      const rows = await db.auditEvent.findMany({ where: { target: id } });
      expect(rows.map((r) => [r.action, r.count])).toEqual([["recording.play", 6]]);
    });

    it("audits a download or play that starts past the first byte", async () => {
      const { rep, manager } = await team();
      const { id, whole } = await recorded(rep, [1000, 500]);
      const download = await audio(manager, id, "bytes=1-", true);
      expect(download.status).toBe(206);
      expect(Buffer.from(await download.arrayBuffer()).equals(whole.subarray(1))).toBe(true);
      const play = await audio(rep, id, "bytes=700-");
      expect(play.status).toBe(206);
      await play.arrayBuffer();
      const db = await getDb();
      const events = await db.auditEvent.findMany({
        where: { target: id },
        select: { actor: true, action: true, outcome: true },
        orderBy: { id: "asc" },
      });
      expect(events).toEqual([
        { actor: manager.username, action: "recording.download", outcome: "success" },
        { actor: rep.username, action: "recording.play", outcome: "success" },
      ]);
    });

    it("the Call Log names a call's recording", async () => {
      const { rep, manager } = await team();
      const { id, callId } = await recorded(rep, [400]);
      const res = await listCalls(manager, "scope=team");
      const call = (await res.json()).calls.find((c: { id: string }) => c.id === callId);
      expect(call.recordings).toEqual([{ id, status: "recording", durationMs: null }]);
    });

    it("recording follows the team's mode, which only managers set", async () => {
      const { rep, manager } = await team();
      const set = (who: Rep, body: unknown) =>
        teamRecording.PUT(request("PUT", "/api/team/recording", { token: who.token, body }));
      expect((await set(rep, { mode: "off", consentRequired: false })).status).toBe(403);
      const off = await set(manager, { mode: "off", consentRequired: false });
      expect(off.status).toBe(200);
      expect(await off.json()).toMatchObject({ mode: "off", retentionDays: 30 });
      const refused = await start(rep, crypto.randomUUID(), await callOf(rep));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "recording_off" });
      await set(manager, { mode: "every_call", consentRequired: true });
      const read = await teamRecording.GET(
        request("GET", "/api/team/recording", { token: rep.token }),
      );
      expect(await read.json()).toMatchObject({ mode: "every_call", consentRequired: true });
      // No consent notice can be played yet: a team that requires one records nothing.
      const untold = await start(rep, crypto.randomUUID(), await callOf(rep));
      expect(untold.status).toBe(409);
      expect(await untold.json()).toMatchObject({ code: "consent_notice_missing" });
      await set(manager, { mode: "every_call", consentRequired: false });
      expect((await start(rep, crypto.randomUUID(), await callOf(rep))).status).toBe(201);
    });

    it("a consent notice uploaded by a manager or an operator lets a team that requires one record", async () => {
      const { rep, manager } = await team();
      const other = await team();
      await teamRecording.PUT(
        request("PUT", "/api/team/recording", {
          token: manager.token,
          body: { mode: "on_request", consentRequired: true },
        }),
      );
      const wav = (seed: number) => {
        const out = bytes(2000, seed);
        out.set(new TextEncoder().encode("RIFF"), 0);
        out.set(new TextEncoder().encode("WAVE"), 8);
        return out;
      };
      const upload = (who: Rep, body: Uint8Array, type = "audio/wav") =>
        teamNotice.PUT(
          new NextRequest(`${base}/api/team/recording/notice`, {
            method: "PUT",
            headers: {
              authorization: `Bearer ${who.token}`,
              "content-type": type,
              "x-dialflow-socket-ip": "198.18.7.8",
            },
            body: Buffer.from(body),
          }),
        );
      const hear = (who: Rep) =>
        teamNotice.GET(request("GET", "/api/team/recording/notice", { token: who.token }));
      expect((await hear(rep)).status).toBe(404);
      // A rep may not set it; a bad file is refused and changes nothing.
      expect((await upload(rep, wav(1))).status).toBe(403);
      const bad = await upload(manager, bytes(2000, 2, true), "audio/wav");
      expect(bad.status).toBe(415);
      expect(await bad.json()).toMatchObject({ code: "voicemail_bad_media" });
      expect((await hear(rep)).status).toBe(404);
      const first = wav(3);
      const ok = await upload(manager, first);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ consentRequired: true, consentNotice: true });
      const heard = await hear(rep);
      expect(heard.status).toBe(200);
      expect(Buffer.from(await heard.arrayBuffer()).equals(Buffer.from(first))).toBe(true);
      // Another organization has none of it.
      expect((await hear(other.rep)).status).toBe(404);
      // A bad upload after a good one leaves the good one in place.
      expect((await upload(manager, new Uint8Array(0))).status).toBe(400);
      const still = await hear(rep);
      expect(Buffer.from(await still.arrayBuffer()).equals(Buffer.from(first))).toBe(true);
      expect((await start(rep, crypto.randomUUID(), await callOf(rep))).status).toBe(201);

      // An operator sets the other organization's notice from the console.
      const { createAccount, loginOperator } = await import("./helpers");
      const operator = await loginOperator(await createAccount({ admin: true }));
      const byOperator = await adminNotice(
        new NextRequest(`${base}/api/admin/recordings/${other.rep.organizationId}/notice`, {
          method: "PUT",
          headers: {
            authorization: `Bearer ${operator}`,
            "content-type": "audio/wav",
            "x-dialflow-socket-ip": "198.18.7.9",
          },
          body: Buffer.from(wav(4)),
        }),
        params({ organizationId: other.rep.organizationId }),
      );
      expect(byOperator.status).toBe(200);
      const overview = await byOperator.json();
      expect(
        overview.organizations.find((o: { id: string }) => o.id === other.rep.organizationId),
      ).toMatchObject({ consentNotice: true });
      expect((await hear(other.rep)).status).toBe(200);
    });

    it("a downloaded WebM says its duration; playback streams the chunks as stored", async () => {
      const { rep } = await team();
      const callId = await callOf(rep);
      const id = crypto.randomUUID();
      expect((await start(rep, id, callId)).status).toBe(201);
      const hex = (h: string) => Buffer.from(h.replace(/\s/g, ""), "hex");
      const head = hex(
        "1A45DFA3 9F 4286 81 01 42F7 81 01 42F2 81 04 42F3 81 08 4282 84 7765626D 4287 81 04" +
          " 4285 81 02 18538067 01FFFFFFFFFFFFFF 1549A966 8B 2AD7B1 83 0F4240 4D80 81 41",
      );
      const cluster = hex("1F43B675 01FFFFFFFFFFFFFF E7 81 00");
      expect((await putChunk(rep, id, 0, new Uint8Array(head))).status).toBe(201);
      expect((await putChunk(rep, id, 1, new Uint8Array(cluster))).status).toBe(201);
      expect((await finish(rep, id, 2, 4200)).status).toBe(200);
      const played = Buffer.from(await (await audio(rep, id)).arrayBuffer());
      expect(played.equals(Buffer.concat([head, cluster]))).toBe(true);
      const res = await audio(rep, id, undefined, true);
      expect(res.status).toBe(200);
      const downloaded = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(downloaded.length);
      const at = downloaded.indexOf(hex("4489 88"));
      expect(at).toBeGreaterThan(0);
      expect(downloaded.readDoubleBE(at + 3)).toBe(4200);
    });

    it("retention deletes old recordings' audio and the call says so", async () => {
      const { rep, manager } = await team();
      const old = await recorded(rep, [800, 600]);
      const recent = await recorded(rep, [500]);
      const db = await getDb();
      const row = await db.recording.findUniqueOrThrow({ where: { id: old.id } });
      await db.recording.update({
        where: { id: old.id },
        data: { startedAt: new Date(Date.now() - 31 * 24 * 3600_000) },
      });
      const store = await recordingStore();
      const firstKey = `${recordingPrefix(row.organizationId, old.id)}000000-${sha(old.chunks[0]!).slice(0, 16)}.part`;
      expect(await store.get(firstKey)).not.toBeNull();
      const pruned = await pruneExpiredAuthRows();
      expect(pruned.recordings).toBeGreaterThanOrEqual(1);
      expect(await store.get(firstKey)).toBeNull();
      const after = await db.recording.findUniqueOrThrow({ where: { id: old.id } });
      expect(after).toMatchObject({ status: "deleted", deletedReason: "retention" });
      expect(await db.recordingChunk.count({ where: { recordingId: old.id } })).toBe(0);
      const gone = await audio(manager, old.id);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ code: "recording_deleted" });
      const log = await (await listCalls(manager, "scope=team")).json();
      const call = log.calls.find((c: { id: string }) => c.id === old.callId);
      expect(call.recordings[0]).toMatchObject({ id: old.id, status: "deleted" });
      // The recent one is untouched.
      expect((await audio(rep, recent.id)).status).toBe(200);
    });
  });
}
