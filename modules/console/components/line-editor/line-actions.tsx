"use client";

import { useTranslations } from "next-intl";
import { Activity, Save, Trash2 } from "lucide-react";
import { Button, Spinner } from "@/components/ui";

/** Save, and for a stored line Test and Remove, none while another of them is under way. */
export function LineActions({
  ids,
  hasLine,
  busy,
  saving,
  testing,
  onTest,
  onRemove,
}: {
  ids: string;
  hasLine: boolean;
  busy: boolean;
  saving: boolean;
  testing: boolean;
  onTest: () => void;
  onRemove: () => void;
}) {
  const t = useTranslations("Admin.telephony");
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {saving ? <Spinner /> : <Save aria-hidden />}
          {saving ? t("saving") : t("save")}
        </Button>
        {hasLine ? (
          <>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={onTest}
              aria-describedby={`${ids}-test-hint`}
            >
              {testing ? <Spinner /> : <Activity aria-hidden />}
              {testing ? t("testing") : t("test")}
            </Button>
            <Button variant="danger" disabled={busy} onClick={onRemove}>
              <Trash2 aria-hidden /> {t("remove")}
            </Button>
          </>
        ) : null}
      </div>
      {hasLine ? (
        <p id={`${ids}-test-hint`} className="text-xs text-fg-muted">
          {t("testHint")}
        </p>
      ) : null}
    </>
  );
}
