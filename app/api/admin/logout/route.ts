// POST /api/admin/logout - ends the console's session server-side and clears its cookie
import { NextResponse } from "next/server";
import { withOperator } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { clearSessionCookie, operatorCookie } from "@/lib/auth/cookies";
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
  const res = NextResponse.json({ ok: true }, { headers: noStore });
  clearSessionCookie(res, operatorCookie);
  return res;
});
