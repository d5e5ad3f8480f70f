// GET /api/voicemails - the rep's voicemail messages (newest first)
// POST /api/voicemails?name=…&durationMs=… - store a new message (the body is the audio: WebM, Ogg, MP3 or WAV)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordingReadLimit, recordingWriteLimit } from "@/modules/recordings/lib/limits";
import { createVoicemail, listVoicemails } from "@/modules/voicemail/lib/messages";
import { readVoicemailUpload } from "@/modules/voicemail/lib/read-upload";
import {
  voicemailListSchema,
  voicemailResponseSchema,
  voicemailUploadQuerySchema,
} from "@/modules/voicemail/lib/schemas";

export const GET = withUser(
  { permission: "voicemail.own", rateLimit: recordingReadLimit },
  async ({ session }) => respond(voicemailListSchema, { messages: await listVoicemails(session) }),
);

export const POST = withUser(
  {
    permission: "voicemail.own",
    query: voicemailUploadQuerySchema,
    rateLimit: recordingWriteLimit,
  },
  async ({ session, query, req }) => {
    const { mime, bytes } = await readVoicemailUpload(req);
    const message = await createVoicemail(session, {
      name: query.name,
      mime,
      bytes,
      durationMs: query.durationMs,
    });
    return respond(voicemailResponseSchema, { message }, { status: 201 });
  },
);
