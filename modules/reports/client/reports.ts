import "client-only";
import { apiClient } from "@/lib/client/api-client";
import type { ReportKind } from "@/modules/reports/lib/exports";

/**
 * A report's CSV file for a range (Call Reports, Sales History). The range's ends carry the
 * browser's offset, so the file's range line and name read in the rep's own time.
 */
export function downloadReport(
  kind: ReportKind,
  range: { from: string; to: string; withTime: boolean },
) {
  return apiClient.download(`/api/reports/${kind}.csv`, {
    credential: "rep",
    query: { from: range.from, to: range.to, withTime: range.withTime ? 1 : 0 },
  });
}
