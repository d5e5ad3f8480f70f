import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { can, type MemberRole } from "@/lib/auth/permissions";
import { getDb, type Db } from "@/lib/db/client";
import { dialStringTargets, dialStringToE164 } from "@/modules/calls/lib/dialed-number";
import { countryOf } from "@/modules/calls/lib/phone";
import type { Prisma } from "@/lib/generated/prisma/client";
import { callerIdPool, homeCallerId } from "@/modules/telephony/lib/caller-ids";
import { readDncCsv } from "./dnc-csv";
import type { DncEntry, DncImportResponse, DncListQuery, DncListResponse } from "./schemas";

// The organization's do-not-call list. Every number is stored in E.164, read by the one
// dial-string reading (modules/calls/lib/dialed-number.ts) in the country of the organization's caller ID,
// so "(512) 555-0101", "*67 512 555 0101" and "+1 512 555 0101 x12" are one entry, and a call
// record is matched by its dialedNumber, read the same way.

/**
 * Numbers per import (one request's work; a file of at most 1 MB holds about that many). The
 * list itself has no cap: it is paged, and the export streams every entry.
 */
export const dncImportMax = 10_000;

type Org = { organizationId: string };
/** Who reads the list: its notes are shown only to a role allowed to read them. */
type Reader = Org & { role: MemberRole };

/** The country of the team's default caller ID: numbers without a country code are read in it. */
async function defaultCountry(db: Db, organizationId: string) {
  return countryOf(homeCallerId(await callerIdPool(organizationId, db)));
}

// An apostrophe is how spreadsheets (and our own export) keep "+1..." from being a formula.
const unquote = (raw: string) => raw.replace(/^'/, "");

/** The number a dial string reaches, as the list stores it, or null when it reaches none. */
export async function normaliseForOrg(organizationId: string, raw: string) {
  const db = await getDb();
  return dialStringToE164(unquote(raw), await defaultCountry(db, organizationId));
}

/** Every number a dial string may ring (dialStringTargets): what a do-not-call check matches. */
export async function dialTargetsForOrg(organizationId: string, raw: string) {
  const db = await getDb();
  return dialStringTargets(unquote(raw), await defaultCountry(db, organizationId));
}

/** 400 for a dial string that reaches no phone number, on the field that held it. */
export function invalidNumber(raw: string, field = "number") {
  return new ApiError("validation", `"${raw.slice(0, 40)}" is not a valid phone number`, {
    code: "invalid_number",
    details: { fields: { [field]: "Not a valid phone number" } },
  });
}

const toDto = (
  row: {
    number: string;
    note: string | null;
    addedBy: string | null;
    createdAt: Date;
  },
  reader: Pick<Reader, "role">,
): DncEntry => ({
  number: row.number,
  note: can(reader.role, "doNotCall.notes") ? row.note : null,
  addedBy: row.addedBy,
  createdAt: row.createdAt.toISOString(),
});
const select = { number: true, note: true, addedBy: true, createdAt: true } as const;

/**
 * Keyset pagination, newest first: the cursor is the (createdAt, id) of the last entry shown, so
 * a page costs the same at any depth, an import's many equal createdAt values are ordered by id,
 * and numbers added meanwhile never shift a page. Opaque to the browser (base64url JSON).
 */
const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")),
    );
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw new ApiError("validation", "cursor: Invalid cursor", {
      details: { fields: { cursor: "Invalid cursor" } },
    });
  }
}

/** One page of the list, and the list's size; notes only for a reader allowed them. */
export async function listDnc(reader: Reader, query: DncListQuery): Promise<DncListResponse> {
  const { organizationId } = reader;
  const db = await getDb();
  const where: Prisma.DoNotCallNumberWhereInput = { organizationId };
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.createdAt = { lte: after.createdAt };
    where.OR = [{ createdAt: { lt: after.createdAt } }, { id: { lt: after.id } }];
  }
  const [rows, total] = await Promise.all([
    db.doNotCallNumber.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      select: { ...select, id: true },
    }),
    db.doNotCallNumber.count({ where: { organizationId } }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    numbers: page.map((row) => toDto(row, reader)),
    total,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/** Adds a number (idempotent: an existing entry is returned unchanged with created=false). */
export async function addDnc(
  org: Reader,
  addedBy: string | null,
  raw: string,
  note?: string | null,
): Promise<{ entry: DncEntry; created: boolean }> {
  const number = await normaliseForOrg(org.organizationId, raw);
  if (!number) throw invalidNumber(raw);
  return addE164(org, addedBy, number, note ?? null);
}

export async function addE164(
  org: Reader,
  addedBy: string | null,
  number: string,
  note: string | null,
) {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "DoNotCallNumber" ("id", "organizationId", "number", "note", "addedBy", "createdAt")
    VALUES (gen_random_uuid(), ${org.organizationId}::uuid, ${number}, ${note}, ${addedBy}, ${new Date()}::timestamp(3))
    ON CONFLICT ("organizationId", "number") DO NOTHING
    RETURNING "id"`;
  const row = await db.doNotCallNumber.findUniqueOrThrow({
    where: { organizationId_number: { organizationId: org.organizationId, number } },
    select,
  });
  return { entry: toDto(row, org), created: rows.length === 1 };
}

export async function removeDnc({ organizationId }: Org, number: string) {
  const db = await getDb();
  const { count } = await db.doNotCallNumber.deleteMany({ where: { organizationId, number } });
  if (!count) {
    throw new ApiError("not_found", "This number is not on the do-not-call list", {
      code: "dnc_not_found",
    });
  }
}

/** The note a Do not call outcome writes on the entry it adds (modules/calls/lib/disposition.ts). */
export const DISPOSITION_NOTE = "Do not call disposition";

/**
 * Takes back the entry a Do not call outcome added, once that outcome is corrected: only an
 * entry this rep's outcome wrote (an import, a typed entry or a colleague's outcome stays), and
 * only while no other call of the team to the number still says Do not call. True if removed.
 */
export async function withdrawDispositionEntry(
  { organizationId }: Org,
  addedBy: string,
  number: string,
  correctedCallId: string,
) {
  const db = await getDb();
  const stillSaid = await db.call.count({
    where: {
      organizationId,
      dialedNumber: number,
      disposition: "do_not_call",
      id: { not: correctedCallId },
    },
  });
  if (stillSaid > 0) return false;
  const { count } = await db.doNotCallNumber.deleteMany({
    where: { organizationId, number, addedBy, note: DISPOSITION_NOTE },
  });
  return count > 0;
}

/** Which of these E.164 numbers are on the list. */
export async function onDncList({ organizationId }: Org, numbers: string[]) {
  if (numbers.length === 0) return new Set<string>();
  const db = await getDb();
  const rows = await db.doNotCallNumber.findMany({
    where: { organizationId, number: { in: [...new Set(numbers)] } },
    select: { number: true },
  });
  return new Set(rows.map((r) => r.number));
}

export function doNotCallRefusal(number: string) {
  return new ApiError("forbidden", `${number} is on your team's do-not-call list`, {
    code: "do_not_call",
    details: { number },
  });
}

/**
 * Imports a CSV (read by readDncCsv, numbers by the organization's dial-string reading). Lines
 * that are not phone numbers are reported (line and value), never half-imported. A file without
 * a note column notes where its numbers came from; one with it (our own export) keeps its notes.
 */
export async function importDnc(
  org: Org,
  addedBy: string,
  csv: string,
): Promise<DncImportResponse> {
  const db = await getDb();
  const country = await defaultCountry(db, org.organizationId);
  const read = readDncCsv(csv, (raw) => dialStringToE164(raw, country));
  if (read.numbers.size > dncImportMax) {
    throw new ApiError("validation", `At most ${dncImportMax} numbers per import`, {
      code: "dnc_too_many",
    });
  }
  const data = [...read.numbers].map(([number, note]) => ({
    organizationId: org.organizationId,
    number,
    note: read.hasNotes ? note : "Imported",
    addedBy,
  }));
  const { count } = await db.doNotCallNumber.createMany({ data, skipDuplicates: true });
  return { added: count, existing: read.numbers.size - count, invalid: read.invalid };
}
