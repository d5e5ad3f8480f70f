import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { RecordingMode, RecordingSettings } from "./schemas";
import { recordingStoreConfigured } from "./storage";

/** An organization's recording settings, with what this deployment allows. */
export async function recordingSettingsOf(organizationId: string): Promise<RecordingSettings> {
  const db = await getDb();
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { recordingMode: true, recordingConsentRequired: true },
  });
  return {
    mode: org.recordingMode,
    consentRequired: org.recordingConsentRequired,
    available: recordingStoreConfigured(),
    retentionDays: env.RECORDING_RETENTION_DAYS,
  };
}

export async function setRecordingSettings(
  organizationId: string,
  body: { mode: RecordingMode; consentRequired: boolean },
) {
  const db = await getDb();
  await db.organization.update({
    where: { id: organizationId },
    data: { recordingMode: body.mode, recordingConsentRequired: body.consentRequired },
  });
  return recordingSettingsOf(organizationId);
}
