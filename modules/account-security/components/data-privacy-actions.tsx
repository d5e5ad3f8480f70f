"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { Download, Trash2 } from "lucide-react";
import { downloadBlob } from "@/modules/reports/components/download";
import { Button, Dialog, DialogClose, toast } from "@/components/ui";
import { useExportAccountData } from "@/modules/account-security/hooks/use-account-security";
import { clearStoredPreferences } from "@/modules/account-security/lib/clear-preferences";

/** Settings' Data & Privacy buttons: Export Data (a JSON file) and Clear Preferences. */
export function DataPrivacyActions() {
  const t = useTranslations("AccountSecurity");
  const settings = useTranslations("Settings");
  const router = useRouter();
  const { setTheme } = useTheme();
  const [confirming, setConfirming] = useState(false);

  const exportData = useExportAccountData({
    onSuccess: (file) => {
      downloadBlob(file.fileName ?? "dialflow-export.json", file.blob);
      toast.success(t("exported"));
    },
    onError: () => toast.error(t("exportFailed")),
  });

  function clear() {
    clearStoredPreferences();
    setTheme("system");
    setConfirming(false);
    toast.success(t("cleared"));
    // The server renders the sidebar from its cookie: render again without it.
    router.refresh();
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={exportData.isPending}
          aria-describedby="settings-export-hint"
          onClick={() => exportData.mutate()}
        >
          <Download aria-hidden /> {exportData.isPending ? t("exporting") : settings("exportData")}
        </Button>
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("clearTitle")}
          description={t("clearDescription")}
          initialFocus={["[data-cancel]"]}
          trigger={
            <Button variant="secondary">
              <Trash2 aria-hidden /> {settings("clearPreferences")}
            </Button>
          }
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" data-cancel>
                  {t("cancel")}
                </Button>
              </DialogClose>
              <Button variant="danger" onClick={clear}>
                <Trash2 aria-hidden /> {t("clearConfirm")}
              </Button>
            </>
          }
        >
          <p className="text-sm text-fg-muted">{t("clearKept")}</p>
        </Dialog>
      </div>
      <p id="settings-export-hint" className="text-sm text-fg-muted">
        {t("exportHint")}
      </p>
    </div>
  );
}
