// GET /api/do-not-call/check?number= - may this number be dialed? (the dialer asks before a call)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { normaliseForOrg, onDncList } from "@/lib/dialing/do-not-call";
import { dialLimit } from "@/lib/dialing/limits";
import { dncCheckQuerySchema, dncCheckResponseSchema } from "@/lib/dialing/schemas";

export const GET = withUser(
  { query: dncCheckQuerySchema, rateLimit: dialLimit },
  async ({ session, query }) => {
    const number = await normaliseForOrg(session.organizationId, query.number);
    const doNotCall = number ? (await onDncList(session, [number])).has(number) : false;
    return respond(dncCheckResponseSchema, { number, doNotCall });
  },
);
