// PUT /api/recordings/{id}/chunks/{index} - store chunk n of the rep's recording (raw bytes; once, never replaced)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordingWriteLimit } from "@/modules/recordings/lib/limits";
import { readChunkBody } from "@/modules/recordings/lib/read-chunk";
import {
  chunkIndexSchema,
  chunkResponseSchema,
  recordingIdSchema,
} from "@/modules/recordings/lib/schemas";
import { putChunk } from "@/modules/recordings/lib/upload";

export const PUT = withUser(
  {
    permission: "recordings.own",
    params: z.object({ id: recordingIdSchema, index: chunkIndexSchema }),
    rateLimit: recordingWriteLimit,
  },
  async ({ session, params, req }) => {
    const bytes = await readChunkBody(req);
    const sha = req.headers.get("x-chunk-sha256");
    const result = await putChunk(session, params.id, params.index, bytes, sha);
    return respond(chunkResponseSchema, result, { status: result.stored ? 201 : 200 });
  },
);
