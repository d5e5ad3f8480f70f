import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { callSelect, callDtos } from "./dto";
import type { CallListResponse, callListQuerySchema } from "./schemas";
import { myCalls, teamCalls } from "./scope";

/**
 * Keyset pagination, newest first: the cursor is the (startedAt, id) of the last call shown,
 * so a page costs the same at any depth and calls recorded meanwhile never shift a page.
 * Opaque to the browser (base64url JSON).
 */
const cursorSchema = z.tuple([z.iso.datetime(), z.string().min(1).max(64)]);

export function encodeCursor(call: { startedAt: Date; id: string }) {
  return Buffer.from(JSON.stringify([call.startedAt.toISOString(), call.id])).toString("base64url");
}

export function decodeCursor(cursor: string): { startedAt: Date; id: string } {
  try {
    const [startedAt, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")),
    );
    return { startedAt: new Date(startedAt), id };
  } catch {
    throw new ApiError("validation", "cursor: Invalid cursor", {
      details: { fields: { cursor: "Invalid cursor" } },
    });
  }
}

/** Calls after the cursor in (startedAt desc, id desc) order; the startedAt bound uses the index. */
export function afterCursor(cursor: { startedAt: Date; id: string }): Prisma.CallWhereInput {
  return {
    startedAt: { lte: cursor.startedAt },
    OR: [{ startedAt: { lt: cursor.startedAt } }, { id: { lt: cursor.id } }],
  };
}

/** GET /api/calls: one page of the rep's (or the team's) calls. */
export async function listCalls(
  session: UserSession,
  query: z.output<typeof callListQuerySchema>,
): Promise<CallListResponse> {
  const db = await getDb();
  const where: Prisma.CallWhereInput[] = [
    query.scope === "team" ? teamCalls(session) : myCalls(session),
  ];
  if (query.from) where.push({ startedAt: { gte: new Date(query.from) } });
  if (query.to) where.push({ startedAt: { lt: new Date(query.to) } });
  if (query.disposition) {
    where.push({ disposition: query.disposition === "undisposed" ? null : query.disposition });
  }
  if (query.cursor) where.push(afterCursor(decodeCursor(query.cursor)));
  const rows = await db.call.findMany({
    where: { AND: where },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: { ...callSelect, startedAt: true },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    calls: await callDtos(session.organizationId, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
