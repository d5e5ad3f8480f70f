import type { useTranslations } from "next-intl";
import type { ImportError, ImportReport } from "@/modules/facility/lib/backup";
import { backupFileName, buildBackup } from "@/modules/facility/lib/backup-export";
import { readAllFacilityData, writeFacilityRecords } from "@/modules/facility/lib/store";
import { syncPlacesInBackground } from "@/modules/records/client/background";

// What the backup buttons do (modules/facility/components/facility-backup.tsx), loaded on the first
// click: the buttons are on the Targets page's first paint, their work is not.

/** Downloads every business's facility data as JSON (nothing when there is none); the count. */
export function exportFacilityData(now: Date): number {
  const backup = buildBackup(readAllFacilityData(), now);
  const count = Object.keys(backup.places).length;
  if (count > 0) {
    const blob = new Blob([JSON.stringify(backup, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = backupFileName(now);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return count;
}

export type ImportOutcome =
  | { kind: "readFailed" }
  | { kind: "invalid"; error: ImportError }
  | {
      kind: "merged";
      nothingNew: boolean;
      report: ImportReport;
      failed: number;
    };

/** Reads a backup file and merges it into this browser's facility data (by id, adding only). */
export async function importFacilityFile(file: File): Promise<ImportOutcome> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { kind: "readFailed" };
  }
  // Reading a file checks it with the zod schemas: that code loads on the first import.
  let backup: typeof import("@/modules/facility/lib/backup");
  try {
    backup = await import("@/modules/facility/lib/backup");
  } catch {
    return { kind: "readFailed" };
  }
  const parsed = backup.parseBackup(text);
  if (!parsed.ok) return { kind: "invalid", error: parsed.error };
  const { changed, report } = backup.mergeBackup(
    readAllFacilityData(),
    parsed.places,
    parsed.skipped,
  );
  const written = writeFacilityRecords(changed);
  // What was imported joins the team's records now, not when each business is next opened.
  void syncPlacesInBackground(Object.keys(changed));
  return {
    kind: "merged",
    nothingNew: backup.importAddedNothing(report),
    report,
    failed: written.failed,
  };
}

type BackupMessages = ReturnType<typeof useTranslations<"Facility.backup">>;

/** What the backup status line says: the lines, and whether they report a failure. */
export type BackupOutcome = { tone: "ok" | "error"; lines: string[] };

/** The status lines for an import's outcome. */
export function describeImport(result: ImportOutcome, t: BackupMessages): BackupOutcome {
  if (result.kind !== "merged") {
    return { tone: "error", lines: [t(result.kind === "invalid" ? result.error : "readFailed")] };
  }
  const { report } = result;
  const lines = [
    result.nothingNew
      ? t("nothingNew")
      : t("imported", {
          places: report.places,
          notes: report.notes,
          appointments: report.appointments,
          contacts: report.contacts,
          phones: report.extraPhones,
          addresses: report.addressOverrides,
        }),
  ];
  if (report.skipped > 0) lines.push(t("skipped", { count: report.skipped }));
  if (result.failed > 0) lines.push(t("writeFailed", { count: result.failed }));
  return { tone: result.failed > 0 ? "error" : "ok", lines };
}
