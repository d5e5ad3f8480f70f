import { useLocale, useTranslations } from "next-intl";
import { PhoneCall } from "lucide-react";
import { Card, IconBadge } from "@/components/ui";
import { formatDuration } from "@/lib/format/duration";
import { formatPhone } from "@/lib/format/phone";
import { nationalDisplay } from "@/modules/calls/client/audit-call";
import type { SampleCall } from "@/lib/sample/calls";

/** A row of the card; a `wide` one takes the whole width and wraps instead of truncating. */
export type CallCardRow = { key: string; label: string; value: React.ReactNode; wide?: boolean };

/**
 * One call found by the search: numbers as in Targets, mm:ss duration, time in the rep's locale.
 * An inbound call (`inbound`) names its number the caller's; `extraRows` follow the spec's six
 * (what the line reported).
 */
export function CallCard({
  call,
  actions,
  inbound = false,
  extraRows = [],
}: {
  call: SampleCall;
  actions: React.ReactNode;
  inbound?: boolean;
  extraRows?: CallCardRow[];
}) {
  const t = useTranslations("Reports.callHistory");
  const tLine = useTranslations("Calls.line");
  const locale = useLocale();
  // The browser's own time zone: the rep reads the time as on their clock.
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const rows: CallCardRow[] = [
    { key: "id", label: t("callId"), value: <bdi dir="ltr">{call.id}</bdi> },
    {
      key: "dialed",
      label: inbound ? tLine("caller") : t("dialed"),
      value: call.dialedNumber ? (
        <bdi dir="ltr">{formatPhone(nationalDisplay(call.dialedNumber))}</bdi>
      ) : (
        tLine("withheld")
      ),
    },
    {
      key: "originating",
      label: t("originating"),
      value: call.originatingNumber ? (
        <bdi dir="ltr">{formatPhone(nationalDisplay(call.originatingNumber))}</bdi>
      ) : (
        "—"
      ),
    },
    { key: "agent", label: t("agent"), value: call.agent },
    {
      key: "duration",
      label: t("duration"),
      value: (
        <bdi dir="ltr" className="tabular-nums">
          {formatDuration(call.durationSeconds)}
        </bdi>
      ),
    },
    {
      key: "time",
      label: t("time"),
      value: (
        <time dateTime={new Date(call.timestamp).toISOString()}>{time.format(call.timestamp)}</time>
      ),
    },
    ...extraRows,
  ];
  return (
    <Card
      id="call-card"
      title={
        <span className="flex items-center gap-3">
          <IconBadge icon={PhoneCall} size="sm" />
          {t("cardTitle", { id: call.id })}
        </span>
      }
      actions={actions}
    >
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="call-card">
        {rows.map(({ key, label, value, wide }) => (
          <div
            key={key}
            className={wide ? "min-w-0 sm:col-span-2 lg:col-span-3" : "min-w-0"}
            data-row={key}
          >
            <dt className="text-xs font-medium text-fg-muted">{label}</dt>
            <dd
              className={`mt-0.5 text-sm font-medium text-fg ${wide ? "break-words" : "truncate"}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
