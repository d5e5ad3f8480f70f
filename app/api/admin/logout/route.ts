// POST /api/admin/logout - ends the console's session server-side and clears its cookie
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { clearSessionCookie, operatorCookie } from "@/lib/auth/cookies";
import { logoutResponseSchema } from "@/lib/auth/schemas";
import { revokeSession } from "@/lib/auth/sessions";

export const POST = withOperator({ beforeSecondFactor: true }, async ({ session, ip }) => {
  await revokeSession(session.sid);
  await recordAudit({
    actor: session.username,
    action: "admin.logout",
    target: session.username,
    outcome: "success",
    clientIp: ip,
  });
  const res = respond(logoutResponseSchema, { ok: true });
  clearSessionCookie(res, operatorCookie);
  return res;
});
