// GET /api/team/dialing-rules - parallel dialing's rules, the rates, the message and the monitoring policy (every member)
// PUT /api/team/dialing-rules - a manager sets the rules ({ country, capPercent, noRedialHours, minRingSeconds, announceMonitoring? })
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { announceMonitoringOf } from "@/modules/floor/lib/monitor";
import { abandonmentMessageOf } from "@/modules/power-dial/lib/abandon-message";
import { abandonmentOf, setDialingRules } from "@/modules/power-dial/lib/abandonment";
import { dialLimit } from "@/modules/power-dial/lib/limits";
import {
  dialingRulesBodySchema,
  dialingRulesResponseSchema,
} from "@/modules/power-dial/lib/schemas";

const answer = async (organizationId: string) =>
  respond(dialingRulesResponseSchema, {
    ...(await abandonmentOf(organizationId)),
    message: await abandonmentMessageOf(organizationId),
    announceMonitoring: await announceMonitoringOf(organizationId),
  });

export const GET = withUser(
  { permission: "dialing.use", rateLimit: dialLimit },
  async ({ session }) => answer(session.organizationId),
);

export const PUT = withUser(
  { permission: "organization.dialing", body: dialingRulesBodySchema, rateLimit: dialLimit },
  async ({ session, body, ip }) => {
    await setDialingRules(session.organizationId, body);
    await recordAudit({
      actor: session.username,
      action: "organization.dialing_rules",
      outcome: "success",
      target: session.organizationId,
      clientIp: ip,
      detail: body,
      fold: false,
    });
    return answer(session.organizationId);
  },
);
