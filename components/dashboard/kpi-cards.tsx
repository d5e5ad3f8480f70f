import { getLocale, getTranslations } from "next-intl/server";
import { Banknote, PiggyBank, Repeat, Scale } from "lucide-react";
import { formatUsd } from "@/lib/format/currency";
import type { Kpis } from "@/lib/dashboard/kpis";

const cards = [
  {
    key: "revenueToday",
    icon: Banknote,
    tone: "text-brand-600 bg-brand-50 dark:bg-brand-500/15 dark:text-brand-100",
  },
  {
    key: "netIncomeEst",
    icon: PiggyBank,
    tone: "text-emerald-600 bg-emerald-50 dark:bg-emerald-500/15 dark:text-emerald-300",
  },
  {
    key: "mrrDerived",
    icon: Repeat,
    tone: "text-violet-600 bg-violet-50 dark:bg-violet-500/15 dark:text-violet-300",
  },
  {
    key: "avgDealSize",
    icon: Scale,
    tone: "text-amber-600 bg-amber-50 dark:bg-amber-500/15 dark:text-amber-300",
  },
] as const;

/** Revenue Today, Net Income Est. (38%), MRR Derived (55%), Avg Deal Size — USD, no decimals, UI locale. */
export async function KpiCards({ kpis }: { kpis: Kpis }) {
  const t = await getTranslations("Dashboard");
  const locale = await getLocale();
  return (
    <section
      aria-label={t("kpisLabel")}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4"
    >
      {cards.map(({ key, icon: Icon, tone }) => (
        <div
          key={key}
          data-testid={`kpi-${key}`}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{t(key)}</p>
            <span aria-hidden className={`grid size-8 place-items-center rounded-lg ${tone}`}>
              <Icon className="size-4" />
            </span>
          </div>
          <p
            data-testid="kpi-value"
            className="mt-2 text-2xl font-semibold tracking-tight tabular-nums text-slate-900 dark:text-white"
          >
            <bdi dir="ltr">{formatUsd(kpis[key], locale)}</bdi>
          </p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t(`${key}Hint`)}</p>
        </div>
      ))}
    </section>
  );
}
