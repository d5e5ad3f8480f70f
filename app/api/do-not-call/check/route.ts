// GET /api/do-not-call/check?number= - may this number be dialed? (the dialer asks before a call)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { dialTargetsForOrg, invalidNumber, onDncList } from "@/modules/do-not-call/lib/do-not-call";
import { dialLimit } from "@/modules/power-dial/lib/limits";
import { dncCheckQuerySchema, dncCheckResponseSchema } from "@/modules/do-not-call/lib/schemas";

export const GET = withUser(
  { permission: "doNotCall.read", query: dncCheckQuerySchema, rateLimit: dialLimit },
  async ({ session, query }) => {
    const targets = await dialTargetsForOrg(session.organizationId, query.number);
    // What rings no number is refused, as the call record refuses it: an unreadable string must
    // never pass as "not listed".
    if (!targets[0]) throw invalidNumber(query.number);
    const listed = await onDncList(session, targets);
    const number = targets.find((n) => listed.has(n)) ?? targets[0];
    return respond(dncCheckResponseSchema, { number, doNotCall: listed.has(number) });
  },
);
