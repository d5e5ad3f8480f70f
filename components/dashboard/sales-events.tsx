import { getLocale, getTranslations } from "next-intl/server";
import { TrendingUp } from "lucide-react";
import { formatUsd } from "@/lib/format/currency";
import { relativeTime } from "@/lib/format/relative-time";
import type { SaleEvent } from "@/lib/sample/dashboard";
import { IconBadge } from "@/components/ui";

/** Sales Events with relative times (just now, Nm/Nh/Nd ago), worded per language. */
export async function SalesEvents({ sales, now }: { sales: readonly SaleEvent[]; now: number }) {
  const t = await getTranslations("Dashboard");
  const locale = await getLocale();
  return (
    <section
      aria-labelledby="sales-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="sales-heading"
        className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white"
      >
        {t("salesEvents")}
      </h2>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="sales-events">
        {sales.map((s) => {
          const rel = relativeTime(s.ts, now);
          return (
            <li key={s.id} className="flex items-center gap-3 px-4 py-3">
              <IconBadge
                icon={TrendingUp}
                tone="success"
                size="sm"
                className="rounded-full"
                iconClassName="rtl:-scale-x-100"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                  {s.company}
                </p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {t("closedBy", { rep: s.rep })}
                </p>
              </div>
              <div className="text-end">
                <p className="text-sm font-semibold tabular-nums text-slate-900 dark:text-white">
                  <bdi dir="ltr">{formatUsd(s.amount, locale)}</bdi>
                </p>
                <time
                  dateTime={new Date(s.ts).toISOString()}
                  className="text-xs text-slate-500 dark:text-slate-400"
                >
                  {rel.key === "justNow" ? t("justNow") : t(rel.key, { count: rel.count })}
                </time>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
