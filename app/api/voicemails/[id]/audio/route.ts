// GET /api/voicemails/{id}/audio - the rep's message's audio (to preview it, and for the dialer to drop it)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { recordingReadLimit } from "@/modules/recordings/lib/limits";
import { voicemailAudio } from "@/modules/voicemail/lib/messages";
import { voicemailIdSchema } from "@/modules/voicemail/lib/schemas";

export const GET = withUser(
  {
    permission: "voicemail.own",
    params: z.object({ id: voicemailIdSchema }),
    rateLimit: recordingReadLimit,
  },
  async ({ session, params }) => voicemailAudio(session, params.id),
);
