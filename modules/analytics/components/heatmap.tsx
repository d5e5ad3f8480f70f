"use client";

import { Fragment, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Field, NativeSelect } from "@/components/ui";
import type { AnalyticsResponse, HeatmapCell } from "@/modules/analytics/lib/schemas";
import { ChartCard } from "./chart-card";
import { DataTable } from "./data-table";
import { useFigures } from "./use-figures";

type Metric = "connectRate" | "conversationRate";
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Weekday = (typeof WEEKDAYS)[number];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Best time to call: weekday x hour of each business's own local time, overall or for one
 * category, coloured by connect or conversation rate. A cell with too few calls is hatched and
 * says so rather than showing a rate from two calls.
 */
export function Heatmap({ data, fileStem }: { data: AnalyticsResponse; fileStem: string }) {
  const t = useTranslations("Analytics");
  const f = useFigures();
  const categoryId = useId();
  const metricId = useId();
  const [category, setCategory] = useState("");
  const [metric, setMetric] = useState<Metric>("connectRate");
  const { heatmap } = data;
  const chosen = heatmap.categories.find((c) => c.category === category);
  const cells = chosen ? chosen.cells : heatmap.overall;
  const byKey = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const max = Math.max(0.01, ...cells.map((c) => c[metric] ?? 0));
  const label = (c: HeatmapCell | undefined, weekday: number, hour: number) => {
    const when = `${t(`weekdays.${weekday as Weekday}`)} ${String(hour).padStart(2, "0")}:00`;
    if (!c) return `${when}: ${t("charts.noCalls")}`;
    if (c.tooFew) return `${when}: ${t("charts.tooFew")} (${f.count(c.dials)})`;
    return `${when}: ${f.percent(c[metric])} (${f.count(c.dials)})`;
  };
  const sorted = [...cells].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  const controls = (
    <>
      <Field id={categoryId} label={t("charts.category")} className="w-44">
        <NativeSelect
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          data-testid="heatmap-category"
        >
          <option value="">{t("charts.overall")}</option>
          {heatmap.categories.map((c) => (
            <option key={c.category} value={c.category}>
              {c.category.replaceAll("_", " ")} ({f.count(c.calls)})
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={metricId} label={t("charts.metric")} className="w-44">
        <NativeSelect
          value={metric}
          onChange={(e) => setMetric(e.target.value as Metric)}
          data-testid="heatmap-metric"
        >
          <option value="connectRate">{t("columns.connectRate")}</option>
          <option value="conversationRate">{t("columns.conversationRate")}</option>
        </NativeSelect>
      </Field>
    </>
  );
  return (
    <ChartCard
      id="analytics-heatmap"
      title={t("charts.heatmap")}
      hint={t("charts.heatmapHint", { min: heatmap.minCalls })}
      controls={controls}
      csv={() => ({
        file: `${fileStem}-best-time${chosen ? `-${chosen.category}` : ""}.csv`,
        header: ["weekday", "hour", "dials", "connect_rate", "conversation_rate", "too_few"],
        rows: sorted.map((c) => [
          c.weekday,
          c.hour,
          c.dials,
          c.connectRate?.toFixed(4) ?? "",
          c.conversationRate?.toFixed(4) ?? "",
          String(c.tooFew),
        ]),
      })}
      table={
        <DataTable
          caption={t("charts.heatmap")}
          header={[
            t("columns.weekday"),
            t("columns.hour"),
            t("columns.dials"),
            t("columns.connectRate"),
            t("columns.conversationRate"),
          ]}
          rows={sorted.map((c) => [
            t(`weekdays.${c.weekday as Weekday}`),
            `${String(c.hour).padStart(2, "0")}:00`,
            f.count(c.dials),
            c.tooFew ? t("charts.tooFew") : f.percent(c.connectRate),
            c.tooFew ? t("charts.tooFew") : f.percent(c.conversationRate),
          ])}
        />
      }
    >
      {heatmap.calls === 0 ? (
        <p className="text-sm text-fg-muted">{t("charts.heatmapEmpty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <div
            role="img"
            aria-label={`${t("charts.heatmap")}: ${chosen ? chosen.category : t("charts.overall")}`}
            className="grid min-w-[40rem] gap-0.5 text-[10px]"
            style={{ gridTemplateColumns: "3.5rem repeat(24, minmax(0, 1fr))" }}
            data-testid="heatmap-grid"
          >
            <span />
            {HOURS.map((h) => (
              <span key={h} className="text-center text-fg-muted tabular-nums">
                {h % 3 === 0 ? String(h).padStart(2, "0") : ""}
              </span>
            ))}
            {WEEKDAYS.map((w) => (
              <Fragment key={w}>
                <span className="truncate pe-1 text-fg-muted">{t(`weekdays.${w}`)}</span>
                {HOURS.map((h) => {
                  const c = byKey.get(`${w}:${h}`);
                  const value = c && !c.tooFew ? (c[metric] ?? 0) : null;
                  return (
                    <span
                      key={h}
                      title={label(c, w, h)}
                      data-too-few={c?.tooFew ? "true" : undefined}
                      className={`h-6 rounded-sm ${c?.tooFew ? "heatmap-too-few" : ""} ${c ? "" : "bg-surface-muted"}`}
                      style={
                        value !== null
                          ? {
                              background: `color-mix(in srgb, var(--primary) ${Math.round(15 + (value / max) * 85)}%, transparent)`,
                            }
                          : undefined
                      }
                    />
                  );
                })}
              </Fragment>
            ))}
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-4 text-xs text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              {t("charts.legendLow")}
              <span
                aria-hidden
                className="h-3 w-24 rounded-sm"
                style={{
                  background:
                    "linear-gradient(to var(--heat-end, right), color-mix(in srgb, var(--primary) 15%, transparent), var(--primary))",
                }}
              />
              {t("charts.legendHigh")}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="heatmap-too-few size-3 rounded-sm" />
              {t("charts.tooFew")}
            </span>
          </div>
        </div>
      )}
    </ChartCard>
  );
}
