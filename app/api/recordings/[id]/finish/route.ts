// POST /api/recordings/{id}/finish - close the rep's recording once every chunk is stored ({ chunkCount, durationMs })
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordingWriteLimit } from "@/modules/recordings/lib/limits";
import {
  finishRecordingBodySchema,
  recordingIdSchema,
  recordingResponseSchema,
} from "@/modules/recordings/lib/schemas";
import { finishRecording } from "@/modules/recordings/lib/upload";

export const POST = withUser(
  {
    permission: "recordings.own",
    params: z.object({ id: recordingIdSchema }),
    body: finishRecordingBodySchema,
    rateLimit: recordingWriteLimit,
  },
  async ({ session, params, body }) =>
    respond(recordingResponseSchema, {
      recording: await finishRecording(session, params.id, body),
    }),
);
