"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CalendarDays, CalendarRange, FileDown, X } from "lucide-react";
import { startOfMonth } from "date-fns";
import { Button, Card, RadioCards } from "@/components/ui";
import { downloadCsv } from "@/components/reports/download";
import { ReportCalendar } from "@/components/reports/report-calendar";
import {
  applyPreset,
  clickDay,
  emptySelection,
  selectionInterval,
  setMode,
  type CalendarMode,
  type CalendarSelection,
} from "@/lib/reports/calendar";
import { reportCsv, reportFileName, type ReportKind } from "@/lib/reports/exports";
import { PRESETS, systemClock, type Clock, type PresetId } from "@/lib/reports/presets";

const noop = () => () => {};

/**
 * Call Reports and Sales History (spec sections 2 and 4): pick a day, a range or a preset, see the
 * chosen start and end, and extract the CSV (range comment and header row; no data rows yet).
 * The calendar depends on the browser's clock and time zone, so it renders after hydration only;
 * the server sends a placeholder of the same size.
 */
export function ReportExtract({ kind }: { kind: ReportKind }) {
  const mounted = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  return mounted ? <ReportExtractClient kind={kind} clock={systemClock} /> : <Placeholder />;
}

function Placeholder() {
  return (
    <div
      aria-hidden
      className="h-[26rem] animate-pulse rounded-xl border border-line bg-surface motion-reduce:animate-none"
    />
  );
}

function ReportExtractClient({ kind, clock }: { kind: ReportKind; clock: Clock }) {
  const t = useTranslations("Reports.calendar");
  const locale = useLocale();
  const calendarHeading = useId();
  const presetsHeading = useId();
  const [selection, setSelection] = useState<CalendarSelection>(() => emptySelection("single"));
  const [month, setMonth] = useState(() => startOfMonth(clock()));

  function choosePreset(id: PresetId) {
    const next = applyPreset(id, clock);
    setSelection(next);
    if (next.end) setMonth(startOfMonth(next.end));
  }

  function extract() {
    const interval = selectionInterval(selection);
    if (!interval) {
      window.alert(t("selectFirst"));
      return;
    }
    downloadCsv(
      reportFileName(kind, interval, selection.preset !== null),
      reportCsv(kind, interval),
    );
  }

  const withTime = selection.preset !== null;
  const fmt = new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "full" },
  );
  const startText = selection.start ? fmt.format(selection.start) : t("notSelected");
  const endText = !selection.start
    ? t("notSelected")
    : selection.mode === "range" && !selection.end
      ? t("pickEnd")
      : fmt.format(selection.end ?? selection.start);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,auto)_minmax(0,1fr)]">
      <Card>
        <h2 id={calendarHeading} className="sr-only">
          {t("calendarLabel")}
        </h2>
        <RadioCards
          label={t("mode")}
          value={selection.mode}
          onValueChange={(mode) => setSelection((s) => setMode(s, mode as CalendarMode))}
          className="sm:grid-cols-2"
          items={[
            {
              value: "single",
              label: t("single"),
              description: t("singleHint"),
              icon: CalendarDays,
            },
            { value: "range", label: t("range"), description: t("rangeHint"), icon: CalendarRange },
          ]}
        />
        <div className="mt-5 overflow-x-auto">
          <ReportCalendar
            selection={selection}
            month={month}
            onMonthChange={setMonth}
            onDayClick={(day) => setSelection((s) => clickDay(s, day))}
            clock={clock}
            labelledBy={calendarHeading}
          />
        </div>
      </Card>

      <div className="grid gap-6">
        <Card>
          <h2 id={presetsHeading} className="text-base font-semibold text-fg">
            {t("presets")}
          </h2>
          <div
            role="group"
            aria-labelledby={presetsHeading}
            data-testid="presets"
            className="mt-3 flex flex-wrap gap-2"
          >
            {PRESETS.map(({ id }) => (
              <Button
                key={id}
                size="sm"
                variant={selection.preset === id ? "primary" : "secondary"}
                aria-pressed={selection.preset === id}
                onClick={() => choosePreset(id)}
              >
                {t(`preset.${id}`)}
              </Button>
            ))}
          </div>
        </Card>

        <Card
          title={t("selected")}
          actions={
            selection.start ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setSelection(emptySelection(selection.mode))}
              >
                <X aria-hidden />
                {t("clear")}
              </Button>
            ) : null
          }
        >
          <dl className="grid gap-3 sm:grid-cols-2" aria-live="polite">
            <div>
              <dt className="text-xs font-medium text-fg-muted">{t("start")}</dt>
              <dd className="mt-0.5 text-sm font-medium text-fg" data-testid="selection-start">
                {startText}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-fg-muted">{t("end")}</dt>
              <dd className="mt-0.5 text-sm font-medium text-fg" data-testid="selection-end">
                {endText}
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-xs text-fg-muted">{t("headersOnly")}</p>
          <Button className="mt-4 w-full sm:w-auto" onClick={extract}>
            <FileDown aria-hidden />
            {t("extract")}
          </Button>
        </Card>
      </div>
    </div>
  );
}
