"use client";

import { useTranslations } from "next-intl";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui";
import { useDashboard } from "@/modules/dashboard/client/dashboard";
import { AgentGrid } from "./agent-grid";
import { DashboardLoading } from "./dashboard-loading";
import { KpiCards } from "./kpi-cards";
import { SalesEvents } from "./sales-events";

/** The dashboard's live part: the team's day from its records, refreshed while it is open. */
export function DashboardLive() {
  const t = useTranslations("Dashboard");
  const query = useDashboard();
  const data = query.data;
  if (!data) {
    return query.isError ? (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-xl bg-danger-soft p-4 text-sm text-danger-soft-fg"
      >
        {t("error")}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden />
          {t("retry")}
        </Button>
      </div>
    ) : (
      <DashboardLoading />
    );
  }
  // The relative times count from when the figures arrived, so they read the same until the next refresh.
  const now = query.dataUpdatedAt;
  return (
    <>
      <KpiCards kpis={data.kpis} />
      {/* Side by side only when the page's own width allows it (a container query, not the
          window's): with the dialer docked at 1366 px the Sales Events column was ~230 px and
          cut every business's name. */}
      <div className="@container">
        <div className="grid grid-cols-1 gap-6 @5xl:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
          <AgentGrid agents={data.agents} />
          <SalesEvents sales={data.events} now={now} />
        </div>
      </div>
    </>
  );
}
