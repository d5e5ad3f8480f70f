import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import type { ReportKind } from "@/modules/reports/lib/exports";
import { reportStream } from "./export";
import { reportFileNameAt, reportRange } from "./report-range";
import type { reportQuerySchema } from "./schemas";
import type { z } from "zod";

/** The streamed download of a report: CSV, saved under the client export's file name. */
export function reportResponse(
  session: UserSession,
  kind: ReportKind,
  query: z.output<typeof reportQuerySchema>,
) {
  const range = reportRange(query.from, query.to);
  const fileName = reportFileNameAt(kind, range, query.withTime);
  return new Response(reportStream(session, kind, range), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
