// GET /api/team/recording - the organization's recording mode (every member: the dialer follows it)
// PUT /api/team/recording - a manager sets it ({ mode, consentRequired })
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { recordingReadLimit, recordingWriteLimit } from "@/modules/recordings/lib/limits";
import {
  recordingSettingsBodySchema,
  recordingSettingsSchema,
} from "@/modules/recordings/lib/schemas";
import { recordingSettingsOf, setRecordingSettings } from "@/modules/recordings/lib/settings";

export const GET = withUser(
  { permission: "recordings.own", rateLimit: recordingReadLimit },
  async ({ session }) =>
    respond(
      recordingSettingsSchema,
      await recordingSettingsOf(session.organizationId, session.role),
    ),
);

export const PUT = withUser(
  {
    permission: "organization.recording",
    body: recordingSettingsBodySchema,
    rateLimit: recordingWriteLimit,
  },
  async ({ session, body, ip }) => {
    const settings = await setRecordingSettings(session.organizationId, session.role, body);
    await recordAudit({
      actor: session.username,
      action: "organization.recording",
      outcome: "success",
      target: session.organizationId,
      clientIp: ip,
      detail: body,
      fold: false,
    });
    return respond(recordingSettingsSchema, settings);
  },
);
