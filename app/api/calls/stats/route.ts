// POST /api/calls/stats - the team's Dial Count per place on screen and today's dials, talk time, conversations
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { callStatsBodySchema, callStatsResponseSchema } from "@/modules/calls/lib/schemas";
import { callStats } from "@/modules/calls/lib/stats";

export const POST = withUser(
  { permission: "calls.work", body: callStatsBodySchema, rateLimit: callsReadLimit },
  async ({ session, body }) => respond(callStatsResponseSchema, await callStats(session, body)),
);
