import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getDb, type Db } from "@/lib/db/client";
import { countryOf, toE164 } from "@/lib/calls/phone";
import { writeCsv } from "@/lib/reports/csv";
import { readCsv } from "./csv-read";
import type { DncEntry, DncImportResponse } from "./schemas";

// The organization's do-not-call list. Every number is stored in E.164 (calls-server's toE164,
// read in the country of the organization's caller ID), so "(512) 555-0101", "512.555.0101" and
// "+1 512 555 0101" are one entry, and a call record is matched by its dialedNumber.

export const dncListMax = 10_000;
const invalidReportMax = 100;

type Org = { organizationId: string };

async function defaultCountry(db: Db, organizationId: string) {
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { callerId: true },
  });
  return countryOf(org?.callerId);
}

/** A number as the list stores it, or null when it is not a phone number. */
export async function normaliseForOrg(organizationId: string, raw: string) {
  const db = await getDb();
  // An apostrophe is how our own export keeps spreadsheets from reading "+1..." as a formula.
  return toE164(raw.replace(/^'/, ""), await defaultCountry(db, organizationId));
}

const toDto = (row: {
  number: string;
  note: string | null;
  addedBy: string | null;
  createdAt: Date;
}): DncEntry => ({
  number: row.number,
  note: row.note,
  addedBy: row.addedBy,
  createdAt: row.createdAt.toISOString(),
});
const select = { number: true, note: true, addedBy: true, createdAt: true } as const;

export async function listDnc({ organizationId }: Org) {
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db.doNotCallNumber.findMany({
      where: { organizationId },
      orderBy: { createdAt: "desc" },
      take: dncListMax,
      select,
    }),
    db.doNotCallNumber.count({ where: { organizationId } }),
  ]);
  return { numbers: rows.map(toDto), total };
}

function invalidNumber(raw: string) {
  return new ApiError("validation", `"${raw.slice(0, 40)}" is not a valid phone number`, {
    code: "invalid_number",
    details: { fields: { number: "Not a valid phone number" } },
  });
}

/** Adds a number (idempotent: an existing entry is returned unchanged with created=false). */
export async function addDnc(
  org: Org,
  addedBy: string | null,
  raw: string,
  note?: string | null,
): Promise<{ entry: DncEntry; created: boolean }> {
  const number = await normaliseForOrg(org.organizationId, raw);
  if (!number) throw invalidNumber(raw);
  return addE164(org, addedBy, number, note ?? null);
}

export async function addE164(
  org: Org,
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
  return { entry: toDto(row), created: rows.length === 1 };
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
 * Imports a CSV: a column named number/phone/telefon/الهاتف (else the first column) and an
 * optional note column; a header row is recognised by having no readable number. Lines that
 * are not phone numbers are reported (line and value), never half-imported.
 */
export async function importDnc(
  org: Org,
  addedBy: string,
  csv: string,
): Promise<DncImportResponse> {
  const db = await getDb();
  const country = await defaultCountry(db, org.organizationId);
  const records = readCsv(csv).filter((r) => !r.cells[0]?.trim().startsWith("#"));
  let numberCol = 0;
  let noteCol = -1;
  const header = records[0]?.cells.map((c) => c.trim().toLowerCase());
  if (header && !header.some((c) => toE164(c.replace(/^'/, ""), country))) {
    const found = header.findIndex((c) =>
      /^(number|phone|phone number|telefon|nummer|الهاتف|رقم)$/.test(c),
    );
    numberCol = found === -1 ? 0 : found;
    noteCol = header.findIndex((c) => /^(note|notes|notiz|ملاحظة)$/.test(c));
    records.shift();
  }
  const invalid: DncImportResponse["invalid"] = [];
  const wanted = new Map<string, string | null>();
  for (const r of records) {
    const raw = (r.cells[numberCol] ?? "").trim();
    const number = toE164(raw.replace(/^'/, ""), country);
    if (!number) {
      if (invalid.length < invalidReportMax)
        invalid.push({ line: r.line, value: raw.slice(0, 40) });
      continue;
    }
    const note = noteCol >= 0 ? (r.cells[noteCol] ?? "").trim().slice(0, 200) || null : null;
    if (!wanted.has(number)) wanted.set(number, note);
  }
  if (wanted.size > dncListMax) {
    throw new ApiError("validation", `At most ${dncListMax} numbers per import`, {
      code: "dnc_too_many",
    });
  }
  const data = [...wanted].map(([number, note]) => ({
    organizationId: org.organizationId,
    number,
    note: note ?? "Imported",
    addedBy,
  }));
  const { count } = await db.doNotCallNumber.createMany({ data, skipDuplicates: true });
  return { added: count, existing: wanted.size - count, invalid };
}

/** The list as CSV (the same writer as every export; a re-import reads it back unchanged). */
export async function exportDnc(org: Org) {
  const { numbers } = await listDnc(org);
  return writeCsv({
    header: ["number", "note", "added_by", "added_at"],
    rows: numbers.map((n) => [n.number, n.note ?? "", n.addedBy ?? "", n.createdAt]),
  });
}
