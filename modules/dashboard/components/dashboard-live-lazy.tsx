"use client";

import dynamic from "next/dynamic";
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

// The live part (its query, cards, KPIs and events) is not in /app's first load: the page shows
// the loading line at once and the code arrives with the figures' request (issue 28's budget).
export const DashboardLiveLazy = dynamic(
  () => import("./dashboard-live").then((m) => m.DashboardLive),
  { ssr: false, loading: () => <DashboardLoading /> },
);
