import { getTranslations } from "next-intl/server";
import { sampleAgents, sampleKpis, sampleSales } from "@/lib/sample/dashboard";
import { AgentGrid } from "./agent-grid";
import { KpiCards } from "./kpi-cards";
import { SalesEvents } from "./sales-events";

/** The dashboard, shared by /app and the unknown-path fallback. Sample data timed from the request. */
export async function DashboardView() {
  const t = await getTranslations("Dashboard");
  // Rendered per request (the locale cookie makes /app dynamic), so "now" is the viewer's now.
  // eslint-disable-next-line react-hooks/purity -- server component, evaluated once per request
  const now = Date.now();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("subtitle")}</p>
        </div>
        <span className="rounded-full border border-amber-200 bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-700 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-300">
          {t("sampleData")}
        </span>
      </header>
      <KpiCards kpis={sampleKpis(now)} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <AgentGrid agents={sampleAgents} />
        <SalesEvents sales={sampleSales(now)} now={now} />
      </div>
    </div>
  );
}
