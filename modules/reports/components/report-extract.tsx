"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CalendarDays, CalendarRange, FileDown, X } from "lucide-react";
import { formatISO, startOfMonth } from "date-fns";
import { Button, Card, RadioCards, Spinner } from "@/components/ui";
import { downloadBlob } from "@/modules/reports/components/download";
import { ApiClientError } from "@/lib/client/api-error";
import { downloadReport } from "@/modules/reports/client/reports";
import { ReportCalendar } from "@/modules/reports/components/report-calendar";
import {
  applyPreset,
  clickDay,
  emptySelection,
  selectionInterval,
  setMode,
  type CalendarMode,
  type CalendarSelection,
} from "@/modules/reports/lib/calendar";
import { reportFileName, type ReportKind } from "@/modules/reports/lib/exports";
import { PRESETS, systemClock, type Clock, type PresetId } from "@/modules/reports/lib/presets";

const noop = () => () => {};

/**
 * Call Reports and Sales History (spec sections 2 and 4): pick a day, a range or a preset, see the
 * chosen start and end, and extract the CSV the server streams for that range (range comment,
 * header row and the team's recorded calls or sales), fetched with the rep's token.
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tCalls = useTranslations("Calls.export");

  function choosePreset(id: PresetId) {
    const next = applyPreset(id, clock);
    setSelection(next);
    if (next.end) setMonth(startOfMonth(next.end));
  }

  async function extract() {
    const interval = selectionInterval(selection);
    if (!interval) {
      window.alert(t("selectFirst"));
      return;
    }
    if (busy) return;
    const withTime = selection.preset !== null;
    setBusy(true);
    setFailure(null);
    try {
      // The range goes with the browser's offset, so the file's range line and name read in the
      // rep's own time, as the calendar showed it.
      const file = await downloadReport(kind, {
        from: formatISO(interval.start),
        to: formatISO(interval.end),
        withTime,
      });
      downloadBlob(reportFileName(kind, interval, withTime), file.blob);
    } catch (error) {
      setFailure(
        error instanceof ApiClientError && error.status > 0
          ? tCalls("failed", { status: error.status })
          : tCalls("network"),
      );
    } finally {
      setBusy(false);
    }
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
    // Side by side only when the page's own width allows (a container query: beside the docked
    // dialer a 1366 px laptop has the room of a small tablet).
    <div className="@container">
      <div className="grid items-start gap-6 @4xl:grid-cols-[minmax(0,auto)_minmax(0,1fr)]">
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
              {
                value: "range",
                label: t("range"),
                description: t("rangeHint"),
                icon: CalendarRange,
              },
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
            <p className="mt-4 text-xs text-fg-muted">{t(`rowsHint.${kind}`)}</p>
            <Button
              className="mt-4 w-full sm:w-auto"
              onClick={() => void extract()}
              aria-disabled={busy || undefined}
            >
              {busy ? <Spinner /> : <FileDown aria-hidden />}
              {t("extract")}
            </Button>
            {failure ? (
              <p role="alert" className="mt-3 text-sm text-danger-text" data-testid="extract-error">
                {failure}
              </p>
            ) : null}
          </Card>
        </div>
      </div>
    </div>
  );
}
