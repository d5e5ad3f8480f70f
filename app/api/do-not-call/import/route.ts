// POST /api/do-not-call/import - add every number of a CSV file ({ csv }); bad lines are reported
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { publishTeamChange } from "@/lib/live/bus";
import { importDnc } from "@/modules/do-not-call/lib/do-not-call";
import { dncWriteLimit } from "@/modules/do-not-call/lib/limits";
import { dncImportBodySchema, dncImportResponseSchema } from "@/modules/do-not-call/lib/schemas";

export const POST = withUser(
  { permission: "doNotCall.import", body: dncImportBodySchema, rateLimit: dncWriteLimit },
  async ({ session, body }) => {
    const result = await importDnc(session, session.username, body.csv);
    await publishTeamChange(session.organizationId, { topic: "do-not-call", by: session.userId });
    return respond(dncImportResponseSchema, result);
  },
);
