"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button, Spinner } from "@/components/ui";

/**
 * Asks before the line is removed. Shown only while asking, so focus moves to Remove as it
 * opens (a keyboard user answers at once), and Escape anywhere in it cancels.
 */
export function RemoveConfirm({
  ids,
  name,
  removing,
  onConfirm,
  onCancel,
}: {
  ids: string;
  name: string;
  removing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("Admin.telephony");
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    confirmRef.current?.focus();
  }, []);

  return (
    <div
      role="alertdialog"
      aria-labelledby={`${ids}-confirm`}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-text/40 bg-danger-soft px-3 py-2"
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
    >
      <p id={`${ids}-confirm`} className="text-sm text-danger-soft-fg">
        {t("removeConfirm", { name })}
      </p>
      <Button ref={confirmRef} size="sm" variant="danger" disabled={removing} onClick={onConfirm}>
        {removing ? <Spinner /> : null} {t("removeYes")}
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </div>
  );
}
