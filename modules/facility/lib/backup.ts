import { z } from "zod";
import { BACKUP_FORMAT, BACKUP_VERSION, type FacilityRecords } from "./backup-export";
import { isEmptyFacilityData } from "./data";
import { facilityDataSchema, type FacilityData } from "./schemas";
import { samePhone } from "./validation";

// Building a backup (./backup-export.ts) needs no zod; reading one (below) checks the file with
// the zod schemas and loads when a file is imported.
export {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupFileName,
  buildBackup,
  type FacilityBackup,
  type FacilityRecords,
} from "./backup-export";

const placeIdSchema = z.string().trim().min(1).max(300);

const backupEnvelopeSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  exportedAt: z.string().optional(),
  places: z.record(z.string(), z.unknown()),
});

export type ImportReport = {
  /** Places that had no data in this browser before. */
  places: number;
  notes: number;
  appointments: number;
  contacts: number;
  extraPhones: number;
  addressOverrides: number;
  /** Places in the file whose data did not validate; they are left out. */
  skipped: number;
};

export type ImportError = "notJson" | "notBackup" | "unsupportedVersion";

export type ParsedBackup =
  { ok: true; places: FacilityRecords; skipped: number } | { ok: false; error: ImportError };

export function parseBackup(text: string): ParsedBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: "notJson" };
  }
  const envelope = backupEnvelopeSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, error: "notBackup" };
  if (envelope.data.version !== BACKUP_VERSION) return { ok: false, error: "unsupportedVersion" };
  const places: FacilityRecords = {};
  let skipped = 0;
  for (const [key, value] of Object.entries(envelope.data.places)) {
    const id = placeIdSchema.safeParse(key);
    const data = facilityDataSchema.safeParse(value);
    if (id.success && data.success) places[id.data] = data.data;
    else skipped += 1;
  }
  return { ok: true, places, skipped };
}

const emptyReport = (): ImportReport => ({
  places: 0,
  notes: 0,
  appointments: 0,
  contacts: 0,
  extraPhones: 0,
  addressOverrides: 0,
  skipped: 0,
});

function mergeById<T extends { id: string }>(mine: T[], theirs: T[]): { list: T[]; added: number } {
  const ids = new Set(mine.map((x) => x.id));
  const fresh = theirs.filter((x) => !ids.has(x.id) && (ids.add(x.id), true));
  return { list: fresh.length ? [...mine, ...fresh] : mine, added: fresh.length };
}

/** One place's data merged: lists by id (phones by number), the override only if none. */
export function mergeFacilityData(
  mine: FacilityData,
  theirs: FacilityData,
): { data: FacilityData; added: Omit<ImportReport, "places" | "skipped"> } {
  const notes = mergeById(mine.notes, theirs.notes);
  const appointments = mergeById(mine.appointments, theirs.appointments);
  const contacts = mergeById(mine.contacts, theirs.contacts);
  const phones = [...mine.extraPhones];
  for (const p of theirs.extraPhones) if (!phones.some((q) => samePhone(p, q))) phones.push(p);
  const takeOverride = mine.addressOverride === null && theirs.addressOverride !== null;
  const added = {
    notes: notes.added,
    appointments: appointments.added,
    contacts: contacts.added,
    extraPhones: phones.length - mine.extraPhones.length,
    addressOverrides: takeOverride ? 1 : 0,
  };
  const dialCount = Math.max(mine.dialCount, theirs.dialCount);
  const changed = Object.values(added).some((n) => n > 0) || dialCount !== mine.dialCount;
  if (!changed) return { data: mine, added };
  return {
    data: {
      notes: notes.list,
      appointments: [...appointments.list].sort((a, b) => a.ts - b.ts),
      contacts: contacts.list,
      extraPhones: phones,
      addressOverride: takeOverride ? theirs.addressOverride : mine.addressOverride,
      // Dials are not items with ids; the larger count is the one that saw every dial.
      dialCount,
    },
    added,
  };
}

/**
 * Merges imported places into the current ones. Returns only the places that change (so the
 * caller writes nothing else) and a report of what was added.
 */
export function mergeBackup(
  current: FacilityRecords,
  imported: FacilityRecords,
  skipped = 0,
): { changed: FacilityRecords; report: ImportReport } {
  const report = { ...emptyReport(), skipped };
  const changed: FacilityRecords = {};
  for (const [id, theirs] of Object.entries(imported)) {
    const mine = current[id];
    const isNew = mine === undefined || isEmptyFacilityData(mine);
    const { data, added } = mine
      ? mergeFacilityData(mine, theirs)
      : { data: theirs, added: countItems(theirs) };
    if (data !== mine && !isEmptyFacilityData(data)) {
      changed[id] = data;
      if (isNew) report.places += 1;
    }
    report.notes += added.notes;
    report.appointments += added.appointments;
    report.contacts += added.contacts;
    report.extraPhones += added.extraPhones;
    report.addressOverrides += added.addressOverrides;
  }
  return { changed, report };
}

function countItems(d: FacilityData): Omit<ImportReport, "places" | "skipped"> {
  return {
    notes: d.notes.length,
    appointments: d.appointments.length,
    contacts: d.contacts.length,
    extraPhones: d.extraPhones.length,
    addressOverrides: d.addressOverride ? 1 : 0,
  };
}

export const importAddedNothing = (r: ImportReport) =>
  r.places + r.notes + r.appointments + r.contacts + r.extraPhones + r.addressOverrides === 0;
