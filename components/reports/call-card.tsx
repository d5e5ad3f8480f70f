import { useLocale, useTranslations } from "next-intl";
import { PhoneCall } from "lucide-react";
import { Card, IconBadge } from "@/components/ui";
import { formatDuration } from "@/lib/format/duration";
import { formatPhone } from "@/lib/format/phone";
import { nationalDisplay } from "@/lib/client/calls/audit-call";
import type { SampleCall } from "@/lib/sample/calls";

/** One call found by the search: numbers as in Targets, mm:ss duration, time in the rep's locale. */
export function CallCard({ call, actions }: { call: SampleCall; actions: React.ReactNode }) {
  const t = useTranslations("Reports.callHistory");
  const locale = useLocale();
  // The browser's own time zone: the rep reads the time as on their clock.
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: t("callId"), value: <bdi dir="ltr">{call.id}</bdi> },
    {
      label: t("dialed"),
      value: <bdi dir="ltr">{formatPhone(nationalDisplay(call.dialedNumber))}</bdi>,
    },
    {
      label: t("originating"),
      value: call.originatingNumber ? (
        <bdi dir="ltr">{formatPhone(nationalDisplay(call.originatingNumber))}</bdi>
      ) : (
        "—"
      ),
    },
    { label: t("agent"), value: call.agent },
    {
      label: t("duration"),
      value: (
        <bdi dir="ltr" className="tabular-nums">
          {formatDuration(call.durationSeconds)}
        </bdi>
      ),
    },
    {
      label: t("time"),
      value: (
        <time dateTime={new Date(call.timestamp).toISOString()}>{time.format(call.timestamp)}</time>
      ),
    },
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
        {rows.map(({ label, value }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-fg-muted">{label}</dt>
            <dd className="mt-0.5 truncate text-sm font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
