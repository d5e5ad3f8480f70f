import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { findRecording, recordingSelect, toRecordingDto, type RecordingRow } from "./access";
import { baseMimeOf, type RecordingDto } from "./schemas";
import { recordingSettingsOf } from "./settings";
import { chunkKey, recordingStore } from "./storage";

// The browser uploads a recording while the call runs: PUT /api/recordings/{id} opens it under
// a browser-made id (a retry finds it), PUT .../chunks/{n} stores chunk n once (the same bytes
// again are a no-op, other bytes are refused and never replace it), GET says what is stored (to
// resume after a lost network or a reload), POST .../finish closes it.

const conflict = (message: string, code: string, details?: Record<string, unknown>) =>
  new ApiError("conflict", message, { code, details });

/** The advisory lock one organization's recording writes take in turns, to keep its quota. */
const QUOTA_LOCK_SPACE = "dialflow:recording-quota";

/** What the organization's recordings keep now (bytes), deleted ones left out. */
async function storageUsed(db: Pick<Db, "recording">, organizationId: string): Promise<number> {
  const used = await db.recording.aggregate({
    where: { organizationId, status: { not: "deleted" } },
    _sum: { bytes: true },
  });
  return used._sum.bytes ?? 0;
}

const quotaFull = (used: number) =>
  new ApiError(
    "payload_too_large",
    "Your team's recording storage is full: recording stops until older recordings are deleted or the operator raises the quota",
    { code: "recording_quota", details: { used, quota: env.RECORDING_ORG_QUOTA_BYTES } },
  );

/** Opens a recording of one of the rep's own calls (201), or answers the one already open (200). */
export async function startRecording(
  session: UserSession,
  id: string,
  body: { callId: string; mimeType: string },
): Promise<{ created: boolean; recording: RecordingDto }> {
  const db = await getDb();
  const existing = await db.recording.findUnique({ where: { id }, select: recordingSelect });
  if (existing) {
    if (existing.organizationId !== session.organizationId || existing.userId !== session.userId) {
      throw new ApiError("not_found", "Recording not found");
    }
    if (existing.callId !== body.callId) {
      throw conflict("This recording belongs to another call", "recording_other_call");
    }
    return { created: false, recording: toRecordingDto(existing) };
  }
  const call = await db.call.findFirst({
    where: { id: body.callId, organizationId: session.organizationId },
    select: { userId: true },
  });
  // The call is recorded by the browser's outbox a moment after it is dialed: 404 until then
  // (the recorder retries), and only the rep who made it records it.
  if (!call || call.userId !== session.userId) {
    throw new ApiError("not_found", "Call not found", { code: "call_not_found" });
  }
  const settings = await recordingSettingsOf(session.organizationId);
  if (settings.mode === "off") {
    throw new ApiError("forbidden", "Your team does not record calls", { code: "recording_off" });
  }
  // A team that requires a consent notice but has none uploaded records nothing rather than
  // record someone who was not told (the browser plays the notice before it starts).
  if (settings.consentRequired && !settings.consentNotice) {
    throw conflict(
      "Your team requires a consent notice before recording, and none is set up",
      "consent_notice_missing",
    );
  }
  const used = await storageUsed(db, session.organizationId);
  if (used >= env.RECORDING_ORG_QUOTA_BYTES) throw quotaFull(used);
  // One recording per call: a rep's call is one leg, and a second recorder on it would only
  // multiply what is stored. The call's row is locked while its recordings are counted, so two
  // starts at once cannot both open one.
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Call" WHERE "id" = ${body.callId} FOR UPDATE`;
    const other = await tx.recording.findFirst({
      where: { callId: body.callId, NOT: { id } },
      select: { id: true },
    });
    if (other) {
      throw conflict("This call already has its recording", "recording_exists", {
        recordingId: other.id,
      });
    }
    return tx.recording.create({
      data: {
        id,
        callId: body.callId,
        organizationId: session.organizationId,
        userId: session.userId,
        mimeType: body.mimeType,
      },
      select: recordingSelect,
    });
  });
  return { created: true, recording: toRecordingDto(row) };
}

/** What is stored of one of the rep's recordings, for a resumed upload (or any reader's status). */
export async function recordingState(session: UserSession, id: string) {
  const row = await findRecording(session, id);
  const db = await getDb();
  const chunks = await db.recordingChunk.findMany({
    where: { recordingId: id },
    select: { index: true, size: true, sha256: true },
    orderBy: { index: "asc" },
  });
  return { recording: toRecordingDto(row), chunks };
}

/** The magic bytes each container starts with; chunk 0 must carry them. */
const MAGIC: Record<string, number[]> = {
  "audio/webm": [0x1a, 0x45, 0xdf, 0xa3],
  "audio/ogg": [0x4f, 0x67, 0x67, 0x53],
};

function checkFirstChunk(row: RecordingRow, bytes: Uint8Array) {
  const magic = MAGIC[baseMimeOf(row.mimeType) ?? ""];
  if (magic && !magic.every((b, i) => bytes[i] === b)) {
    throw new ApiError("unsupported_media_type", `Chunk 0 is not ${baseMimeOf(row.mimeType)}`, {
      code: "recording_bad_media",
    });
  }
}

export type ChunkResult = { index: number; size: number; sha256: string; stored: boolean };

/**
 * Stores chunk `index` of the rep's recording. The object's key carries the chunk's checksum,
 * so two racing uploads of different bytes write different objects and the database's primary
 * key picks one; the loser's object is removed and it answers 409. Nothing stored is replaced.
 */
export async function putChunk(
  session: UserSession,
  id: string,
  index: number,
  bytes: Uint8Array,
  declaredSha256: string | null,
): Promise<ChunkResult> {
  const row = await findRecording(session, id, { own: true });
  if (bytes.byteLength === 0) {
    throw new ApiError("bad_request", "An empty chunk is not a recording", {
      code: "recording_empty_chunk",
    });
  }
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  if (declaredSha256 && declaredSha256.toLowerCase() !== sha256) {
    throw new ApiError("bad_request", "The chunk does not match its checksum", {
      code: "recording_checksum",
    });
  }
  const db = await getDb();
  const same = (stored: { sha256: string; size: number }) => {
    if (stored.sha256 === sha256) return { index, size: stored.size, sha256, stored: false };
    throw conflict(`Chunk ${index} is already stored with other bytes`, "chunk_conflict");
  };
  const stored = await db.recordingChunk.findUnique({
    where: { recordingId_index: { recordingId: id, index } },
    select: { sha256: true, size: true },
  });
  if (stored) return same(stored);
  if (row.status !== "recording") {
    throw conflict("This recording is closed", "recording_closed");
  }
  if (index === 0) checkFirstChunk(row, bytes);
  if (row.bytes + bytes.byteLength > env.RECORDING_MAX_BYTES) {
    throw new ApiError("payload_too_large", "The recording is at its size limit", {
      code: "recording_too_large",
    });
  }
  const used = await storageUsed(db, row.organizationId);
  if (used + bytes.byteLength > env.RECORDING_ORG_QUOTA_BYTES) throw quotaFull(used);
  const store = await recordingStore();
  const key = chunkKey(row.organizationId, id, index, sha256);
  await store.put(key, bytes);
  // One statement each, in one transaction: the chunk (or nothing, when another upload won the
  // index) and the recording's totals, which refuse to pass the size limit.
  const won = await db
    .$transaction(async (tx) => {
      // The quota is checked again under the organization's lock: chunks of two recordings
      // stored at once would otherwise both fit in the space that is left for one.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${QUOTA_LOCK_SPACE}), hashtext(${row.organizationId}))`;
      if (
        (await storageUsed(tx, row.organizationId)) + bytes.byteLength >
        env.RECORDING_ORG_QUOTA_BYTES
      ) {
        throw new Error("quota");
      }
      const inserted = await tx.$executeRaw`
      INSERT INTO "RecordingChunk" ("recordingId", "index", "size", "sha256")
      VALUES (${id}::uuid, ${index}, ${bytes.byteLength}, ${sha256})
      ON CONFLICT DO NOTHING`;
      if (inserted === 0) return false;
      const updated = await tx.$executeRaw`
      UPDATE "Recording" SET "bytes" = "bytes" + ${bytes.byteLength},
        "chunkCount" = "chunkCount" + 1
      WHERE "id" = ${id}::uuid AND "status" = 'recording'
        AND "bytes" + ${bytes.byteLength} <= ${env.RECORDING_MAX_BYTES}`;
      if (updated === 0) throw new Error("limit");
      return true;
    })
    .catch(async (err: unknown) => {
      await store.deletePrefix(key).catch(() => undefined);
      if (err instanceof Error && err.message === "quota") {
        throw quotaFull(env.RECORDING_ORG_QUOTA_BYTES);
      }
      if (err instanceof Error && err.message === "limit") {
        throw new ApiError("payload_too_large", "The recording is at its size limit", {
          code: "recording_too_large",
        });
      }
      throw err;
    });
  if (won) return { index, size: bytes.byteLength, sha256, stored: true };
  const winner = await db.recordingChunk.findUnique({
    where: { recordingId_index: { recordingId: id, index } },
    select: { sha256: true, size: true },
  });
  if (winner && winner.sha256 !== sha256) await store.deletePrefix(key).catch(() => undefined);
  return same(winner ?? { sha256: "", size: 0 });
}

/** Closes the rep's recording once chunks 0..chunkCount-1 are all stored (else 409 with the gaps). */
export async function finishRecording(
  session: UserSession,
  id: string,
  body: { chunkCount: number; durationMs: number },
): Promise<RecordingDto> {
  const row = await findRecording(session, id, { own: true });
  const db = await getDb();
  const indexes = await db.recordingChunk.findMany({
    where: { recordingId: id },
    select: { index: true },
    orderBy: { index: "asc" },
  });
  const have = new Set(indexes.map((c) => c.index));
  const missing: number[] = [];
  for (let i = 0; i < body.chunkCount && missing.length < 100; i++) {
    if (!have.has(i)) missing.push(i);
  }
  if (missing.length) {
    throw conflict("Some chunks are not stored yet", "missing_chunks", { missing });
  }
  if (row.status === "complete") return toRecordingDto(row);
  if (row.status !== "recording") throw conflict("This recording is closed", "recording_closed");
  const updated = await db.recording.update({
    where: { id },
    data: { status: "complete", finishedAt: new Date(), durationMs: body.durationMs },
    select: recordingSelect,
  });
  return toRecordingDto(updated);
}
