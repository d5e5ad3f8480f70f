// GET /api/reports/sales-history.csv?from=&to=&withTime= - the team's sales in the range, streamed as CSV
import { withUser } from "@/lib/api/handler";
import { reportExportLimit } from "@/modules/calls/lib/limits";
import { reportResponse } from "@/modules/calls/lib/report-response";
import { reportQuerySchema } from "@/modules/calls/lib/schemas";

export const GET = withUser(
  { permission: "calls.work", query: reportQuerySchema, rateLimit: reportExportLimit },
  async ({ session, query }) => reportResponse(session, "sales-history", query),
);
