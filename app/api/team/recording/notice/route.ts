// GET /api/team/recording/notice - the organization's consent notice audio (every member: the dialer plays it)
// PUT /api/team/recording/notice - a manager uploads a new notice (the body is the audio: WebM, Ogg, MP3 or WAV)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { consentNoticeAudio, setConsentNotice } from "@/modules/recordings/lib/consent-notice";
import { recordingReadLimit, recordingWriteLimit } from "@/modules/recordings/lib/limits";
import { recordingSettingsSchema } from "@/modules/recordings/lib/schemas";
import { recordingSettingsOf } from "@/modules/recordings/lib/settings";
import { readVoicemailUpload } from "@/modules/voicemail/lib/read-upload";

export const GET = withUser(
  { permission: "recordings.own", rateLimit: recordingReadLimit },
  async ({ session }) => consentNoticeAudio(session.organizationId),
);

export const PUT = withUser(
  { permission: "organization.recording", rateLimit: recordingWriteLimit },
  async ({ session, req, ip }) => {
    const stored = await setConsentNotice(session.organizationId, await readVoicemailUpload(req));
    await recordAudit({
      actor: session.username,
      action: "organization.consent_notice",
      outcome: "success",
      target: session.organizationId,
      clientIp: ip,
      detail: stored,
      fold: false,
    });
    return respond(
      recordingSettingsSchema,
      await recordingSettingsOf(session.organizationId, session.role),
    );
  },
);
