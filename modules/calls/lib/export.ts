import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb, type Db } from "@/lib/db/client";
import { Prisma, type CallOutcome as DbCallOutcome } from "@/lib/generated/prisma/client";
import { errorMessage, log } from "@/lib/log";
import { writeCsv, writeCsvRows, type CsvCell } from "@/modules/reports/lib/csv";
import { REPORT_HEADER, type ReportKind } from "@/modules/reports/lib/exports";
import { outcomeFromDb } from "./dto";
import { reportComment, type ReportRange } from "./report-range";

/** Rows read per query: big enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000;

type ExportRow = {
  id: string;
  username: string;
  startedAt: Date;
  talkSeconds: number | null;
  saleAmount: string | null;
  direction: string;
  outcome: DbCallOutcome | null;
  disposition: string | null;
  business: string | null;
  note: string | null;
  sipStatus: number | null;
  setupMs: number | null;
  averageMos: number | null;
  worstMos: number | null;
  worstJitterMs: number | null;
  worstLossFraction: number | null;
  detectionVerdict: string | null;
  automaticVoicemail: boolean | null;
  abandoned: boolean;
};

/** A figure rounded as the screens show it, or an empty cell. */
const fixed = (value: number | null, places: number): CsvCell =>
  value === null ? "" : Number(value.toFixed(places));

function rowOf(kind: ReportKind, call: ExportRow): CsvCell[] {
  const timestamp = call.startedAt.toISOString();
  if (kind === "sales-history") return [call.id, call.username, call.saleAmount ?? "", timestamp];
  return [
    call.id,
    call.username,
    call.talkSeconds ?? 0,
    timestamp,
    call.disposition ?? "",
    call.business ?? "",
    call.note ?? "",
    call.direction,
    call.outcome ? outcomeFromDb(call.outcome) : "",
    call.sipStatus ?? "",
    call.setupMs ?? "",
    fixed(call.averageMos, 2),
    fixed(call.worstMos, 2),
    fixed(call.worstJitterMs, 1),
    fixed(call.worstLossFraction === null ? null : call.worstLossFraction * 100, 1),
    call.detectionVerdict ?? "",
    call.automaticVoicemail === null ? "" : String(call.automaticVoicemail),
    call.abandoned ? "true" : "",
  ];
}

/**
 * One batch in (startedAt, id) order after the last row sent. Plain SQL: the row comparison
 * is an index condition (organization, startedAt, id), so every batch costs the same however
 * deep into the range it is, and the username comes with the row.
 */
async function readBatch(
  db: Db,
  session: UserSession,
  kind: ReportKind,
  range: ReportRange,
  after: { startedAt: Date; id: string } | null,
) {
  const sales = kind === "sales-history" ? Prisma.sql`AND c."disposition" = 'sale'` : Prisma.empty;
  const page = after
    ? Prisma.sql`AND (c."startedAt", c."id") > (${after.startedAt}::timestamp(3), ${after.id})`
    : Prisma.empty;
  return db.$queryRaw<ExportRow[]>`
    SELECT c."id", u."username", c."startedAt", c."talkSeconds", c."saleAmount"::text AS "saleAmount",
      c."direction"::text AS "direction", c."outcome", c."sipStatus",
      (EXTRACT(EPOCH FROM c."connectedAt" - c."startedAt") * 1000)::int AS "setupMs",
      c."averageMos", c."worstMos", c."worstJitterMs", c."worstLossFraction",
      c."detectionVerdict"::text AS "detectionVerdict", c."automaticVoicemail",
      c."abandonedAt" IS NOT NULL AS "abandoned",
      c."disposition"::text AS "disposition", a."name" AS "business", c."note"
    FROM "Call" c JOIN "User" u ON u."id" = c."userId"
    LEFT JOIN "Account" a ON a."organizationId" = c."organizationId" AND a."placeId" = c."placeId"
    WHERE c."organizationId" = ${session.organizationId}::uuid
      AND c."startedAt" >= ${range.start}::timestamp(3) AND c."startedAt" <= ${range.end}::timestamp(3)
      ${sales} ${page}
    ORDER BY c."startedAt", c."id"
    LIMIT ${EXPORT_BATCH}`;
}

/**
 * Call Reports (every team call started in the range) or Sales History (the sales among them)
 * as a CSV stream: the byte-order mark, the range comment and the header first, then the rows
 * oldest first. Rows are read in keyset batches only when the reader asks for more (pull), so
 * a slow download holds at most one batch in memory and never the whole table.
 */
export function reportStream(
  session: UserSession,
  kind: ReportKind,
  range: ReportRange,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { startedAt: Date; id: string } | null = null;
  let cancelled = false;

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const head = writeCsv({
          comment: reportComment(kind, range),
          header: REPORT_HEADER[kind],
          rows: [],
        });
        controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        try {
          const rows = await readBatch(await getDb(), session, kind, range, after);
          if (cancelled) return;
          if (rows.length) {
            controller.enqueue(encoder.encode(writeCsvRows(rows.map((r) => rowOf(kind, r)))));
          }
          const last = rows.at(-1);
          if (rows.length < EXPORT_BATCH || !last) controller.close();
          else after = { startedAt: new Date(last.startedAt), id: last.id };
        } catch (err) {
          // The header is already sent: the download ends early rather than with an error page.
          log.error("report export failed", { kind, error: errorMessage(err) });
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
