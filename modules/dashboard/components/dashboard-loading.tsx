"use client";

import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui";

/** What the dashboard shows until its figures arrive (and while its code loads). */
export function DashboardLoading() {
  const t = useTranslations("Dashboard");
  return (
    <p className="flex items-center gap-2 text-sm text-fg-muted" data-testid="dashboard-loading">
      <Spinner />
      {t("loading")}
    </p>
  );
}
