// GET /api/do-not-call/export.csv - the organization's whole do-not-call list as CSV, streamed
import { withUser } from "@/lib/api/handler";
import { dncExportStream } from "@/modules/do-not-call/lib/dnc-export";
import { dncReadLimit } from "@/modules/do-not-call/lib/limits";

export const GET = withUser(
  { permission: "doNotCall.export", rateLimit: dncReadLimit },
  async ({ session }) =>
    new Response(dncExportStream(session), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="do-not-call.csv"',
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    }),
);
