// GET /api/recordings/{id}/audio - the recording's audio, with Range requests (?download=1: as an attachment); audited
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { recordingReadLimit } from "@/modules/recordings/lib/limits";
import { streamRecording } from "@/modules/recordings/lib/playback";
import { recordingIdSchema } from "@/modules/recordings/lib/schemas";

export const GET = withUser(
  {
    permission: "recordings.own",
    params: z.object({ id: recordingIdSchema }),
    query: z.object({ download: z.enum(["0", "1"]).optional() }),
    rateLimit: recordingReadLimit,
  },
  async ({ session, params, query, req, ip }) =>
    streamRecording(session, params.id, {
      range: req.headers.get("range"),
      download: query.download === "1",
      ip,
    }),
);
