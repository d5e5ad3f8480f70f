// GET /api/do-not-call?cursor=&limit= - one page of the organization's do-not-call list, newest first
// POST /api/do-not-call - add a number (normalised to E.164; adding it again changes nothing)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { publishTeamChange } from "@/lib/live/bus";
import { addDnc, listDnc } from "@/modules/do-not-call/lib/do-not-call";
import { dncReadLimit, dncWriteLimit } from "@/modules/do-not-call/lib/limits";
import {
  dncAddBodySchema,
  dncAddResponseSchema,
  dncListQuerySchema,
  dncListResponseSchema,
} from "@/modules/do-not-call/lib/schemas";

export const GET = withUser(
  { permission: "doNotCall.read", query: dncListQuerySchema, rateLimit: dncReadLimit },
  async ({ session, query }) => respond(dncListResponseSchema, await listDnc(session, query)),
);

export const POST = withUser(
  { permission: "doNotCall.add", body: dncAddBodySchema, rateLimit: dncWriteLimit },
  async ({ session, body }) => {
    const result = await addDnc(session, session.username, body.number, body.note ?? null);
    await publishTeamChange(session.organizationId, { topic: "do-not-call", by: session.userId });
    return respond(dncAddResponseSchema, result, { status: result.created ? 201 : 200 });
  },
);
