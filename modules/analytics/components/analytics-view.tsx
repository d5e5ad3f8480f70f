"use client";

import { useId, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { LineChart, RotateCw } from "lucide-react";
import { Button, EmptyState, Field, NativeSelect, RadioCards, Spinner } from "@/components/ui";
import {
  browserTimeZone,
  useAnalytics,
  type AnalyticsParams,
} from "@/modules/analytics/client/analytics";
import { PRESETS, presetRange, type PresetId } from "@/modules/reports/lib/presets";
import { KpiTiles } from "./kpi-tiles";

// The charts (and their code) load only once there are figures to draw.
const AnalyticsCharts = dynamic(() => import("./analytics-charts"), {
  loading: () => (
    <div
      aria-hidden
      className="h-96 animate-pulse rounded-xl bg-surface motion-reduce:animate-none"
    />
  ),
});

const noop = () => () => {};

/** /app/analytics: a range preset, the team or one rep, the figures and the charts. */
export function AnalyticsView() {
  // The range depends on the browser's clock and zone: rendered after hydration only.
  const mounted = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  return mounted ? (
    <AnalyticsClient />
  ) : (
    <div aria-hidden className="h-96 rounded-xl border border-line bg-surface" />
  );
}

function rangeOf(preset: PresetId) {
  const { start, end } = presetRange(preset);
  return { from: start.toISOString(), to: end.toISOString() };
}

function AnalyticsClient() {
  const t = useTranslations("Analytics");
  const tr = useTranslations("Reports.calendar");
  const agentId = useId();
  const [preset, setPreset] = useState<PresetId>("week");
  const [params, setParams] = useState<AnalyticsParams>(() => ({
    ...rangeOf("week"),
    agent: "team",
    tz: browserTimeZone(),
  }));
  const query = useAnalytics(params);
  const data = query.data;

  const choose = (id: PresetId) => {
    setPreset(id);
    setParams((p) => ({ ...p, ...rangeOf(id) }));
  };
  const reps = data
    ? data.reps.filter((r) => data.viewer.manager || r.id === data.viewer.userId)
    : [];
  const empty = data && data.summary.dials === 0 && data.previous.dials === 0;
  const fileStem = `analytics-${params.from.slice(0, 10)}-${params.to.slice(0, 10)}`;

  return (
    <div className="space-y-6" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-end gap-4 rounded-xl border border-line bg-surface p-4">
        {/* At least 18rem wide, so on a phone the range takes its own line above Who. */}
        <div className="min-w-0 flex-[1_1_18rem]">
          <RadioCards
            label={t("range")}
            value={preset}
            onValueChange={(v) => choose(v as PresetId)}
            items={PRESETS.map(({ id }) => ({ value: id, label: tr(`preset.${id}`) }))}
            className="flex flex-wrap gap-2"
          />
        </div>
        <Field id={agentId} label={t("who")} className="w-56">
          <NativeSelect
            value={params.agent}
            onChange={(e) => setParams((p) => ({ ...p, agent: e.target.value }))}
            data-testid="analytics-agent"
          >
            <option value="team">{t("team")}</option>
            {reps.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id === data?.viewer.userId ? t("me", { name: r.username }) : r.username}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {query.isFetching ? <Spinner label={t("loading")} /> : null}
      </div>

      {query.isError && !data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl bg-danger-soft p-4 text-sm text-danger-soft-fg"
        >
          {t("error", { message: query.error.message })}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden />
            {t("retry")}
          </Button>
        </div>
      ) : !data ? (
        <div
          className="flex items-center gap-2 text-sm text-fg-muted"
          data-testid="analytics-loading"
        >
          <Spinner />
          {t("loading")}
        </div>
      ) : (
        <>
          <KpiTiles summary={data.summary} previous={data.previous} />
          {empty ? (
            <EmptyState icon={LineChart} title={t("empty")} />
          ) : (
            <AnalyticsCharts data={data} fileStem={fileStem} />
          )}
        </>
      )}
    </div>
  );
}
