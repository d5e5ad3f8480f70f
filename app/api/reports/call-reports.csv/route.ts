// GET /api/reports/call-reports.csv?from=&to=&withTime= - the team's calls in the range, streamed as CSV
import { withUser } from "@/lib/api/handler";
import { reportExportLimit } from "@/modules/calls/lib/limits";
import { reportResponse } from "@/modules/calls/lib/report-response";
import { reportQuerySchema } from "@/modules/calls/lib/schemas";

export const GET = withUser(
  { permission: "calls.work", query: reportQuerySchema, rateLimit: reportExportLimit },
  async ({ session, query }) => reportResponse(session, "call-reports", query),
);
