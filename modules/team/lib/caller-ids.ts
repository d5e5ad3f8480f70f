import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit";
import type { UserSession } from "@/lib/auth/sessions";
import type { TelephonyOrganization } from "@/modules/telephony/lib/schemas";

// A manager keeps their own organization's caller-ID pool with the functions the
// console uses (modules/telephony/lib/caller-ids.ts), always with the manager's organization: another
// team's numbers are not found. The answer holds the pool only, never the line's settings.

export const teamCallerIdParamsSchema = z.object({ callerIdId: z.uuid() });
export const poolOf = (organization: TelephonyOrganization) => ({
  callerIds: organization.callerIds,
});

export function auditCallerId(
  session: UserSession,
  ip: string | null,
  action: string,
  detail: Record<string, string | boolean | null>,
) {
  return recordAudit({
    actor: session.username,
    action,
    target: session.organizationId,
    outcome: "success",
    clientIp: ip,
    detail: { ...detail, by: "manager" },
    fold: false,
  });
}
