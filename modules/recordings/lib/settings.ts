import "server-only";
import { can, type MemberRole } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { RecordingMode, RecordingSettings } from "./schemas";

/** An organization's recording settings, with what this deployment allows. */
export async function recordingSettingsOf(
  organizationId: string,
  role: MemberRole = "rep",
): Promise<RecordingSettings> {
  const db = await getDb();
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { recordingMode: true, recordingConsentRequired: true, consentNoticeSha256: true },
  });
  return {
    mode: org.recordingMode,
    consentRequired: org.recordingConsentRequired,
    retentionDays: env.RECORDING_RETENTION_DAYS,
    hearsTeam: can(role, "recordings.team"),
    consentNotice: org.consentNoticeSha256 !== null,
  };
}

export async function setRecordingSettings(
  organizationId: string,
  role: MemberRole,
  body: { mode: RecordingMode; consentRequired: boolean },
) {
  const db = await getDb();
  await db.organization.update({
    where: { id: organizationId },
    data: { recordingMode: body.mode, recordingConsentRequired: body.consentRequired },
  });
  return recordingSettingsOf(organizationId, role);
}
