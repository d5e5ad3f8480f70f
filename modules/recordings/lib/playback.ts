import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { findRecording } from "./access";
import { baseMimeOf } from "./schemas";
import { chunkKey, recordingStore } from "./storage";
import { withWebmDuration } from "./webm-duration";

// GET /api/recordings/{id}/audio: the recording's chunks, in order, as one file. Range requests
// are answered from the chunks that cover them (each read with its own byte range), so seeking
// in a long call reads only what it needs. A recording still being uploaded (or whose tab closed)
// plays up to its first missing chunk.

type Part = { index: number; size: number; sha256: string; offset: number };

/** The chunks from 0 while they follow each other, with each one's offset in the file. */
function contiguous(chunks: { index: number; size: number; sha256: string }[]): Part[] {
  const parts: Part[] = [];
  let offset = 0;
  for (const [i, chunk] of chunks.entries()) {
    if (chunk.index !== i) break;
    parts.push({ ...chunk, offset });
    offset += chunk.size;
  }
  return parts;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against `size`; null: the whole file; "bad": unsatisfiable. */
export function parseRange(header: string | null, size: number) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return "bad" as const;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return "bad" as const;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return "bad" as const;
  return { start, end };
}

export async function streamRecording(
  session: UserSession,
  id: string,
  opts: { range: string | null; download: boolean; ip: string | null },
): Promise<Response> {
  const row = await findRecording(session, id);
  if (row.status === "deleted") {
    throw new ApiError("not_found", "This recording was deleted", { code: "recording_deleted" });
  }
  const db = await getDb();
  const parts = contiguous(
    await db.recordingChunk.findMany({
      where: { recordingId: id },
      select: { index: true, size: true, sha256: true },
      orderBy: { index: "asc" },
    }),
  );
  const size = parts.reduce((sum, p) => sum + p.size, 0);
  if (size === 0)
    throw new ApiError("not_found", "Nothing recorded yet", { code: "recording_empty" });
  const range = parseRange(opts.range, size);
  const type = baseMimeOf(row.mimeType) ?? "application/octet-stream";
  if (range === "bad") {
    return new Response(null, {
      status: 416,
      headers: { "Content-Range": `bytes */${size}`, "Cache-Control": "no-store" },
    });
  }
  // Every request that serves bytes is audited, whatever its range: a download resumed from byte
  // 1 is still a download. A player's seeks within one listening count on the first request's
  // row (same member, recording and action within the audit's 10-minute window).
  await recordAudit({
    actor: session.username,
    action: opts.download ? "recording.download" : "recording.play",
    outcome: "success",
    target: id,
    clientIp: opts.ip,
    detail: { callId: row.callId, organizationId: row.organizationId },
    repeatOf: `${session.userId}:${id}`,
  });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const store = await recordingStore();
  const wanted = parts.filter((p) => p.offset + p.size > start && p.offset <= end);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const part = wanted[next++];
      if (!part) return controller.close();
      const from = Math.max(start, part.offset) - part.offset;
      const to = Math.min(end, part.offset + part.size - 1) - part.offset;
      const key = chunkKey(row.organizationId, id, part.index, part.sha256);
      const bytes = await store.get(key, { start: from, end: to });
      if (!bytes || bytes.byteLength !== to - from + 1) {
        controller.error(new Error(`recording ${id} chunk ${part.index} is missing`));
        return;
      }
      controller.enqueue(bytes);
    },
  });
  const ext = type === "audio/ogg" ? "ogg" : "webm";
  const disposition = `${opts.download ? "attachment" : "inline"}; filename="call-recording-${id}.${ext}"`;
  // A whole WebM download gets the Duration MediaRecorder left out (the file is read whole: a
  // recording is at most RECORDING_MAX_BYTES). Playback keeps streaming the chunks as stored.
  if (opts.download && !range && type === "audio/webm" && row.durationMs) {
    const whole = new Uint8Array(size);
    for (const part of wanted) {
      const bytes = await store.get(chunkKey(row.organizationId, id, part.index, part.sha256));
      if (!bytes || bytes.byteLength !== part.size) {
        throw new Error(`recording ${id} chunk ${part.index} is missing`);
      }
      whole.set(bytes, part.offset);
    }
    const fixed = withWebmDuration(whole, row.durationMs);
    return new Response(Buffer.from(fixed), {
      status: 200,
      headers: {
        "Content-Type": type,
        "Content-Length": String(fixed.byteLength),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": disposition,
      },
    });
  }
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Length": String(end - start + 1),
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": disposition,
  };
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  return new Response(body, { status: range ? 206 : 200, headers });
}
