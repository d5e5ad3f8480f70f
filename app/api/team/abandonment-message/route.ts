// GET /api/team/abandonment-message - whether the team has an abandonment message, its type and size (every member)
// PUT /api/team/abandonment-message - a manager uploads or replaces it (the body is the audio: WebM, Ogg, MP3 or WAV)
// DELETE /api/team/abandonment-message - a manager deletes it
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import {
  abandonmentMessageOf,
  deleteAbandonmentMessage,
  setAbandonmentMessage,
} from "@/modules/power-dial/lib/abandon-message";
import { abandonmentMessageResponseSchema } from "@/modules/power-dial/lib/schemas";
import { recordingReadLimit, recordingWriteLimit } from "@/modules/recordings/lib/limits";
import { readVoicemailUpload } from "@/modules/voicemail/lib/read-upload";

export const GET = withUser(
  { permission: "dialing.use", rateLimit: recordingReadLimit },
  async ({ session }) =>
    respond(abandonmentMessageResponseSchema, {
      message: await abandonmentMessageOf(session.organizationId),
    }),
);

export const PUT = withUser(
  { permission: "organization.dialing", rateLimit: recordingWriteLimit },
  async ({ session, req, ip }) => {
    const message = await setAbandonmentMessage(
      session.organizationId,
      await readVoicemailUpload(req),
    );
    await recordAudit({
      actor: session.username,
      action: "organization.abandonment_message",
      outcome: "success",
      target: session.organizationId,
      clientIp: ip,
      detail: { bytes: message.bytes, sha256: message.sha256 },
      fold: false,
    });
    return respond(abandonmentMessageResponseSchema, { message });
  },
);

export const DELETE = withUser(
  { permission: "organization.dialing", rateLimit: recordingWriteLimit },
  async ({ session, ip }) => {
    const deleted = await deleteAbandonmentMessage(session.organizationId);
    await recordAudit({
      actor: session.username,
      action: "organization.abandonment_message_deleted",
      outcome: "success",
      target: session.organizationId,
      clientIp: ip,
      detail: { sha256: deleted.sha256 },
      fold: false,
    });
    return respond(abandonmentMessageResponseSchema, { message: null });
  },
);
