import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { V1Record, v1RecordListQuerySchema } from "./schemas";

// GET /api/v1/records: the team's account records (modules/records/lib/accounts.ts), keyset-paged by
// (updatedAt, placeId) newest first, so records changed meanwhile never shift a page.

const cursorSchema = z.tuple([z.iso.datetime(), z.string().min(1).max(256)]);

const encode = (r: { updatedAt: Date; placeId: string }) =>
  Buffer.from(JSON.stringify([r.updatedAt.toISOString(), r.placeId])).toString("base64url");

function decode(cursor: string) {
  try {
    const [at, placeId] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")),
    );
    return { updatedAt: new Date(at), placeId };
  } catch {
    throw new ApiError("validation", "cursor: Invalid cursor", {
      details: { fields: { cursor: "Invalid cursor" } },
    });
  }
}

export async function listRecords(
  organizationId: string,
  query: z.output<typeof v1RecordListQuerySchema>,
): Promise<{ records: V1Record[]; nextCursor: string | null }> {
  const db = await getDb();
  const where: Prisma.AccountWhereInput = { organizationId };
  if (query.cursor) {
    const after = decode(query.cursor);
    where.updatedAt = { lte: after.updatedAt };
    where.OR = [{ updatedAt: { lt: after.updatedAt } }, { placeId: { lt: after.placeId } }];
  }
  const rows = await db.account.findMany({
    where,
    orderBy: [{ updatedAt: "desc" }, { placeId: "desc" }],
    take: query.limit + 1,
    select: {
      placeId: true,
      name: true,
      phone: true,
      utcOffsetMinutes: true,
      createdAt: true,
      updatedAt: true,
      updatedBy: { select: { username: true } },
    },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    records: page.map((r) => ({
      placeId: r.placeId,
      name: r.name,
      phone: r.phone,
      utcOffsetMinutes: r.utcOffsetMinutes,
      updatedBy: r.updatedBy.username,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encode(last) : null,
  };
}
