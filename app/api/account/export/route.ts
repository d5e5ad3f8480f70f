// GET /api/account/export - the signed-in rep's own data (profile, calls, records) as a JSON file
import { exportAccountData } from "@/modules/account-security/lib/export-data";
import { accountExportSchema } from "@/modules/account-security/lib/export-schemas";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { recordAudit } from "@/lib/audit";

// A few a minute: each reads every call of the rep.
export const GET = withUser(
  { permission: "account.own", rateLimit: { name: "account.export", max: 5, windowSeconds: 60 } },
  async ({ session, ip }) => {
    const data = await exportAccountData(session);
    await recordAudit({
      actor: session.username,
      action: "account.export",
      target: session.username,
      outcome: "success",
      clientIp: ip,
      detail: { calls: data.calls.length, records: data.records.length },
    });
    const day = data.exportedAt.slice(0, 10);
    return respond(accountExportSchema, data, {
      headers: {
        "Content-Disposition": `attachment; filename="dialflow-export-${day}.json"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
