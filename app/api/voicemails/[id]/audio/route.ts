// GET /api/voicemails/{id}/audio - the rep's message's audio (to preview it, and for the dialer to drop it)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { recordingReadLimit } from "@/lib/recordings/limits";
import { voicemailAudio } from "@/lib/voicemail/messages";
import { voicemailIdSchema } from "@/lib/voicemail/schemas";

export const GET = withUser(
  {
    permission: "voicemail.own",
    params: z.object({ id: voicemailIdSchema }),
    rateLimit: recordingReadLimit,
  },
  async ({ session, params }) => voicemailAudio(session, params.id),
);
