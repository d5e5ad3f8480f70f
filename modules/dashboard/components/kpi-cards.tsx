"use client";

import { useLocale, useTranslations } from "next-intl";
import { Banknote, PiggyBank, Repeat, Scale } from "lucide-react";
import { formatUsd } from "@/lib/format/currency";
import type { Kpis } from "@/modules/dashboard/lib/kpis";
import { IconBadge } from "@/components/ui";

const cards = [
  {
    key: "revenueToday",
    icon: Banknote,
    tone: "brand",
  },
  {
    key: "netIncomeEst",
    icon: PiggyBank,
    tone: "success",
  },
  {
    key: "mrrDerived",
    icon: Repeat,
    tone: "accent",
  },
  {
    key: "avgDealSize",
    icon: Scale,
    tone: "warning",
  },
] as const;

/** Revenue Today, Net Income Est. (38%), MRR Derived (55%), Avg Deal Size — USD, no decimals, UI locale. */
export function KpiCards({ kpis }: { kpis: Kpis }) {
  const t = useTranslations("Dashboard");
  const locale = useLocale();
  return (
    <section
      aria-label={t("kpisLabel")}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4"
    >
      {cards.map(({ key, icon, tone }) => (
        <div
          key={key}
          data-testid={`kpi-${key}`}
          className="rounded-xl border border-line bg-surface p-4 shadow-sm"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-fg-muted">{t(key)}</p>
            <IconBadge icon={icon} tone={tone} size="sm" />
          </div>
          <p
            data-testid="kpi-value"
            className="mt-2 text-2xl font-semibold tracking-tight tabular-nums text-fg"
          >
            <bdi dir="ltr">{formatUsd(kpis[key], locale)}</bdi>
          </p>
          <p className="mt-1 text-xs text-fg-muted">{t(`${key}Hint`)}</p>
        </div>
      ))}
    </section>
  );
}
