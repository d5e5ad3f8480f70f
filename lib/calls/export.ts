import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { errorMessage, log } from "@/lib/log";
import { writeCsv, writeCsvRows, type CsvCell } from "@/lib/reports/csv";
import { REPORT_HEADER, type ReportKind } from "@/lib/reports/exports";
import { reportComment, type ReportRange } from "./report-range";
import { teamCalls } from "./scope";

/** Rows read per query: big enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000;

const exportSelect = {
  id: true,
  userId: true,
  startedAt: true,
  talkSeconds: true,
  saleAmount: true,
} satisfies Prisma.CallSelect;
type ExportRow = Prisma.CallGetPayload<{ select: typeof exportSelect }>;

function rowOf(kind: ReportKind, call: ExportRow, agent: string): CsvCell[] {
  const timestamp = call.startedAt.toISOString();
  return kind === "sales-history"
    ? [call.id, agent, call.saleAmount?.toFixed(2) ?? "", timestamp]
    : [call.id, agent, call.talkSeconds ?? 0, timestamp];
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
  const where: Prisma.CallWhereInput[] = [
    teamCalls(session),
    { startedAt: { gte: range.start, lte: range.end } },
  ];
  if (kind === "sales-history") where.push({ disposition: "sale" });
  const agents = new Map<string, string>();
  let after: { startedAt: Date; id: string } | null = null;
  let cancelled = false;

  async function usernames(db: Awaited<ReturnType<typeof getDb>>, rows: ExportRow[]) {
    const missing = [...new Set(rows.map((r) => r.userId))].filter((id) => !agents.has(id));
    if (!missing.length) return;
    const users = await db.user.findMany({
      where: { id: { in: missing }, organizationId: session.organizationId },
      select: { id: true, username: true },
    });
    for (const u of users) agents.set(u.id, u.username);
  }

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
          const db = await getDb();
          const page: Prisma.CallWhereInput[] = after
            ? [
                { startedAt: { gte: after.startedAt } },
                { OR: [{ startedAt: { gt: after.startedAt } }, { id: { gt: after.id } }] },
              ]
            : [];
          const rows = await db.call.findMany({
            where: { AND: [...where, ...page] },
            orderBy: [{ startedAt: "asc" }, { id: "asc" }],
            take: EXPORT_BATCH,
            select: exportSelect,
          });
          if (cancelled) return;
          await usernames(db, rows);
          if (rows.length) {
            const csv = writeCsvRows(rows.map((r) => rowOf(kind, r, agents.get(r.userId) ?? "")));
            controller.enqueue(encoder.encode(csv));
          }
          const last = rows.at(-1);
          if (rows.length < EXPORT_BATCH || !last) controller.close();
          else after = { startedAt: last.startedAt, id: last.id };
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
