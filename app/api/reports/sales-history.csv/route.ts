// GET /api/reports/sales-history.csv?from=&to=&withTime= - the team's sales in the range, streamed as CSV
import { withUser } from "@/lib/api/handler";
import { reportExportLimit } from "@/lib/calls/limits";
import { reportResponse } from "@/lib/calls/report-response";
import { reportQuerySchema } from "@/lib/calls/schemas";

export const GET = withUser(
  { permission: "calls.work", query: reportQuerySchema, rateLimit: reportExportLimit },
  async ({ session, query }) => reportResponse(session, "sales-history", query),
);
