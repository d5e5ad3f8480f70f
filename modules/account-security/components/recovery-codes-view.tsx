"use client";

import { useTranslations } from "next-intl";
import { Copy, Download } from "lucide-react";
import { Button, toast } from "@/components/ui";
import { downloadBlob } from "@/modules/reports/components/download";

/** Recovery codes shown once, with Copy, Download and a button that says they were saved. */
export function RecoveryCodesView({
  idPrefix,
  codes,
  heading,
  onDone,
}: {
  idPrefix: string;
  codes: string[];
  heading: React.ReactNode;
  onDone: () => void;
}) {
  const t = useTranslations("AccountSecurity");
  const text = codes.join("\n");
  return (
    <div className="grid gap-4" data-testid={`${idPrefix}-recovery`}>
      <p className="text-sm font-medium text-success-soft-fg">{heading}</p>
      <p className="text-sm text-fg-muted">{t("tfRecoveryHint")}</p>
      <ol
        dir="ltr"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-line bg-surface-muted p-3 font-mono text-sm sm:max-w-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => toast.success(t("tfCopied")),
              () => toast.error(t("tfCopyFailed")),
            )
          }
        >
          <Copy aria-hidden /> {t("tfCopy")}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadBlob(
              "dialflow-recovery-codes.txt",
              new Blob([`${text}\n`], { type: "text/plain" }),
            )
          }
        >
          <Download aria-hidden /> {t("tfDownload")}
        </Button>
        <Button onClick={onDone}>{t("tfDone")}</Button>
      </div>
    </div>
  );
}
