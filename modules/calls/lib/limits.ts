import "server-only";
import { env } from "@/lib/env";

/** The calls API's per-rep budgets (README configuration table). */
export const callsWriteLimit = {
  name: "calls-write",
  max: env.CALLS_WRITES_PER_MINUTE,
  windowSeconds: 60,
};
export const callsReadLimit = {
  name: "calls-read",
  max: env.CALLS_READS_PER_MINUTE,
  windowSeconds: 60,
};
export const reportExportLimit = {
  name: "report-export",
  max: env.REPORT_EXPORTS_PER_MINUTE,
  windowSeconds: 60,
};
