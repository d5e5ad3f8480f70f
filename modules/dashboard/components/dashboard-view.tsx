import { getTranslations } from "next-intl/server";
import { DashboardLiveLazy } from "./dashboard-live-lazy";

/** The dashboard, shared by /app and the unknown-path fallback: the team's day from its records. */
export async function DashboardView() {
  const t = await getTranslations("Dashboard");
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("subtitle")}</p>
        </div>
        <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-medium text-fg-muted">
          {t("live")}
        </span>
      </header>
      <DashboardLiveLazy />
    </div>
  );
}
