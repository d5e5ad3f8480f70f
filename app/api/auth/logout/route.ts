// POST /api/auth/logout - revoke the caller's session server-side and clear its cookie
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";
import { clearSessionCookie, sessionCookie } from "@/lib/auth/cookies";
import { logoutResponseSchema } from "@/lib/auth/schemas";
import { revokeSession } from "@/lib/auth/sessions";

// The cookie fallback lets a tab whose local storage was cleared still end its session.
export const POST = withUser(
  { permission: "account.own", cookieFallback: true },
  async ({ session, ip }) => {
    await revokeSession(session.sid);
    await recordAudit({
      actor: session.username,
      action: "auth.logout",
      target: session.username,
      outcome: "success",
      clientIp: ip,
    });
    const res = respond(logoutResponseSchema, { ok: true });
    clearSessionCookie(res, sessionCookie);
    return res;
  },
);
