import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import type { RecordingOverview } from "./schemas";
import { recordingPrefix, recordingStore } from "./storage";

const dayMs = 24 * 3_600_000;

/**
 * Deletes the audio of recordings older than RECORDING_RETENTION_DAYS (at most `limit`): the
 * objects first, then the row is marked deleted and its chunks dropped, so the Call Log says the
 * recording existed and was deleted. A failed delete leaves the row for the next run.
 */
export async function pruneRecordings(now = new Date(), limit = 500): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - env.RECORDING_RETENTION_DAYS * dayMs);
  const old = await db.recording.findMany({
    where: { status: { not: "deleted" }, startedAt: { lt: cutoff } },
    select: { id: true, organizationId: true },
    orderBy: { startedAt: "asc" },
    take: limit,
  });
  if (!old.length) return 0;
  let store: Awaited<ReturnType<typeof recordingStore>>;
  try {
    store = await recordingStore();
  } catch (err) {
    log.warn("recording retention: no store", { error: errorMessage(err) });
    return 0;
  }
  let deleted = 0;
  for (const row of old) {
    try {
      await store.deletePrefix(recordingPrefix(row.organizationId, row.id));
      await db.$transaction([
        db.recordingChunk.deleteMany({ where: { recordingId: row.id } }),
        db.recording.update({
          where: { id: row.id },
          data: { status: "deleted", deletedAt: now, deletedReason: "retention" },
        }),
      ]);
      deleted++;
    } catch (err) {
      log.warn("recording retention failed", { recording: row.id, error: errorMessage(err) });
    }
  }
  return deleted;
}

/** What the console shows: bytes and recordings kept, and each organization's mode and use. */
export async function recordingOverview(): Promise<RecordingOverview> {
  const db = await getDb();
  const [kept, deleted, organizations, perOrg] = await Promise.all([
    db.recording.aggregate({
      where: { status: { not: "deleted" } },
      _sum: { bytes: true },
      _count: { _all: true },
    }),
    db.recording.count({ where: { status: "deleted" } }),
    db.organization.findMany({
      select: {
        id: true,
        name: true,
        recordingMode: true,
        recordingConsentRequired: true,
        consentNoticeSha256: true,
      },
      orderBy: { name: "asc" },
    }),
    db.recording.groupBy({
      by: ["organizationId"],
      where: { status: { not: "deleted" } },
      _sum: { bytes: true },
    }),
  ]);
  const bytesOf = new Map(perOrg.map((r) => [r.organizationId, r._sum.bytes ?? 0]));
  return {
    store: env.RECORDING_S3_BUCKET ? "s3" : "local",
    bytes: kept._sum.bytes ?? 0,
    recordings: kept._count._all,
    deleted,
    retentionDays: env.RECORDING_RETENTION_DAYS,
    quotaBytes: env.RECORDING_ORG_QUOTA_BYTES,
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      mode: o.recordingMode,
      consentRequired: o.recordingConsentRequired,
      consentNotice: o.consentNoticeSha256 !== null,
      bytes: bytesOf.get(o.id) ?? 0,
    })),
  };
}
