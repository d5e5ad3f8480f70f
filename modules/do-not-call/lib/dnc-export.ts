import "server-only";
import { getDb } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { writeCsv, writeCsvRows } from "@/modules/reports/lib/csv";
import { DNC_CSV_HEADER, dncCsvRow } from "./dnc-csv";

/** Entries read per query: few round trips, and memory stays flat however long the list is. */
export const DNC_EXPORT_BATCH = 1000;

/**
 * The whole list as a CSV stream: the byte-order mark and header first, then every entry in
 * number order, read in keyset batches on the (organizationId, number) unique index only when the
 * reader asks for more, so a list of any length comes out whole without being held in memory.
 */
export function dncExportStream({ organizationId }: { organizationId: string }) {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let cancelled = false;

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(writeCsv({ header: DNC_CSV_HEADER, rows: [] })));
      },
      async pull(controller) {
        try {
          const db = await getDb();
          const rows = await db.doNotCallNumber.findMany({
            where: { organizationId, ...(after === null ? {} : { number: { gt: after } }) },
            orderBy: { number: "asc" },
            take: DNC_EXPORT_BATCH,
            select: { number: true, note: true, addedBy: true, createdAt: true },
          });
          if (cancelled) return;
          if (rows.length) {
            const entries = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
            controller.enqueue(encoder.encode(writeCsvRows(entries.map(dncCsvRow))));
          }
          const last = rows.at(-1);
          if (rows.length < DNC_EXPORT_BATCH || !last) controller.close();
          else after = last.number;
        } catch (err) {
          // The header is already sent: the download ends early rather than with an error page.
          log.error("do-not-call export failed", { error: errorMessage(err) });
          controller.error(new Error("export failed"));
        }
      },
      cancel() {
        cancelled = true;
      },
    },
    // One batch waits at most: the next query runs only once the reader has taken the last one.
    { highWaterMark: 1 },
  );
}
