"use client";

import { useLocale, useTranslations } from "next-intl";
import { CalendarClock, TrendingUp } from "lucide-react";
import { formatUsd } from "@/lib/format/currency";
import { displayPhone } from "@/lib/format/phone";
import { relativeTime } from "@/lib/format/relative-time";
import type { DashboardResponse } from "@/modules/dashboard/lib/schemas";

type SaleEvent = DashboardResponse["events"][number];
import { IconBadge } from "@/components/ui";

/**
 * Sales Events: the team's sales and appointments (callbacks) with relative times (just now,
 * Nm/Nh/Nd ago), worded per language. Each is named by the team's account record of the
 * business, with its number beside the rep; a business the team keeps no record of shows its
 * number instead.
 */
export function SalesEvents({ sales, now }: { sales: readonly SaleEvent[]; now: number }) {
  const t = useTranslations("Dashboard");
  const locale = useLocale();
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
        {sales.length === 0 ? (
          <li className="px-4 py-6 text-sm text-fg-muted">{t("noEvents")}</li>
        ) : null}
        {sales.map((s) => {
          const ts = new Date(s.at).getTime();
          const rel = relativeTime(ts, now);
          const sale = s.kind === "sale";
          return (
            <li key={s.id} className="flex items-center gap-3 px-4 py-3" data-kind={s.kind}>
              <IconBadge
                icon={sale ? TrendingUp : CalendarClock}
                tone={sale ? "success" : "accent"}
                size="sm"
                className="rounded-full"
                iconClassName="rtl:-scale-x-100"
              />
              <div className="min-w-0 flex-1">
                {/* Wraps rather than truncates: beside the docked dialer the column is narrow,
                    and a business's name is what the row is for. */}
                <p
                  className="text-sm font-medium break-words text-slate-900 dark:text-white"
                  data-testid="sales-event-business"
                >
                  {s.business ? (
                    <bdi>{s.business}</bdi>
                  ) : (
                    <bdi dir="ltr">{s.number ? displayPhone(s.number) : t("noNumber")}</bdi>
                  )}
                </p>
                <p className="text-xs break-words text-slate-500 dark:text-slate-400">
                  {sale ? t("closedBy", { rep: s.rep }) : t("appointmentBy", { rep: s.rep })}
                  {s.business && s.number ? (
                    <>
                      {" · "}
                      <bdi dir="ltr" className="whitespace-nowrap">
                        {displayPhone(s.number)}
                      </bdi>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="shrink-0 text-end">
                <p className="text-sm font-semibold tabular-nums text-slate-900 dark:text-white">
                  {s.amount !== null ? (
                    <bdi dir="ltr">{formatUsd(s.amount, locale)}</bdi>
                  ) : (
                    t("appointment")
                  )}
                </p>
                <time dateTime={s.at} className="text-xs text-slate-500 dark:text-slate-400">
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
