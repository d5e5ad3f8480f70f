"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { OperatorLine } from "@/modules/telephony/lib/schemas";

/** Who saved the line last and when, or that the organization has none yet. */
export function LineSaved({ line }: { line: OperatorLine | null }) {
  const t = useTranslations("Admin.telephony");
  const format = useFormatter();
  if (!line) return <p className="text-sm text-fg-muted">{t("noLine")}</p>;
  return (
    <p className="text-sm text-fg-muted">
      {t("lastSaved", {
        user: line.updatedBy,
        time: format.dateTime(new Date(line.updatedAt), {
          dateStyle: "medium",
          timeStyle: "short",
        }),
      })}
    </p>
  );
}
