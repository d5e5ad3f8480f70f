// PUT /api/recordings/{id} - open a recording of the rep's call under a browser-made id (201), or find it (200)
// GET /api/recordings/{id} - what is stored of it (status and chunks), to resume an upload
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordingReadLimit, recordingWriteLimit } from "@/modules/recordings/lib/limits";
import {
  recordingIdSchema,
  recordingResponseSchema,
  recordingStateResponseSchema,
  startRecordingBodySchema,
} from "@/modules/recordings/lib/schemas";
import { recordingState, startRecording } from "@/modules/recordings/lib/upload";

const params = z.object({ id: recordingIdSchema });

export const PUT = withUser(
  {
    permission: "recordings.own",
    params,
    body: startRecordingBodySchema,
    rateLimit: recordingWriteLimit,
  },
  async ({ session, params, body }) => {
    const { created, recording } = await startRecording(session, params.id, body);
    return respond(recordingResponseSchema, { recording }, { status: created ? 201 : 200 });
  },
);

export const GET = withUser(
  { permission: "recordings.own", params, rateLimit: recordingReadLimit },
  async ({ session, params }) =>
    respond(recordingStateResponseSchema, await recordingState(session, params.id)),
);
