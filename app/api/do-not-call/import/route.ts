// POST /api/do-not-call/import - add every number of a CSV file ({ csv }); bad lines are reported
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { importDnc } from "@/lib/dialing/do-not-call";
import { dncWriteLimit } from "@/lib/dialing/limits";
import { dncImportBodySchema, dncImportResponseSchema } from "@/lib/dialing/schemas";

export const POST = withUser(
  { permission: "doNotCall.import", body: dncImportBodySchema, rateLimit: dncWriteLimit },
  async ({ session, body }) =>
    respond(dncImportResponseSchema, await importDnc(session, session.username, body.csv)),
);
