"use client";

import { useTranslations } from "next-intl";
import type { Summary } from "@/modules/analytics/lib/schemas";
import { useFigures, type Figures } from "./use-figures";

type Tile = {
  key:
    | "dials"
    | "connects"
    | "conversations"
    | "talkTime"
    | "sales"
    | "revenue"
    | "connectRate"
    | "conversationRate"
    | "averageTalk"
    | "dialsPerHour";
  value: (s: Summary) => number | null;
  show: (f: Figures, v: number | null) => string;
};

const TILES: Tile[] = [
  { key: "dials", value: (s) => s.dials, show: (f, v) => f.count(v ?? 0) },
  { key: "connects", value: (s) => s.connects, show: (f, v) => f.count(v ?? 0) },
  { key: "conversations", value: (s) => s.conversations, show: (f, v) => f.count(v ?? 0) },
  { key: "talkTime", value: (s) => s.talkSeconds, show: (f, v) => f.minutes(v ?? 0) },
  { key: "sales", value: (s) => s.sales, show: (f, v) => f.count(v ?? 0) },
  { key: "revenue", value: (s) => s.revenue, show: (f, v) => f.money(v ?? 0) },
  { key: "connectRate", value: (s) => s.connectRate, show: (f, v) => f.percent(v) },
  { key: "conversationRate", value: (s) => s.conversationRate, show: (f, v) => f.percent(v) },
  { key: "averageTalk", value: (s) => s.averageTalkSeconds, show: (f, v) => f.seconds(v) },
  { key: "dialsPerHour", value: (s) => s.dialsPerWorkingHour, show: (f, v) => f.decimal(v) },
];

/**
 * The range's figures, each with the previous period's and the change between them. A previous
 * period without a single call is said once, above the tiles: tile by tile it read "No previous
 * figure" on the rates beside "Previous period: 0" on the counts, two answers to one question.
 */
export function KpiTiles({ summary, previous }: { summary: Summary; previous: Summary }) {
  const t = useTranslations("Analytics");
  const f = useFigures();
  const compared = previous.dials > 0;
  return (
    <div className="grid gap-2">
      {compared ? null : (
        <p className="text-sm text-fg-muted" data-testid="analytics-no-previous">
          {t("noPreviousCalls")}
        </p>
      )}
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        data-testid="analytics-kpis"
      >
        {TILES.map((tile) => {
          const now = tile.value(summary);
          const before = compared ? tile.value(previous) : null;
          const change =
            now !== null && before !== null && before > 0 ? (now - before) / before : null;
          const tone =
            change === null || change === 0
              ? "text-fg-muted"
              : change > 0
                ? "text-success-soft-fg"
                : "text-danger-text";
          return (
            <li
              key={tile.key}
              className="rounded-xl border border-line bg-surface p-4 shadow-sm"
              data-kpi={tile.key}
            >
              <p className="text-xs font-medium text-fg-muted">{t(`kpi.${tile.key}`)}</p>
              <p
                className="mt-1 text-2xl font-semibold tabular-nums text-fg"
                data-testid={`kpi-${tile.key}`}
              >
                {tile.show(f, now)}
              </p>
              {/* The previous period's figure (with the change when it can be computed); a rate
                the previous period had no calls for reads "—" like the tile's own. */}
              {change === null ? null : (
                <p className={`mt-1 text-xs ${tone}`}>
                  {t("change", { change: f.change(change) })}
                </p>
              )}
              {compared ? (
                <p
                  className={
                    change === null ? "mt-1 text-xs text-fg-muted" : "text-xs text-fg-muted"
                  }
                >
                  {t("previous", { value: tile.show(f, before) })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
