import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { EXPORT_FORMAT, EXPORT_VERSION, type AccountExport } from "./export-schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything the server keeps that is the rep's own: their profile, their calls and the account
 * record items they wrote. Every query is scoped to the rep AND their organization, so a rep
 * moved to another team does not carry the old team's rows out with them.
 */
export async function exportAccountData(session: UserSession): Promise<AccountExport> {
  const db = await getDb();
  const scope = { organizationId: session.organizationId };
  const [user, calls, items] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: session.userId },
      select: {
        username: true,
        email: true,
        emailVerified: true,
        createdAt: true,
        organization: { select: { name: true } },
      },
    }),
    db.call.findMany({
      where: { ...scope, userId: session.userId },
      orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    }),
    db.accountItem.findMany({
      where: { ...scope, createdById: session.userId, deleted: false },
      orderBy: [{ createdAt: "asc" }, { placeId: "asc" }, { itemId: "asc" }],
      select: {
        placeId: true,
        kind: true,
        itemId: true,
        data: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
  ]);
  const placeIds = [...new Set(items.map((i) => i.placeId))];
  const accounts = placeIds.length
    ? await db.account.findMany({
        where: { ...scope, placeId: { in: placeIds } },
        select: { placeId: true, name: true },
      })
    : [];
  const names = new Map(accounts.map((a) => [a.placeId, a.name]));

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    profile: {
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      organization: user.organization.name,
      createdAt: user.createdAt.toISOString(),
    },
    calls: calls.map((c) => ({
      id: c.id,
      placeId: c.placeId,
      direction: c.direction,
      dialedDigits: c.dialedDigits,
      dialedNumber: c.dialedNumber,
      originatingNumber: c.originatingNumber,
      startedAt: c.startedAt.toISOString(),
      connectedAt: iso(c.connectedAt),
      endedAt: iso(c.endedAt),
      talkSeconds: c.talkSeconds,
      endReason: c.endReason,
      outcome: c.outcome,
      disposition: c.disposition,
      note: c.note,
      saleAmount: c.saleAmount === null ? null : c.saleAmount.toFixed(2),
      callbackAt: iso(c.callbackAt),
    })),
    records: items.map((i) => ({
      placeId: i.placeId,
      business: names.get(i.placeId) ?? null,
      kind: i.kind,
      itemId: i.itemId,
      data: i.data,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
    })),
  };
}
