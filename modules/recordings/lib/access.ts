import "server-only";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { RecordingDto } from "./schemas";

export const recordingNotFound = () => new ApiError("not_found", "Recording not found");

export const recordingSelect = {
  id: true,
  callId: true,
  organizationId: true,
  userId: true,
  status: true,
  mimeType: true,
  bytes: true,
  chunkCount: true,
  durationMs: true,
  startedAt: true,
  deletedAt: true,
} as const;

export type RecordingRow = {
  id: string;
  callId: string;
  organizationId: string;
  userId: string;
  status: RecordingDto["status"];
  mimeType: string;
  bytes: number;
  chunkCount: number;
  durationMs: number | null;
  startedAt: Date;
  deletedAt: Date | null;
};

/** Whether this member may hear a recording: the rep who made the call, or the team's managers. */
export function mayHear(
  session: Pick<UserSession, "userId" | "organizationId" | "role">,
  row: Pick<RecordingRow, "userId" | "organizationId">,
) {
  if (row.organizationId !== session.organizationId) return false;
  return row.userId === session.userId || can(session.role, "recordings.team");
}

/**
 * A recording this member may hear, else 404 (never 403: another team's or another rep's
 * recording is not there for them at all). `own`: only the rep who records it (uploads).
 */
export async function findRecording(
  session: UserSession,
  id: string,
  { own = false } = {},
): Promise<RecordingRow> {
  const db = await getDb();
  const row = await db.recording.findUnique({ where: { id }, select: recordingSelect });
  if (!row) throw recordingNotFound();
  const allowed = own
    ? row.organizationId === session.organizationId && row.userId === session.userId
    : mayHear(session, row);
  if (!allowed) throw recordingNotFound();
  return row;
}

export function toRecordingDto(row: RecordingRow): RecordingDto {
  return {
    id: row.id,
    callId: row.callId,
    status: row.status,
    mimeType: row.mimeType,
    bytes: row.bytes,
    chunkCount: row.chunkCount,
    durationMs: row.durationMs,
    startedAt: row.startedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}
