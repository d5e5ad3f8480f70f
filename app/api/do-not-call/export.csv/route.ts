// GET /api/do-not-call/export.csv - the organization's do-not-call list as CSV
import { withUser } from "@/lib/api/handler";
import { exportDnc } from "@/lib/dialing/do-not-call";
import { dncReadLimit } from "@/lib/dialing/limits";

export const GET = withUser({ rateLimit: dncReadLimit }, async ({ session }) => {
  return new Response(await exportDnc(session), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="do-not-call.csv"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
