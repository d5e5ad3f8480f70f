import "server-only";
import { ApiError } from "@/lib/api/errors";
import { countryOf, toE164 } from "@/modules/calls/lib/phone";
import { getDb, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { chooseCallerId, type CallerIdCandidate, type CallerIdMatch } from "./caller-id-match";
import { CALLER_IDS_MAX, callerIdErrorText, type CallerIdBody } from "./caller-id-schemas";
import { organizationNotFound, organizationTelephony } from "./lines";

// An organization's caller IDs: the pool operators keep in the console, and the one
// the server chooses for a call. Every query is scoped by organization: another team's numbers
// are never read, shown or presented.

/**
 * The numbers a call of this organization may present, the default first. An organization
 * without a pool still has the single caller ID the users CLI sets (`org caller-id`), which then
 * serves as its only, default number.
 */
export async function callerIdPool(
  organizationId: string,
  db?: Db,
): Promise<(CallerIdCandidate & { country: string })[]> {
  const client = db ?? (await getDb());
  // A number waiting for an operator's approval is never presented (carriers require caller ID
  // to be the caller's own; anyone could type someone else's).
  const rows = await client.callerIdNumber.findMany({
    where: { organizationId, verifiedAt: { not: null } },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { number: true, region: true, isDefault: true, country: true },
  });
  if (rows.length) return rows;
  const org = await client.organization.findUnique({
    where: { id: organizationId },
    select: { callerId: true },
  });
  // Stored in E.164 by the users CLI; read defensively in case it was set by other means.
  const legacy = org?.callerId ? (toE164(org.callerId) ?? org.callerId) : null;
  return legacy
    ? [{ number: legacy, region: null, isDefault: true, country: countryOf(legacy) ?? "" }]
    : [];
}

/** The organization's default caller ID (dial strings without a country code are read in its country). */
export const homeCallerId = (pool: readonly CallerIdCandidate[]) =>
  pool.find((c) => c.isDefault)?.number ?? pool[0]?.number ?? null;

/** The caller ID a call to `dialedNumber` presents, and why; null callerId when the pool is empty. */
export function presentedCallerId(
  pool: readonly CallerIdCandidate[],
  dialedNumber: string | null,
): { callerId: string | null; match: CallerIdMatch | null } {
  const chosen = chooseCallerId(pool, dialedNumber);
  return { callerId: chosen?.callerId.number ?? null, match: chosen?.match ?? null };
}

const callerIdNotFound = () =>
  new ApiError("not_found", "Caller ID not found", { code: "caller_id_not_found" });

const refuse = (field: "number" | "region", message: string, code: string) =>
  new ApiError("validation", `${field}: ${message}`, {
    code,
    details: { fields: { [field]: message } },
  });

/**
 * One statement at a time per organization: the pool's "one default" and its size limit are
 * read and written under this lock, so two operators adding at once cannot make two defaults.
 */
async function lockPool(tx: Prisma.TransactionClient, organizationId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw organizationNotFound();
}

/**
 * Adds a number; the first one, or one sent with isDefault, becomes the default. `by`: an
 * operator's number is verified at once (the operator vouches for it); a manager's waits for an
 * operator's approval (`verifyCallerId`) and is not presented on calls until then.
 */
export async function addCallerId(
  organizationId: string,
  by: { username: string; operator: boolean },
  body: CallerIdBody,
) {
  const db = await getDb();
  const id = await db.$transaction(async (tx) => {
    await lockPool(tx, organizationId);
    const existing = await tx.callerIdNumber.findMany({
      where: { organizationId },
      select: { number: true },
    });
    if (existing.some((c) => c.number === body.number)) {
      throw refuse(
        "number",
        "This number is already one of the organization's caller IDs",
        "caller_id_exists",
      );
    }
    if (existing.length >= CALLER_IDS_MAX) {
      throw refuse("number", callerIdErrorText.tooMany, "caller_ids_full");
    }
    const isDefault = body.isDefault || existing.length === 0;
    if (isDefault) {
      await tx.callerIdNumber.updateMany({ where: { organizationId }, data: { isDefault: false } });
    }
    const row = await tx.callerIdNumber.create({
      data: {
        organizationId,
        number: body.number,
        country: countryOf(body.number) ?? "",
        region: body.region,
        isDefault,
        createdBy: by.username,
        ...(by.operator ? { verifiedAt: new Date(), verifiedBy: by.username } : {}),
      },
      select: { id: true },
    });
    return row.id;
  });
  return { id, organization: await organizationTelephony(organizationId) };
}

async function findInPool(tx: Prisma.TransactionClient, organizationId: string, id: string) {
  const row = await tx.callerIdNumber.findFirst({
    where: { id, organizationId },
    select: { id: true, number: true, isDefault: true },
  });
  if (!row) throw callerIdNotFound();
  return row;
}

/** Makes one of the organization's numbers its default (another organization's: 404). */
export async function setDefaultCallerId(organizationId: string, id: string) {
  const db = await getDb();
  const number = await db.$transaction(async (tx) => {
    await lockPool(tx, organizationId);
    const row = await findInPool(tx, organizationId, id);
    await tx.callerIdNumber.updateMany({
      where: { organizationId, NOT: { id } },
      data: { isDefault: false },
    });
    await tx.callerIdNumber.update({ where: { id }, data: { isDefault: true } });
    return row.number;
  });
  return { number, organization: await organizationTelephony(organizationId) };
}

/** Removes a number; when it was the default, the oldest remaining one becomes the default. */
export async function removeCallerId(organizationId: string, id: string) {
  const db = await getDb();
  const removed = await db.$transaction(async (tx) => {
    await lockPool(tx, organizationId);
    const row = await findInPool(tx, organizationId, id);
    await tx.callerIdNumber.delete({ where: { id } });
    let promoted: string | null = null;
    if (row.isDefault) {
      const next = await tx.callerIdNumber.findFirst({
        where: { organizationId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, number: true },
      });
      if (next) {
        await tx.callerIdNumber.update({ where: { id: next.id }, data: { isDefault: true } });
        promoted = next.number;
      }
    }
    return { number: row.number, promoted };
  });
  return { ...removed, organization: await organizationTelephony(organizationId) };
}

/** An operator approves a number a manager added (already approved: unchanged). */
export async function verifyCallerId(organizationId: string, id: string, operator: string) {
  const db = await getDb();
  const row = await db.callerIdNumber.findFirst({
    where: { id, organizationId },
    select: { number: true, verifiedAt: true },
  });
  if (!row) throw callerIdNotFound();
  if (!row.verifiedAt) {
    await db.callerIdNumber.updateMany({
      where: { id, organizationId, verifiedAt: null },
      data: { verifiedAt: new Date(), verifiedBy: operator },
    });
  }
  return {
    number: row.number,
    changed: !row.verifiedAt,
    organization: await organizationTelephony(organizationId),
  };
}
