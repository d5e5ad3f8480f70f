"use client";

// The Analytics charts, loaded with next/dynamic by the Analytics screen only. Plain
// SVG and CSS bars rather than a chart library: five simple shapes, theme colours straight from
// the CSS tokens, right-to-left by logical properties, and no dependency in any bundle
// (docs/architecture.md, "Analytics").
import { useTranslations } from "next-intl";
import type { AnalyticsResponse } from "@/modules/analytics/lib/schemas";
import { useDirection } from "@/components/ui";
import { ChartCard } from "./chart-card";
import { DataTable } from "./data-table";
import { Heatmap } from "./heatmap";
import { useFigures } from "./use-figures";

type Props = { data: AnalyticsResponse; fileStem: string };

export default function AnalyticsCharts({ data, fileStem }: Props) {
  return (
    // One column that may shrink below its content (minmax(0, 1fr)): the wide heatmap scrolls
    // inside its card instead of stretching every card past a phone's width.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <ActivityChart data={data} fileStem={fileStem} />
      </div>
      <OutcomesChart data={data} fileStem={fileStem} />
      <FunnelChart data={data} fileStem={fileStem} />
      <div className="min-w-0 lg:col-span-2">
        <LeaderboardChart data={data} fileStem={fileStem} />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <Heatmap data={data} fileStem={fileStem} />
      </div>
    </div>
  );
}

/** A horizontal bar: its length is value / max, drawn from the start edge (right in Arabic). */
function Bar({ value, max, tone = "bg-primary" }: { value: number; max: number; tone?: string }) {
  const width = max > 0 ? Math.max(value > 0 ? 2 : 0, (value / max) * 100) : 0;
  return (
    <div className="h-3 w-full rounded bg-surface-muted" aria-hidden>
      <div className={`h-3 rounded ${tone}`} style={{ width: `${width}%` }} />
    </div>
  );
}

function ActivityChart({ data, fileStem }: Props) {
  const t = useTranslations("Analytics");
  const f = useFigures();
  const rtl = useDirection() === "rtl";
  const { unit, buckets } = data.activity;
  const max = Math.max(1, ...buckets.map((b) => b.dials));
  const width = 640;
  const height = 180;
  const slot = width / Math.max(1, buckets.length);
  const barW = Math.max(1, slot * 0.7);
  // Time runs in the reading direction: right to left in Arabic.
  const xOf = (i: number) => (rtl ? width - (i + 1) * slot : i * slot) + (slot - barW) / 2;
  const yOf = (v: number) => height - (v / max) * height;
  const line = (key: "connects" | "conversations") =>
    buckets.map((b, i) => `${xOf(i) + barW / 2},${yOf(b[key])}`).join(" ");
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 8));
  const header = [
    t("columns.start"),
    t("columns.dials"),
    t("columns.connects"),
    t("columns.conversations"),
    t("columns.sales"),
  ];
  const total = buckets.reduce((s, b) => s + b.dials, 0);
  return (
    <ChartCard
      id="analytics-activity"
      title={t("charts.activity")}
      hint={t(unit === "hour" ? "charts.activityHintHour" : "charts.activityHintDay")}
      csv={() => ({
        file: `${fileStem}-activity.csv`,
        header: ["start", "dials", "connects", "conversations", "sales"],
        rows: buckets.map((b) => [b.start, b.dials, b.connects, b.conversations, b.sales]),
      })}
      table={
        <DataTable
          caption={t("charts.activity")}
          header={header}
          rows={buckets.map((b) => [
            f.bucket(b.start, unit),
            f.count(b.dials),
            f.count(b.connects),
            f.count(b.conversations),
            f.count(b.sales),
          ])}
        />
      }
    >
      <figure>
        <svg
          viewBox={`0 0 ${width} ${height + 24}`}
          className="h-56 w-full"
          role="img"
          aria-label={`${t("charts.activity")}: ${t("kpi.dials")} ${f.count(total)}`}
          preserveAspectRatio="none"
        >
          <line x1={0} x2={width} y1={height} y2={height} className="stroke-line" />
          {buckets.map((b, i) => (
            <rect
              key={b.start}
              x={xOf(i)}
              y={yOf(b.dials)}
              width={barW}
              height={height - yOf(b.dials)}
              className="fill-primary/40"
            >
              <title>{`${f.bucket(b.start, unit)}: ${f.count(b.dials)}`}</title>
            </rect>
          ))}
          <polyline
            points={line("connects")}
            fill="none"
            strokeWidth={2}
            className="stroke-primary"
            vectorEffect="non-scaling-stroke"
          />
          <polyline
            points={line("conversations")}
            fill="none"
            strokeWidth={2}
            strokeDasharray="4 3"
            className="stroke-success"
            vectorEffect="non-scaling-stroke"
          />
          {buckets.map((b, i) =>
            i % labelEvery === 0 ? (
              <text
                key={b.start}
                x={xOf(i) + barW / 2}
                y={height + 16}
                textAnchor="middle"
                className="fill-fg-muted text-[10px]"
              >
                {f.bucket(b.start, unit)}
              </text>
            ) : null,
          )}
        </svg>
        <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-fg-muted">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="size-3 rounded-sm bg-primary/40" />
            {t("columns.dials")}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="h-0.5 w-4 bg-primary" />
            {t("columns.connects")}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="h-0.5 w-4 border-t-2 border-dashed border-success" />
            {t("columns.conversations")}
          </span>
        </figcaption>
      </figure>
    </ChartCard>
  );
}

function OutcomesChart({ data, fileStem }: Props) {
  const t = useTranslations("Analytics");
  const tc = useTranslations("Calls");
  const f = useFigures();
  const name = (d: AnalyticsResponse["outcomes"][number]["disposition"]) =>
    d ? tc(`dispositions.${d}`) : t("undisposed");
  const flags = (o: AnalyticsResponse["outcomes"][number]) =>
    (["conversation", "contact", "sale"] as const)
      .filter((k) => o[k])
      .map((k) => t(`flags.${k}`))
      .join(", ") || t("flags.none");
  const max = Math.max(0, ...data.outcomes.map((o) => o.calls));
  return (
    <ChartCard
      id="analytics-outcomes"
      title={t("charts.outcomes")}
      hint={t("charts.outcomesHint")}
      csv={() => ({
        file: `${fileStem}-outcomes.csv`,
        header: ["disposition", "calls", "talk_seconds", "conversation", "contact", "sale"],
        rows: data.outcomes.map((o) => [
          o.disposition ?? "",
          o.calls,
          o.talkSeconds,
          String(o.conversation),
          String(o.contact),
          String(o.sale),
        ]),
      })}
      table={
        <DataTable
          caption={t("charts.outcomes")}
          header={[
            t("columns.outcome"),
            t("columns.calls"),
            t("columns.talkTime"),
            t("columns.flags"),
          ]}
          rows={data.outcomes.map((o) => [
            name(o.disposition),
            f.count(o.calls),
            f.minutes(o.talkSeconds),
            flags(o),
          ])}
        />
      }
    >
      <ul className="space-y-2.5" aria-label={t("charts.outcomes")}>
        {data.outcomes.map((o) => (
          <li
            key={o.disposition ?? "none"}
            className="grid grid-cols-[9rem_1fr_3rem] items-center gap-3 text-sm"
          >
            <span className="truncate">
              {name(o.disposition)}
              {o.sale ? (
                <span className="ms-1.5 rounded bg-success-soft px-1 text-[10px] text-success-soft-fg">
                  {t("flags.sale")}
                </span>
              ) : null}
            </span>
            <Bar
              value={o.calls}
              max={max}
              tone={o.conversation ? "bg-success" : o.contact ? "bg-primary" : "bg-line-strong/60"}
            />
            <span className="text-end tabular-nums">{f.count(o.calls)}</span>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}

function FunnelChart({ data, fileStem }: Props) {
  const t = useTranslations("Analytics");
  const f = useFigures();
  const stages = (["dials", "connects", "conversations", "sales"] as const).map((k) => ({
    key: k,
    value: data.funnel[k],
    share: data.funnel.dials > 0 ? data.funnel[k] / data.funnel.dials : null,
  }));
  return (
    <ChartCard
      id="analytics-funnel"
      title={t("charts.funnel")}
      hint={t("charts.funnelHint")}
      csv={() => ({
        file: `${fileStem}-funnel.csv`,
        header: ["stage", "calls", "share_of_dials"],
        rows: stages.map((s) => [s.key, s.value, s.share === null ? "" : s.share.toFixed(4)]),
      })}
      table={
        <DataTable
          caption={t("charts.funnel")}
          header={[t("columns.stage"), t("columns.calls"), t("columns.share")]}
          rows={stages.map((s) => [t(`stages.${s.key}`), f.count(s.value), f.percent(s.share)])}
        />
      }
    >
      <ol className="space-y-3">
        {stages.map((s) => (
          <li key={s.key} className="text-sm">
            <div className="mb-1 flex justify-between gap-2">
              {/* The count with its noun, by the language's plural rules ("1 sale", not
                  "Sales 1"); the stage's name stays in the table view's header column. */}
              <span className="tabular-nums">{t(`stageCount.${s.key}`, { count: s.value })}</span>
              <span className="tabular-nums text-fg-muted">{f.percent(s.share)}</span>
            </div>
            <Bar value={s.value} max={data.funnel.dials} />
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}

function LeaderboardChart({ data, fileStem }: Props) {
  const t = useTranslations("Analytics");
  const f = useFigures();
  const rows = data.leaderboard;
  const max = Math.max(0, ...rows.map((r) => r.dials));
  return (
    <ChartCard
      id="analytics-leaderboard"
      title={t("charts.leaderboard")}
      hint={t("charts.leaderboardHint")}
      csv={() => ({
        file: `${fileStem}-leaderboard.csv`,
        header: ["rep", "dials", "connects", "conversations", "sales", "revenue", "talk_seconds"],
        rows: rows.map((r) => [
          r.username,
          r.dials,
          r.connects,
          r.conversations,
          r.sales,
          r.revenue.toFixed(2),
          r.talkSeconds,
        ]),
      })}
      table={
        <DataTable
          caption={t("charts.leaderboard")}
          header={[
            t("columns.rep"),
            t("columns.dials"),
            t("columns.connects"),
            t("columns.conversations"),
            t("columns.sales"),
            t("columns.revenue"),
            t("columns.conversationRate"),
          ]}
          rows={rows.map((r) => [
            r.username,
            f.count(r.dials),
            f.count(r.connects),
            f.count(r.conversations),
            f.count(r.sales),
            f.money(r.revenue),
            f.percent(r.conversationRate),
          ])}
        />
      }
    >
      <ol className="space-y-2.5">
        {rows.map((r, i) => (
          // On a phone the figures take a line of their own under the name and the bar.
          <li
            key={r.userId}
            className="grid grid-cols-[1.5rem_minmax(0,8rem)_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[1.5rem_8rem_1fr_auto]"
          >
            <span className="tabular-nums text-fg-muted">{f.count(i + 1)}</span>
            <span className="truncate font-medium">{r.username}</span>
            <Bar value={r.dials} max={max} />
            <span className="col-span-2 col-start-2 whitespace-nowrap tabular-nums text-fg-muted sm:col-span-1 sm:col-start-auto">
              {f.money(r.revenue)} · {t("salesCount", { count: r.sales })} ·{" "}
              {f.percent(r.conversationRate)}
            </span>
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}
