import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import type { OperatorSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { readVoicemailUpload } from "@/modules/voicemail/lib/read-upload";
import { setConsentNotice } from "./consent-notice";
import { recordingOverview } from "./retention";
import type { RecordingMode } from "./schemas";
import { setRecordingSettings } from "./settings";

// The console's Call recordings panel: an operator sets any organization's recording mode or
// uploads its consent notice, as its managers can in Settings; audited with the operator's name.
// Each answers the panel's whole overview.

type Operator = { session: OperatorSession; ip: string | null };

/** The organization's id; an unknown one is 404, before the request's body is read. */
async function existingOrganization(organizationId: string) {
  const db = await getDb();
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { id: true },
  });
  if (!org) throw new ApiError("not_found", "Organization not found");
  return org.id;
}

/** PUT /api/admin/recordings/{organizationId}: { mode, consentRequired }. */
export async function setOrganizationRecording(
  { session, ip }: Operator,
  organizationId: string,
  body: { mode: RecordingMode; consentRequired: boolean },
) {
  const id = await existingOrganization(organizationId);
  await setRecordingSettings(id, "manager", body);
  await recordAudit({
    actor: session.username,
    action: "organization.recording",
    outcome: "success",
    target: id,
    clientIp: ip,
    detail: body,
    fold: false,
  });
  return recordingOverview();
}

/** PUT /api/admin/recordings/{organizationId}/notice: the request's body is the audio. */
export async function setOrganizationConsentNotice(
  { session, ip }: Operator,
  organizationId: string,
  req: Request,
) {
  const id = await existingOrganization(organizationId);
  const stored = await setConsentNotice(id, await readVoicemailUpload(req));
  await recordAudit({
    actor: session.username,
    action: "organization.consent_notice",
    outcome: "success",
    target: id,
    clientIp: ip,
    detail: stored,
    fold: false,
  });
  return recordingOverview();
}
