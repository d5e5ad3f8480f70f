"use client";

import { useTranslations } from "next-intl";
import { AlertTriangle } from "lucide-react";

/** The search's error panel (spec 8): a title and the spec's text with status and body. */
export function TargetsErrorPanel({ text }: { text: string }) {
  const t = useTranslations("Targets");
  return (
    <div
      role="alert"
      data-testid="targets-error"
      className="mb-3 flex gap-3 rounded-xl border border-danger-text/40 bg-danger-soft p-4 text-danger-soft-fg"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{t("errorTitle")}</p>
        <p className="mt-1 break-words font-mono text-xs" dir="auto">
          {text}
        </p>
      </div>
    </div>
  );
}
