// PATCH /api/voicemails/{id} - rename the rep's message or make it the default ({ name?, isDefault? })
// DELETE /api/voicemails/{id} - delete it and its audio; answers the rep's remaining messages
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordingWriteLimit } from "@/modules/recordings/lib/limits";
import { deleteVoicemail, listVoicemails, updateVoicemail } from "@/modules/voicemail/lib/messages";
import {
  voicemailIdSchema,
  voicemailListSchema,
  voicemailPatchBodySchema,
  voicemailResponseSchema,
} from "@/modules/voicemail/lib/schemas";

const params = z.object({ id: voicemailIdSchema });

export const PATCH = withUser(
  {
    permission: "voicemail.own",
    params,
    body: voicemailPatchBodySchema,
    rateLimit: recordingWriteLimit,
  },
  async ({ session, params, body }) =>
    respond(voicemailResponseSchema, { message: await updateVoicemail(session, params.id, body) }),
);

export const DELETE = withUser(
  { permission: "voicemail.own", params, rateLimit: recordingWriteLimit },
  async ({ session, params }) => {
    await deleteVoicemail(session, params.id);
    return respond(voicemailListSchema, { messages: await listVoicemails(session) });
  },
);
