"use client";

import { useTranslations } from "next-intl";
import { Badge, Tooltip } from "@/components/ui";

/** "Demo data" beside the title when the results are the sample set (no Places key). */
export function DemoBadge() {
  const t = useTranslations("Targets");
  return (
    <Tooltip content={t("demoHint")}>
      <span
        tabIndex={0}
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <Badge tone="warning">
          <span data-testid="targets-demo">{t("demoBadge")}</span>
        </Badge>
      </span>
    </Tooltip>
  );
}
