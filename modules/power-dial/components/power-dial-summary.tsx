"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button, Dialog } from "@/components/ui";
import { useStoredValue } from "@/lib/client/storage";
import { powerDialSummariesKey } from "@/modules/power-dial/lib/storage-keys";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import { todaysSummaries, type SessionSummary } from "@/modules/power-dial/lib/summary";
import { formatDuration } from "@/lib/format/duration";

type FigureKey =
  "queued" | "dials" | "skipped" | "notDialed" | "conversations" | "talkTime" | "perDial";

/** The end of a session: its figures (summarise) and today's sessions kept in this browser. */
export function PowerDialSummary({
  summary,
  onClose,
}: {
  summary: SessionSummary | null;
  onClose: () => void;
}) {
  const t = useTranslations("PowerDial");
  const tCalls = useTranslations("Calls");
  const format = useFormatter();
  const [stored] = useStoredValue(powerDialSummariesKey);
  const today = todaysSummaries(stored, new Date()).reverse();
  const figures: [FigureKey, string][] = summary
    ? [
        // Queued = dials + skipped + not dialed (modules/power-dial/lib/summary.ts).
        ["queued", format.number(summary.queued)],
        ["dials", format.number(summary.dials)],
        ["skipped", format.number(summary.skipped)],
        ["notDialed", format.number(summary.notDialed)],
        ["conversations", format.number(summary.conversations)],
        ["talkTime", formatDuration(summary.talkSeconds)],
        [
          "perDial",
          summary.secondsPerDial === null
            ? "–"
            : formatDuration(Math.round(summary.secondsPerDial)),
        ],
      ]
    : [];
  return (
    <Dialog
      open={summary !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("summaryTitle")}
      footer={<Button onClick={onClose}>{t("done")}</Button>}
    >
      {summary ? (
        <div className="grid gap-4" data-testid="power-dial-summary">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {figures.map(([key, value]) => (
              <div
                key={key}
                className="rounded-lg border border-line p-2"
                data-testid={`summary-${key}`}
              >
                <dt className="text-xs text-fg-muted">{t(`figures.${key}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums" dir="ltr">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {summary.answeredByPerson ? (
            <p className="text-sm text-fg-muted" data-testid="summary-abandoned">
              {t("summaryAbandoned", {
                abandoned: summary.abandoned ?? 0,
                answered: summary.answeredByPerson,
              })}
            </p>
          ) : null}
          {summary.leftOut ? (
            <p className="text-sm text-fg-muted" data-testid="summary-left-out">
              {t("leftOut", { count: summary.leftOut })}
            </p>
          ) : null}
          <div>
            <h3 className="mb-1 text-sm font-semibold">{t("dispositions")}</h3>
            <ul className="grid gap-1 text-sm" data-testid="summary-dispositions">
              {DISPOSITIONS.filter((d) => summary.dispositions[d]).map((d) => (
                <li key={d} className="flex justify-between gap-2">
                  <span>{tCalls(`dispositions.${d}`)}</span>
                  <span className="tabular-nums">{summary.dispositions[d]}</span>
                </li>
              ))}
              {summary.undisposed ? (
                <li className="flex justify-between gap-2">
                  <span>{tCalls("undisposed")}</span>
                  <span className="tabular-nums">{summary.undisposed}</span>
                </li>
              ) : null}
            </ul>
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold">{t("todaysSessions")}</h3>
            <ul className="grid gap-1 text-sm" data-testid="summary-today">
              {today.map((s) => (
                <li key={s.startedAt} className="flex flex-wrap justify-between gap-2">
                  <span>{format.dateTime(new Date(s.startedAt), { timeStyle: "short" })}</span>
                  <span className="text-fg-muted">
                    {t("todayLine", {
                      dials: s.dials,
                      conversations: s.conversations,
                      talk: formatDuration(s.talkSeconds),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
